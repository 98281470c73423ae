import type { ProColumns } from '@ant-design/pro-components';
import { insulinPumpCreateSchema, PERMISSIONS, PUMP_LIMITS } from '@glucocare/domain/admin';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  changePumpStatus,
  createPump,
  deletePump,
  fetchManufacturerOptions,
  fetchPumpPage,
  type InsulinPump,
  type InsulinPumpFilter,
  type InsulinPumpInput,
  type PumpManufacturer,
  updatePump,
} from '../../api/pumps';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { DialogForm, textOrNull, useEditForm } from '../../components/dialog-form/DialogForm';
import { zodRule } from '../../components/form-rules';
import { ListPage, STATUS_COLUMN, useListReload } from '../../components/list-page/ListPage';
import { createdAtColumn, statusExcelColumn, updatedAtColumn } from '../../components/list-page/row-parts';
import { shownName } from '../../components/names';
import { PageWrapper } from '../../components/PageWrapper';
import { usePumpLowLevels } from '../tasks/use-pump-strategy';
import { levelColumns } from './pump-format';

const PUMP_PERMISSIONS = PERMISSIONS.pumps.register;
const PUMP_LIST = 'insulinPump';

/** The enabled manufacturers: the form's picker and the list's filter. */
function useManufacturerOptions() {
  return useQuery({
    queryKey: ['pumps', 'manufacturers'],
    queryFn: ({ signal }) => fetchManufacturerOptions(signal),
    meta: { silent: true },
    staleTime: 0,
  });
}

const makerOptions = (makers: readonly PumpManufacturer[]) =>
  makers.map((maker) => ({ value: maker.id, label: `${shownName(maker)} (${maker.code})` }));

interface PumpValues {
  serialNumber: string;
  manufacturerId?: number;
  type?: string;
  code?: string;
  departmentCode?: string;
  isActive: boolean;
}

const pumpValuesOf = (pump: InsulinPump): PumpValues => ({
  serialNumber: pump.serialNumber,
  manufacturerId: pump.manufacturerId,
  type: pump.type ?? '',
  code: pump.code ?? '',
  departmentCode: pump.departmentCode,
  isActive: pump.isActive,
});

const pumpInputOf = (values: PumpValues): InsulinPumpInput => ({
  serialNumber: values.serialNumber.trim(),
  manufacturerId: values.manufacturerId as number,
  type: textOrNull(values.type),
  code: textOrNull(values.code),
  departmentCode: values.departmentCode ?? '',
  isActive: !!values.isActive,
});

async function findPump(base: InsulinPump): Promise<InsulinPump | null> {
  const page = await fetchPumpPage({ queryCondition: base.serialNumber, page: 1, size: 100 });
  return page.records.find((pump) => pump.id === base.id) ?? null;
}

/** The domain's `insulinPumpCreateSchema`: serial number 1-40, manufacturer, type ≤ 40, code ≤ 32, department. */
function PumpForm({
  record,
  makers,
  onClose,
  onSaved,
}: {
  record: InsulinPump | null;
  makers: PumpManufacturer[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const edit = useEditForm(record, findPump, pumpValuesOf);
  const shape = insulinPumpCreateSchema.shape;
  // a pump keeps a manufacturer stopped since it was registered
  const options = makerOptions(makers);
  if (record && !makers.some((maker) => maker.id === record.manufacturerId)) {
    options.push({
      value: record.manufacturerId,
      label: `${record.manufacturerName} (${record.manufacturerCode})`,
    });
  }
  return (
    <DialogForm<InsulinPump, PumpValues>
      edit={edit}
      title={record ? t('pumpRegister.editTitle') : t('pumpRegister.createTitle')}
      width={640}
      initialValues={record ? pumpValuesOf(record) : { serialNumber: '', isActive: true }}
      conflictField="serialNumber"
      onClose={onClose}
      save={(values, base) => {
        const input = pumpInputOf(values);
        return base ? updatePump({ ...input, id: base.id, version: base.version }) : createPump(input);
      }}
      onSaved={onSaved}
    >
      <Col xs={24} sm={12}>
        <Form.Item
          name="serialNumber"
          label={t('pumpRegister.serialNumber')}
          rules={[zodRule(shape.serialNumber)]}
          required
        >
          <Input maxLength={PUMP_LIMITS.serialNumber.max} autoComplete="off" data-testid="pump-serial" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="manufacturerId"
          label={t('pumpRegister.manufacturer')}
          rules={[zodRule(shape.manufacturerId)]}
          required
        >
          <Select showSearch optionFilterProp="label" options={options} data-testid="pump-manufacturer" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="type"
          label={t('pumpRegister.type')}
          rules={[zodRule(shape.type, { optional: true })]}
        >
          <Input
            maxLength={PUMP_LIMITS.type.max}
            autoComplete="off"
            placeholder={t('pumpRegister.typePlaceholder')}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="code"
          label={t('pumpRegister.code')}
          rules={[zodRule(shape.code, { optional: true })]}
          extra={t('pumpRegister.codeHint')}
        >
          <Input maxLength={PUMP_LIMITS.code.max} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item
          name="departmentCode"
          label={t('pumpRegister.department')}
          rules={[zodRule(shape.departmentCode)]}
          required
        >
          <DepartmentTreeSelect source="scope" allowClear={false} data-testid="pump-department" />
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

const pumpName = (pump: InsulinPump) => pump.serialNumber;

/**
 * `/pump/register`: the insulin pumps of the caller's departments (search, export, print, create,
 * edit, stop, delete), with the remaining battery and dose last reported.
 */
export default function PumpPage() {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(PUMP_PERMISSIONS.edit);
  const canDelete = usePermission(PUMP_PERMISSIONS.delete);
  const [editing, setEditing] = useState<{ record: InsulinPump | null } | null>(null);
  const makers = useManufacturerOptions();
  const reload = useListReload(PUMP_LIST);
  const none = t('common.none');

  // the warning colour follows the hospital's pump strategy (low battery / low insulin thresholds)
  const low = usePumpLowLevels();
  const columns: ProColumns<InsulinPump>[] = [
    {
      title: t('pumpRegister.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('pumpRegister.searchPlaceholder'), maxLength: 50 },
    },
    {
      title: t('pumpRegister.department'),
      dataIndex: 'departmentCode',
      hideInTable: true,
      renderFormItem: () => <DepartmentTreeSelect source="scope" placeholder={t('common.all')} />,
    },
    {
      title: t('pumpRegister.manufacturer'),
      dataIndex: 'manufacturerId',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        placeholder: t('common.all'),
        options: makerOptions(makers.data ?? []),
        showSearch: true,
        optionFilterProp: 'label',
        loading: makers.isLoading,
      },
    },
    {
      title: t('pumpRegister.serialNumber'),
      dataIndex: 'serialNumber',
      search: false,
      fixed: mobile ? undefined : 'left',
      width: 150,
      render: (_, row) => (
        <span className={row.isActive ? 'gc-nowrap' : 'gc-nowrap gc-muted'}>{row.serialNumber}</span>
      ),
    },
    {
      title: t('pumpRegister.manufacturer'),
      dataIndex: 'manufacturerName',
      search: false,
      width: 130,
    },
    {
      title: t('pumpRegister.type'),
      dataIndex: 'type',
      search: false,
      width: 120,
      render: (_, row) => row.type || none,
    },
    {
      title: t('pumpRegister.code'),
      dataIndex: 'code',
      search: false,
      width: 90,
      render: (_, row) => row.code || none,
    },
    {
      title: t('pumpRegister.department'),
      dataIndex: 'departmentName',
      search: false,
      width: 120,
      render: (_, row) => row.departmentName || row.departmentCode,
    },
    ...levelColumns<InsulinPump>(t, low),
    STATUS_COLUMN,
    updatedAtColumn<InsulinPump>(t),
    createdAtColumn<InsulinPump>(t),
  ];

  return (
    <PageWrapper
      title={t('pumpRegister.title')}
      description={t('pumpRegister.intro')}
      testId="pump-register-page"
    >
      <ListPage<InsulinPump, InsulinPumpFilter>
        name={PUMP_LIST}
        columnsKey="gc-columns-insulin-pumps"
        columns={columns}
        hiddenColumns={['createdAt', 'updatedAt']}
        request={fetchPumpPage}
        texts={{ empty: t('pumpRegister.empty'), loadFailed: t('pumpRegister.loadFailed') }}
        status={{
          editable: canEdit,
          nameOf: pumpName,
          change: (row, isActive) => changePumpStatus({ id: row.id, version: row.version, isActive }),
        }}
        rowActions={{
          edit: canEdit ? (row) => setEditing({ record: row }) : undefined,
          remove: canDelete
            ? {
                question: (row) => t('pumpRegister.deleteConfirm', { name: row.serialNumber }),
                run: (row) => deletePump(row.id, row.version),
              }
            : undefined,
        }}
        create={
          canEdit
            ? {
                testId: 'pump-create',
                label: t('pumpRegister.create'),
                onClick: () => setEditing({ record: null }),
              }
            : undefined
        }
        excel={{
          fileName: t('pumpRegister.exportFileName'),
          sheetName: t('pumpRegister.title'),
          columns: [
            { title: t('pumpRegister.serialNumber'), dataIndex: 'serialNumber' },
            { title: t('pumpRegister.manufacturer'), dataIndex: 'manufacturerName' },
            { title: t('pumpRegister.type'), dataIndex: 'type' },
            { title: t('pumpRegister.code'), dataIndex: 'code' },
            { title: t('pumpRegister.department'), dataIndex: 'departmentName' },
            { title: `${t('pumpRegister.battery')} (%)`, dataIndex: 'battery' },
            {
              title: t('pumpRegister.batteryReportedAt'),
              dataIndex: 'batteryReportedAt',
              dateFormat: 'dateTime',
            },
            { title: `${t('pumpRegister.dose')} (IU)`, dataIndex: 'dose' },
            { title: t('pumpRegister.doseReportedAt'), dataIndex: 'doseReportedAt', dateFormat: 'dateTime' },
            statusExcelColumn<InsulinPump>(),
          ],
        }}
        print={{ title: t('pumpRegister.title') }}
      />
      {editing ? (
        <PumpForm
          record={editing.record}
          makers={makers.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </PageWrapper>
  );
}
