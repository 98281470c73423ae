import { DownloadOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { CATALOGUE_LIMITS } from '@glucocare/domain';
import { Badge, Button, type FormInstance, InputNumber, Switch, theme } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAbort, showError } from '../../api/http';
import { toastError, toastSuccess } from '../../app/notify';
import { type ExcelColumn, exportToExcel } from '../../components/excel';
import { formatDateTime } from '../../components/format';

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
        fileName: `${options.fileName()}-${dayjs().format('YYYYMMDD-HHmm')}`,
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

/** The columns without the actions column, for users who may neither edit nor delete. */
export function withoutActions<T>(columns: ProColumns<T>[]): ProColumns<T>[] {
  return columns.filter((column) => column.valueType !== 'option');
}
