import {
  ArrowLeftOutlined,
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  ExportOutlined,
  LoginOutlined,
  PrinterOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { PERMISSIONS } from '@glucocare/domain/admin';
import { INPATIENT_LIMITS, patientDeleteReasonSchema } from '@glucocare/domain/patients';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  type ButtonProps,
  Dropdown,
  Form,
  Input,
  Modal,
  Result,
  Skeleton,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText, isApiError } from '../../api/http';
import { deletePatient, fetchPatient, type PatientDetail } from '../../api/patients';
import { toastSuccess } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { handleSaveError } from '../../components/form-errors';
import { zodRule } from '../../components/form-rules';
import { dateTimeInZone } from '../../components/format';
import { LoadError } from '../../components/PageWrapper';
import { currentLang } from '../../i18n';
import { AnalysisTab } from '../analysis/AnalysisTab';
import { ConsultationTab } from '../consultations/ConsultationTab';
import { InsulinTab } from '../insulin/InsulinTab';
import { LinkedChartTab } from '../insulin/LinkedChart';
import { MeasurementTab } from '../measurements/MeasurementTab';
import { PatientMedicationOrders } from '../medication/PatientMedicationOrders';
import { OrdersTab } from '../orders/OrdersTab';
import { PumpTab } from '../pumps/PumpTab';
import { openRecordScreen, type RecordScreen } from '../records/open';
import { VirtualWardActions, VirtualWardBadge } from '../virtual-ward/PatientVirtualWard';
import { useFollowupNotice, VirtualWardTab } from '../virtual-ward/VirtualWardTab';
import { BasicInfoTab } from './BasicInfoTab';
import { EventsTab } from './EventsTab';
import { HistoryTab } from './HistoryTab';
import { confirmDischarge, PATIENT_PERMISSIONS, ReadmitForm, TransferForm } from './PatientActions';
import { GenderIcon, GlucoseValue, PatientTags, patientKeys, useTagOptions } from './parts';
import './patients.css';

export const PATIENT_TABS = [
  'basic',
  'glucose',
  'ketone',
  'uricAcid',
  'insulin',
  'pump',
  'orders',
  'consultation',
  'virtualWard',
  'linked',
  'analysis',
  'events',
  'history',
] as const;
export type PatientTab = (typeof PATIENT_TABS)[number];

/** The tab a link asks for (`&tab=glucose`), basic info otherwise. */
export function tabOf(value: string | null): PatientTab {
  return (PATIENT_TABS as readonly string[]).includes(value ?? '') ? (value as PatientTab) : 'basic';
}

const PRINTABLE: { screen: RecordScreen; key: string }[] = [
  { screen: 'glucose', key: 'patients.print.glucose' },
  { screen: 'ketone', key: 'patients.print.ketone' },
  { screen: 'inspect', key: 'patients.print.inspect' },
  { screen: 'trend', key: 'patients.print.trend' },
  { screen: 'linked', key: 'patients.print.linked' },
];

/** Deleting a patient admitted by mistake: the reason is required (1-200); refused once measured. */
function DeleteDialog({
  patient,
  onClose,
  onDeleted,
}: {
  patient: PatientDetail;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={t('patients.delete.title', { name: patient.name })}
      okText={t('common.delete')}
      okButtonProps={{ danger: true, loading: busy, 'data-testid': 'delete-ok' } as ButtonProps}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      destroyOnHidden
      onOk={async () => {
        const { reason } = await form.validateFields();
        setBusy(true);
        try {
          await deletePatient(patient.id, patient.version, reason.trim());
          toastSuccess(t('common.deleted'));
          onDeleted();
        } catch (error) {
          handleSaveError(form, error);
        } finally {
          setBusy(false);
        }
      }}
    >
      <p>{t('patients.delete.text')}</p>
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label={t('patients.delete.reason')}
          rules={[zodRule(patientDeleteReasonSchema)]}
          required
        >
          <Input.TextArea
            rows={2}
            maxLength={INPATIENT_LIMITS.deleteReason.max}
            showCount
            data-testid="delete-reason"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Patient detail (`/patient/detail?id=…&tab=…`): the summary with its actions (transfer, discharge or
 * readmit, print records, delete when admitted by mistake) and the tabs: basic info, glucose, ketone
 * and uric-acid measurements, glucose events, stays and transfers. The tab is in the URL.
 */
export default function PatientDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const validId = Number.isSafeInteger(id) && id > 0;
  const tab = tabOf(params.get('tab'));
  const canAdmit = usePermission(PATIENT_PERMISSIONS.admit);
  const canTransfer = usePermission(PATIENT_PERMISSIONS.transfer);
  const canDischarge = usePermission(PATIENT_PERMISSIONS.discharge);
  const canSeeMedication = usePermission(PERMISSIONS.medicationOrders.list);
  const canEditEvents = usePermission(PATIENT_PERMISSIONS.eventEdit);
  const tags = useTagOptions();
  const [transfer, setTransfer] = useState(false);
  const [readmit, setReadmit] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [editingBasic, setEditingBasic] = useState(false);

  useFollowupNotice(id, validId);
  const query = useQuery({
    queryKey: [...patientKeys.detail(id), currentLang()],
    queryFn: ({ signal }) => fetchPatient(id, signal),
    enabled: validId,
    meta: { silent: true },
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: patientKeys.all });
  const setTab = (next: string) => {
    const search = new URLSearchParams(params);
    search.set('tab', next);
    setParams(search, { replace: true });
  };
  const back = () => navigate('/index');

  const notFound = !validId || (query.isError && isApiError(query.error) && query.error.status === 404);
  if (notFound) {
    return (
      <Result
        status="404"
        title={t('patients.detail.notFound')}
        subTitle={t('patients.detail.notFoundText')}
        extra={
          <Button type="primary" onClick={back}>
            {t('patients.detail.backToList')}
          </Button>
        }
        data-testid="patient-not-found"
      />
    );
  }
  if (query.isError) {
    return (
      <div className="gc-page">
        <LoadError
          title={t('patients.detail.loadFailed')}
          message={errorText(query.error)}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }
  const patient = query.data;
  if (!patient) {
    return (
      <div className="gc-page">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }

  const inHospital = patient.status === 'inHospital';
  const outpatient = patient.status === 'outpatient';
  const measurementTab = (item: 'GLU' | 'KET' | 'UA') => (
    <div className="gc-patient-tab-card">
      <MeasurementTab patientId={patient.id} item={item} />
    </div>
  );

  return (
    <div className="gc-page gc-patient-detail" data-testid="patient-detail">
      <div className="gc-patient-header">
        <div className="gc-patient-header-main">
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            onClick={back}
            aria-label={t('patients.detail.backToList')}
          />
          <h2 className="gc-patient-header-name" data-testid="patient-name-heading">
            {patient.name}
          </h2>
          <GenderIcon gender={patient.gender} />
          {patient.age !== null ? (
            <span className="gc-muted">{t('patients.ageYears', { age: patient.age })}</span>
          ) : null}
          {inHospital ? (
            <Tag color="cyan">{t('patients.status.inHospital')}</Tag>
          ) : outpatient ? (
            <Tag color="geekblue" data-testid="patient-outpatient">
              {t('patients.status.outpatient')}
            </Tag>
          ) : (
            <Tag data-testid="patient-discharged">{t('patients.status.discharged')}</Tag>
          )}
          <VirtualWardBadge patientId={patient.id} />
          {patient.openCriticalCount ? (
            <span className="gc-bed-critical">
              {t('dashboard.criticalBadge', { count: patient.openCriticalCount })}
            </span>
          ) : null}
        </div>
        <div className="gc-patient-header-facts">
          <span>
            {t('patients.field.department')}: <b>{patient.departmentName}</b>
          </span>
          <span>
            {t('patients.field.bed')}: <b data-testid="patient-bed-value">{patient.bed ?? '—'}</b>
          </span>
          <span>
            {t('patients.field.doctor')}: <b>{patient.doctorName ?? patient.doctorCode ?? '—'}</b>
          </span>
          <span>
            {t('patients.field.inpatientNumber')}: <b>{patient.inpatientNumber ?? '—'}</b>
          </span>
          {patient.outpatientNumber ? (
            <span>
              {t('patients.field.outpatientNumber')}:{' '}
              <b data-testid="patient-outpatient-number">{patient.outpatientNumber}</b>
            </span>
          ) : null}
          {outpatient ? (
            <span>
              {t('patients.field.registeredAt')}: <b>{dateTimeInZone(patient.admittedAt)}</b>
            </span>
          ) : (
            <span>
              {inHospital ? t('patients.field.admittedAt') : t('patients.field.dischargedAt')}:{' '}
              <b>{dateTimeInZone(inHospital ? patient.admittedAt : patient.dischargedAt)}</b>
            </span>
          )}
          {patient.latestGlucose ? (
            <span>
              {t('dashboard.latestGlucose')}: <GlucoseValue reading={patient.latestGlucose} />
            </span>
          ) : null}
          <PatientTags tags={patient.tags} options={tags.byTag} />
        </div>
        <div className="gc-patient-header-actions">
          {canAdmit ? (
            <Button
              icon={<EditOutlined />}
              data-testid="detail-edit"
              onClick={() => {
                setTab('basic');
                setEditingBasic(true);
              }}
            >
              {t('common.edit')}
            </Button>
          ) : null}
          {inHospital && canTransfer ? (
            <Button icon={<SwapOutlined />} onClick={() => setTransfer(true)} data-testid="detail-transfer">
              {t('patients.action.transfer')}
            </Button>
          ) : null}
          {inHospital && canDischarge ? (
            <Button
              danger
              icon={<ExportOutlined />}
              data-testid="detail-discharge"
              onClick={async () => {
                if (await confirmDischarge(patient, t)) refresh();
              }}
            >
              {t('patients.action.discharge')}
            </Button>
          ) : null}
          {!inHospital && canDischarge ? (
            <Button
              type="primary"
              icon={<LoginOutlined />}
              onClick={() => setReadmit(true)}
              data-testid="detail-readmit"
            >
              {outpatient ? t('patients.action.admitOutpatient') : t('patients.action.readmit')}
            </Button>
          ) : null}
          <VirtualWardActions patientId={patient.id} patientName={patient.name} />
          <Dropdown
            trigger={['click']}
            menu={{
              items: PRINTABLE.map(({ screen, key }) => ({ key: screen, label: t(key) })),
              onClick: ({ key }) => openRecordScreen(key as RecordScreen, patient.id),
            }}
          >
            <Button icon={<PrinterOutlined />} data-testid="detail-print">
              {t('patients.action.print')} <DownOutlined />
            </Button>
          </Dropdown>
          {canAdmit ? (
            <Button
              danger
              type="text"
              icon={<DeleteOutlined />}
              onClick={() => setDeleting(true)}
              data-testid="detail-delete"
            >
              {t('patients.action.delete')}
            </Button>
          ) : null}
        </div>
      </div>

      <Tabs
        className="gc-patient-tabs"
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          {
            key: 'basic',
            label: t('patients.tab.basic'),
            children: (
              <BasicInfoTab
                patient={patient}
                canEdit={canAdmit}
                editing={editingBasic}
                onEditingChange={setEditingBasic}
                onChanged={refresh}
                onReload={() => query.refetch()}
              />
            ),
          },
          { key: 'glucose', label: t('patients.tab.glucose'), children: measurementTab('GLU') },
          { key: 'ketone', label: t('patients.tab.ketone'), children: measurementTab('KET') },
          { key: 'uricAcid', label: t('patients.tab.uricAcid'), children: measurementTab('UA') },
          {
            key: 'insulin',
            label: t('patients.tab.insulin'),
            children: <InsulinTab patientId={patient.id} />,
          },
          {
            key: 'pump',
            label: t('patients.tab.pump'),
            children: <PumpTab patientId={patient.id} />,
          },
          {
            // the medical orders, then the medication orders (for those who may read the wards' list)
            key: 'orders',
            label: t('patients.tab.orders'),
            children: (
              <div className="gc-patient-orders">
                <section data-testid="patient-medical-orders">
                  <Typography.Title level={5}>{t('orders.title')}</Typography.Title>
                  <OrdersTab patientId={patient.id} inHospital={inHospital} admittedAt={patient.admittedAt} />
                </section>
                {canSeeMedication ? <PatientMedicationOrders patientId={patient.id} /> : null}
              </div>
            ),
          },
          {
            key: 'consultation',
            label: t('patients.tab.consultation'),
            children: <ConsultationTab patientId={patient.id} />,
          },
          {
            key: 'virtualWard',
            label: t('patients.tab.virtualWard'),
            children: <VirtualWardTab patient={patient} />,
          },
          {
            key: 'linked',
            label: t('patients.tab.linked'),
            children: <LinkedChartTab patientId={patient.id} />,
          },
          { key: 'analysis', label: t('patients.tab.analysis'), children: <AnalysisTab patient={patient} /> },
          {
            key: 'events',
            label: t('patients.tab.events'),
            children: <EventsTab patientId={patient.id} canEdit={canEditEvents} />,
          },
          { key: 'history', label: t('patients.tab.history'), children: <HistoryTab patient={patient} /> },
        ]}
      />

      {transfer ? (
        <TransferForm
          patient={patient}
          onClose={() => setTransfer(false)}
          onSaved={(moved) => {
            setTransfer(false);
            refresh();
            // moved out of the user's departments: nothing more to see here
            if (!moved) back();
          }}
        />
      ) : null}
      {readmit ? (
        <ReadmitForm
          patient={patient}
          onClose={() => setReadmit(false)}
          onSaved={() => {
            setReadmit(false);
            refresh();
          }}
        />
      ) : null}
      {deleting ? (
        <DeleteDialog
          patient={patient}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            setDeleting(false);
            refresh();
            back();
          }}
        />
      ) : null}
    </div>
  );
}
