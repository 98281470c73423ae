import type { ProColumns } from '@ant-design/pro-components';
import { VIRTUAL_WARD_DEVICE_MARKS } from '@glucocare/domain/virtual-ward';
import { Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import type { VirtualWardFilter, VirtualWardStay } from '../../api/virtual-ward-membership';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import type { ExcelColumn } from '../../components/excel';
import { dateTimeInZone } from '../../components/format';

const dayOf = (value: unknown) => {
  if (!value) return undefined;
  if (typeof value === 'string') return value.slice(0, 10);
  return (value as Dayjs).format('YYYY-MM-DD');
};

/** The search values of the current and history lists as their filter. */
export function filterOf(values: Record<string, unknown>): VirtualWardFilter {
  const text = (key: string) =>
    typeof values[key] === 'string' ? (values[key] as string).trim() || undefined : undefined;
  return {
    queryCondition: text('queryCondition'),
    departmentCode: (values.departmentCode as string | undefined) || undefined,
    deviceMark: (values.deviceMark as VirtualWardFilter['deviceMark']) || undefined,
    groupLabel: text('groupLabel'),
    beginDate: dayOf((values.range as unknown[] | undefined)?.[0]),
    endDate: dayOf((values.range as unknown[] | undefined)?.[1]),
  };
}

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

/** Compliance as people read it: "3 / 5 days (60%)". */
export const complianceText = (row: VirtualWardStay, t: TFunction) =>
  row.compliantDays === null || row.managedDays === 0
    ? '—'
    : t('vwMembership.field.complianceValue', {
        days: row.compliantDays,
        managed: row.managedDays,
        rate: percent(row.complianceRate),
      });

/** The columns of the current list (`ended` false) and the history (`ended` true). */
export function stayColumns(t: TFunction, ended: boolean, mobile: boolean): ProColumns<VirtualWardStay>[] {
  return [
    {
      title: t('vwMembership.field.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('vwMembership.field.searchPlaceholder'), maxLength: 50 },
    },
    {
      title: t('vwMembership.field.ward'),
      dataIndex: 'departmentCode',
      hideInTable: true,
      renderFormItem: () => <DepartmentTreeSelect source="using" placeholder={t('common.all')} />,
    },
    {
      title: t('vwMembership.field.deviceMark'),
      dataIndex: 'deviceMark',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { placeholder: t('common.all') },
      valueEnum: Object.fromEntries(
        VIRTUAL_WARD_DEVICE_MARKS.map((m) => [m, { text: t(`vwMembership.mark.${m}`) }]),
      ),
    },
    {
      title: t('vwMembership.field.groupLabel'),
      dataIndex: 'groupLabel',
      hideInTable: true,
      fieldProps: { maxLength: 20 },
    },
    ...(ended
      ? [
          {
            title: t('vwMembership.field.exitRange'),
            dataIndex: 'range',
            valueType: 'dateRange' as const,
            hideInTable: true,
            fieldProps: { allowClear: true, style: { width: '100%' } },
          },
        ]
      : []),
    {
      title: t('vwMembership.field.patient'),
      dataIndex: 'patientName',
      search: false,
      fixed: mobile ? undefined : 'left',
      width: 170,
      render: (_, row) => (
        <span>
          <a href={`/patient/detail?id=${row.patientId}`} data-testid="vw-row-patient">
            {row.patientName}
          </a>{' '}
          <span className="gc-muted">
            {t(`patients.gender.${row.gender}`, { defaultValue: row.gender })}
            {row.age !== null ? ` · ${t('patients.ageYears', { age: row.age })}` : ''}
          </span>
        </span>
      ),
    },
    {
      title: t('vwMembership.field.wardBed'),
      dataIndex: 'departmentName',
      search: false,
      width: 140,
      render: (_, row) => `${row.departmentName}${row.bed ? ` · ${row.bed}` : ''}`,
    },
    {
      title: t('vwMembership.field.state'),
      dataIndex: 'patientStateName',
      search: false,
      width: 80,
      render: (_, row) => (
        <Tag color={row.patientState === 'inHospital' ? 'cyan' : undefined}>{row.patientStateName}</Tag>
      ),
    },
    {
      title: t('vwMembership.field.joinedAt'),
      dataIndex: 'joinedAt',
      search: false,
      width: 140,
      render: (_, row) => <span className="gc-nowrap">{dateTimeInZone(row.joinedAt)}</span>,
    },
    { title: t('vwMembership.field.joinCount'), dataIndex: 'joinCount', search: false, width: 70 },
    { title: t('vwMembership.field.source'), dataIndex: 'sourceName', search: false, width: 90 },
    { title: t('vwMembership.field.managedDays'), dataIndex: 'managedDays', search: false, width: 80 },
    {
      title: t('vwMembership.field.compliance'),
      dataIndex: 'complianceRate',
      search: false,
      width: 130,
      render: (_, row) => complianceText(row, t),
    },
    {
      title: t('vwMembership.field.latestGlucose'),
      dataIndex: 'latestGlucose',
      search: false,
      width: 160,
      render: (_, row) =>
        row.latestGlucose ? (
          <span>
            <b style={{ color: row.latestGlucose.color ?? undefined }}>
              {row.latestGlucose.value} {row.latestGlucose.unit}
            </b>{' '}
            <span className="gc-muted gc-nowrap">{dateTimeInZone(row.latestGlucose.testTime)}</span>
          </span>
        ) : (
          '—'
        ),
    },
    {
      title: t('vwMembership.field.suggestion'),
      dataIndex: 'suggestion',
      search: false,
      width: 260,
      ellipsis: true,
    },
    {
      title: t('vwMembership.field.groupLabels'),
      dataIndex: 'groupLabels',
      search: false,
      width: 160,
      render: (_, row) => (
        <Space size={2} wrap>
          {row.deviceMark !== 'none' ? <Tag color="purple">{row.deviceMarkName}</Tag> : null}
          {row.groupLabels.map((label) => (
            <Tag key={label}>{label}</Tag>
          ))}
        </Space>
      ),
    },
    ...(ended
      ? ([
          {
            title: t('vwMembership.field.exitedAt'),
            dataIndex: 'exitedAt',
            search: false,
            width: 140,
            render: (_, row) => (
              <span className="gc-nowrap">{row.exitedAt ? dateTimeInZone(row.exitedAt) : '—'}</span>
            ),
          },
          {
            title: t('vwMembership.field.exitReason'),
            dataIndex: 'exitReason',
            search: false,
            width: 200,
            ellipsis: true,
          },
          { title: t('vwMembership.field.exitedBy'), dataIndex: 'exitedByName', search: false, width: 100 },
        ] as ProColumns<VirtualWardStay>[])
      : []),
  ];
}

/** The Excel columns of both lists. */
export function stayExcelColumns(t: TFunction, ended: boolean): ExcelColumn<VirtualWardStay>[] {
  return [
    { title: t('vwMembership.field.patient'), dataIndex: 'patientName' },
    { title: t('vwMembership.field.ward'), dataIndex: 'departmentName' },
    { title: t('vwMembership.field.bed'), dataIndex: 'bed' },
    { title: t('vwMembership.field.inpatientNumber'), dataIndex: 'inpatientNumber' },
    { title: t('vwMembership.field.state'), dataIndex: 'patientStateName' },
    { title: t('vwMembership.field.joinedAt'), dataIndex: 'joinedAt', dateFormat: 'dateTime' },
    { title: t('vwMembership.field.joinCount'), dataIndex: 'joinCount' },
    { title: t('vwMembership.field.source'), dataIndex: 'sourceName' },
    { title: t('vwMembership.field.managedDays'), dataIndex: 'managedDays' },
    { title: t('vwMembership.field.compliantDays'), dataIndex: 'compliantDays' },
    { title: t('vwMembership.field.suggestion'), dataIndex: 'suggestion' },
    { title: t('vwMembership.field.deviceMark'), dataIndex: 'deviceMarkName' },
    ...(ended
      ? [
          {
            title: t('vwMembership.field.exitedAt'),
            dataIndex: 'exitedAt' as const,
            dateFormat: 'dateTime' as const,
          },
          { title: t('vwMembership.field.exitReason'), dataIndex: 'exitReason' as const },
          { title: t('vwMembership.field.exitedBy'), dataIndex: 'exitedByName' as const },
        ]
      : []),
  ];
}
