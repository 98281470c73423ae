import { type ReactNode, useState } from 'react';

/** What a list's create / edit dialog is handed: close it, or close it after a save. */
export interface EditDialogDone {
  onClose: () => void;
  onSaved: () => void;
}

/**
 * The create / edit dialog of a list page: which row is open (`null` for a new one), the list kit's
 * `create` and `rowActions.edit` (`open`) that open it, and the dialog itself while a row is open. A
 * save closes it and reloads the list (`reload`, e.g. `useListReload` of ListPage).
 */
export function useEditDialog<T>(reload: () => void) {
  const [editing, setEditing] = useState<{ record: T | null } | null>(null);
  return {
    /** the list's "New …" button (`ListPage` `create`) */
    create: (testId: string, label: string) => ({
      testId,
      label,
      onClick: () => setEditing({ record: null }),
    }),
    /** opens a row (`ListPage` `rowActions.edit`), or a new one (null) */
    open: (record: T | null) => setEditing({ record }),
    /** the dialog of the open row, or nothing */
    render: (dialog: (record: T | null, done: EditDialogDone) => ReactNode): ReactNode =>
      editing
        ? dialog(editing.record, {
            onClose: () => setEditing(null),
            onSaved: () => {
              setEditing(null);
              reload();
            },
          })
        : null,
  };
}
