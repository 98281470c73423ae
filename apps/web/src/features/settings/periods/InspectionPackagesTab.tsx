import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { PERMISSIONS } from '@glucocare/domain/admin';
import {
  inspectionPackageCreateSchema,
  inspectionItemFieldSchemas as itemFields,
  PERIOD_LIMITS,
  referenceRangeIssue,
} from '@glucocare/domain/hospital-settings';
import { NAME_REQUIRED } from '@glucocare/domain/rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Form, Input, InputNumber, Select, Space, Spin, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/http';
import {
  createInspectionItem,
  createInspectionPackage,
  deleteInspectionItem,
  deleteInspectionPackage,
  fetchInspectionItems,
  fetchInspectionPackages,
  type InspectionItem,
  type InspectionPackage,
  setInspectionItemStatus,
  setInspectionPackageStatus,
  updateInspectionItem,
  updateInspectionPackage,
} from '../../../api/inspection';
import { usePermission } from '../../../app/permissions';
import { useDevice } from '../../../app/preferences';
import { DialogForm, SortStatusFields, useEditForm } from '../../../components/dialog-form/DialogForm';
import { zodRule } from '../../../components/form-rules';
import {
  confirmDelete,
  RowEditDelete,
  RowStatusSwitch,
  useStatusToggle,
} from '../../../components/list-page/row-parts';
import { MasterDetail } from '../../../components/MasterDetail';
import { NameFields, type NameValues, namesInput, nameValuesOf, shownName } from '../../../components/names';
import { LoadError, TableEmpty } from '../../../components/PageWrapper';
import { msg } from '../../../i18n';
import { SideList } from '../../system/SideList';

export const INSPECTION_EDIT = PERMISSIONS.settings.labItems.edit;
export const inspectionKeys = {
  packages: ['settings', 'inspectionPackages'] as const,
  items: (packageId: number | null) => ['settings', 'inspectionItems', packageId] as const,
  allItems: ['settings', 'inspectionItems'] as const,
};

const packageShape = inspectionPackageCreateSchema.shape;
const NAME_LIMITS = { zh: PERIOD_LIMITS.inspectionName, en: PERIOD_LIMITS.inspectionName };

interface PackageValues extends NameValues {
  code: string;
  sort?: number | null;
  isActive: boolean;
}

const packageValuesOf = (pkg: InspectionPackage): PackageValues => ({
  code: pkg.code,
  ...nameValuesOf(pkg),
  sort: pkg.sort,
  isActive: pkg.isActive,
});

function PackageForm({
  record,
  onClose,
  onSaved,
}: {
  record: InspectionPackage | null;
  onClose: () => void;
  onSaved: (pkg: InspectionPackage) => void;
}) {
  const { t } = useTranslation();
  const edit = useEditForm(
    record,
    async (current) => (await fetchInspectionPackages()).find((pkg) => pkg.id === current.id) ?? null,
    packageValuesOf,
  );
  return (
    <DialogForm<InspectionPackage, PackageValues, InspectionPackage>
      edit={edit}
      title={record ? t('inspectionSettings.package.editTitle') : t('inspectionSettings.package.createTitle')}
      width={520}
      initialValues={record ? packageValuesOf(record) : { sort: 0, isActive: true }}
      conflictField="code"
      onClose={onClose}
      save={(values, base) => {
        const input = {
          code: values.code.trim(),
          ...namesInput(values),
          sort: values.sort ?? 0,
          isActive: !!values.isActive,
        };
        return base
          ? updateInspectionPackage({ ...input, id: base.id, version: base.version })
          : createInspectionPackage(input);
      }}
      onSaved={onSaved}
    >
      <Col xs={24} sm={12}>
        <Form.Item
          name="code"
          label={t('inspectionSettings.code')}
          rules={[zodRule(packageShape.code)]}
          required
        >
          <Input maxLength={12} autoComplete="off" />
        </Form.Item>
      </Col>
      <SortStatusFields sm={6} />
      <NameFields fields={packageShape} limits={NAME_LIMITS} requiredKey={NAME_REQUIRED.setting} />
    </DialogForm>
  );
}

interface ItemValues extends NameValues {
  packageId: number;
  code: string;
  unit?: string;
  referenceLow?: number | null;
  referenceHigh?: number | null;
  sort?: number | null;
  isActive: boolean;
}

const itemValuesOf = (item: InspectionItem): ItemValues => ({
  packageId: item.packageId,
  code: item.code,
  ...nameValuesOf(item),
  unit: item.unit ?? '',
  referenceLow: item.referenceLow,
  referenceHigh: item.referenceHigh,
  sort: item.sort,
  isActive: item.isActive,
});

const referenceOrderRule =
  () =>
  ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_rule: unknown, value: number | null) => {
      const key = referenceRangeIssue(value, getFieldValue('referenceHigh') as number | null);
      if (key) throw new Error(msg(key));
    },
  });

function ItemForm({
  record,
  packageId,
  packages,
  onClose,
  onSaved,
}: {
  record: InspectionItem | null;
  packageId: number;
  packages: InspectionPackage[];
  onClose: () => void;
  onSaved: (item: InspectionItem) => void;
}) {
  const { t } = useTranslation();
  const edit = useEditForm(
    record,
    async (current) =>
      (await fetchInspectionItems(current.packageId)).find((item) => item.id === current.id) ?? null,
    itemValuesOf,
  );
  return (
    <DialogForm<InspectionItem, ItemValues, InspectionItem>
      edit={edit}
      title={record ? t('inspectionSettings.item.editTitle') : t('inspectionSettings.item.createTitle')}
      width={620}
      initialValues={record ? itemValuesOf(record) : { packageId, sort: 0, isActive: true, unit: '' }}
      conflictField="code"
      onClose={onClose}
      save={(values, base) => {
        const input = {
          packageId: values.packageId,
          code: values.code.trim(),
          ...namesInput(values),
          unit: values.unit?.trim() ? values.unit.trim() : null,
          referenceLow: values.referenceLow ?? null,
          referenceHigh: values.referenceHigh ?? null,
          sort: values.sort ?? 0,
          isActive: !!values.isActive,
        };
        return base
          ? updateInspectionItem({ ...input, id: base.id, version: base.version })
          : createInspectionItem(input);
      }}
      onSaved={onSaved}
    >
      <Col xs={24}>
        <Form.Item
          name="packageId"
          label={t('inspectionSettings.item.package')}
          rules={[zodRule(itemFields.packageId)]}
          required
        >
          <Select
            options={packages.map((pkg) => ({ value: pkg.id, label: `${shownName(pkg)} (${pkg.code})` }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="code"
          label={t('inspectionSettings.code')}
          rules={[zodRule(itemFields.code)]}
          required
        >
          <Input maxLength={12} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="unit"
          label={t('inspectionSettings.item.unit')}
          rules={[zodRule(itemFields.unit, { optional: true })]}
        >
          <Input maxLength={12} autoComplete="off" />
        </Form.Item>
      </Col>
      <NameFields fields={itemFields} limits={NAME_LIMITS} requiredKey={NAME_REQUIRED.setting} />
      <Col xs={12} sm={8}>
        <Form.Item
          name="referenceLow"
          label={t('inspectionSettings.item.referenceLow')}
          rules={[referenceOrderRule()]}
          dependencies={['referenceHigh']}
        >
          <InputNumber style={{ width: '100%' }} inputMode="decimal" />
        </Form.Item>
      </Col>
      <Col xs={12} sm={8}>
        <Form.Item name="referenceHigh" label={t('inspectionSettings.item.referenceHigh')}>
          <InputNumber style={{ width: '100%' }} inputMode="decimal" />
        </Form.Item>
      </Col>
      <SortStatusFields />
    </DialogForm>
  );
}

/** "4-6", "≤ 30", "≥ 1" or a dash. */
export function referenceText(low: number | null, high: number | null): string {
  if (low !== null && high !== null) return `${low}-${high}`;
  if (high !== null) return `≤ ${high}`;
  if (low !== null) return `≥ ${low}`;
  return '—';
}

type Editing =
  | { kind: 'package'; record: InspectionPackage | null }
  | { kind: 'item'; record: InspectionItem | null }
  | null;

/** Tab "Packages and items": packages on the side, the chosen package's items beside them. */
export function InspectionPackagesTab() {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(INSPECTION_EDIT);
  const queryClient = useQueryClient();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const packagesQuery = useQuery({
    queryKey: inspectionKeys.packages,
    queryFn: ({ signal }) => fetchInspectionPackages(signal),
    meta: { silent: true },
    staleTime: 0,
  });
  const packages = packagesQuery.data ?? [];
  const selected = packages.find((pkg) => pkg.id === selectedId) ?? null;
  const itemsQuery = useQuery({
    queryKey: inspectionKeys.items(selectedId),
    queryFn: ({ signal }) => fetchInspectionItems(selectedId as number, signal),
    enabled: selectedId !== null,
    meta: { silent: true },
    staleTime: 0,
  });
  const items = itemsQuery.data ?? [];
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: inspectionKeys.packages });
    void queryClient.invalidateQueries({ queryKey: inspectionKeys.allItems });
  };

  useEffect(() => {
    const list = packagesQuery.data;
    if (!list) return;
    setSelectedId((current) =>
      current !== null && list.some((pkg) => pkg.id === current) ? current : (list[0]?.id ?? null),
    );
  }, [packagesQuery.data]);

  const packageStatus = useStatusToggle<InspectionPackage>(
    (row, isActive) => setInspectionPackageStatus({ id: row.id, isActive, version: row.version }),
    refresh,
  );
  const itemStatus = useStatusToggle<InspectionItem>(
    (row, isActive) => setInspectionItemStatus({ id: row.id, isActive, version: row.version }),
    refresh,
  );

  const removePackage = async (pkg: InspectionPackage) => {
    const outcome = await confirmDelete(
      t('inspectionSettings.package.deleteConfirm', { name: shownName(pkg) }),
      () => deleteInspectionPackage(pkg.id, pkg.version),
    );
    if (outcome !== 'cancelled') refresh();
  };
  const removeItem = async (item: InspectionItem) => {
    const outcome = await confirmDelete(
      t('inspectionSettings.item.deleteConfirm', { name: shownName(item) }),
      () => deleteInspectionItem(item.id, item.version),
    );
    if (outcome !== 'cancelled') refresh();
  };

  const statusCell = (item: InspectionItem) => (
    <RowStatusSwitch
      checked={item.isActive}
      loading={itemStatus.busy === item.id}
      disabled={!canEdit}
      onChange={(checked) => void itemStatus.toggle(item, checked)}
    />
  );
  const itemButtons = (item: InspectionItem) =>
    canEdit ? (
      <RowEditDelete
        onEdit={() => setEditing({ kind: 'item', record: item })}
        onDelete={() => void removeItem(item)}
      />
    ) : null;

  const columns: ColumnsType<InspectionItem> = mobile
    ? [
        {
          title: t('inspectionSettings.name'),
          key: 'name',
          render: (_, item) => (
            <div>
              <div className={item.isActive ? undefined : 'gc-muted'}>{shownName(item)}</div>
              <div className="gc-secondary">
                {item.code} · {referenceText(item.referenceLow, item.referenceHigh)} {item.unit ?? ''}
              </div>
            </div>
          ),
        },
        {
          title: t('common.status'),
          key: 'status',
          width: 120,
          render: (_, item) => (
            <div className="gc-stack">
              {statusCell(item)}
              {itemButtons(item)}
            </div>
          ),
        },
      ]
    : [
        {
          title: t('inspectionSettings.code'),
          dataIndex: 'code',
          width: 110,
          render: (v: string) => <code>{v}</code>,
        },
        {
          title: t('inspectionSettings.name'),
          dataIndex: 'name',
          render: (_, item) => (
            <span className={item.isActive ? undefined : 'gc-muted'}>{shownName(item)}</span>
          ),
        },
        {
          title: t('inspectionSettings.item.unit'),
          dataIndex: 'unit',
          width: 100,
          render: (v: string | null) => v ?? '—',
        },
        {
          title: t('inspectionSettings.item.reference'),
          key: 'reference',
          width: 120,
          render: (_, item) => (
            <span className="gc-nowrap">{referenceText(item.referenceLow, item.referenceHigh)}</span>
          ),
        },
        { title: t('common.sort'), dataIndex: 'sort', width: 80 },
        { title: t('common.status'), key: 'status', width: 110, render: (_, item) => statusCell(item) },
        ...(canEdit
          ? [
              {
                title: t('common.actions'),
                key: 'actions',
                width: 130,
                fixed: 'right' as const,
                render: (_: unknown, item: InspectionItem) => itemButtons(item),
              },
            ]
          : []),
      ];

  const createPackageButton = canEdit ? (
    <Button
      icon={<PlusOutlined />}
      size="small"
      data-testid="package-create"
      onClick={() => setEditing({ kind: 'package', record: null })}
    >
      {t('inspectionSettings.package.create')}
    </Button>
  ) : null;

  const packagePicker = mobile ? (
    <Space.Compact block>
      <Select
        className="gc-type-select"
        value={selectedId ?? undefined}
        loading={packagesQuery.isLoading}
        onChange={setSelectedId}
        placeholder={t('inspectionSettings.package.pick')}
        data-testid="package-select"
        aria-label={t('inspectionSettings.package.list')}
        options={packages.map((pkg) => ({ value: pkg.id, label: `${shownName(pkg)} (${pkg.itemCount})` }))}
      />
    </Space.Compact>
  ) : (
    <Card
      size="small"
      title={t('inspectionSettings.package.list')}
      className="gc-side-card"
      extra={createPackageButton}
    >
      {packagesQuery.isLoading ? (
        <Spin className="gc-center-text" />
      ) : packages.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('inspectionSettings.package.empty')} />
      ) : (
        <SideList
          entries={packages.map((pkg) => ({
            key: String(pkg.id),
            name: pkg.isActive ? shownName(pkg) : `${shownName(pkg)} ${t('common.disabledSuffix')}`,
            code: pkg.code,
            count: pkg.itemCount,
          }))}
          selected={selectedId === null ? null : String(selectedId)}
          onSelect={(key) => setSelectedId(Number(key))}
          label={t('inspectionSettings.package.list')}
          testId="package-list"
          itemTestId="package-entry"
        />
      )}
    </Card>
  );

  const packageActions = selected ? (
    <Space wrap size={[4, 4]}>
      <RowStatusSwitch
        checked={selected.isActive}
        loading={packageStatus.busy === selected.id}
        disabled={!canEdit}
        onChange={(checked) => void packageStatus.toggle(selected, checked)}
      />
      {canEdit ? (
        <>
          <Button
            size="small"
            icon={<EditOutlined />}
            data-testid="package-edit"
            onClick={() => setEditing({ kind: 'package', record: selected })}
          >
            {t('inspectionSettings.package.edit')}
          </Button>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            data-testid="package-delete"
            title={selected.itemCount ? t('inspectionSettings.package.deleteItemsFirst') : undefined}
            onClick={() => void removePackage(selected)}
          >
            {t('inspectionSettings.package.delete')}
          </Button>
          <Button
            size="small"
            type="primary"
            icon={<PlusOutlined />}
            data-testid="item-create"
            onClick={() => setEditing({ kind: 'item', record: null })}
          >
            {t('inspectionSettings.item.create')}
          </Button>
        </>
      ) : null}
    </Space>
  ) : null;

  const loadError = packagesQuery.isError
    ? packagesQuery.error
    : itemsQuery.isError
      ? itemsQuery.error
      : null;
  return (
    <>
      {loadError ? (
        <LoadError
          title={t('inspectionSettings.loadFailed')}
          message={errorText(loadError)}
          onRetry={() => {
            void packagesQuery.refetch();
            if (selectedId !== null) void itemsQuery.refetch();
          }}
        />
      ) : null}
      <MasterDetail
        master={
          <>
            {packagePicker}
            {mobile && createPackageButton ? <div style={{ marginTop: 8 }}>{createPackageButton}</div> : null}
          </>
        }
        chosen={selected && { name: shownName(selected), code: selected.code }}
        emptyTitle={t('inspectionSettings.item.list')}
        titleTestId="package-title"
        actions={packageActions}
      >
        <Table<InspectionItem>
          rowKey="id"
          size={mobile ? 'small' : 'middle'}
          columns={columns}
          dataSource={selected ? items : []}
          loading={itemsQuery.isFetching || packagesQuery.isLoading}
          pagination={false}
          scroll={mobile ? undefined : { x: 'max-content' }}
          data-testid="item-table"
          locale={{
            emptyText: (
              <TableEmpty
                text={
                  loadError
                    ? t('inspectionSettings.loadFailed')
                    : selected
                      ? t('inspectionSettings.item.empty')
                      : t('inspectionSettings.package.emptyHint')
                }
              />
            ),
          }}
        />
      </MasterDetail>
      {editing?.kind === 'package' ? (
        <PackageForm
          record={editing.record}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setSelectedId(saved.id);
            refresh();
          }}
        />
      ) : null}
      {editing?.kind === 'item' && (selected || editing.record) ? (
        <ItemForm
          record={editing.record}
          packageId={editing.record?.packageId ?? (selected as InspectionPackage).id}
          packages={packages}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            setSelectedId(saved.packageId);
            refresh();
          }}
        />
      ) : null}
    </>
  );
}
