import { type ProColumns, ProTable } from '@ant-design/pro-components';
import { compareBeds } from '@glucocare/domain/tasks';
import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Inpatient } from '../../api/patients';
import { useDevice } from '../../app/preferences';
import { dateTimeInZone, formatDateTime } from '../../components/format';
import { GlucoseValue, PatientNameLink, PatientTags, type TagOptionsByText } from '../patients/parts';
import { agoText, type PatientAction, PeriodChips } from './BedCard';
import { periodChips } from './inpatients';

/*
 * Not on the list-page kit: this table is a second view of the rows the dashboard has already loaded
 * for its bed cards (up to INPATIENT_PAGE_SIZE of the ward filter, refreshed on a timer, paged by the
 * dashboard beyond that), and sorts and pages them in the browser by bed, age, critical count and
 * admission. The kit loads its own pages from the server per filter; on it this table would ask the
 * server again for what is on screen, refresh apart from the bed cards and sort only the page shown.
 * It has no search form, export or print, so no other kit part applies either.
 */

/**
 * The inpatient list as a table (the same data as the bed cards) with column settings: bed, patient,
 * numbers, doctor, tags, latest glucose, critical values, today's periods, admission, actions.
 */
export function InpatientTable({
  records,
  periods,
  tagOptions,
  now,
  allowed,
  loading,
  onAction,
}: {
  records: Inpatient[];
  periods: { code: string; name: string; sort: number }[];
  tagOptions: TagOptionsByText;
  now: Date;
  allowed: { transfer: boolean; discharge: boolean };
  loading: boolean;
  onAction: (action: PatientAction, patient: Inpatient) => void;
}) {
  const { t } = useTranslation();
  const mobile = useDevice() === 'mobile';
  const columns: ProColumns<Inpatient>[] = [
    {
      title: t('patients.field.bed'),
      dataIndex: 'bed',
      width: 72,
      fixed: mobile ? undefined : 'left',
      sorter: (a, b) => compareBeds(a.bed, b.bed),
      render: (_, row) => <span className="gc-nowrap">{row.bed ?? '—'}</span>,
    },
    {
      title: t('patients.field.name'),
      dataIndex: 'name',
      width: 150,
      fixed: mobile ? undefined : 'left',
      render: (_, row) => (
        <PatientNameLink patient={row} onOpen={() => onAction('detail', row)} testId="row-patient" />
      ),
    },
    {
      title: t('patients.field.age'),
      dataIndex: 'age',
      width: 70,
      sorter: (a, b) => (a.age ?? -1) - (b.age ?? -1),
    },
    {
      title: t('dashboard.latestGlucose'),
      dataIndex: 'latestGlucose',
      width: 190,
      render: (_, row) =>
        row.latestGlucose ? (
          <Tooltip title={formatDateTime(row.latestGlucose.testTime)}>
            <Space size={6}>
              <GlucoseValue reading={row.latestGlucose} />
              <span className="gc-muted gc-nowrap">{agoText(t, row.latestGlucose.testTime, now)}</span>
            </Space>
          </Tooltip>
        ) : (
          <span className="gc-muted">{t('dashboard.noReading')}</span>
        ),
    },
    {
      title: t('dashboard.critical'),
      dataIndex: 'openCriticalCount',
      width: 90,
      sorter: (a, b) => a.openCriticalCount - b.openCriticalCount,
      render: (_, row) =>
        row.openCriticalCount ? (
          <span className="gc-bed-critical">
            {t('dashboard.criticalBadge', { count: row.openCriticalCount })}
          </span>
        ) : (
          '—'
        ),
    },
    {
      title: t('dashboard.today'),
      dataIndex: 'today',
      width: 260,
      render: (_, row) => (
        <PeriodChips chips={periodChips(row.today, periods, (item) => t(`measurements.item.${item}`))} />
      ),
    },
    { title: t('patients.field.department'), dataIndex: 'departmentName', width: 130, ellipsis: true },
    { title: t('patients.field.inpatientNumber'), dataIndex: 'inpatientNumber', width: 130, copyable: true },
    { title: t('patients.field.wristbandCode'), dataIndex: 'wristbandCode', width: 130, hideInTable: mobile },
    {
      title: t('patients.field.doctor'),
      dataIndex: 'doctorName',
      width: 130,
      ellipsis: true,
      render: (_, row) => row.doctorName ?? row.doctorCode ?? '—',
    },
    {
      title: t('patients.field.tags'),
      dataIndex: 'tags',
      width: 160,
      render: (_, row) => <PatientTags tags={row.tags} options={tagOptions} />,
    },
    {
      title: t('patients.field.admittedAt'),
      dataIndex: 'admittedAt',
      width: 160,
      sorter: (a, b) => a.admittedAt.localeCompare(b.admittedAt),
      render: (_, row) => <span className="gc-nowrap">{dateTimeInZone(row.admittedAt)}</span>,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      valueType: 'option',
      width: 240,
      fixed: mobile ? undefined : 'right',
      render: (_, row) => [
        <Button key="detail" type="link" size="small" onClick={() => onAction('detail', row)}>
          {t('patients.action.detail')}
        </Button>,
        allowed.transfer ? (
          <Button
            key="transfer"
            type="link"
            size="small"
            onClick={() => onAction('transfer', row)}
            data-testid="row-transfer"
          >
            {t('patients.action.transfer')}
          </Button>
        ) : null,
        allowed.discharge ? (
          <Button
            key="discharge"
            type="link"
            size="small"
            danger
            onClick={() => onAction('discharge', row)}
            data-testid="row-discharge"
          >
            {t('patients.action.discharge')}
          </Button>
        ) : null,
      ],
    },
  ];
  return (
    <ProTable<Inpatient>
      rowKey="id"
      columns={columns}
      dataSource={records}
      loading={loading}
      search={false}
      size="small"
      cardBordered
      data-testid="inpatient-table"
      scroll={{ x: 'max-content' }}
      columnsState={{
        persistenceKey: 'gc-inpatient-columns',
        persistenceType: 'localStorage',
        defaultValue: { wristbandCode: { show: false }, admittedAt: { show: false } },
      }}
      options={{ density: true, setting: true, reload: false, fullScreen: false }}
      pagination={{ defaultPageSize: 50, showSizeChanger: true, pageSizeOptions: [20, 50, 100, 200] }}
    />
  );
}
