import type {
  AppointmentRequest,
  OutpatientFromDischarged,
  OutpatientRegistration,
  OutpatientUpdate,
} from '@glucocare/domain/patients';
import type {
  AppointmentCreatedView,
  AppointmentOptionsView,
  AppointmentView,
  OutpatientServiceView,
  OutpatientView,
  Page,
} from '@glucocare/domain/responses';
import { http } from './http';

/**
 * Outpatients of the out-of-hospital mode and pre-admission appointments (docs: "Outpatients, the
 * out-of-hospital mode and appointments", issue 18). Admitting an outpatient is `readmitPatient`.
 */

type Signal = AbortSignal | undefined;

export type {
  AppointmentCreatedView as AppointmentCreated,
  AppointmentOptionsView as AppointmentOptions,
  AppointmentView as Appointment,
  OutpatientServiceView as OutpatientService,
  OutpatientView as Outpatient,
} from '@glucocare/domain/responses';

export interface OutpatientFilter {
  queryCondition?: string;
  departmentCode?: string;
}

export function fetchOutpatients(
  filter: OutpatientFilter & { page: number; size: number },
  signal?: Signal,
): Promise<Page<OutpatientView>> {
  return http.get('/v1/outpatients', { query: { ...filter }, signal });
}

export function fetchOutpatientService(signal?: Signal): Promise<OutpatientServiceView> {
  return http.get('/v1/outpatients/summary', { signal });
}

export function registerOutpatient(input: OutpatientRegistration): Promise<OutpatientView | null> {
  return http.post('/v1/outpatients', input);
}

export function updateOutpatient(id: number, input: OutpatientUpdate): Promise<OutpatientView | null> {
  return http.put(`/v1/outpatients/${encodeURIComponent(String(id))}`, input);
}

export function registerDischargedAsOutpatient(
  id: number,
  input: OutpatientFromDischarged,
): Promise<OutpatientView | null> {
  return http.post(`/v1/outpatients/${encodeURIComponent(String(id))}/register`, input);
}

export function fetchAppointmentOptions(tenant: string, signal?: Signal): Promise<AppointmentOptionsView> {
  return http.get('/v1/public/appointments/options', { query: { tenant }, signal });
}

export function createAppointment(input: AppointmentRequest): Promise<AppointmentCreatedView> {
  return http.post('/v1/public/appointments', input);
}

export function fetchAppointment(code: string, signal?: Signal): Promise<AppointmentView> {
  return http.get(`/v1/appointments/${encodeURIComponent(code.trim().toUpperCase())}`, { signal });
}
