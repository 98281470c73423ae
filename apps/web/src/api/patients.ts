import type {
  AdmissionInput,
  DischargeInput,
  PatientGluEventSave,
  PatientUpdateInput,
  ReadmissionInput,
  TransferInput,
} from '@glucocare/domain/patients';
import { http } from './http';
import type { Page } from './users';

/**
 * Inpatient calls (docs: "Patients", issue 5): the inpatient list and its counts, one patient, the
 * admission with scan and HIS lookup, edit, delete, transfer, discharge and readmission, a patient's
 * glucose events, and the hospital time zone.
 */

type Signal = AbortSignal | undefined;

export interface LatestGlucose {
  id: number;
  /** mmol/L */
  testValue: number;
  /** what was entered, in the unit it was entered in (shown back exactly in that unit) */
  enteredValue?: number | null;
  enteredUnit?: string | null;
  testTime: string;
  /** normal, low, high, criticalLow, criticalHigh, unknown */
  determineType: string | null;
  color: string | null;
  periodCode: string | null;
  periodName: string | null;
}

export interface TodayPeriods {
  done: string[];
  due: string[];
  overdue: string[];
  upcoming: string[];
}

export interface Inpatient {
  id: number;
  name: string;
  gender: string;
  age: number | null;
  status: 'inHospital' | 'discharged';
  departmentCode: string;
  departmentName: string;
  bed: string | null;
  inpatientNumber: string | null;
  wristbandCode: string | null;
  appointmentCode: string | null;
  admittedAt: string;
  dischargedAt: string | null;
  doctorCode: string | null;
  doctorName: string | null;
  tags: string[];
  heightCm: number | null;
  weightKg: number | null;
  version: number;
  latestGlucose: LatestGlucose | null;
  openCriticalCount: number;
  today: TodayPeriods;
}

export interface PatientStay {
  id: number;
  inpatientNumber: string | null;
  wristbandCode: string | null;
  departmentCode: string;
  departmentName: string;
  bed: string | null;
  doctorCode: string | null;
  doctorName: string | null;
  admittedAt: string;
  dischargedAt: string | null;
  current: boolean;
}

export interface PatientTransfer {
  id: number;
  admissionId: number | null;
  fromDepartmentCode: string;
  fromDepartmentName: string;
  toDepartmentCode: string;
  toDepartmentName: string;
  fromBed: string | null;
  toBed: string | null;
  fromDoctorCode: string | null;
  fromDoctorName: string | null;
  toDoctorCode: string | null;
  toDoctorName: string | null;
  reason: string;
  startTime: string;
  endTime: string | null;
  createdAt: string;
}

export interface PatientDetail extends Inpatient {
  idCard: string | null;
  mobilePhone: string | null;
  email: string | null;
  contact: string | null;
  dateOfBirth: string | null;
  admissions: PatientStay[];
  transfers: PatientTransfer[];
}

export interface InpatientFilter {
  queryCondition?: string;
  departmentCode?: string;
  doctorCode?: string;
  tag?: string;
  criticalOnly?: boolean;
}

export interface InpatientCounts {
  inHospital: number;
  admittedToday: number;
  withOpenCritical: number;
  measuredToday: number;
}

/** A HIS record as the admission form takes it. */
export interface HisPatient {
  name: string;
  gender: string;
  dateOfBirth: string | null;
  age: number | null;
  idCard: string | null;
  mobilePhone: string | null;
  inpatientNumber: string;
  wristbandCode: string | null;
  departmentCode: string | null;
  bed: string | null;
  doctorCode: string | null;
  admittedAt: string | null;
}

export interface ScanResult {
  patient: Inpatient | null;
  his: HisPatient | null;
  dischargedPatient: Inpatient | null;
  /** the code is another ward's patient: nothing more is told */
  otherWard: boolean;
}

export interface PatientGluEvent {
  id: number;
  patientId: number;
  eventId: number;
  eventCode: string | null;
  /** the event's and the option's names: in the request's language, and both */
  eventName: string | null;
  eventNameZh: string | null;
  eventNameEn: string | null;
  itemId: number | null;
  itemCode: string | null;
  itemName: string | null;
  itemNameZh: string | null;
  itemNameEn: string | null;
  iconUrl: string | null;
  occurredAt: string;
  note: string | null;
  createdBy: number | null;
  createdAt: string;
}

/** The largest page the inpatient list serves: a whole ward (or hospital) in one page. */
export const INPATIENT_PAGE_SIZE = 500;

const criticalFlag = (filter: InpatientFilter) => (filter.criticalOnly ? 'true' : undefined);

export function fetchInpatients(
  filter: InpatientFilter & { page?: number; size?: number },
  signal?: Signal,
): Promise<Page<Inpatient>> {
  return http.get('/v1/patients/hospitalizedPatients', {
    query: {
      ...filter,
      criticalOnly: criticalFlag(filter),
      page: filter.page ?? 1,
      size: filter.size ?? INPATIENT_PAGE_SIZE,
    },
    signal,
  });
}

export function fetchInpatientCounts(filter: InpatientFilter, signal?: Signal): Promise<InpatientCounts> {
  return http.get('/v1/patients/hospitalizedPatients/counts', {
    query: { ...filter, criticalOnly: criticalFlag(filter) },
    signal,
  });
}

export function fetchPatient(patientId: number, signal?: Signal): Promise<PatientDetail> {
  return http.get('/v1/patients/hospitalizedPatient', { query: { patientId }, signal });
}

export function admitPatient(input: AdmissionInput): Promise<Inpatient | null> {
  return http.post('/v1/patients/applyHospitalization', input);
}

export function updatePatient(input: PatientUpdateInput): Promise<Inpatient | null> {
  return http.put('/v1/patients', input);
}

export function deletePatient(id: number, version: number, reason: string): Promise<null> {
  return http.delete(`/v1/patients/${encodeURIComponent(String(id))}`, { query: { reason, version } });
}

export function scanPatientCode(code: string, signal?: Signal): Promise<ScanResult> {
  return http.get('/v1/patients/scan', { query: { code }, signal });
}

export function lookupHisPatient(codeNumber: string, signal?: Signal): Promise<HisPatient> {
  return http.get('/v1/hisTestPatients/getHospitalizedPatient', { query: { codeNumber }, signal });
}

export function transferPatient(input: TransferInput): Promise<Inpatient | null> {
  return http.post('/v1/patients/transfer', input);
}

export function fetchTransfers(patientId: number, signal?: Signal): Promise<PatientTransfer[]> {
  return http.get('/v1/patients/transfers', { query: { patientId }, signal });
}

export function dischargePatient(input: DischargeInput): Promise<Inpatient | null> {
  return http.post('/v1/patients/discharge', input);
}

export interface DischargedFilter {
  queryCondition?: string;
  departmentCode?: string;
  /** YYYY-MM-DD, hospital calendar, inclusive */
  beginDate?: string;
  endDate?: string;
}

export function fetchDischarged(
  filter: DischargedFilter & { page: number; size: number },
  signal?: Signal,
): Promise<Page<Inpatient>> {
  return http.get('/v1/patients/dischargedPatients', { query: { ...filter }, signal });
}

export function readmitPatient(id: number, input: ReadmissionInput): Promise<Inpatient | null> {
  return http.post(`/v1/patients/reApplyHospitalization/${encodeURIComponent(String(id))}`, input);
}

export function fetchPatientEvents(
  patientId: number,
  page: number,
  size: number,
  signal?: Signal,
): Promise<Page<PatientGluEvent>> {
  return http.get(`/v1/patient/glu/event/page/${encodeURIComponent(String(patientId))}`, {
    query: { page, size },
    signal,
  });
}

export function savePatientEvent(input: PatientGluEventSave): Promise<PatientGluEvent> {
  return http.post('/v1/patient/glu/event/save', input);
}

export function deletePatientEvent(id: number): Promise<null> {
  return http.delete('/v1/patient/glu/event', { query: { id } });
}

export function fetchTimeZone(signal?: Signal): Promise<{ value: string }> {
  return http.get('/v1/systemSetting/timeZone', { signal });
}

export function saveTimeZone(value: string): Promise<{ value: string }> {
  return http.post('/v1/systemSetting/timeZone', { value });
}

/** A doctor a patient can be given to. */
export interface ResponsibleDoctor {
  userName: string;
  nickName: string;
  departmentCode: string | null;
  departmentName: string | null;
}

/** Active doctors of the hospital (of one department when given), for admission, transfer and readmission. */
export function fetchResponsibleDoctors(
  departmentCode?: string,
  signal?: Signal,
): Promise<ResponsibleDoctor[]> {
  return http.get('/v1/patients/doctors', { query: { departmentCode }, signal });
}
