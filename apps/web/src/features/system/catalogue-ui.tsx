import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { type ActionType, ModalForm, type ProColumns } from '@ant-design/pro-components';
import { CATALOGUE_LIMITS } from '@glucocare/domain/admin';
import { Badge, Button, Col, Form, type FormInstance, InputNumber, Row, Switch, theme } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, isAbort, showError } from '../../api/http';
import { toastError, toastSuccess } from '../../app/notify';
import { ConflictAlert } from '../../components/ConflictAlert';
import { confirmAction, withContinuePrompt } from '../../components/confirm';
import { type ExcelColumn, exportToExcel } from '../../components/excel';
import { handleSaveError } from '../../components/form-errors';
import { useRevalidateOnLanguageChange } from '../../components/form-rules';
import { fileStamp, formatDateTime } from '../../components/format';
import i18n from '../../i18n';
import { submitterProps } from './shared';

/**
 * Pieces the catalogue pages (drugs, order templates, glucose events, suggestions, dictionaries)
 * share: the status filter, the row status switch, the Excel export and the stale-version reload.
 */

/** `qStatus` of a search form → the `isActive` filter (absent: both). */
export function activeFilterOf(value: unknown): boolean | undefined {
  if (value === 'true' || value === true) return true;
  if (value === 'false' || value === false) return false;
  return undefined;
}

/** The options of a status filter (ProTable `valueEnum`). */
export function statusValueEnum(t: (key: string) => string) {
  return { true: { text: t('common.enabled') }, false: { text: t('common.disabled') } };
}

/** `sort`: a whole number 0-9999. */
export function SortInput(props: {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
}) {
  return (
    <InputNumber
      {...props}
      min={CATALOGUE_LIMITS.sort.min}
      max={CATALOGUE_LIMITS.sort.max}
      precision={0}
      style={{ width: '100%' }}
    />
  );
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
  const { t } = useTranslation();
  return (
    <Switch
      size="small"
      checked={checked}
      loading={loading}
      disabled={disabled}
      checkedChildren={t('common.enabled')}
      unCheckedChildren={t('common.stopped')}
      data-testid="row-status"
      onChange={onChange}
    />
  );
}

/**
 * Turns a row on or off and reports it; `busy` is the id being switched (for the switch's spinner).
 * A failure (a stale version among them) shows its message and reloads the list.
 */
export function useStatusToggle<T extends { id: number }>(
  change: (row: T, isActive: boolean) => Promise<unknown>,
  after: () => void,
) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<number | null>(null);
  const toggle = async (row: T, isActive: boolean) => {
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

export interface ExportProgress {
  loaded: number;
  total: number;
}

/**
 * The Excel export of a whole filtered list: loads every page (with progress), builds the workbook,
 * downloads it, and says how many rows went out — or "Export failed, please try again".
 */
export function useExcelExport<T>(options: {
  fileName: () => string;
  sheetName: () => string;
  columns: () => ExcelColumn<T>[];
  load: (onProgress: (loaded: number, total: number) => void) => Promise<T[]>;
}) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState<ExportProgress | null>(null);
  const run = async (expectedTotal: number) => {
    setExporting({ loaded: 0, total: expectedTotal });
    try {
      const rows = await options.load((loaded, total) => setExporting({ loaded, total }));
      await exportToExcel({
        fileName: `${options.fileName()}-${fileStamp()}`,
        sheetName: options.sheetName(),
        columns: options.columns(),
        rows,
      });
      toastSuccess(t('excel.exported', { count: rows.length }));
    } catch (failure) {
      if (!isAbort(failure)) toastError(t('excel.exportFailed'));
    } finally {
      setExporting(null);
    }
  };
  return { exporting, run };
}

/** The toolbar button of an export (`data-testid="export-excel"`), showing its progress. */
export function ExportButton({
  exporting,
  disabled,
  onClick,
}: {
  exporting: ExportProgress | null;
  disabled?: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={!!exporting}
      disabled={!exporting && disabled}
      data-testid="export-excel"
      onClick={onClick}
    >
      {exporting
        ? t('excel.exporting', { loaded: exporting.loaded, total: exporting.total })
        : t('excel.export')}
    </Button>
  );
}

/**
 * The stale-version notice of an edit form: the 409 message, and "Load the latest version", which
 * finds the record again (`find`: null when it is gone) and puts it into the form.
 */
export function useEditConflict<T extends { id: number }, V>(
  form: FormInstance<V>,
  record: T | null,
  find: (base: T) => Promise<T | null>,
  valuesOf: (record: T) => V,
) {
  const { t } = useTranslation();
  const [base, setBase] = useState(record);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const reloadLatest = async () => {
    if (!base) return;
    setReloading(true);
    try {
      const latest = await find(base);
      if (latest) {
        setBase(latest);
        form.setFieldsValue(valuesOf(latest) as Parameters<FormInstance<V>['setFieldsValue']>[0]);
        setConflict(null);
      } else setConflict(t('form.recordGone'));
    } catch (error) {
      showError(error);
    } finally {
      setReloading(false);
    }
  };
  return { base, conflict, setConflict, reloading, reloadLatest };
}

export interface SideListEntry {
  key: string;
  name: string;
  /** a code shown under the name */
  code?: string;
  count: number;
}

/**
 * The list of a master-detail page (dictionary types, glucose events): one button per entry with its
 * name, code and count; the chosen one highlighted.
 */
export function SideList({
  entries,
  selected,
  onSelect,
  label,
  testId,
  itemTestId,
}: {
  entries: readonly SideListEntry[];
  selected: string | null;
  onSelect: (key: string) => void;
  label: string;
  testId: string;
  itemTestId: string;
}) {
  const { token } = theme.useToken();
  return (
    <ul className="gc-side-list" data-testid={testId} aria-label={label}>
      {entries.map((entry) => {
        const active = entry.key === selected;
        return (
          <li key={entry.key || '*'}>
            <button
              type="button"
              className={active ? 'gc-side-item gc-side-item-active' : 'gc-side-item'}
              aria-current={active ? 'true' : undefined}
              data-testid={itemTestId}
              data-key={entry.key}
              onClick={() => onSelect(entry.key)}
            >
              <span className="gc-side-text">
                <span className="gc-side-name">{entry.name}</span>
                {entry.code ? <span className="gc-side-code">{entry.code}</span> : null}
              </span>
              <Badge
                count={entry.count}
                showZero
                color={active ? token.colorPrimary : token.colorTextQuaternary}
                overflowCount={9999}
              />
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The "updated" column of a catalogue list (local date and time). */
export function updatedAtColumn<T extends { updatedAt: string }>(t: TFunction): ProColumns<T> {
  return {
    title: t('common.updatedAt'),
    dataIndex: 'updatedAt',
    search: false,
    width: 170,
    render: (_, row) => <span className="gc-nowrap">{formatDateTime(row.updatedAt)}</span>,
  };
}

/** The edit and delete actions of a row, each shown only to those holding its permission. */
export function rowActionsColumn<T>(options: {
  t: TFunction;
  mobile: boolean;
  lang: string;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
}): ProColumns<T> {
  const { t, mobile, lang, canEdit, canDelete, onEdit, onDelete } = options;
  return {
    title: t('common.actions'),
    key: 'option',
    valueType: 'option',
    fixed: mobile ? undefined : 'right',
    width: lang === 'zh-CN' ? 110 : 130,
    render: (_, row) => [
      canEdit ? (
        <Button key="edit" type="link" size="small" data-testid="row-edit" onClick={() => onEdit(row)}>
          {t('common.edit')}
        </Button>
      ) : null,
      canDelete ? (
        <Button
          key="delete"
          type="link"
          size="small"
          danger
          data-testid="row-delete"
          onClick={() => onDelete(row)}
        >
          {t('common.delete')}
        </Button>
      ) : null,
    ],
  };
}

/** The edit and delete links of a row of a plain table (`row-edit`, `row-delete`). */
export function RowEditDelete({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <span className="gc-row-actions">
      <Button type="link" size="small" data-testid="row-edit" onClick={onEdit}>
        {t('common.edit')}
      </Button>
      <Button type="link" size="small" danger data-testid="row-delete" onClick={onDelete}>
        {t('common.delete')}
      </Button>
    </span>
  );
}

/** The columns without the actions column, for users who may neither edit nor delete. */
export function withoutActions<T>(columns: ProColumns<T>[]): ProColumns<T>[] {
  return columns.filter((column) => column.valueType !== 'option');
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

/**
 * The state of a paged ProTable list: its action ref (`reload`), the last filter and total (for the
 * export), the load failure, and `request`, which loads one page for a filter.
 */
export function usePagedList<T, F>(
  fetchPage: (query: F & { page: number; size: number }) => Promise<{ records: T[]; total: number }>,
) {
  const actionRef = useRef<ActionType>(null);
  const lastFilter = useRef<F>({} as F);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const reload = () => actionRef.current?.reload();
  const request = async (filter: F, params: { current?: number; pageSize?: number }) => {
    lastFilter.current = filter;
    try {
      const page = await fetchPage({ ...filter, page: params.current ?? 1, size: params.pageSize ?? 20 });
      setError(null);
      setTotal(page.total);
      return { data: page.records, total: page.total, success: true };
    } catch (failure) {
      if (!isAbort(failure)) setError(errorText(failure));
      setTotal(0);
      return { data: [] as T[], total: 0, success: true };
    }
  };
  return { actionRef, lastFilter, total, error, reload, request };
}

/** The search form of a catalogue list: collapsed on a phone, up to four fields a row. */
export function listSearchProps(mobile: boolean) {
  return {
    labelWidth: 'auto' as const,
    defaultCollapsed: mobile,
    span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 8, xxl: 6 },
  };
}

/** The form of a catalogue add / edit dialog (revalidated when the language changes) and its stale-version state. */
export function useEditForm<T extends { id: number }, V>(
  record: T | null,
  find: (base: T) => Promise<T | null>,
  valuesOf: (record: T) => V,
) {
  const [form] = Form.useForm<V>();
  useRevalidateOnLanguageChange(form);
  return { form, ...useEditConflict(form, record, find, valuesOf) };
}

export type EditFormState<T extends { id: number }, V> = ReturnType<typeof useEditForm<T, V>>;

/**
 * The add / edit dialog of a catalogue record: `save` creates (`base` null) or updates `base`; then
 * "Saved" and `onSaved`. A failure shows under its fields, a 409 of a new record under
 * `conflictField`, a stale version as the conflict notice with "Load the latest version".
 */
export function EditModalForm<T extends { id: number }, V, S = unknown>({
  edit,
  title,
  width,
  initialValues,
  conflictField,
  fieldMap,
  onClose,
  save,
  onSaved,
  children,
}: {
  edit: EditFormState<T, V>;
  title: string;
  width: number;
  initialValues: Partial<V>;
  conflictField?: string;
  /** server field → form field, where the form names a field otherwise */
  fieldMap?: Record<string, string>;
  onClose: () => void;
  save: (values: V, base: T | null) => Promise<S>;
  onSaved: (saved: S) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { form, base, conflict, setConflict, reloading, reloadLatest } = edit;
  return (
    <ModalForm<V>
      open
      form={form}
      title={title}
      width={width}
      layout="vertical"
      initialValues={initialValues}
      modalProps={{ destroyOnHidden: true, maskClosable: false, onCancel: onClose }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      submitter={submitterProps(t)}
      onFinish={async (values) => {
        try {
          const saved = await save(values, base);
          toastSuccess(t('common.saved'));
          onSaved(saved);
          return true;
        } catch (error) {
          handleSaveError(
            form,
            error,
            base ? { onConflict: setConflict, fieldMap } : { conflictField, fieldMap },
          );
          return false;
        }
      }}
    >
      <ConflictAlert message={conflict} onReload={() => void reloadLatest()} reloading={reloading} />
      <Row gutter={16}>{children}</Row>
    </ModalForm>
  );
}

/** The sort field of a catalogue form, half a row on a phone. */
export function SortField({ sm }: { sm?: number }) {
  const { t } = useTranslation();
  return (
    <Col xs={12} sm={sm}>
      <Form.Item name="sort" label={t('common.sort')}>
        <SortInput />
      </Form.Item>
    </Col>
  );
}

/** The sort and enabled fields of a catalogue form, half a row each on a phone. */
export function SortStatusFields({ sm }: { sm?: number }) {
  const { t } = useTranslation();
  return (
    <>
      <SortField sm={sm} />
      <Col xs={12} sm={sm}>
        <Form.Item name="isActive" label={t('common.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
    </>
  );
}
