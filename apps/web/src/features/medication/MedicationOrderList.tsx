import type { ProColumns } from '@ant-design/pro-components';
import { PERMISSIONS } from '@glucocare/domain/admin';
import { ORDER_STATUSES } from '@glucocare/domain/constants';
import { medicationReasonSchema } from '@glucocare/domain/medication';
import { localizedIssues } from '@glucocare/domain/validation';
import { Button, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteMedicationOrder,
  fetchMedicationOrders,
  type MedicationOrder,
  type MedicationOrderFilter,
  stopMedicationOrder,
} from '../../api/medication';
import { toastError, toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { dateTimeInZone } from '../../components/format';
import { ListPage, useListReload } from '../../components/list-page/ListPage';
import { askReason } from '../../components/reason-prompt';
import { currentLang } from '../../i18n';
import { MedicationOrderForm } from './MedicationOrderForm';
import { drugLineText, drugsText } from './medication-format';
import './medication.css';

type Status = (typeof ORDER_STATUSES)[number];

const dayOf = (value: unknown) => {
  if (!value) return undefined;
  if (typeof value === 'string') return value.slice(0, 10);
  return (value as Dayjs).format('YYYY-MM-DD');
};

const when = (at: string | null) => (at ? dateTimeInZone(at) : '');

/**
 * The medication orders of the caller's wards (`/patient/medication`) or of one patient (the patient
 * tab, `patientId`): drugs with their doses and units, period, administrations and "given n of m",
 * order type, status, who ordered and when, who stopped and why; filters, keyword search, Excel export,
 * print; a new order, stop and delete (each asks for a reason).
 */
export function MedicationOrderList({ patientId }: { patientId?: number }) {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const canEdit = usePermission(PERMISSIONS.medicationOrders.edit);
  const [creating, setCreating] = useState(false);
  // one list key for the wards' page and the patient tab: a change reloads both (the filter tells them apart)
  const name = 'medication';
  const reload = useListReload(name);
  const statusText = (status: Status) => t(`medication.status.${status}`);
  const typeText = (type: string) => t(`medication.orderType.${type}`);
  const givenText = (row: MedicationOrder) =>
    t('medication.list.given', { given: row.givenCount, total: row.quantity });

  const reasonOf = (title: string, content: string) =>
    askReason({
      title,
      content,
      label: t('medication.field.reason'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      check: (text) => localizedIssues(medicationReasonSchema, text, currentLang())[0]?.message ?? null,
    });
  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      toastSuccess(done);
    } catch (error) {
      toastError(error instanceof Error ? error.message : String(error));
    } finally {
      reload();
    }
  };
  const stop = async (row: MedicationOrder) => {
    const reason = await reasonOf(
      t('medication.stop.title'),
      t('medication.stop.question', { name: row.name }),
    );
    if (reason === null) return;
    await act(
      () => stopMedicationOrder({ id: row.id, version: row.version, reason }),
      t('medication.stop.done'),
    );
  };
  const remove = async (row: MedicationOrder) => {
    const reason = await reasonOf(
      t('medication.delete.title'),
      t('medication.delete.question', { name: row.name }),
    );
    if (reason === null) return;
    await act(() => deleteMedicationOrder(row.id, row.version, reason), t('medication.delete.done'));
  };

  const columns: ProColumns<MedicationOrder>[] = [
    {
      title: t('medication.list.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: {
        // on a patient's tab the patient is given: the search finds orders and drugs
        placeholder: t(
          patientId ? 'medication.list.searchPlaceholderPatient' : 'medication.list.searchPlaceholder',
        ),
        maxLength: 50,
      },
    },
    ...(patientId
      ? []
      : [
          {
            title: t('medication.field.department'),
            dataIndex: 'departmentCode',
            hideInTable: true,
            renderFormItem: () => <DepartmentTreeSelect source="scope" placeholder={t('common.all')} />,
          } satisfies ProColumns<MedicationOrder>,
        ]),
    {
      title: t('medication.field.status'),
      dataIndex: 'status',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { placeholder: t('common.all') },
      valueEnum: Object.fromEntries(ORDER_STATUSES.map((status) => [status, { text: statusText(status) }])),
    },
    {
      title: t('medication.list.range'),
      dataIndex: 'range',
      valueType: 'dateRange',
      hideInTable: true,
      fieldProps: { allowClear: true, style: { width: '100%' } },
    },
    ...(patientId
      ? []
      : [
          {
            title: t('medication.field.patient'),
            dataIndex: 'patientName',
            search: false,
            fixed: mobile ? undefined : 'left',
            width: 150,
            render: (_, row) => (
              <span className="gc-nowrap">
                {row.bed ? `${t('medication.list.bed', { bed: row.bed })} · ` : ''}
                {row.patientName}
              </span>
            ),
          } satisfies ProColumns<MedicationOrder>,
          {
            title: t('medication.field.department'),
            dataIndex: 'departmentName',
            search: false,
            width: 110,
          } satisfies ProColumns<MedicationOrder>,
        ]),
    { title: t('medication.field.name'), dataIndex: 'name', search: false, width: 160 },
    {
      title: t('medication.field.drugs'),
      dataIndex: 'drugs',
      search: false,
      width: 220,
      render: (_, row) => (
        <div className="gc-medication-drugs">
          {row.drugs.map((drug) => (
            <div key={drug.drugId}>{drugLineText(drug)}</div>
          ))}
        </div>
      ),
    },
    { title: t('medication.field.period'), dataIndex: 'periodName', search: false, width: 90 },
    {
      title: t('medication.field.quantity'),
      dataIndex: 'quantity',
      search: false,
      width: 120,
      render: (_, row) => (
        <span className="gc-nowrap" data-testid={`medication-given-${row.id}`}>
          {givenText(row)}
        </span>
      ),
    },
    {
      title: t('medication.field.orderType'),
      dataIndex: 'orderType',
      search: false,
      width: 90,
      render: (_, row) => typeText(row.orderType),
    },
    {
      title: t('medication.field.status'),
      dataIndex: 'statusLabel',
      search: false,
      width: 90,
      render: (_, row) => (
        <Tag color={row.status === 'active' ? 'processing' : 'default'} data-status={row.status}>
          {statusText(row.status)}
        </Tag>
      ),
    },
    {
      title: t('medication.list.ordered'),
      dataIndex: 'orderedAt',
      search: false,
      width: 150,
      render: (_, row) => (
        <span>
          {row.orderedBy}
          <br />
          <Typography.Text type="secondary">{when(row.startTime)}</Typography.Text>
        </span>
      ),
    },
    {
      title: t('medication.list.stopped'),
      dataIndex: 'stoppedAt',
      search: false,
      width: 180,
      render: (_, row) =>
        row.stoppedAt ? (
          <span>
            {row.stoppedBy} · {when(row.stoppedAt)}
            <br />
            <Typography.Text type="secondary">{row.stopReason}</Typography.Text>
          </span>
        ) : (
          ''
        ),
    },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            dataIndex: 'actions',
            search: false,
            width: currentLang() === 'zh-CN' ? 110 : 140,
            render: (_, row) => (
              <Space size={0} className="gc-nowrap">
                {row.status === 'active' ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => void stop(row)}
                    data-testid={`medication-stop-${row.id}`}
                  >
                    {t('medication.stop.action')}
                  </Button>
                ) : null}
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => void remove(row)}
                  data-testid={`medication-delete-${row.id}`}
                >
                  {t('common.delete')}
                </Button>
              </Space>
            ),
          } satisfies ProColumns<MedicationOrder>,
        ]
      : []),
  ];

  return (
    <>
      <ListPage<MedicationOrder, MedicationOrderFilter>
        name={name}
        columnsKey={patientId ? 'gc-columns-medication-patient' : 'gc-columns-medication'}
        columns={columns}
        compact={!!patientId}
        request={fetchMedicationOrders}
        filterOf={(values) => ({
          patientId,
          queryCondition:
            typeof values.queryCondition === 'string' ? values.queryCondition.trim() || undefined : undefined,
          departmentCode: (values.departmentCode as string | undefined) || undefined,
          status: (values.status as Status | undefined) || undefined,
          beginDate: dayOf((values.range as unknown[] | undefined)?.[0]),
          endDate: dayOf((values.range as unknown[] | undefined)?.[1]),
        })}
        texts={{ empty: t('medication.list.empty'), loadFailed: t('medication.list.loadFailed') }}
        create={
          canEdit
            ? { testId: 'medication-create', label: t('medication.create'), onClick: () => setCreating(true) }
            : undefined
        }
        excel={{
          fileName: t('medication.exportFileName'),
          sheetName: t('medication.title'),
          columns: [
            { title: t('medication.field.patient'), dataIndex: 'patientName' },
            { title: t('medication.list.bedColumn'), dataIndex: 'bed' },
            { title: t('medication.list.inpatientNumber'), dataIndex: 'inpatientNumber' },
            { title: t('medication.field.department'), dataIndex: 'departmentName' },
            { title: t('medication.field.name'), dataIndex: 'name' },
            { title: t('medication.field.drugs'), dataIndex: 'drugs', render: (_, row) => drugsText(row) },
            { title: t('medication.field.period'), dataIndex: 'periodName' },
            {
              title: t('medication.field.quantity'),
              dataIndex: 'quantity',
              render: (_, row) => givenText(row),
            },
            {
              title: t('medication.field.orderType'),
              dataIndex: 'orderType',
              render: (value) => typeText(String(value)),
            },
            {
              title: t('medication.field.status'),
              dataIndex: 'status',
              render: (value) => statusText(value as Status),
            },
            { title: t('medication.list.orderedBy'), dataIndex: 'orderedBy' },
            { title: t('medication.field.startTime'), dataIndex: 'startTime', dateFormat: 'dateTime' },
            { title: t('medication.list.stoppedBy'), dataIndex: 'stoppedBy' },
            { title: t('medication.list.stoppedAt'), dataIndex: 'stoppedAt', dateFormat: 'dateTime' },
            { title: t('medication.field.reason'), dataIndex: 'stopReason' },
          ],
        }}
        print={{ title: t('medication.title') }}
      />
      {creating ? (
        <MedicationOrderForm
          patientId={patientId}
          onClose={() => setCreating(false)}
          onSaved={() => {
            setCreating(false);
            reload();
          }}
        />
      ) : null}
    </>
  );
}
