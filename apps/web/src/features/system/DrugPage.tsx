import type { ProColumns } from '@ant-design/pro-components';
import {
  CATALOGUE_LIMITS,
  drugCategoryCreateSchema,
  drugCreateSchema,
  PERMISSIONS,
} from '@glucocare/domain/admin';
import { NAME_REQUIRED } from '@glucocare/domain/rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AutoComplete, Card, Col, Form, Input, Select, Switch, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createDrug,
  createDrugCategory,
  type Drug,
  type DrugCategory,
  type DrugFilter,
  type DrugInput,
  deleteDrug,
  deleteDrugCategory,
  fetchDrugCategories,
  fetchDrugPage,
  updateDrug,
  updateDrugCategory,
} from '../../api/catalogues';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { CodeNameForm } from '../../components/dialog-form/CodeNameForm';
import { CodeField, DialogForm, textOrNull, useEditForm } from '../../components/dialog-form/DialogForm';
import { zodRule } from '../../components/form-rules';
import { formatDateTime } from '../../components/format';
import { ImportButton } from '../../components/import/ImportButton';
import { ListPage, STATUS_COLUMN, useListReload } from '../../components/list-page/ListPage';
import { createdAtColumn, statusExcelColumn, updatedAtColumn } from '../../components/list-page/row-parts';
import { ShortList } from '../../components/list-page/ShortList';
import {
  NameFields,
  type NameValues,
  namesInput,
  nameValuesOf,
  shownLinkedName,
  shownName,
} from '../../components/names';
import { PageWrapper } from '../../components/PageWrapper';

export const DRUG_PERMISSIONS = PERMISSIONS.system.drugs;

const drugKeys = { categories: ['drugs', 'categories'] as const };
const DRUG_LIST = 'drug';

/** Units offered while typing (any other of 1-12 characters may be entered). */
const COMMON_UNITS = ['IU', 'mg', 'g', 'µg', 'mL', 'U/mL', 'tablet', 'capsule', 'pen'];

/** Every category with its number of drugs (the category tab, the pickers and the filter). */
function useDrugCategories() {
  return useQuery({
    queryKey: drugKeys.categories,
    queryFn: ({ signal }) => fetchDrugCategories(signal),
    meta: { silent: true },
    staleTime: 0,
  });
}

// ---------- drug form ----------

interface DrugValues extends NameValues {
  code: string;
  shortCode?: string;
  unit: string;
  categoryCode?: string | null;
  specification?: string;
  isActive: boolean;
}

const drugValuesOf = (drug: Drug): DrugValues => ({
  code: drug.code,
  shortCode: drug.shortCode ?? '',
  ...nameValuesOf(drug),
  unit: drug.unit,
  categoryCode: drug.categoryCode,
  specification: drug.specification ?? '',
  isActive: drug.isActive,
});

const drugInputOf = (values: DrugValues): DrugInput => ({
  code: values.code.trim(),
  shortCode: textOrNull(values.shortCode),
  ...namesInput(values),
  unit: values.unit.trim(),
  categoryCode: values.categoryCode || null,
  specification: textOrNull(values.specification),
  isActive: !!values.isActive,
});

async function findDrug(base: Drug): Promise<Drug | null> {
  const page = await fetchDrugPage({ queryCondition: base.code, page: 1, size: 100 });
  return page.records.find((drug) => drug.id === base.id) ?? null;
}

function categoryOptions(categories: readonly DrugCategory[]) {
  return categories.map((category) => ({
    value: category.code,
    label: `${shownName(category)} (${category.code})`,
  }));
}

/** §3 Drug / §5 Other from the domain: code 2-32, short code 2-12, unit 1-12, spec ≤ 64 (names: NameFields). */
function DrugForm({
  record,
  categories,
  onClose,
  onSaved,
}: {
  record: Drug | null;
  categories: DrugCategory[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditForm(record, findDrug, drugValuesOf);
  const shape = drugCreateSchema.shape;
  return (
    <DialogForm<Drug, DrugValues>
      edit={edit}
      title={record ? t('drug.editTitle') : t('drug.createTitle')}
      width={640}
      initialValues={record ? drugValuesOf(record) : { isActive: true, categoryCode: null }}
      conflictField="code"
      onClose={onClose}
      save={(values, base) => {
        const input = drugInputOf(values);
        return base ? updateDrug({ ...input, id: base.id, version: base.version }) : createDrug(input);
      }}
      onSaved={onSaved}
    >
      <CodeField label={t('drug.code')} rules={[zodRule(shape.code)]} maxLength={32} />
      <Col xs={24} sm={12}>
        <Form.Item
          name="shortCode"
          label={t('drug.shortCode')}
          rules={[zodRule(shape.shortCode, { optional: true })]}
          extra={t('drug.shortCodeHint')}
        >
          <Input maxLength={12} autoComplete="off" />
        </Form.Item>
      </Col>
      <NameFields
        fields={shape}
        limits={{ zh: CATALOGUE_LIMITS.drugName, en: CATALOGUE_LIMITS.drugName }}
        requiredKey={NAME_REQUIRED.drug}
      />
      <Col xs={24} sm={12}>
        <Form.Item name="unit" label={t('drug.unit')} rules={[zodRule(shape.unit)]} required>
          <AutoComplete
            maxLength={12}
            options={COMMON_UNITS.map((unit) => ({ value: unit }))}
            filterOption={(input, option) =>
              String(option?.value ?? '')
                .toLowerCase()
                .startsWith(input.trim().toLowerCase())
            }
            placeholder={t('drug.unitPlaceholder')}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="categoryCode" label={t('drug.category')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            options={categoryOptions(categories)}
            placeholder={t('drug.noCategory')}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="specification"
          label={t('drug.specification')}
          rules={[zodRule(shape.specification, { optional: true })]}
        >
          <Input maxLength={64} autoComplete="off" placeholder={t('drug.specificationPlaceholder')} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="isActive" label={t('common.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
    </DialogForm>
  );
}

// ---------- category tab ----------

async function findCategory(base: DrugCategory): Promise<DrugCategory | null> {
  return (await fetchDrugCategories()).find((item) => item.id === base.id) ?? null;
}

/** The drug categories (classes): list, create, edit, delete (refused while drugs belong to one). */
function CategoryPanel({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const queryClient = useQueryClient();
  const canEdit = usePermission(DRUG_PERMISSIONS.edit);
  const canDelete = usePermission(DRUG_PERMISSIONS.delete);
  const query = useDrugCategories();
  const [editing, setEditing] = useState<{ record: DrugCategory | null } | null>(null);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: drugKeys.categories });
    onChanged();
  };

  const columns: ColumnsType<DrugCategory> = [
    { title: t('drugCategory.code'), dataIndex: 'code', width: 140 },
    { title: t('drugCategory.name'), dataIndex: 'name', render: (_: unknown, row) => shownName(row) },
    { title: t('common.sort'), dataIndex: 'sort', width: 90 },
    {
      title: t('drugCategory.drugCount'),
      dataIndex: 'drugCount',
      width: 100,
      render: (count: number) => <span className={count ? undefined : 'gc-muted'}>{count}</span>,
    },
    ...(mobile
      ? []
      : [
          {
            title: t('common.createdAt'),
            dataIndex: 'createdAt',
            width: 170,
            render: (value: string) => <span className="gc-nowrap">{formatDateTime(value)}</span>,
          },
        ]),
  ];

  return (
    <div data-testid="drug-categories">
      <Card className="gc-panel-card">
        <ShortList<DrugCategory>
          query={query}
          columns={columns}
          texts={{ empty: t('drugCategory.empty'), loadFailed: t('drugCategory.loadFailed') }}
          toolbar={<span className="gc-secondary">{t('drugCategory.intro')}</span>}
          create={
            canEdit
              ? {
                  testId: 'drug-category-create',
                  label: t('drugCategory.create'),
                  onClick: () => setEditing({ record: null }),
                }
              : undefined
          }
          rowActions={{
            edit: canEdit ? (row) => setEditing({ record: row }) : undefined,
            // 409 while drugs belong to it: the server's message says so
            remove: canDelete
              ? {
                  question: (row) => t('drugCategory.deleteConfirm', { name: shownName(row) }),
                  run: (row) => deleteDrugCategory(row.id, row.version),
                }
              : undefined,
          }}
          onChanged={() => void refresh()}
        />
      </Card>
      {editing ? (
        <CodeNameForm<DrugCategory>
          record={editing.record}
          find={findCategory}
          title={{ create: t('drugCategory.createTitle'), edit: t('drugCategory.editTitle') }}
          codeLabel={t('drugCategory.code')}
          shape={drugCategoryCreateSchema.shape}
          nameLimits={{ zh: CATALOGUE_LIMITS.categoryName, en: CATALOGUE_LIMITS.categoryName }}
          save={(input, base) =>
            base
              ? updateDrugCategory({ ...input, id: base.id, version: base.version })
              : createDrugCategory(input)
          }
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      ) : null}
    </div>
  );
}

// ---------- the page ----------

/** `/system/drug`: the drug dictionary (search, export, create, edit, enable, delete) and its categories. */
export default function DrugPage() {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(DRUG_PERMISSIONS.edit);
  const canDelete = usePermission(DRUG_PERMISSIONS.delete);
  const [tab, setTab] = useState('drugs');
  const [editing, setEditing] = useState<{ record: Drug | null } | null>(null);
  const categories = useDrugCategories();
  const reload = useListReload(DRUG_LIST);
  const none = t('common.none');

  const columns: ProColumns<Drug>[] = [
    {
      title: t('drug.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('drug.searchPlaceholder'), maxLength: 50 },
    },
    {
      title: t('drug.category'),
      dataIndex: 'categoryCode',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        placeholder: t('common.all'),
        options: categoryOptions(categories.data ?? []),
        showSearch: true,
        optionFilterProp: 'label',
        loading: categories.isLoading,
      },
    },
    {
      title: t('drug.code'),
      dataIndex: 'code',
      search: false,
      fixed: mobile ? undefined : 'left',
      width: 120,
      render: (_, row) => <span className="gc-nowrap">{row.code}</span>,
    },
    {
      title: t('drug.name'),
      dataIndex: 'name',
      search: false,
      width: 220,
      render: (_, row) => <span className={row.isActive ? undefined : 'gc-muted'}>{shownName(row)}</span>,
    },
    {
      title: t('drug.shortCode'),
      dataIndex: 'shortCode',
      search: false,
      width: 100,
      render: (_, row) => row.shortCode || none,
    },
    { title: t('drug.unit'), dataIndex: 'unit', search: false, width: 80 },
    {
      title: t('drug.category'),
      dataIndex: 'categoryName',
      search: false,
      width: 190,
      render: (_, row) => {
        const category = shownLinkedName(row, 'category');
        return category ? <Tag color="geekblue">{category}</Tag> : none;
      },
    },
    {
      title: t('drug.specification'),
      dataIndex: 'specification',
      search: false,
      width: 180,
      ellipsis: true,
      render: (_, row) => row.specification || none,
    },
    STATUS_COLUMN,
    updatedAtColumn<Drug>(t),
    createdAtColumn<Drug>(t),
  ];

  const drugList = (
    <ListPage<Drug, DrugFilter>
      name={DRUG_LIST}
      columnsKey="gc-columns-drugs"
      columns={columns}
      hiddenColumns={['createdAt']}
      request={fetchDrugPage}
      toolbar={<ImportButton kind="drugs" onImported={reload} />}
      texts={{ empty: t('drug.empty'), loadFailed: t('drug.loadFailed') }}
      status={{
        editable: canEdit,
        nameOf: shownName,
        change: (row, isActive) =>
          updateDrug({ ...drugInputOf(drugValuesOf(row)), isActive, id: row.id, version: row.version }),
      }}
      rowActions={{
        edit: canEdit ? (row) => setEditing({ record: row }) : undefined,
        remove: canDelete
          ? {
              question: (row) => t('drug.deleteConfirm', { name: shownName(row) }),
              run: (row) => deleteDrug(row.id, row.version),
            }
          : undefined,
      }}
      onChanged={() => void categories.refetch()}
      create={
        canEdit
          ? { testId: 'drug-create', label: t('drug.create'), onClick: () => setEditing({ record: null }) }
          : undefined
      }
      excel={{
        fileName: t('drug.exportFileName'),
        sheetName: t('drug.title'),
        columns: [
          { title: t('drug.code'), dataIndex: 'code' },
          { title: t('drug.shortCode'), dataIndex: 'shortCode' },
          { title: t('drug.name'), dataIndex: 'name', render: (_, row) => shownName(row) },
          { title: t('drug.unit'), dataIndex: 'unit' },
          {
            title: t('drug.category'),
            dataIndex: 'categoryName',
            render: (_, row) => shownLinkedName(row, 'category'),
          },
          { title: t('drug.specification'), dataIndex: 'specification' },
          statusExcelColumn<Drug>(),
          { title: t('common.createdAt'), dataIndex: 'createdAt', dateFormat: 'dateTime' },
          { title: t('common.updatedAt'), dataIndex: 'updatedAt', dateFormat: 'dateTime' },
        ],
      }}
      print={{ title: t('drug.title') }}
    />
  );

  return (
    <PageWrapper title={t('drug.title')} description={t('drug.intro')} testId="drug-page">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'drugs', label: t('drug.tabDrugs'), children: drugList },
          {
            key: 'categories',
            label: (
              <span data-testid="tab-drug-categories">
                {t('drug.tabCategories')}
                {categories.data ? <span className="gc-tab-count">{categories.data.length}</span> : null}
              </span>
            ),
            children: <CategoryPanel onChanged={reload} />,
          },
        ]}
      />
      {editing ? (
        <DrugForm
          record={editing.record}
          categories={categories.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
            void categories.refetch();
          }}
        />
      ) : null}
    </PageWrapper>
  );
}
