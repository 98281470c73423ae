import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { isMgDl } from '@glucocare/domain/helpers';
import {
  DISPLAY_UNIT_CATEGORIES,
  type EDITABLE_UNIT_CATEGORIES,
  type UnitCategory,
  unitSaveSchema,
} from '@glucocare/domain/hospital-settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Segmented, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteUnit, fetchUnitsOf, saveUnit } from '../../../api/catalogue-settings';
import { errorText, showError } from '../../../api/http';
import type { Unit } from '../../../api/tenants';
import { toastSuccess } from '../../../app/notify';
import { usePermission } from '../../../app/permissions';
import { confirmAction, withContinuePrompt } from '../../../components/confirm';
import { handleSaveError } from '../../../components/form-errors';
import { useRevalidateOnLanguageChange, zodRule } from '../../../components/form-rules';
import { LoadError, TableEmpty } from '../../../components/PageWrapper';
import { CATALOGUE_EDIT } from './permissions';

type View = (typeof EDITABLE_UNIT_CATEGORIES)[number] | 'display';
const unitKeys = (category: UnitCategory) => ['units', category] as const;

/** How a display unit reads: the stored name `mgDl` is shown as "mg/dL". */
const readable = (unit: Unit) => (isMgDl(unit.name) ? 'mg/dL' : unit.name);

function AddUnitForm({ category }: { category: UnitCategory }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string; name?: string }>();
  useRevalidateOnLanguageChange(form);
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const shape = unitSaveSchema.shape;
  const submit = async (values: { code: string; name?: string }) => {
    setSaving(true);
    try {
      await saveUnit({ category, code: values.code.trim(), name: values.name?.trim() || null });
      toastSuccess(t('common.saved'));
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: unitKeys(category) });
    } catch (error) {
      handleSaveError(form, error, { conflictField: 'code' });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Form form={form} layout="inline" onFinish={submit} data-testid="unit-add-form">
      <Form.Item name="code" rules={[zodRule(shape.code)]} style={{ marginBottom: 8 }}>
        <Input
          placeholder={t('catalogueSettings.units.code')}
          aria-label={t('catalogueSettings.units.code')}
          maxLength={12}
          autoComplete="off"
          style={{ width: 150 }}
        />
      </Form.Item>
      <Form.Item name="name" rules={[zodRule(shape.name, { optional: true })]} style={{ marginBottom: 8 }}>
        <Input
          placeholder={t('catalogueSettings.units.nameOptional')}
          aria-label={t('catalogueSettings.units.name')}
          maxLength={12}
          autoComplete="off"
          style={{ width: 170 }}
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 8 }}>
        <Button
          type="primary"
          htmlType="submit"
          icon={<PlusOutlined />}
          loading={saving}
          data-testid="unit-add"
        >
          {t('catalogueSettings.units.add')}
        </Button>
      </Form.Item>
    </Form>
  );
}

function EditableUnits({ category }: { category: (typeof EDITABLE_UNIT_CATEGORIES)[number] }) {
  const { t } = useTranslation();
  const canEdit = usePermission(CATALOGUE_EDIT);
  const queryClient = useQueryClient();
  const units = useQuery({
    queryKey: unitKeys(category),
    queryFn: ({ signal }) => fetchUnitsOf(category, signal),
    meta: { silent: true },
  });
  const remove = async (unit: Unit) => {
    const ok = await confirmAction({
      content: withContinuePrompt(t('catalogueSettings.units.deleteConfirm', { unit: unit.code })),
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteUnit(unit.id);
      toastSuccess(t('common.deleted'));
    } catch (error) {
      showError(error);
    } finally {
      await queryClient.invalidateQueries({ queryKey: unitKeys(category) });
    }
  };
  const columns: TableColumnsType<Unit> = [
    {
      title: t('catalogueSettings.units.code'),
      dataIndex: 'code',
      render: (code: string) => <code>{code}</code>,
    },
    { title: t('catalogueSettings.units.name'), dataIndex: 'name' },
  ];
  if (canEdit)
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      width: 100,
      render: (_, unit) => (
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          data-testid="row-delete"
          onClick={() => void remove(unit)}
        >
          {t('common.delete')}
        </Button>
      ),
    });
  return (
    <>
      {canEdit ? <AddUnitForm category={category} /> : null}
      {units.isError ? (
        <LoadError
          title={t('catalogueSettings.units.loadFailed')}
          message={errorText(units.error)}
          onRetry={() => void units.refetch()}
        />
      ) : null}
      <Table<Unit>
        rowKey="id"
        size="small"
        loading={units.isLoading}
        columns={columns}
        dataSource={units.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <TableEmpty text={t('catalogueSettings.units.empty')} /> }}
        data-testid={`units-${category}`}
      />
    </>
  );
}

function DisplayUnits() {
  const { t } = useTranslation();
  const results = useQuery({
    queryKey: ['units', 'display'],
    queryFn: async ({ signal }) =>
      (await Promise.all(DISPLAY_UNIT_CATEGORIES.map((category) => fetchUnitsOf(category, signal)))).flat(),
    meta: { silent: true },
  });
  return (
    <>
      <Alert
        type="info"
        showIcon
        className="gc-form-alert"
        message={t('catalogueSettings.units.displayHint')}
        data-testid="display-units-hint"
      />
      {results.isError ? (
        <LoadError
          title={t('catalogueSettings.units.loadFailed')}
          message={errorText(results.error)}
          onRetry={() => void results.refetch()}
        />
      ) : null}
      <Table<Unit>
        rowKey="id"
        size="small"
        loading={results.isLoading}
        dataSource={results.data ?? []}
        pagination={false}
        locale={{ emptyText: <TableEmpty text={t('catalogueSettings.units.empty')} /> }}
        columns={[
          {
            title: t('catalogueSettings.units.item'),
            dataIndex: 'category',
            render: (category: string) => t(`catalogueSettings.units.categories.${category}`),
          },
          {
            title: t('catalogueSettings.units.displayUnit'),
            key: 'unit',
            render: (_, unit) => readable(unit),
          },
        ]}
        data-testid="units-display"
      />
    </>
  );
}

/** Units tab: the dosage and inspection unit catalogues, and the display units (read here, set elsewhere). */
export function UnitsTab() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('DRUG');
  return (
    <Card size="small" data-testid="units-tab">
      <Segmented<View>
        value={view}
        onChange={setView}
        options={[
          { value: 'DRUG', label: t('catalogueSettings.units.categories.DRUG') },
          { value: 'INSPECTION', label: t('catalogueSettings.units.categories.INSPECTION') },
          { value: 'display', label: t('catalogueSettings.units.display') },
        ]}
        style={{ marginBottom: 12, maxWidth: '100%', overflowX: 'auto' }}
        data-testid="units-view"
      />
      <p className="gc-muted" style={{ marginTop: 0 }}>
        {t(`catalogueSettings.units.intro.${view}`)}
      </p>
      {view === 'display' ? <DisplayUnits /> : <EditableUnits key={view} category={view} />}
    </Card>
  );
}
