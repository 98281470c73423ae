import { PlusOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { Button, Switch } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../api/http';
import { toastSuccess } from '../../app/notify';
import i18n from '../../i18n';
import { confirmAction, withContinuePrompt } from '../confirm';
import type { ExcelColumn } from '../excel';
import { formatDateTime } from '../format';

/** "Enabled" / "Stopped": the one wording of a row's status, on screen, in filters and in Excel. */
export function statusText(isActive: boolean): string {
  return i18n.t(isActive ? 'common.enabled' : 'common.stopped');
}

/** A status filter's value (`'true'`, `'false'`, absent) → the `isActive` filter (absent: both). */
export function activeFilterOf(value: unknown): boolean | undefined {
  if (value === 'true' || value === true) return true;
  if (value === 'false' || value === false) return false;
  return undefined;
}

/** The options of a status filter (ProTable `valueEnum`). */
export function statusValueEnum() {
  return { true: { text: statusText(true) }, false: { text: statusText(false) } };
}

/** The status column of an Excel export, worded as on screen. */
export function statusExcelColumn<T extends { isActive: boolean }>(): ExcelColumn<T> {
  return { title: i18n.t('common.status'), dataIndex: 'isActive', render: (value) => statusText(!!value) };
}

/** The enable / stop switch of a row (`data-testid="row-status"`). */
export function RowStatusSwitch({
  checked,
  loading,
  disabled,
  onChange,
}: {
  checked: boolean;
  loading?: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Switch
      size="small"
      checked={checked}
      loading={loading}
      disabled={disabled}
      checkedChildren={statusText(true)}
      unCheckedChildren={statusText(false)}
      data-testid="row-status"
      onChange={onChange}
    />
  );
}

/**
 * Turns a row on or off and reports it; `busy` is the id being switched (for the switch's spinner).
 * Stopping asks first: a stopped entry can no longer be chosen anywhere, so it must not happen by a
 * stray click. A failure (a stale version among them) shows its message; the list reloads after any try.
 */
export function useStatusToggle<T extends { id: number }>(
  change: (row: T, isActive: boolean) => Promise<unknown>,
  after: () => void,
  nameOf?: (row: T) => string,
) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<number | null>(null);
  const toggle = async (row: T, isActive: boolean) => {
    if (!isActive) {
      const question = nameOf ? t('list.stopNamed', { name: nameOf(row) }) : t('list.stop');
      if (!(await confirmAction({ content: question }))) return;
    }
    setBusy(row.id);
    try {
      await change(row, isActive);
      toastSuccess(isActive ? t('common.enabledDone') : t('common.stoppedDone'));
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
      after();
    }
  };
  return { busy, toggle };
}

export type DeleteOutcome = 'cancelled' | 'deleted' | 'failed';

/**
 * Asks before deleting (a red confirm: the question plus the continue prompt), deletes and says so;
 * a failure shows its message. The outcome lets the caller reload after a success or after any try.
 */
export async function confirmDelete(
  question: string,
  remove: () => Promise<unknown>,
): Promise<DeleteOutcome> {
  const ok = await confirmAction({ content: withContinuePrompt(question), danger: true });
  if (!ok) return 'cancelled';
  try {
    await remove();
    toastSuccess(i18n.t('common.deleted'));
    return 'deleted';
  } catch (error) {
    showError(error);
    return 'failed';
  }
}

/** The "updated" column of a list (local date and time). */
export function updatedAtColumn<T extends { updatedAt: string }>(t: TFunction): ProColumns<T> {
  return {
    title: t('common.updatedAt'),
    dataIndex: 'updatedAt',
    search: false,
    width: 170,
    render: (_, row) => <span className="gc-nowrap">{formatDateTime(row.updatedAt)}</span>,
  };
}

/** The "created" column of a list (local date and time). */
export function createdAtColumn<T extends { createdAt: string }>(t: TFunction): ProColumns<T> {
  return {
    title: t('common.createdAt'),
    dataIndex: 'createdAt',
    search: false,
    width: 170,
    render: (_, row) => <span className="gc-nowrap">{formatDateTime(row.createdAt)}</span>,
  };
}

/**
 * The edit and delete links of a row (`row-edit`, `row-delete`); either may be left out. A
 * `deleteRefusal` shows the delete link disabled, saying why.
 */
export function RowEditDelete({
  onEdit,
  onDelete,
  deleteRefusal,
}: {
  onEdit?: () => void;
  onDelete?: () => void;
  deleteRefusal?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <span className="gc-row-actions">
      {onEdit ? (
        <Button type="link" size="small" data-testid="row-edit" onClick={onEdit}>
          {t('common.edit')}
        </Button>
      ) : null}
      {onDelete ? (
        <Button
          type="link"
          size="small"
          danger
          data-testid="row-delete"
          disabled={!!deleteRefusal}
          title={deleteRefusal ?? undefined}
          onClick={onDelete}
        >
          {t('common.delete')}
        </Button>
      ) : null}
    </span>
  );
}

/** The row actions of a list: extra ones first, then edit, then delete (which asks first). */
export interface RowActions<T> {
  edit?: (row: T) => void;
  remove?: {
    question: (row: T) => string;
    run: (row: T) => Promise<unknown>;
    /** why this row cannot be deleted (the button shows disabled with it), or null */
    refusal?: (row: T) => string | null;
  };
  extra?: (row: T) => ReactNode;
}

/** The width of the actions column: edit and delete fit a fixed one; extra actions size it by their texts. */
export function rowActionsWidth(actions: { extra?: unknown }, lang: string): number | undefined {
  if (actions.extra) return undefined;
  return lang === 'zh-CN' ? 110 : 130;
}

/** The actions cell of a row; `afterDelete` hears how a delete the user was asked about went. */
export function RowActionsCell<T>({
  row,
  actions,
  afterDelete,
}: {
  row: T;
  actions: RowActions<T>;
  afterDelete?: (outcome: DeleteOutcome) => void;
}) {
  const { edit, remove, extra } = actions;
  return (
    <span className="gc-row-actions gc-nowrap">
      {extra?.(row)}
      <RowEditDelete
        onEdit={edit ? () => edit(row) : undefined}
        deleteRefusal={remove?.refusal?.(row)}
        onDelete={
          remove
            ? () => void confirmDelete(remove.question(row), () => remove.run(row)).then(afterDelete)
            : undefined
        }
      />
    </span>
  );
}

/** The primary "New …" button of a list (`testId` names it for the browser tests). */
export function CreateButton({
  testId,
  onClick,
  children,
}: {
  testId: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button type="primary" icon={<PlusOutlined />} data-testid={testId} onClick={onClick}>
      {children}
    </Button>
  );
}
