import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { PatientDetail, PatientStay, PatientTransfer } from '../../api/patients';
import { dateTimeInZone } from '../../components/format';
import { TableEmpty } from '../../components/PageWrapper';
import { placeText } from './PatientActions';

const time = (value: string | null) => (value ? dateTimeInZone(value) : '—');
const dash = (value: string | null | undefined) => value || '—';

/** The stays (admission to discharge) and the transfers of a patient, newest first. */
export function HistoryTab({ patient }: { patient: PatientDetail }) {
  const { t } = useTranslation();
  const stays: ColumnsType<PatientStay> = [
    {
      title: t('patients.field.admittedAt'),
      dataIndex: 'admittedAt',
      width: 150,
      render: (value: string, row) => (
        <span className="gc-nowrap">
          {time(value)}{' '}
          {row.current && !row.dischargedAt ? <Tag color="green">{t('patients.history.current')}</Tag> : null}
        </span>
      ),
    },
    { title: t('patients.field.dischargedAt'), dataIndex: 'dischargedAt', width: 140, render: time },
    { title: t('patients.field.department'), dataIndex: 'departmentName' },
    { title: t('patients.field.bed'), dataIndex: 'bed', width: 80, render: dash },
    { title: t('patients.field.doctor'), dataIndex: 'doctorName', render: dash },
    { title: t('patients.field.inpatientNumber'), dataIndex: 'inpatientNumber', render: dash },
  ];
  const moves: ColumnsType<PatientTransfer> = [
    { title: t('patients.transfer.startTime'), dataIndex: 'startTime', width: 140, render: time },
    { title: t('patients.transfer.endTime'), dataIndex: 'endTime', width: 140, render: time },
    {
      title: t('patients.transfer.from'),
      key: 'from',
      render: (_, row) => placeText(t, row.fromDepartmentName, row.fromBed, row.fromDoctorName),
    },
    {
      title: t('patients.transfer.to'),
      key: 'to',
      render: (_, row) => placeText(t, row.toDepartmentName, row.toBed, row.toDoctorName),
    },
    { title: t('patients.transfer.reason'), dataIndex: 'reason' },
  ];
  return (
    <div className="gc-patient-tab-card" data-testid="history-tab">
      <Typography.Title level={5}>
        {t('patients.history.stays', { count: patient.admissions.length })}
      </Typography.Title>
      <Table<PatientStay>
        rowKey="id"
        size="small"
        columns={stays}
        dataSource={patient.admissions}
        pagination={false}
        scroll={{ x: 760 }}
        data-testid="history-stays"
        locale={{ emptyText: <TableEmpty text={t('patients.history.noStays')} /> }}
      />
      <Typography.Title level={5} style={{ marginTop: 20 }}>
        {t('patients.history.transfers')}
      </Typography.Title>
      <Table<PatientTransfer>
        rowKey="id"
        size="small"
        columns={moves}
        dataSource={patient.transfers}
        pagination={false}
        scroll={{ x: 820 }}
        data-testid="history-transfers"
        locale={{ emptyText: <TableEmpty text={t('patients.history.noTransfers')} /> }}
      />
    </div>
  );
}
