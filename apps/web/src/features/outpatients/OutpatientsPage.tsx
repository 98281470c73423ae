import type { ProColumns } from '@ant-design/pro-components';
import { PERMISSIONS } from '@glucocare/domain/admin';
import { formatReadingValue } from '@glucocare/domain/review';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchOutpatients, type Outpatient, type OutpatientFilter } from '../../api/outpatients';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import type { ExcelColumn } from '../../components/excel';
import { dateTimeInZone } from '../../components/format';
import { ListPage, useListReload } from '../../components/list-page/ListPage';
import { PageWrapper } from '../../components/PageWrapper';
import { PATIENT_PERMISSIONS, ReadmitForm, type ReadmitPatient } from '../patients/PatientActions';
import { GlucoseValue, PatientNameLink, patientKeys } from '../patients/parts';
import { useItemUnit } from '../review/use-item-unit';
import { OutpatientReadingDialog, RegisterOutpatientForm } from './OutpatientForms';
import '../patients/patients.css';

const OUTPATIENT_LIST = 'outpatients';

interface SearchParams {
  queryCondition?: string;
  qDepartment?: string;
}

/** The search form's values as the API's filter. */
export function outpatientFilterOf(params: SearchParams): OutpatientFilter {
  return {
    queryCondition: params.queryCondition?.trim() || undefined,
    departmentCode: params.qDepartment || undefined,
  };
}

/** An outpatient as the admission (readmission) form takes it: no bed, no stay yet. */
export function admittable(row: Outpatient): ReadmitPatient {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    version: row.version,
    admittedAt: row.registeredAt,
    dischargedAt: null,
    departmentCode: row.departmentCode,
    bed: null,
    doctorCode: row.doctorCode,
    wristbandCode: null,
    inpatientNumber: null,
  };
}

/**
 * Outpatients of the out-of-hospital mode (`/patient/outpatient`, issue 18): search by name,
 * outpatient number or phone and clinic; paged; Excel export and print of the whole filtered list;
 * registration; per row: record a reading (the patient page's entry dialog), open the patient page,
 * admit to a ward (the readmission form).
 */
export default function OutpatientsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mobile = useDevice() === 'mobile';
  const canRegister = usePermission(PERMISSIONS.outpatients.register);
  const canRecord = usePermission(PERMISSIONS.measurementEntry.edit);
  const canAdmit = usePermission(PATIENT_PERMISSIONS.discharge);
  const unit = useItemUnit('GLU');
  const reload = useListReload(OUTPATIENT_LIST);
  const [registering, setRegistering] = useState(false);
  const [reading, setReading] = useState<Outpatient | null>(null);
  const [admitting, setAdmitting] = useState<Outpatient | null>(null);
  const none = t('common.none');
  const changed = () => {
    reload();
    void queryClient.invalidateQueries({ queryKey: patientKeys.all });
  };

  const exportColumns = (): ExcelColumn<Outpatient>[] => [
    { title: t('patients.field.outpatientNumber'), dataIndex: 'outpatientNumber' },
    { title: t('patients.field.name'), dataIndex: 'name' },
    {
      title: t('patients.field.gender'),
      dataIndex: 'gender',
      render: (value) => t(`patients.gender.${value === 'male' || value === 'female' ? value : 'unknown'}`),
    },
    { title: t('patients.field.age'), dataIndex: 'age' },
    { title: t('patients.field.mobilePhone'), dataIndex: 'mobilePhone' },
    { title: t('outpatients.clinic'), dataIndex: 'departmentName' },
    {
      title: `${t('outpatients.latestGlucose')} (${unit.name})`,
      dataIndex: 'latestGlucose',
      render: (_, row) =>
        row.latestGlucose
          ? formatReadingValue('GLU', row.latestGlucose.testValue, unit.code, row.latestGlucose)
          : '',
    },
    {
      title: t('outpatients.virtualWard'),
      dataIndex: 'inVirtualWard',
      render: (value) => (value ? t('outpatients.inVirtualWard') : ''),
    },
    { title: t('patients.field.registeredAt'), dataIndex: 'registeredAt', dateFormat: 'dateTime' },
  ];

  const columns: ProColumns<Outpatient>[] = [
    {
      title: t('outpatients.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('outpatients.searchPlaceholder'), maxLength: 50 },
    },
    {
      title: t('outpatients.clinic'),
      dataIndex: 'qDepartment',
      hideInTable: true,
      renderFormItem: () => <DepartmentTreeSelect source="scope" placeholder={t('common.all')} />,
    },
    {
      title: t('patients.field.name'),
      dataIndex: 'name',
      search: false,
      fixed: mobile ? undefined : 'left',
      width: 150,
      render: (_, row) => (
        <PatientNameLink patient={row} onOpen={() => navigate(`/patient/detail?id=${row.id}`)} />
      ),
    },
    {
      title: t('patients.field.outpatientNumber'),
      dataIndex: 'outpatientNumber',
      search: false,
      width: 130,
      render: (_, row) => row.outpatientNumber ?? none,
    },
    {
      title: t('patients.field.age'),
      dataIndex: 'age',
      search: false,
      width: 70,
      render: (_, row) => row.age ?? none,
    },
    {
      title: t('patients.field.mobilePhone'),
      dataIndex: 'mobilePhone',
      search: false,
      width: 130,
      render: (_, row) => row.mobilePhone ?? none,
    },
    { title: t('outpatients.clinic'), dataIndex: 'departmentName', search: false, width: 130 },
    {
      title: t('outpatients.latestGlucose'),
      dataIndex: 'latestGlucose',
      search: false,
      width: 150,
      render: (_, row) =>
        row.latestGlucose ? (
          <span className="gc-nowrap">
            <GlucoseValue reading={row.latestGlucose} />{' '}
            <span className="gc-muted">{dateTimeInZone(row.latestGlucose.testTime)}</span>
          </span>
        ) : (
          none
        ),
    },
    {
      title: t('outpatients.virtualWard'),
      dataIndex: 'inVirtualWard',
      search: false,
      width: 100,
      render: (_, row) =>
        row.inVirtualWard ? <Tag color="purple">{t('outpatients.inVirtualWard')}</Tag> : none,
    },
    {
      title: t('patients.field.registeredAt'),
      dataIndex: 'registeredAt',
      search: false,
      width: 150,
      render: (_, row) => <span className="gc-nowrap">{dateTimeInZone(row.registeredAt)}</span>,
    },
  ];

  return (
    <PageWrapper
      title={t('outpatients.title')}
      description={t('outpatients.description')}
      testId="outpatients-page"
    >
      <ListPage<Outpatient, OutpatientFilter>
        name={OUTPATIENT_LIST}
        columnsKey="gc-columns-outpatients"
        columns={columns}
        request={fetchOutpatients}
        filterOf={(values) => outpatientFilterOf(values as SearchParams)}
        texts={{ empty: t('outpatients.empty'), loadFailed: t('outpatients.loadFailed') }}
        create={
          canRegister
            ? {
                testId: 'outpatient-register',
                label: t('outpatients.register'),
                onClick: () => setRegistering(true),
              }
            : undefined
        }
        rowActions={{
          extra: (row) => (
            <>
              {canRecord ? (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setReading(row)}
                  data-testid="row-record-reading"
                >
                  {t('outpatients.recordReading')}
                </Button>
              ) : null}
              <Button type="link" size="small" onClick={() => navigate(`/patient/detail?id=${row.id}`)}>
                {t('patients.action.detail')}
              </Button>
              {canAdmit ? (
                <Button type="link" size="small" onClick={() => setAdmitting(row)} data-testid="row-admit">
                  {t('patients.action.admitOutpatient')}
                </Button>
              ) : null}
            </>
          ),
        }}
        excel={{
          fileName: t('outpatients.fileName'),
          sheetName: t('outpatients.title'),
          columns: exportColumns(),
        }}
        print={{ title: t('outpatients.title') }}
      />
      {registering ? (
        <RegisterOutpatientForm
          onClose={() => setRegistering(false)}
          onSaved={() => {
            setRegistering(false);
            changed();
          }}
        />
      ) : null}
      {reading ? (
        <OutpatientReadingDialog
          patient={reading}
          onClose={() => setReading(null)}
          onSaved={() => {
            changed();
            void queryClient.invalidateQueries({ queryKey: ['measurements'] });
          }}
        />
      ) : null}
      {admitting ? (
        <ReadmitForm
          patient={admittable(admitting)}
          onClose={() => setAdmitting(null)}
          onSaved={() => {
            setAdmitting(null);
            changed();
          }}
        />
      ) : null}
    </PageWrapper>
  );
}
