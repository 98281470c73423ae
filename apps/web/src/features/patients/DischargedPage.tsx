import type { ProColumns } from '@ant-design/pro-components';
import { PERMISSIONS } from '@glucocare/domain/admin';
import { isDateRangeValid } from '@glucocare/domain/helpers';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type DischargedFilter, fetchDischarged, type Inpatient } from '../../api/patients';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import type { ExcelColumn } from '../../components/excel';
import { dateTimeInZone } from '../../components/format';
import { ListPage, useListReload } from '../../components/list-page/ListPage';
import { shownPatientTag } from '../../components/names';
import { PageWrapper } from '../../components/PageWrapper';
import { currentLang, msg } from '../../i18n';
import { RegisterDischargedForm } from '../outpatients/OutpatientForms';
import { PATIENT_PERMISSIONS, ReadmitForm } from './PatientActions';
import { PatientNameLink, patientKeys, useTagOptions } from './parts';
import { DATE } from './patient-form';
import './patients.css';

const DISCHARGED_LIST = 'discharged';

interface SearchParams {
  queryCondition?: string;
  qDepartment?: string;
  qRange?: [Dayjs | string, Dayjs | string];
}

/** The search form's values as the API's filter (the range in hospital days, both ends inclusive). */
export function dischargedFilterOf(params: SearchParams): DischargedFilter {
  const [begin, end] = params.qRange ?? [];
  return {
    queryCondition: params.queryCondition?.trim() || undefined,
    departmentCode: params.qDepartment || undefined,
    beginDate: begin ? dayjs(begin).format(DATE) : undefined,
    endDate: end ? dayjs(end).format(DATE) : undefined,
  };
}

/**
 * Discharged patients (`/patient/discharged`): search by name or number, department and discharge
 * date range; paged; Excel export of the whole filtered list; readmission; registration as an
 * outpatient (issue 18).
 */
export default function DischargedPage() {
  const { t } = useTranslation();
  const _lang = currentLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mobile = useDevice() === 'mobile';
  const canReadmit = usePermission(PATIENT_PERMISSIONS.discharge);
  const [readmit, setReadmit] = useState<Inpatient | null>(null);
  const canRegisterOutpatient = usePermission(PERMISSIONS.outpatients.register);
  const [toOutpatient, setToOutpatient] = useState<Inpatient | null>(null);
  const reload = useListReload(DISCHARGED_LIST);
  const tags = useTagOptions();
  const none = t('common.none');

  const exportColumns = (): ExcelColumn<Inpatient>[] => [
    { title: t('patients.field.name'), dataIndex: 'name' },
    {
      title: t('patients.field.gender'),
      dataIndex: 'gender',
      render: (value) => t(`patients.gender.${value === 'male' || value === 'female' ? value : 'unknown'}`),
    },
    { title: t('patients.field.age'), dataIndex: 'age' },
    { title: t('patients.field.inpatientNumber'), dataIndex: 'inpatientNumber' },
    { title: t('patients.field.department'), dataIndex: 'departmentName' },
    { title: t('patients.field.bed'), dataIndex: 'bed' },
    { title: t('patients.field.doctor'), dataIndex: 'doctorName' },
    { title: t('patients.field.admittedAt'), dataIndex: 'admittedAt', dateFormat: 'dateTime' },
    { title: t('patients.field.dischargedAt'), dataIndex: 'dischargedAt', dateFormat: 'dateTime' },
    {
      title: t('patients.field.tags'),
      dataIndex: 'tags',
      render: (_, row) => row.tags.map((tag) => shownPatientTag(tag, tags.byTag)),
    },
  ];
  const columns: ProColumns<Inpatient>[] = [
    {
      title: t('patients.discharged.search'),
      dataIndex: 'queryCondition',
      hideInTable: true,
      fieldProps: { placeholder: t('patients.discharged.searchPlaceholder'), maxLength: 50 },
    },
    {
      title: t('patients.field.department'),
      dataIndex: 'qDepartment',
      hideInTable: true,
      renderFormItem: () => <DepartmentTreeSelect source="scope" placeholder={t('common.all')} />,
    },
    {
      title: t('patients.discharged.range'),
      dataIndex: 'qRange',
      hideInTable: true,
      valueType: 'dateRange',
      formItemProps: {
        rules: [
          {
            validator: async (_rule, value?: [Dayjs, Dayjs]) => {
              if (value && !isDateRangeValid(dayjs(value[0]).format(DATE), dayjs(value[1]).format(DATE))) {
                throw new Error(msg('query.dateOrder'));
              }
            },
          },
        ],
      },
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
      title: t('patients.field.age'),
      dataIndex: 'age',
      search: false,
      width: 70,
      render: (_, row) => row.age ?? none,
    },
    {
      title: t('patients.field.inpatientNumber'),
      dataIndex: 'inpatientNumber',
      search: false,
      width: 130,
      render: (_, row) => row.inpatientNumber ?? none,
    },
    { title: t('patients.field.department'), dataIndex: 'departmentName', search: false, width: 130 },
    {
      title: t('patients.field.bed'),
      dataIndex: 'bed',
      search: false,
      width: 70,
      render: (_, row) => row.bed ?? none,
    },
    {
      title: t('patients.field.doctor'),
      dataIndex: 'doctorName',
      search: false,
      width: 130,
      render: (_, row) => row.doctorName ?? row.doctorCode ?? none,
    },
    {
      title: t('patients.field.admittedAt'),
      dataIndex: 'admittedAt',
      search: false,
      width: 150,
      render: (_, row) => <span className="gc-nowrap">{dateTimeInZone(row.admittedAt)}</span>,
    },
    {
      title: t('patients.field.dischargedAt'),
      dataIndex: 'dischargedAt',
      search: false,
      width: 150,
      render: (_, row) => <span className="gc-nowrap">{dateTimeInZone(row.dischargedAt)}</span>,
    },
  ];

  return (
    <PageWrapper
      title={t('patients.discharged.title')}
      description={t('patients.discharged.description')}
      testId="discharged-page"
    >
      <ListPage<Inpatient, DischargedFilter>
        name={DISCHARGED_LIST}
        columnsKey="gc-columns-discharged"
        columns={columns}
        request={fetchDischarged}
        filterOf={(values) => dischargedFilterOf(values as SearchParams)}
        texts={{ empty: t('patients.discharged.empty'), loadFailed: t('patients.discharged.loadFailed') }}
        rowActions={{
          extra: (row) => (
            <>
              <Button type="link" size="small" onClick={() => navigate(`/patient/detail?id=${row.id}`)}>
                {t('patients.action.detail')}
              </Button>
              {canReadmit ? (
                <Button type="link" size="small" onClick={() => setReadmit(row)} data-testid="row-readmit">
                  {t('patients.action.readmit')}
                </Button>
              ) : null}
              {canRegisterOutpatient ? (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setToOutpatient(row)}
                  data-testid="row-register-outpatient"
                >
                  {t('patients.action.registerOutpatient')}
                </Button>
              ) : null}
            </>
          ),
        }}
        excel={{
          fileName: t('patients.discharged.fileName'),
          sheetName: t('patients.discharged.title'),
          columns: exportColumns(),
        }}
      />
      {toOutpatient ? (
        <RegisterDischargedForm
          patient={toOutpatient}
          onClose={() => setToOutpatient(null)}
          onSaved={() => {
            setToOutpatient(null);
            reload();
            void queryClient.invalidateQueries({ queryKey: patientKeys.all });
          }}
        />
      ) : null}
      {readmit ? (
        <ReadmitForm
          patient={readmit}
          onClose={() => setReadmit(null)}
          onSaved={() => {
            setReadmit(null);
            reload();
            void queryClient.invalidateQueries({ queryKey: patientKeys.all });
          }}
        />
      ) : null}
    </PageWrapper>
  );
}
