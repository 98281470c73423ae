import { PlusOutlined } from '@ant-design/icons';
import { type ActionType, ModalForm, type ProColumns, ProTable } from '@ant-design/pro-components';
import { dictEntrySaveSchema, PERMISSIONS } from '@glucocare/domain/admin';
import { isDictValueRequired } from '@glucocare/domain/hospital-settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AutoComplete, Button, Card, Col, Empty, Form, Input, Row, Select, Spin, Switch } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DictEntry,
  type DictEntryInput,
  type DictType,
  deleteDictEntry,
  fetchDictPage,
  fetchDictTypes,
  saveDictEntry,
} from '../../api/catalogues';
import { errorText, isAbort, showError } from '../../api/http';
import { toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { ConflictAlert } from '../../components/ConflictAlert';
import { confirmAction, withContinuePrompt } from '../../components/confirm';
import { SortInput, submitterProps, useEditConflict } from '../../components/dialog-form/DialogForm';
import type { ExcelColumn } from '../../components/excel';
import { handleSaveError } from '../../components/form-errors';
import { useRevalidateOnLanguageChange, zodRule } from '../../components/form-rules';
import { ExportButton, useExcelExport } from '../../components/list-page/excel-export';
import { TABLE_PAGINATION } from '../../components/list-page/ListPage';
import { rowActionsColumn, withoutActions } from '../../components/list-page/legacy-table';
import {
  activeFilterOf,
  RowStatusSwitch,
  statusValueEnum,
  updatedAtColumn,
  useStatusToggle,
} from '../../components/list-page/row-parts';
import { LoadError, PageWrapper, TableEmpty } from '../../components/PageWrapper';
import i18n, { currentLang, msg } from '../../i18n';
import { SideList } from './SideList';

export const DICTIONARY_PERMISSIONS = PERMISSIONS.system.dictionaries;

const typeKeys = ['dict', 'types'] as const;
/** The choice "every type" of the type list. */
const ALL_TYPES = '';

/**
 * A dictionary type's name when a catalogue knows it (`untestedReason` → "Untested reasons"): the
 * hospital settings name the types their screens edit, the dictionary page the others.
 */
export function dictTypeLabel(type: string): string {
  if (!type) return type;
  const key = [`catalogueSettings.dictTypes.${type}`, `dictionary.typeNames.${type}`].find((candidate) =>
    i18n.exists(candidate),
  );
  return key ? i18n.t(key) : type;
}

interface SearchParams {
  queryCondition?: string;
  qStatus?: 'true' | 'false';
}

interface Values {
  type: string;
  code: string;
  nameZh: string;
  nameEn: string;
  value?: string;
  sort?: number | null;
  isActive: boolean;
}

const valuesOf = (entry: DictEntry): Values => ({
  type: entry.type,
  code: entry.code,
  nameZh: entry.nameZh,
  nameEn: entry.nameEn,
  value: entry.value ?? '',
  sort: entry.sort,
  isActive: entry.isActive,
});

const inputOf = (values: Values): DictEntryInput => ({
  type: values.type.trim(),
  code: values.code.trim(),
  nameZh: values.nameZh.trim(),
  nameEn: values.nameEn.trim(),
  value: values.value?.trim() ? values.value.trim() : null,
  sort: values.sort ?? 0,
  isActive: !!values.isActive,
});

async function findEntry(base: DictEntry): Promise<DictEntry | null> {
  const page = await fetchDictPage({ type: base.type, queryCondition: base.code, page: 1, size: 100 });
  return page.records.find((entry) => entry.id === base.id) ?? null;
}

/** The value is required (and the field marked so) for the types of `isDictValueRequired`. */
const valueRequiredRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: async (_rule: unknown, value: unknown) => {
    const type = String(getFieldValue('type') ?? '').trim();
    if (isDictValueRequired(type) && String(value ?? '').trim() === '') {
      throw new Error(msg('dict.value.requiredForType'));
    }
  },
});

function DictEntryForm({
  record,
  type,
  types,
  lockedType,
  onClose,
  onSaved,
}: {
  record: DictEntry | null;
  type: string;
  types: DictType[];
  /** the type is fixed by the screen (a settings tab): shown, not editable */
  lockedType?: boolean;
  onClose: () => void;
  onSaved: (entry: DictEntry) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguageChange(form);
  const shape = dictEntrySaveSchema.shape;
  const chosenType = Form.useWatch('type', form) ?? type;
  const valueRequired = isDictValueRequired(chosenType?.trim());
  const { base, conflict, setConflict, reloading, reloadLatest } = useEditConflict(
    form,
    record,
    findEntry,
    valuesOf,
  );
  return (
    <ModalForm<Values>
      open
      form={form}
      title={record ? t('dictionary.editTitle') : t('dictionary.createTitle')}
      width={640}
      layout="vertical"
      initialValues={record ? valuesOf(record) : { type, sort: 0, isActive: true, value: '' }}
      modalProps={{ destroyOnHidden: true, maskClosable: false, onCancel: onClose }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      submitter={submitterProps(t)}
      onFinish={async (values) => {
        try {
          const input = inputOf(values);
          const saved = await saveDictEntry(base ? { ...input, id: base.id, version: base.version } : input);
          toastSuccess(t('common.saved'));
          onSaved(saved);
          return true;
        } catch (error) {
          handleSaveError(form, error, base ? { onConflict: setConflict } : { conflictField: 'code' });
          return false;
        }
      }}
    >
      <ConflictAlert message={conflict} onReload={() => void reloadLatest()} reloading={reloading} />
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="type"
            label={t('dictionary.type')}
            rules={[zodRule(shape.type)]}
            required
            extra={lockedType ? dictTypeLabel(type) : t('dictionary.typeHint')}
          >
            {lockedType ? (
              <Input disabled data-testid="dictionary-fixed-type" />
            ) : (
              <AutoComplete
                maxLength={32}
                options={types.map((item) => ({
                  value: item.type,
                  label: `${dictTypeLabel(item.type)} (${item.type})`,
                }))}
                filterOption={(input, option) =>
                  String(option?.label ?? '')
                    .toLowerCase()
                    .includes(input.trim().toLowerCase())
                }
              />
            )}
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="code" label={t('dictionary.code')} rules={[zodRule(shape.code)]} required>
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="nameZh" label={t('dictionary.nameZh')} rules={[zodRule(shape.nameZh)]} required>
            <Input maxLength={40} autoComplete="off" lang="zh-CN" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="nameEn" label={t('dictionary.nameEn')} rules={[zodRule(shape.nameEn)]} required>
            <Input maxLength={40} autoComplete="off" lang="en" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="value"
            label={t('dictionary.value')}
            rules={[zodRule(shape.value, { optional: true }), valueRequiredRule]}
            dependencies={['type']}
            required={valueRequired}
            extra={valueRequired ? t('catalogueSettings.dictValueRequiredHint') : t('dictionary.valueHint')}
          >
            <Input maxLength={20} inputMode="decimal" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="sort" label={t('common.sort')}>
            <SortInput />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="isActive" label={t('common.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </ModalForm>
  );
}

export interface DictionaryTableProps {
  /** the type listed: a type, `''` for every type, null while the page has not chosen one */
  type: string | null;
  /** known types (the form's type suggestions) */
  types: DictType[];
  /** the type is fixed by the screen: no type column, the form keeps it */
  fixedType?: boolean;
  /** a narrow panel: the search sits in the toolbar and the columns are fewer */
  compact?: boolean;
  headerTitle: ReactNode;
  /** where the column choices are remembered */
  persistenceKey: string;
  /** after a save or delete (the page refreshes its type counts) */
  onChanged?: () => void;
  /** after a save: return true when the caller shows another type (no reload needed here) */
  onSaved?: (saved: DictEntry) => boolean;
  /** how the value column shows a value (e.g. with its unit) */
  renderValue?: (row: DictEntry) => ReactNode;
  testId?: string;
}

/**
 * The entries of one dictionary type (or all of them), with search, status switch, edit, delete and
 * Excel export; the edit controls show only to holders of `system:dictionary:*`.
 */
export function DictionaryTable({
  type,
  types,
  fixedType,
  compact,
  headerTitle,
  persistenceKey,
  onChanged,
  onSaved,
  renderValue,
  testId,
}: DictionaryTableProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(DICTIONARY_PERMISSIONS.edit);
  const canDelete = usePermission(DICTIONARY_PERMISSIONS.delete);
  const actionRef = useRef<ActionType>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ record: DictEntry | null } | null>(null);
  const [listed, setListed] = useState<{
    query: { type?: string; queryCondition?: string; isActive?: boolean };
    total: number;
  }>({ query: {}, total: 0 });
  // a fixed reason or symptom list has no values; a fixed list of numbers (meter parameters) shows them
  const showValue = !fixedType || isDictValueRequired(type);
  const excel = useExcelExport<DictEntry>({
    fileName: () =>
      fixedType && type ? `${t('dictionary.exportFileName')}-${type}` : t('dictionary.exportFileName'),
    sheetName: () => (fixedType && type ? dictTypeLabel(type) : t('dictionary.title')),
    columns: (): ExcelColumn<DictEntry>[] => [
      { title: t('dictionary.type'), dataIndex: 'type' },
      { title: t('dictionary.code'), dataIndex: 'code' },
      { title: t('dictionary.nameZh'), dataIndex: 'nameZh' },
      { title: t('dictionary.nameEn'), dataIndex: 'nameEn' },
      { title: t('dictionary.value'), dataIndex: 'value' },
      { title: t('common.sort'), dataIndex: 'sort' },
      {
        title: t('common.status'),
        dataIndex: 'isActive',
        render: (value) => (value ? t('common.enabled') : t('common.disabled')),
      },
    ],
    load: async (onProgress) => {
      const rows: DictEntry[] = [];
      for (let page = 1; ; page++) {
        const chunk = await fetchDictPage({ ...listed.query, page, size: 100 });
        rows.push(...chunk.records);
        onProgress(rows.length, chunk.total);
        if (rows.length >= chunk.total || chunk.records.length === 0) return rows;
      }
    },
  });
  const reload = () => actionRef.current?.reload();

  const status = useStatusToggle<DictEntry>(
    (row, isActive) =>
      saveDictEntry({ ...inputOf(valuesOf(row)), isActive, id: row.id, version: row.version }),
    reload,
  );

  const remove = async (row: DictEntry) => {
    const ok = await confirmAction({
      content: withContinuePrompt(t('dictionary.deleteConfirm', { name: row.name, code: row.code })),
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteDictEntry(row.id, row.version);
      toastSuccess(t('common.deleted'));
      reload();
      onChanged?.();
    } catch (failure) {
      showError(failure);
    }
  };

  const otherName = (row: DictEntry) => (lang === 'zh-CN' ? row.nameEn : row.nameZh);
  const columns: ProColumns<DictEntry>[] = [
    {
      title: t('dictionary.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('dictionary.searchPlaceholder'), maxLength: 50 },
    },
    {
      title: t('common.status'),
      dataIndex: 'qStatus',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { placeholder: t('common.all') },
      valueEnum: statusValueEnum(),
    },
    {
      title: t('dictionary.type'),
      dataIndex: 'type',
      search: false,
      width: 150,
      hideInTable: fixedType || type !== ALL_TYPES,
      render: (_, row) => dictTypeLabel(row.type),
    },
    {
      title: t('dictionary.code'),
      dataIndex: 'code',
      search: false,
      width: compact ? 100 : 120,
      render: (_, row) => <code>{row.code}</code>,
    },
    {
      title: t('dictionary.name'),
      dataIndex: 'name',
      search: false,
      width: 180,
      render: (_, row) => <span className={row.isActive ? undefined : 'gc-muted'}>{row.name}</span>,
    },
    {
      title: lang === 'zh-CN' ? t('dictionary.nameEn') : t('dictionary.nameZh'),
      dataIndex: lang === 'zh-CN' ? 'nameEn' : 'nameZh',
      search: false,
      width: 180,
      // a phone shows a fixed list's entries with their value in view; the other name is in the form
      hideInTable: compact || (fixedType && mobile),
      render: (_, row) => otherName(row),
    },
    {
      title: t('dictionary.value'),
      dataIndex: 'value',
      search: false,
      width: 90,
      hideInTable: !showValue,
      render: (_, row) => (row.value === null ? t('common.none') : (renderValue?.(row) ?? row.value)),
    },
    {
      title: t('common.sort'),
      dataIndex: 'sort',
      search: false,
      width: 80,
      hideInTable: compact || (fixedType && mobile),
    },
    {
      title: t('common.status'),
      dataIndex: 'isActive',
      search: false,
      width: 110,
      render: (_, row) => (
        <RowStatusSwitch
          checked={row.isActive}
          loading={status.busy === row.id}
          disabled={!canEdit}
          onChange={(checked) => void status.toggle(row, checked)}
        />
      ),
    },
    updatedAtColumn<DictEntry>(t),
    rowActionsColumn<DictEntry>({
      t,
      mobile: mobile || !!compact,
      lang,
      canEdit,
      canDelete,
      onEdit: (row) => setEditing({ record: row }),
      onDelete: (row) => void remove(row),
    }),
  ];
  const visibleColumns = canEdit || canDelete ? columns : withoutActions(columns);

  return (
    <div data-testid={testId}>
      {error ? <LoadError title={t('dictionary.loadFailed')} message={error} onRetry={reload} /> : null}
      <ProTable<DictEntry, SearchParams & { lang: string; type: string | null; keyword?: string }>
        actionRef={actionRef}
        rowKey="id"
        columns={visibleColumns}
        params={{ lang, type }}
        manualRequest={type === null}
        cardBordered
        headerTitle={headerTitle}
        form={{ name: fixedType ? `dictionarySearch-${type}` : 'dictionarySearch' }}
        search={
          compact
            ? false
            : {
                labelWidth: 'auto',
                defaultCollapsed: mobile,
                span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 8, xxl: 8 },
              }
        }
        options={{
          reload: true,
          density: false,
          setting: mobile || compact ? false : { draggable: true },
          search: compact
            ? { placeholder: t('dictionary.searchPlaceholder'), maxLength: 50, allowClear: true }
            : false,
        }}
        columnsState={{
          persistenceKey,
          persistenceType: 'localStorage',
          defaultValue: { updatedAt: { show: false } },
        }}
        size={mobile || compact ? 'small' : undefined}
        scroll={{ x: 'max-content' }}
        pagination={{ ...TABLE_PAGINATION, showTotal: (count) => t('common.total', { count }) }}
        locale={{
          emptyText: <TableEmpty text={error ? t('dictionary.loadFailed') : t('dictionary.empty')} />,
        }}
        request={async (params) => {
          if (params.type === null) return { data: [], total: 0, success: true };
          // the toolbar search of a compact list arrives as `keyword`
          const queryCondition = params.queryCondition ?? params.keyword;
          const query = {
            type: params.type || undefined,
            queryCondition,
            isActive: activeFilterOf(params.qStatus),
          };
          try {
            const page = await fetchDictPage({
              ...query,
              page: params.current ?? 1,
              size: params.pageSize ?? 20,
            });
            setError(null);
            setListed({ query, total: page.total });
            return { data: page.records, total: page.total, success: true };
          } catch (failure) {
            if (!isAbort(failure)) setError(errorText(failure));
            return { data: [], total: 0, success: true };
          }
        }}
        toolBarRender={() => [
          <ExportButton
            key="export"
            exporting={excel.exporting}
            disabled={listed.total === 0}
            onClick={() => void excel.run(listed.total)}
          />,
          canEdit ? (
            <Button
              key="create"
              type="primary"
              icon={<PlusOutlined />}
              data-testid="dictionary-create"
              onClick={() => setEditing({ record: null })}
            >
              {t('dictionary.create')}
            </Button>
          ) : null,
        ]}
      />
      {editing ? (
        <DictEntryForm
          record={editing.record}
          type={type ?? ''}
          types={types}
          lockedType={fixedType}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            onChanged?.();
            if (!onSaved?.(saved)) reload();
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * The entries of one dictionary type a settings screen owns (reasons, meter parameters, symptoms,
 * plans): the dictionary list with its type fixed.
 */
export function FixedTypeDictionary({
  fixedType,
  compact,
  title,
  renderValue,
}: {
  fixedType: string;
  compact?: boolean;
  /** shown above the list; the type's name by default */
  title?: ReactNode;
  renderValue?: (row: DictEntry) => ReactNode;
}) {
  return (
    <DictionaryTable
      renderValue={renderValue}
      type={fixedType}
      types={[]}
      fixedType
      compact={compact}
      headerTitle={title ?? dictTypeLabel(fixedType)}
      persistenceKey={`gc-columns-dictionary-${fixedType}`}
      testId={`dictionary-${fixedType}`}
    />
  );
}

/** `/system/dictionary`: dictionary types and their entries (names in both languages, value, sort). */
export default function DictionaryPage() {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const queryClient = useQueryClient();
  const [type, setType] = useState<string | null>(null);
  const types = useQuery({
    queryKey: typeKeys,
    queryFn: ({ signal }) => fetchDictTypes(signal),
    meta: { silent: true },
    staleTime: 0,
  });
  const typeList = types.data ?? [];
  const totalEntries = typeList.reduce((sum, item) => sum + item.count, 0);
  const refreshTypes = () => void queryClient.invalidateQueries({ queryKey: typeKeys });

  // the first type is chosen once the list is there; a type whose last entry went leaves the list
  // (checked when the list arrives, so a type chosen for a just-saved entry waits for the new list)
  useEffect(() => {
    const list = types.data;
    if (!list) return;
    setType((current) =>
      current === null || (current !== ALL_TYPES && !list.some((item) => item.type === current))
        ? (list[0]?.type ?? ALL_TYPES)
        : current,
    );
  }, [types.data]);

  const typePicker = mobile ? (
    <Select
      className="gc-type-select"
      value={type ?? undefined}
      loading={types.isLoading}
      onChange={setType}
      data-testid="dictionary-type-select"
      aria-label={t('dictionary.typeList')}
      options={[
        { value: ALL_TYPES, label: `${t('dictionary.allTypes')} (${totalEntries})` },
        ...typeList.map((item) => ({
          value: item.type,
          label: `${dictTypeLabel(item.type)} (${item.count})`,
        })),
      ]}
    />
  ) : (
    <Card size="small" title={t('dictionary.typeList')} className="gc-side-card">
      {types.isLoading ? (
        <Spin className="gc-center-text" />
      ) : typeList.length === 0 && !types.isError ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dictionary.noTypes')} />
      ) : (
        <SideList
          entries={[
            { key: ALL_TYPES, name: t('dictionary.allTypes'), count: totalEntries },
            ...typeList.map((item) => ({
              key: item.type,
              name: dictTypeLabel(item.type),
              code: item.type,
              count: item.count,
            })),
          ]}
          selected={type}
          onSelect={setType}
          label={t('dictionary.typeList')}
          testId="dictionary-types"
          itemTestId="dictionary-type"
        />
      )}
    </Card>
  );

  return (
    <PageWrapper title={t('dictionary.title')} description={t('dictionary.intro')} testId="dictionary-page">
      {types.isError ? (
        <LoadError
          title={t('dictionary.typesLoadFailed')}
          message={errorText(types.error)}
          onRetry={() => void types.refetch()}
        />
      ) : null}
      <div className="gc-master-detail">
        <aside className="gc-master">{typePicker}</aside>
        <section className="gc-detail">
          <DictionaryTable
            type={type}
            types={typeList}
            headerTitle={type ? `${dictTypeLabel(type)} · ${type}` : t('dictionary.allTypes')}
            persistenceKey="gc-columns-dictionary"
            onChanged={refreshTypes}
            onSaved={(saved) => {
              // a new entry of another (perhaps new) type: show that type
              if (type !== ALL_TYPES && saved.type !== type) {
                setType(saved.type);
                return true;
              }
              return false;
            }}
          />
        </section>
      </div>
    </PageWrapper>
  );
}
