import type {
  ConsultationDetailView,
  ConsultationOptionsView,
  ConsultationReplyView,
  ConsultationUnreadView,
  ConsultationView,
} from '@glucocare/domain/responses';
import { http } from './http';
import { resourceApi } from './resource';

/**
 * Consultations (docs/api.md "Consultations"): the inbox, my requests, a patient's consultations, the
 * detail with its thread, request, reply, complete/close, and the unread counts of the menu badges.
 * Query keys start with ['consultations'] so the push topic `consultations` refreshes them (app/live.ts).
 */

export type {
  ConsultationDetailView as ConsultationDetail,
  ConsultationOptionsView as ConsultationOptions,
  ConsultationReplyView as ConsultationReplyEntry,
  ConsultationUnreadView as ConsultationUnread,
  ConsultationView as Consultation,
} from '@glucocare/domain/responses';

export interface ConsultationFilter {
  queryCondition?: string;
  status?: ConsultationView['status'];
  urgency?: ConsultationView['urgency'];
  source?: ConsultationView['source'];
  departmentCode?: string;
  beginDate?: string;
  endDate?: string;
}
const FILTER_KEYS = [
  'queryCondition',
  'status',
  'urgency',
  'source',
  'departmentCode',
  'beginDate',
  'endDate',
] as const satisfies readonly (keyof ConsultationFilter)[];

const consultations = resourceApi<ConsultationView, never>('/v1/consultations');

/** The consulting department's inbox. */
export const fetchConsultationInbox = consultations.page<ConsultationFilter>('/query/', FILTER_KEYS);
/** The requests of the caller's departments. */
export const fetchConsultationRequests = consultations.page<ConsultationFilter>('/list', FILTER_KEYS);
/** A patient's consultations (the patient tab). */
export const fetchPatientConsultations = consultations.page<{ patientId: number }>('/queryPatient', [
  'patientId',
]);

export const consultationKeys = {
  all: ['consultations'] as const,
  unread: ['consultations', 'unread'] as const,
  detail: (id: number) => ['consultations', 'detail', id] as const,
  options: (patientId: number) => ['consultations', 'options', patientId] as const,
  patient: (patientId: number) => ['consultations', 'patient', patientId] as const,
};

export const fetchConsultationDetail = (id: number, signal?: AbortSignal) =>
  http.get<ConsultationDetailView>('/v1/consultations/logs', { query: { id }, signal });
export const fetchConsultationOptions = (patientId: number, signal?: AbortSignal) =>
  http.get<ConsultationOptionsView>('/v1/consultations/options', { query: { patientId }, signal });
export const fetchConsultationUnread = (signal?: AbortSignal) =>
  http.get<ConsultationUnreadView>('/v1/consultations/unread', { signal });

export interface ConsultationRequestInput {
  patientId: number;
  requestDepartmentCode: string;
  requestDoctorId: number;
  consultDepartmentCode: string;
  consultDoctorId: number;
  requestedAt: string;
  description: string;
  urgency: ConsultationView['urgency'];
}
export const requestConsultation = (body: ConsultationRequestInput) =>
  http.post<ConsultationView>('/v1/consultations', body);
export const replyToConsultation = (body: { id: number; text?: string | null; suggestionIds?: number[] }) =>
  http.post<ConsultationReplyView>('/v1/consultations/logs', body);
export const finishConsultation = (body: {
  id: number;
  version: number;
  action: 'complete' | 'close';
  record?: string;
  reason?: string;
}) => http.post<ConsultationView>('/v1/consultations/finish', body);
