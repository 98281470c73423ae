import {
  AlertOutlined,
  AppstoreOutlined,
  BarcodeOutlined,
  CalendarOutlined,
  ExperimentOutlined,
  PlusOutlined,
  ScheduleOutlined,
  TableOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, type InputRef, Pagination, Segmented, Select, Skeleton, Switch } from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText, showError } from '../../api/http';
import {
  fetchInpatientCounts,
  fetchInpatients,
  INPATIENT_PAGE_SIZE,
  type Inpatient,
  scanPatientCode,
} from '../../api/patients';
import { fetchDoctors } from '../../api/review';
import { toastError } from '../../app/notify';
import { usePermission } from '../../app/permissions';
import { useDevice } from '../../app/preferences';
import { useSession } from '../../app/session';
import { confirmAction } from '../../components/confirm';
import { DepartmentTreeSelect } from '../../components/DepartmentTreeSelect';
import { LoadError, PageWrapper } from '../../components/PageWrapper';
import { currentLang } from '../../i18n';
import { CriticalAlert } from '../critical/CriticalAlert';
import { AdmissionForm, type AdmissionFormProps } from '../patients/AdmissionForm';
import { confirmDischarge, PATIENT_PERMISSIONS, ReadmitForm, TransferForm } from '../patients/PatientActions';
import { patientKeys, useGlucosePeriods, useTagOptions } from '../patients/parts';
import { admissionValuesFromHis } from '../patients/patient-form';
import { BedCard, type PatientAction } from './BedCard';
import { InpatientTable } from './InpatientTable';
import {
  isFiltered,
  type ListFilters,
  periodChips,
  readViewMode,
  scanOutcome,
  type ViewMode,
  writeViewMode,
} from './inpatients';
import { OutpatientService } from './OutpatientService';
import '../patients/patients.css';

/** How often the ward view refreshes itself (new readings, critical values, admissions by colleagues). */
const REFRESH_MS = 60_000;

type AdmissionState = Pick<AdmissionFormProps, 'initial' | 'prefilledFrom' | 'appointment'>;

function CountTile({
  icon,
  label,
  value,
  critical,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: number | undefined;
  critical?: boolean;
  testId: string;
}) {
  return (
    <div className={critical ? 'gc-ward-count gc-ward-count-critical' : 'gc-ward-count'} data-testid={testId}>
      <span className="gc-ward-count-icon">{icon}</span>
      <span style={{ minWidth: 0 }}>
        <div className="gc-ward-count-label">{label}</div>
        <div className="gc-ward-count-value">{value ?? '–'}</div>
      </span>
    </div>
  );
}

/** Patients grouped by department in list order (the server sorts by department, bed, name). */
function byDepartment(records: readonly Inpatient[]) {
  const groups: { code: string; name: string; patients: Inpatient[] }[] = [];
  for (const patient of records) {
    const last = groups.at(-1);
    if (last?.code === patient.departmentCode) last.patients.push(patient);
    else groups.push({ code: patient.departmentCode, name: patient.departmentName, patients: [patient] });
  }
  return groups;
}

/**
 * Home (`/index`): the inpatient list nurses live in. Counts, the critical-value alert, the scan input
 * (a barcode scanner types the wristband and Enter), admission (also by appointment code), filters, and
 * the patients as bed cards or a table with detail, transfer and discharge.
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const lang = currentLang();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mobile = useDevice() === 'mobile';
  const { profile, tenant, isOut } = useSession();
  const canAdmit = usePermission(PATIENT_PERMISSIONS.admit);
  const canTransfer = usePermission(PATIENT_PERMISSIONS.transfer);
  const canDischarge = usePermission(PATIENT_PERMISSIONS.discharge);
  const allowed = { transfer: canTransfer, discharge: canDischarge };

  const [filters, setFilters] = useState<ListFilters>({});
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [view, setView] = useState<ViewMode>(readViewMode);
  const [admission, setAdmission] = useState<AdmissionState | null>(null);
  const [transfer, setTransfer] = useState<Inpatient | null>(null);
  const [readmit, setReadmit] = useState<Inpatient | null>(null);
  const [scanning, setScanning] = useState(false);
  const [scanCode, setScanCode] = useState('');
  const scanRef = useRef<InputRef>(null);

  const list = useQuery({
    queryKey: patientKeys.list({ ...filters, page, lang }),
    queryFn: ({ signal }) => fetchInpatients({ ...filters, page, size: INPATIENT_PAGE_SIZE }, signal),
    refetchInterval: REFRESH_MS,
    staleTime: 0,
    meta: { silent: true },
  });
  const counts = useQuery({
    queryKey: patientKeys.counts(filters),
    queryFn: ({ signal }) => fetchInpatientCounts(filters, signal),
    refetchInterval: REFRESH_MS,
    staleTime: 0,
    meta: { silent: true },
  });
  const doctors = useQuery({
    queryKey: ['doctors', 'scope', lang],
    queryFn: ({ signal }) => fetchDoctors(signal),
    staleTime: 300_000,
    meta: { silent: true },
  });
  const periods = useGlucosePeriods();
  const tags = useTagOptions();

  const records = list.data?.records ?? [];
  const groups = useMemo(() => byDepartment(records), [records]);
  const now = new Date(list.dataUpdatedAt || Date.now());
  const hospital = tenant?.names?.[lang] || tenant?.organizationName || profile?.organizationName || '';

  const refresh = () => void queryClient.invalidateQueries({ queryKey: patientKeys.all });
  const change = (next: Partial<ListFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
  };
  const chooseView = (mode: ViewMode) => {
    setView(mode);
    writeViewMode(mode);
  };
  const openPatient = (patient: Pick<Inpatient, 'id'>, tab?: string) =>
    navigate(`/patient/detail?id=${patient.id}${tab ? `&tab=${tab}` : ''}`);

  const onAction = async (action: PatientAction, patient: Inpatient) => {
    if (action === 'detail') openPatient(patient);
    else if (action === 'transfer') setTransfer(patient);
    else if (await confirmDischarge(patient, t)) refresh();
  };

  const scan = async (raw: string) => {
    const code = raw.trim();
    if (!code) return;
    setScanning(true);
    try {
      const outcome = scanOutcome(await scanPatientCode(code), code);
      setScanCode('');
      if (outcome.kind === 'patient') {
        openPatient(outcome.patient);
      } else if (outcome.kind === 'otherWard') {
        toastError(t('dashboard.scan.otherWard', { code }));
      } else if (!canAdmit) {
        toastError(t('dashboard.scan.notOnWard', { code }));
      } else if (outcome.kind === 'readmit') {
        const ok = await confirmAction({
          title: t('dashboard.scan.dischargedTitle'),
          content: t('dashboard.scan.dischargedText', { name: outcome.patient.name, code }),
          okText: t('patients.action.readmit'),
        });
        if (ok) setReadmit(outcome.patient);
      } else if (outcome.kind === 'his') {
        setAdmission({ initial: admissionValuesFromHis(outcome.his), prefilledFrom: 'his' });
      } else {
        const ok = await confirmAction({
          title: t('dashboard.scan.unknownTitle'),
          content: t('dashboard.scan.unknownText', { code }),
          okText: t('patients.action.admit'),
        });
        if (ok) setAdmission({ initial: { name: '', wristbandCode: code }, prefilledFrom: 'scan' });
      }
    } catch (error) {
      showError(error);
    } finally {
      setScanning(false);
      if (!mobile) scanRef.current?.focus();
    }
  };

  const doctorOptions = (doctors.data ?? [])
    .filter((doctor) => !filters.departmentCode || doctor.departmentCode === filters.departmentCode)
    .map((doctor) => ({ value: doctor.userName, label: doctor.nickName }));
  const filtered = isFiltered(filters);

  let content: ReactNode;
  if (list.isError && !list.data) {
    content = (
      <LoadError
        title={t('dashboard.loadFailed')}
        message={errorText(list.error)}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (list.isPending) {
    content = (
      <div className="gc-bed-grid" data-testid="ward-loading">
        {Array.from({ length: mobile ? 3 : 8 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={index} className="gc-bed-skeleton">
            <Skeleton active title={false} paragraph={{ rows: 3 }} />
          </div>
        ))}
      </div>
    );
  } else if (!records.length) {
    content = (
      <div className="gc-ward-empty" data-testid="ward-empty">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={filtered ? t('dashboard.emptyFiltered') : t('dashboard.empty')}
        >
          {filtered ? (
            <Button
              onClick={() => {
                setFilters({});
                setKeyword('');
              }}
            >
              {t('dashboard.clearFilters')}
            </Button>
          ) : canAdmit ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdmission({})}>
              {t('patients.action.add')}
            </Button>
          ) : null}
        </Empty>
      </div>
    );
  } else if (view === 'table' || isOut) {
    content = (
      <InpatientTable
        records={records}
        periods={periods}
        tagOptions={tags.byTag}
        now={now}
        allowed={allowed}
        loading={list.isFetching}
        onAction={(action, patient) => void onAction(action, patient)}
      />
    );
  } else {
    content = (
      <div data-testid="bed-cards">
        {groups.map((group) => (
          <section key={group.code} aria-label={group.name}>
            {groups.length > 1 || filters.departmentCode ? (
              <div className="gc-ward-department">
                {group.name}
                <span className="gc-muted">
                  {t('dashboard.patientCount', { count: group.patients.length })}
                </span>
              </div>
            ) : null}
            <div className="gc-bed-grid">
              {group.patients.map((patient) => (
                <BedCard
                  key={patient.id}
                  patient={patient}
                  chips={periodChips(patient.today, periods, (item) => t(`measurements.item.${item}`))}
                  tagOptions={tags.byTag}
                  now={now}
                  allowed={allowed}
                  onAction={(action, p) => void onAction(action, p)}
                />
              ))}
            </div>
          </section>
        ))}
      </div>
    );
  }

  return (
    <PageWrapper
      title={<span data-testid="dashboard-hospital">{hospital}</span>}
      description={t('dashboard.subtitle')}
      testId="dashboard"
      className="gc-ward"
    >
      <CriticalAlert />
      {isOut ? <OutpatientService /> : null}
      <div className="gc-ward-counts" data-testid="ward-counts">
        <CountTile
          icon={<TeamOutlined />}
          label={t('dashboard.count.inHospital')}
          value={counts.data?.inHospital}
          testId="count-in-hospital"
        />
        <CountTile
          icon={<CalendarOutlined />}
          label={t('dashboard.count.admittedToday')}
          value={counts.data?.admittedToday}
          testId="count-admitted-today"
        />
        <CountTile
          icon={<AlertOutlined />}
          label={t('dashboard.count.withOpenCritical')}
          value={counts.data?.withOpenCritical}
          critical={(counts.data?.withOpenCritical ?? 0) > 0}
          testId="count-critical"
        />
        <CountTile
          icon={<ExperimentOutlined />}
          label={t('dashboard.count.measuredToday')}
          value={counts.data?.measuredToday}
          testId="count-measured-today"
        />
      </div>

      <div className="gc-ward-toolbar">
        <div className="gc-ward-toolbar-row">
          <Input
            ref={scanRef}
            className="gc-ward-scan"
            size="large"
            prefix={<BarcodeOutlined />}
            placeholder={t('dashboard.scan.placeholder')}
            aria-label={t('dashboard.scan.label')}
            value={scanCode}
            disabled={scanning}
            autoFocus={!mobile}
            autoComplete="off"
            spellCheck={false}
            maxLength={32}
            data-testid="scan-input"
            onChange={(event) => setScanCode(event.target.value)}
            onPressEnter={() => void scan(scanCode)}
          />
          <span className="gc-ward-toolbar-spacer" />
          {canAdmit ? (
            <>
              <Button
                icon={<ScheduleOutlined />}
                onClick={() => setAdmission({ appointment: true })}
                data-testid="admit-appointment"
              >
                {t('dashboard.appointment')}
              </Button>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setAdmission({})}
                data-testid="admit-patient"
              >
                {t('patients.action.add')}
              </Button>
            </>
          ) : null}
        </div>
        <div className="gc-ward-toolbar-row">
          <DepartmentTreeSelect
            source="scope"
            value={filters.departmentCode ?? null}
            onChange={(value) =>
              change({ departmentCode: value ? String(value) : undefined, doctorCode: undefined })
            }
            placeholder={t('dashboard.filter.allDepartments')}
            style={{ width: mobile ? 'calc(50% - 4px)' : 180 }}
            data-testid="filter-department"
          />
          <Select
            className="gc-ward-filter"
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('dashboard.filter.allDoctors')}
            value={filters.doctorCode}
            options={doctorOptions}
            onChange={(value?: string) => change({ doctorCode: value })}
            data-testid="filter-doctor"
          />
          <Select
            className="gc-ward-filter"
            allowClear
            placeholder={t('dashboard.filter.allTags')}
            value={filters.tag}
            options={tags.selectOptions}
            onChange={(value?: string) => change({ tag: value })}
            data-testid="filter-tag"
          />
          <Input.Search
            className="gc-ward-keyword"
            allowClear
            placeholder={t('dashboard.filter.keyword')}
            value={keyword}
            onChange={(event) => {
              setKeyword(event.target.value);
              if (!event.target.value) change({ queryCondition: undefined });
            }}
            onSearch={(value) => change({ queryCondition: value.trim() || undefined })}
            data-testid="filter-keyword"
          />
          <span className="gc-ward-critical-switch">
            <Switch
              size="small"
              checked={!!filters.criticalOnly}
              onChange={(checked) => change({ criticalOnly: checked || undefined })}
              data-testid="filter-critical"
              aria-label={t('dashboard.filter.criticalOnly')}
            />
            {t('dashboard.filter.criticalOnly')}
          </span>
          <span className="gc-ward-toolbar-spacer" />
          {/* out-of-hospital mode: no bed cards, the inpatients show as the table */}
          {isOut ? null : (
            <Segmented<ViewMode>
              value={view}
              onChange={chooseView}
              data-testid="view-toggle"
              options={[
                {
                  value: 'cards',
                  icon: <AppstoreOutlined />,
                  label: mobile ? undefined : t('dashboard.view.cards'),
                  title: t('dashboard.view.cards'),
                },
                {
                  value: 'table',
                  icon: <TableOutlined />,
                  label: mobile ? undefined : t('dashboard.view.table'),
                  title: t('dashboard.view.table'),
                },
              ]}
            />
          )}
        </div>
      </div>

      {list.isError && list.data ? (
        <LoadError
          title={t('dashboard.refreshFailed')}
          message={errorText(list.error)}
          onRetry={() => void list.refetch()}
        />
      ) : null}
      {content}
      {(list.data?.total ?? 0) > INPATIENT_PAGE_SIZE ? (
        <Pagination
          align="center"
          current={page}
          pageSize={INPATIENT_PAGE_SIZE}
          total={list.data?.total ?? 0}
          showSizeChanger={false}
          onChange={setPage}
        />
      ) : null}

      {admission ? (
        <AdmissionForm
          {...admission}
          onClose={() => setAdmission(null)}
          onSaved={() => {
            setAdmission(null);
            refresh();
          }}
        />
      ) : null}
      {transfer ? (
        <TransferForm
          patient={transfer}
          onClose={() => setTransfer(null)}
          onSaved={() => {
            setTransfer(null);
            refresh();
          }}
        />
      ) : null}
      {readmit ? (
        <ReadmitForm
          patient={readmit}
          onClose={() => setReadmit(null)}
          onSaved={() => {
            setReadmit(null);
            refresh();
          }}
        />
      ) : null}
    </PageWrapper>
  );
}
