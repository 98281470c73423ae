import type { ProColumns } from '@ant-design/pro-components';
import { dictEntrySaveSchema, PERMISSIONS } from '@glucocare/domain/admin';
import { isDictValueRequired } from '@glucocare/domain/hospital-settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AutoComplete, Card, Col, Empty, Form, Input, Select, Spin, Switch } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DictEntry,
  type DictEntryInput,
  type DictFilter,
  type DictType,
  deleteDictEntry,
  fetchDictPage,
  fetchDictTypes,
  saveDictEntry,
} from '../../api/catalogues';
import { errorText } from '../../api/http';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { CodeField, DialogForm, SortField, useEditForm } from '../../components/dialog-form/DialogForm';
import { zodRule } from '../../components/form-rules';
import { ImportButton } from '../../components/import/ImportButton';
import { ListPage, plainFilterOf, STATUS_COLUMN, useListReload } from '../../components/list-page/ListPage';
import { statusExcelColumn, updatedAtColumn } from '../../components/list-page/row-parts';
import { LoadError, PageWrapper } from '../../components/PageWrapper';
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
  const edit = useEditForm(record, findEntry, valuesOf);
  const shape = dictEntrySaveSchema.shape;
  const chosenType = Form.useWatch('type', edit.form) ?? type;
  const valueRequired = isDictValueRequired(chosenType?.trim());
  return (
    <DialogForm<DictEntry, Values, DictEntry>
      edit={edit}
      title={record ? t('dictionary.editTitle') : t('dictionary.createTitle')}
      width={640}
      initialValues={record ? valuesOf(record) : { type, sort: 0, isActive: true, value: '' }}
      conflictField="code"
      onClose={onClose}
      save={(values, base) => {
        const input = inputOf(values);
        return saveDictEntry(base ? { ...input, id: base.id, version: base.version } : input);
      }}
      onSaved={onSaved}
    >
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
      <CodeField label={t('dictionary.code')} rules={[zodRule(shape.code)]} maxLength={32} />
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
      <SortField sm={8} />
      <Col xs={12} sm={8}>
        <Form.Item name="isActive" label={t('common.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
    </DialogForm>
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
  const [editing, setEditing] = useState<{ record: DictEntry | null } | null>(null);
  const listName = fixedType ? `dictionary-${type}` : 'dictionary';
  const reload = useListReload(listName);
  // a fixed reason or symptom list has no values; a fixed list of numbers (meter parameters) shows them
  const showValue = !fixedType || isDictValueRequired(type);

  const columns: ProColumns<DictEntry>[] = [
    {
      title: t('dictionary.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('dictionary.searchPlaceholder'), maxLength: 50 },
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
      render: (_, row) => (lang === 'zh-CN' ? row.nameEn : row.nameZh),
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
    STATUS_COLUMN,
    updatedAtColumn<DictEntry>(t),
  ];

  return (
    <div data-testid={testId}>
      <ListPage<DictEntry, DictFilter>
        name={listName}
        columnsKey={persistenceKey}
        columns={columns}
        hiddenColumns={['updatedAt']}
        headerTitle={headerTitle}
        compact={compact}
        enabled={type !== null}
        request={fetchDictPage}
        filterOf={(values) => ({ ...plainFilterOf(values), type: type || undefined })}
        // a screen fixed to one type has no type column to fill
        toolbar={
          fixedType ? undefined : (
            <ImportButton
              kind="dictionaries"
              onImported={() => {
                reload();
                onChanged?.();
              }}
            />
          )
        }
        texts={{ empty: t('dictionary.empty'), loadFailed: t('dictionary.loadFailed') }}
        status={{
          editable: canEdit,
          nameOf: (row) => row.name,
          change: (row, isActive) =>
            saveDictEntry({ ...inputOf(valuesOf(row)), isActive, id: row.id, version: row.version }),
        }}
        rowActions={{
          edit: canEdit ? (row) => setEditing({ record: row }) : undefined,
          remove: canDelete
            ? {
                question: (row) => t('dictionary.deleteConfirm', { name: row.name, code: row.code }),
                run: (row) => deleteDictEntry(row.id, row.version),
              }
            : undefined,
        }}
        onChanged={onChanged}
        create={
          canEdit
            ? {
                testId: 'dictionary-create',
                label: t('dictionary.create'),
                onClick: () => setEditing({ record: null }),
              }
            : undefined
        }
        excel={{
          fileName:
            fixedType && type ? `${t('dictionary.exportFileName')}-${type}` : t('dictionary.exportFileName'),
          sheetName: fixedType && type ? dictTypeLabel(type) : t('dictionary.title'),
          columns: [
            { title: t('dictionary.type'), dataIndex: 'type' },
            { title: t('dictionary.code'), dataIndex: 'code' },
            { title: t('dictionary.nameZh'), dataIndex: 'nameZh' },
            { title: t('dictionary.nameEn'), dataIndex: 'nameEn' },
            { title: t('dictionary.value'), dataIndex: 'value' },
            { title: t('common.sort'), dataIndex: 'sort' },
            statusExcelColumn<DictEntry>(),
          ],
        }}
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
