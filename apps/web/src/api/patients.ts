import type {
  AdmissionInput,
  DischargeInput,
  PatientGluEventSave,
  PatientUpdateInput,
  ReadmissionInput,
  TransferInput,
} from '@glucocare/domain/patients';
import type {
  HisPatientView,
  InpatientCountsView,
  InpatientView,
  Page,
  PatientDetailView,
  PatientGluEventView,
  ResponsibleDoctorView,
  ScanView,
  TimeZoneView,
  TransferView,
} from '@glucocare/domain/responses';
import { http } from './http';

/**
 * Inpatient calls (docs: "Patients", issue 5): the inpatient list and its counts, one patient, the
 * admission with scan and HIS lookup, edit, delete, transfer, discharge and readmission, a patient's
 * glucose events, and the hospital time zone.
 */

type Signal = AbortSignal | undefined;

export type {
  AdmissionView as PatientStay,
  HisPatientView as HisPatient,
  InpatientCountsView as InpatientCounts,
  InpatientView as Inpatient,
  LatestGlucoseView as LatestGlucose,
  PatientDetailView as PatientDetail,
  PatientGluEventView as PatientGluEvent,
  ResponsibleDoctorView as ResponsibleDoctor,
  ScanView as ScanResult,
  TodayView as TodayPeriods,
  TransferView as PatientTransfer,
} from '@glucocare/domain/responses';

export interface InpatientFilter {
  queryCondition?: string;
  departmentCode?: string;
  doctorCode?: string;
  tag?: string;
  criticalOnly?: boolean;
}

/** The largest page the inpatient list serves: a whole ward (or hospital) in one page. */
export const INPATIENT_PAGE_SIZE = 500;

const criticalFlag = (filter: InpatientFilter) => (filter.criticalOnly ? 'true' : undefined);

export function fetchInpatients(
  filter: InpatientFilter & { page?: number; size?: number },
  signal?: Signal,
): Promise<Page<InpatientView>> {
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

export function fetchInpatientCounts(filter: InpatientFilter, signal?: Signal): Promise<InpatientCountsView> {
  return http.get('/v1/patients/hospitalizedPatients/counts', {
    query: { ...filter, criticalOnly: criticalFlag(filter) },
    signal,
  });
}

export function fetchPatient(patientId: number, signal?: Signal): Promise<PatientDetailView> {
  return http.get('/v1/patients/hospitalizedPatient', { query: { patientId }, signal });
}

export function admitPatient(input: AdmissionInput): Promise<InpatientView | null> {
  return http.post('/v1/patients/applyHospitalization', input);
}

export function updatePatient(input: PatientUpdateInput): Promise<InpatientView | null> {
  return http.put('/v1/patients', input);
}

export function deletePatient(id: number, version: number, reason: string): Promise<null> {
  return http.delete(`/v1/patients/${encodeURIComponent(String(id))}`, { query: { reason, version } });
}

export function scanPatientCode(code: string, signal?: Signal): Promise<ScanView> {
  return http.get('/v1/patients/scan', { query: { code }, signal });
}

export function lookupHisPatient(codeNumber: string, signal?: Signal): Promise<HisPatientView> {
  return http.get('/v1/hisTestPatients/getHospitalizedPatient', { query: { codeNumber }, signal });
}

export function transferPatient(input: TransferInput): Promise<InpatientView | null> {
  return http.post('/v1/patients/transfer', input);
}

export function fetchTransfers(patientId: number, signal?: Signal): Promise<TransferView[]> {
  return http.get('/v1/patients/transfers', { query: { patientId }, signal });
}

export function dischargePatient(input: DischargeInput): Promise<InpatientView | null> {
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
): Promise<Page<InpatientView>> {
  return http.get('/v1/patients/dischargedPatients', { query: { ...filter }, signal });
}

export function readmitPatient(id: number, input: ReadmissionInput): Promise<InpatientView | null> {
  return http.post(`/v1/patients/reApplyHospitalization/${encodeURIComponent(String(id))}`, input);
}

export function fetchPatientEvents(
  patientId: number,
  page: number,
  size: number,
  signal?: Signal,
): Promise<Page<PatientGluEventView>> {
  return http.get(`/v1/patient/glu/event/page/${encodeURIComponent(String(patientId))}`, {
    query: { page, size },
    signal,
  });
}

export function savePatientEvent(input: PatientGluEventSave): Promise<PatientGluEventView> {
  return http.post('/v1/patient/glu/event/save', input);
}

export function deletePatientEvent(id: number): Promise<null> {
  return http.delete('/v1/patient/glu/event', { query: { id } });
}

export function fetchTimeZone(signal?: Signal): Promise<TimeZoneView> {
  return http.get('/v1/systemSetting/timeZone', { signal });
}

export function saveTimeZone(value: string): Promise<TimeZoneView> {
  return http.post('/v1/systemSetting/timeZone', { value });
}

/** Active doctors of the hospital (of one department when given), for admission, transfer and readmission. */
export function fetchResponsibleDoctors(
  departmentCode?: string,
  signal?: Signal,
): Promise<ResponsibleDoctorView[]> {
  return http.get('/v1/patients/doctors', { query: { departmentCode }, signal });
}
