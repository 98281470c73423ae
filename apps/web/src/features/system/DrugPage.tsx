import { PlusOutlined } from '@ant-design/icons';
import { type ActionType, ModalForm, type ProColumns, ProTable } from '@ant-design/pro-components';
import {
  CATALOGUE_LIMITS,
  drugCategoryCreateSchema,
  drugCreateSchema,
  PERMISSIONS,
} from '@glucocare/domain/admin';
import { NAME_REQUIRED } from '@glucocare/domain/rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AutoComplete, Button, Card, Col, Form, Input, Row, Select, Switch, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useRef, useState } from 'react';
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
  fetchAllPages,
  fetchDrugCategories,
  fetchDrugPage,
  updateDrug,
  updateDrugCategory,
} from '../../api/catalogues';
import { errorText, isAbort, showError } from '../../api/http';
import { toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { ConflictAlert } from '../../components/ConflictAlert';
import { confirmAction, withContinuePrompt } from '../../components/confirm';
import type { ExcelColumn } from '../../components/excel';
import { handleSaveError } from '../../components/form-errors';
import { useRevalidateOnLanguageChange, zodRule } from '../../components/form-rules';
import { formatDateTime } from '../../components/format';
import { ImportButton } from '../../components/import/ImportButton';
import {
  NameFields,
  type NameValues,
  namesInput,
  nameValuesOf,
  shownLinkedName,
  shownName,
} from '../../components/names';
import { LoadError, PageWrapper, TableEmpty } from '../../components/PageWrapper';
import { currentLang } from '../../i18n';
import {
  activeFilterOf,
  ExportButton,
  RowStatusSwitch,
  rowActionsColumn,
  SortInput,
  statusValueEnum,
  updatedAtColumn,
  useEditConflict,
  useExcelExport,
  useStatusToggle,
  withoutActions,
} from './catalogue-ui';
import { submitterProps, TABLE_PAGINATION, textOrNull } from './shared';

export const DRUG_PERMISSIONS = PERMISSIONS.system.drugs;

export const drugKeys = { categories: ['drugs', 'categories'] as const };

/** Units offered while typing (any other of 1-12 characters may be entered). */
const COMMON_UNITS = ['IU', 'mg', 'g', 'µg', 'mL', 'U/mL', 'tablet', 'capsule', 'pen'];

interface SearchParams {
  queryCondition?: string;
  qCategory?: string;
  qStatus?: 'true' | 'false';
}

export function drugFilterOf(params: SearchParams): DrugFilter {
  return {
    queryCondition: params.queryCondition?.trim() || undefined,
    categoryCode: params.qCategory || undefined,
    isActive: activeFilterOf(params.qStatus),
  };
}

/** Every category with its number of drugs (the category tab, the pickers and the filter). */
export function useDrugCategories() {
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

/** §3 Drug / §5 Other from the domain: code 2-32, short code 2-12, unit 1-12, spec ≤ 64 (names: NameFields). */
function drugRules() {
  const shape = drugCreateSchema.shape;
  return {
    code: [zodRule(shape.code)],
    shortCode: [zodRule(shape.shortCode, { optional: true })],
    unit: [zodRule(shape.unit)],
    specification: [zodRule(shape.specification, { optional: true })],
  };
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

/** The input of a drug as it is (to change one field, such as its status). */
const drugInputFromRecord = (drug: Drug): DrugInput => drugInputOf(drugValuesOf(drug));

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
  const [form] = Form.useForm<DrugValues>();
  useRevalidateOnLanguageChange(form);
  const rules = drugRules();
  const { base, conflict, setConflict, reloading, reloadLatest } = useEditConflict(
    form,
    record,
    findDrug,
    drugValuesOf,
  );

  return (
    <ModalForm<DrugValues>
      open
      form={form}
      title={record ? t('drug.editTitle') : t('drug.createTitle')}
      width={640}
      layout="vertical"
      initialValues={record ? drugValuesOf(record) : { isActive: true, categoryCode: null }}
      modalProps={{ destroyOnHidden: true, maskClosable: false, onCancel: onClose }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      submitter={submitterProps(t)}
      onFinish={async (values) => {
        try {
          const input = drugInputOf(values);
          if (base) await updateDrug({ ...input, id: base.id, version: base.version });
          else await createDrug(input);
          toastSuccess(t('common.saved'));
          onSaved();
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
          <Form.Item name="code" label={t('drug.code')} rules={rules.code} required>
            <Input maxLength={32} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="shortCode"
            label={t('drug.shortCode')}
            rules={rules.shortCode}
            extra={t('drug.shortCodeHint')}
          >
            <Input maxLength={12} autoComplete="off" />
          </Form.Item>
        </Col>
        <NameFields
          fields={drugCreateSchema.shape}
          limits={{ zh: CATALOGUE_LIMITS.drugName, en: CATALOGUE_LIMITS.drugName }}
          requiredKey={NAME_REQUIRED.drug}
        />
        <Col xs={24} sm={12}>
          <Form.Item name="unit" label={t('drug.unit')} rules={rules.unit} required>
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
          <Form.Item name="specification" label={t('drug.specification')} rules={rules.specification}>
            <Input maxLength={64} autoComplete="off" placeholder={t('drug.specificationPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="isActive" label={t('common.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </ModalForm>
  );
}

// ---------- category form and tab ----------

interface CategoryValues extends NameValues {
  code: string;
  sort?: number | null;
}

const categoryValuesOf = (category: DrugCategory): CategoryValues => ({
  code: category.code,
  ...nameValuesOf(category),
  sort: category.sort,
});

function CategoryForm({
  record,
  onClose,
  onSaved,
}: {
  record: DrugCategory | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CategoryValues>();
  useRevalidateOnLanguageChange(form);
  const shape = drugCategoryCreateSchema.shape;
  const { base, conflict, setConflict, reloading, reloadLatest } = useEditConflict(
    form,
    record,
    async (current) => (await fetchDrugCategories()).find((item) => item.id === current.id) ?? null,
    categoryValuesOf,
  );
  return (
    <ModalForm<CategoryValues>
      open
      form={form}
      title={record ? t('drugCategory.editTitle') : t('drugCategory.createTitle')}
      width={520}
      layout="vertical"
      initialValues={record ? categoryValuesOf(record) : { sort: 0 }}
      modalProps={{ destroyOnHidden: true, maskClosable: false, onCancel: onClose }}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      submitter={submitterProps(t)}
      onFinish={async (values) => {
        try {
          const input = { code: values.code.trim(), ...namesInput(values), sort: values.sort ?? 0 };
          if (base) await updateDrugCategory({ ...input, id: base.id, version: base.version });
          else await createDrugCategory(input);
          toastSuccess(t('common.saved'));
          onSaved();
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
          <Form.Item name="code" label={t('drugCategory.code')} rules={[zodRule(shape.code)]} required>
            <Input maxLength={12} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="sort" label={t('common.sort')}>
            <SortInput />
          </Form.Item>
        </Col>
        <NameFields
          fields={shape}
          limits={{ zh: CATALOGUE_LIMITS.categoryName, en: CATALOGUE_LIMITS.categoryName }}
          requiredKey={NAME_REQUIRED.setting}
        />
      </Row>
    </ModalForm>
  );
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

  const remove = async (row: DrugCategory) => {
    const ok = await confirmAction({
      content: withContinuePrompt(t('drugCategory.deleteConfirm', { name: shownName(row) })),
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteDrugCategory(row.id, row.version);
      toastSuccess(t('common.deleted'));
    } catch (error) {
      // 409 while drugs belong to it: the server's message says so
      showError(error);
    }
    await refresh();
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
    ...(canEdit || canDelete
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 130,
            render: (_: unknown, row: DrugCategory) => (
              <span className="gc-row-actions">
                {canEdit ? (
                  <Button
                    type="link"
                    size="small"
                    data-testid="row-edit"
                    onClick={() => setEditing({ record: row })}
                  >
                    {t('common.edit')}
                  </Button>
                ) : null}
                {canDelete ? (
                  <Button
                    type="link"
                    size="small"
                    danger
                    data-testid="row-delete"
                    onClick={() => void remove(row)}
                  >
                    {t('common.delete')}
                  </Button>
                ) : null}
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <div data-testid="drug-categories">
      {query.isError ? (
        <LoadError
          title={t('drugCategory.loadFailed')}
          message={errorText(query.error)}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      <Card className="gc-panel-card">
        <div className="gc-panel-toolbar">
          <span className="gc-secondary">{t('drugCategory.intro')}</span>
          {canEdit ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="drug-category-create"
              onClick={() => setEditing({ record: null })}
            >
              {t('drugCategory.create')}
            </Button>
          ) : null}
        </div>
        <Table<DrugCategory>
          rowKey="id"
          size={mobile ? 'small' : 'middle'}
          columns={columns}
          dataSource={query.isError ? [] : (query.data ?? [])}
          loading={query.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <TableEmpty text={query.isError ? t('drugCategory.loadFailed') : t('drugCategory.empty')} />
            ),
          }}
        />
      </Card>
      {editing ? (
        <CategoryForm
          record={editing.record}
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
  const lang = currentLang();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(DRUG_PERMISSIONS.edit);
  const canDelete = usePermission(DRUG_PERMISSIONS.delete);
  const actionRef = useRef<ActionType>(null);
  const lastFilter = useRef<DrugFilter>({});
  const [tab, setTab] = useState('drugs');
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ record: Drug | null } | null>(null);
  const categories = useDrugCategories();
  const reload = () => actionRef.current?.reload();
  const none = t('common.none');

  const status = useStatusToggle<Drug>(
    (row, isActive) =>
      updateDrug({ ...drugInputFromRecord(row), isActive, id: row.id, version: row.version }),
    reload,
  );

  const exportColumns = (): ExcelColumn<Drug>[] => [
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
    {
      title: t('common.status'),
      dataIndex: 'isActive',
      render: (value) => (value ? t('common.enabled') : t('common.disabled')),
    },
    { title: t('common.createdAt'), dataIndex: 'createdAt', dateFormat: 'dateTime' },
    { title: t('common.updatedAt'), dataIndex: 'updatedAt', dateFormat: 'dateTime' },
  ];
  const excel = useExcelExport<Drug>({
    fileName: () => t('drug.exportFileName'),
    sheetName: () => t('drug.title'),
    columns: exportColumns,
    load: (onProgress) => fetchAllPages(fetchDrugPage, lastFilter.current, onProgress),
  });

  const remove = async (row: Drug) => {
    const ok = await confirmAction({
      content: withContinuePrompt(t('drug.deleteConfirm', { name: shownName(row) })),
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteDrug(row.id, row.version);
      toastSuccess(t('common.deleted'));
      reload();
      void categories.refetch();
    } catch (failure) {
      showError(failure);
    }
  };

  const columns: ProColumns<Drug>[] = [
    {
      title: t('drug.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('drug.searchPlaceholder'), maxLength: 50 },
    },
    {
      title: t('drug.category'),
      dataIndex: 'qCategory',
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
      title: t('common.status'),
      dataIndex: 'qStatus',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { placeholder: t('common.all') },
      valueEnum: statusValueEnum(t),
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
    updatedAtColumn<Drug>(t),
    {
      title: t('common.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      width: 170,
      render: (_, row) => <span className="gc-nowrap">{formatDateTime(row.createdAt)}</span>,
    },
    rowActionsColumn<Drug>({
      t,
      mobile,
      lang,
      canEdit,
      canDelete,
      onEdit: (row) => setEditing({ record: row }),
      onDelete: (row) => void remove(row),
    }),
  ];
  const visibleColumns = canEdit || canDelete ? columns : withoutActions(columns);

  const drugTable = (
    <>
      {error ? <LoadError title={t('drug.loadFailed')} message={error} onRetry={reload} /> : null}
      <ProTable<Drug, SearchParams & { lang: string }>
        actionRef={actionRef}
        rowKey="id"
        columns={visibleColumns}
        params={{ lang }}
        cardBordered
        form={{ name: 'drugSearch' }}
        search={{
          labelWidth: 'auto',
          defaultCollapsed: mobile,
          span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 8, xxl: 6 },
        }}
        options={{ reload: true, density: false, setting: mobile ? false : { draggable: true } }}
        columnsState={{
          persistenceKey: 'gc-columns-drugs',
          persistenceType: 'localStorage',
          defaultValue: { createdAt: { show: false } },
        }}
        size={mobile ? 'small' : undefined}
        scroll={{ x: 'max-content' }}
        pagination={{ ...TABLE_PAGINATION, showTotal: (count) => t('common.total', { count }) }}
        locale={{ emptyText: <TableEmpty text={error ? t('drug.loadFailed') : t('drug.empty')} /> }}
        request={async (params) => {
          const filter = drugFilterOf(params);
          lastFilter.current = filter;
          try {
            const page = await fetchDrugPage({
              ...filter,
              page: params.current ?? 1,
              size: params.pageSize ?? 20,
            });
            setError(null);
            setTotal(page.total);
            return { data: page.records, total: page.total, success: true };
          } catch (failure) {
            if (!isAbort(failure)) setError(errorText(failure));
            setTotal(0);
            return { data: [], total: 0, success: true };
          }
        }}
        toolBarRender={() => [
          <ImportButton key="import" kind="drugs" onImported={reload} />,
          <ExportButton
            key="export"
            exporting={excel.exporting}
            disabled={total === 0}
            onClick={() => void excel.run(total)}
          />,
          canEdit ? (
            <Button
              key="create"
              type="primary"
              icon={<PlusOutlined />}
              data-testid="drug-create"
              onClick={() => setEditing({ record: null })}
            >
              {t('drug.create')}
            </Button>
          ) : null,
        ]}
      />
    </>
  );

  return (
    <PageWrapper title={t('drug.title')} description={t('drug.intro')} testId="drug-page">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'drugs', label: t('drug.tabDrugs'), children: drugTable },
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
