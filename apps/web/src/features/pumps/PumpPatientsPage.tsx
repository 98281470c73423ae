import type { ProColumns } from '@ant-design/pro-components';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchPumpPatientsPage, type PumpBinding, type PumpPatientsFilter } from '../../api/pumps';
import { useDevice } from '../../app/preferences';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { dateTimeInZone } from '../../components/format';
import { ListPage } from '../../components/list-page/ListPage';
import { PageWrapper } from '../../components/PageWrapper';
import { usePumpLowLevels } from '../tasks/use-pump-strategy';
import { levelColumns, wearTimeText } from './pump-format';

const at = (iso: string | null) => (iso ? dateTimeInZone(iso) : '');

/**
 * `/pump/patients`: who wears which pump now (search by patient, bed, inpatient number or serial
 * number; department), with wear time, the next tube change (overdue in red), battery and dose; Excel
 * export and print; a row opens the patient's "Insulin pump" tab.
 */
export default function PumpPatientsPage() {
  const { t } = useTranslation();
  const low = usePumpLowLevels();
  const mobile = useDevice() === 'mobile';
  const navigate = useNavigate();
  const columns: ProColumns<PumpBinding>[] = [
    {
      title: t('pumpBinding.list.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('pumpBinding.list.searchPlaceholder'), maxLength: 50 },
    },
    {
      title: t('pumpRegister.department'),
      dataIndex: 'departmentCode',
      hideInTable: true,
      renderFormItem: () => <DepartmentTreeSelect source="scope" placeholder={t('common.all')} />,
    },
    {
      title: t('pumpBinding.field.patient'),
      dataIndex: 'patientName',
      search: false,
      fixed: mobile ? undefined : 'left',
      width: 130,
      render: (_, row) => (
        <div>
          <Typography.Text strong className="gc-nowrap">
            {row.patientName}
          </Typography.Text>
          <div className="gc-secondary gc-nowrap" style={{ fontSize: 12 }}>
            {[row.bed ? t('pumpBinding.list.bed', { bed: row.bed }) : null, row.inpatientNumber]
              .filter(Boolean)
              .join(' · ')}
          </div>
        </div>
      ),
    },
    { title: t('pumpRegister.department'), dataIndex: 'departmentName', search: false, width: 110 },
    {
      title: t('pumpRegister.serialNumber'),
      dataIndex: 'serialNumber',
      search: false,
      width: 150,
      render: (_, row) => (
        <div>
          <span className="gc-nowrap">{row.serialNumber}</span>
          <div className="gc-secondary gc-nowrap" style={{ fontSize: 12 }}>
            {[row.manufacturerName, row.pumpType].filter(Boolean).join(' · ')}
          </div>
        </div>
      ),
    },
    {
      title: t('pumpBinding.field.upAt'),
      dataIndex: 'upAt',
      search: false,
      width: 140,
      render: (_, row) => <span className="gc-nowrap">{at(row.upAt)}</span>,
    },
    {
      title: t('pumpBinding.field.wearTime'),
      dataIndex: 'wearTime',
      search: false,
      width: 90,
      render: (_, row) => <span className="gc-nowrap">{wearTimeText(t, row.wearTime)}</span>,
    },
    {
      title: t('pumpBinding.field.nextTubeChange'),
      dataIndex: 'nextTubeChangeAt',
      search: false,
      width: 150,
      render: (_, row) => (
        <div>
          <span className="gc-nowrap">{at(row.nextTubeChangeAt)}</span>
          {row.tubeChangeOverdue ? (
            <Tag color="error" style={{ marginInlineStart: 6 }} data-testid="pump-row-overdue">
              {t('pumpBinding.tab.overdue')}
            </Tag>
          ) : null}
        </div>
      ),
    },
    ...levelColumns<PumpBinding>(t, low),
    {
      title: t('pumpBinding.field.doctor'),
      dataIndex: 'responsibleDoctorName',
      search: false,
      width: 110,
    },
    {
      title: t('pumpBinding.field.lastTubeChange'),
      dataIndex: 'lastTubeChangeAt',
      search: false,
      width: 150,
      render: (_, row) => at(row.lastTubeChangeAt),
    },
  ];
  return (
    <PageWrapper
      title={t('pumpBinding.list.title')}
      description={t('pumpBinding.list.intro')}
      testId="pump-patients-page"
    >
      <ListPage<PumpBinding, PumpPatientsFilter>
        name="pumpPatients"
        columnsKey="gc-columns-pump-patients"
        columns={columns}
        hiddenColumns={['responsibleDoctorName', 'lastTubeChangeAt']}
        request={fetchPumpPatientsPage}
        onRowClick={(row) => navigate(`/patient/detail?id=${row.patientId}&tab=pump`)}
        texts={{ empty: t('pumpBinding.list.empty'), loadFailed: t('pumpBinding.list.loadFailed') }}
        excel={{
          fileName: t('pumpBinding.list.exportFileName'),
          sheetName: t('pumpBinding.list.title'),
          columns: [
            { title: t('pumpBinding.field.patient'), dataIndex: 'patientName' },
            { title: t('pumpBinding.list.bedColumn'), dataIndex: 'bed' },
            { title: t('pumpBinding.list.inpatientNumber'), dataIndex: 'inpatientNumber' },
            { title: t('pumpRegister.department'), dataIndex: 'departmentName' },
            { title: t('pumpRegister.serialNumber'), dataIndex: 'serialNumber' },
            { title: t('pumpRegister.manufacturer'), dataIndex: 'manufacturerName' },
            { title: t('pumpBinding.field.upAt'), dataIndex: 'upAt', dateFormat: 'dateTime' },
            {
              title: t('pumpBinding.field.wearTime'),
              dataIndex: 'wearTime',
              render: (_, row) => wearTimeText(t, row.wearTime),
            },
            {
              title: t('pumpBinding.field.lastTubeChange'),
              dataIndex: 'lastTubeChangeAt',
              dateFormat: 'dateTime',
            },
            {
              title: t('pumpBinding.field.nextTubeChange'),
              dataIndex: 'nextTubeChangeAt',
              dateFormat: 'dateTime',
            },
            {
              title: t('pumpBinding.tab.overdue'),
              dataIndex: 'tubeChangeOverdue',
              render: (value) => (value ? t('pumpBinding.tab.overdue') : ''),
            },
            { title: `${t('pumpRegister.battery')} (%)`, dataIndex: 'battery' },
            { title: `${t('pumpRegister.dose')} (IU)`, dataIndex: 'dose' },
            { title: t('pumpBinding.field.executor'), dataIndex: 'executorName' },
            { title: t('pumpBinding.field.doctor'), dataIndex: 'responsibleDoctorName' },
            { title: t('pumpBinding.field.nurse'), dataIndex: 'responsibleNurseName' },
          ],
        }}
        print={{ title: t('pumpBinding.list.title') }}
      />
    </PageWrapper>
  );
}
