import type {
  LabResultView,
  Suggestion,
  VirtualWardPatientStateView,
  VirtualWardStayView,
} from '@glucocare/domain/responses';
import type { VirtualWardDeviceMark } from '@glucocare/domain/virtual-ward';
import { http } from './http';
import { resourceApi } from './resource';

/**
 * Virtual-ward membership (docs/api.md "Virtual ward / Membership"): current and history lists, join,
 * exit (one or a batch), edit of a stay, a patient's state, the managing department, lab results.
 * Query keys start with ['virtualWard'] (lists: ['list', 'virtualWard…']) so the push topic
 * `virtualWard` refreshes them (app/live.ts).
 */
export type { LabResultView as LabResult, VirtualWardStayView as VirtualWardStay };

export interface VirtualWardFilter {
  queryCondition?: string;
  departmentCode?: string;
  deviceMark?: VirtualWardDeviceMark;
  groupLabel?: string;
  beginDate?: string;
  endDate?: string;
}

const stays = resourceApi<VirtualWardStayView, never>('/v1/virtualward');
const CURRENT_KEYS = ['queryCondition', 'departmentCode', 'deviceMark', 'groupLabel'] as const;

export const fetchVirtualWardCurrent = stays.page<VirtualWardFilter>('/current', CURRENT_KEYS);
export const fetchVirtualWardHistory = stays.page<VirtualWardFilter>('/history', [
  ...CURRENT_KEYS,
  'beginDate',
  'endDate',
]);

export const virtualWardKeys = {
  patient: (patientId: number) => ['virtualWard', 'patient', patientId] as const,
  labResults: (patientId: number) => ['virtualWard', 'labResults', patientId] as const,
  suggestions: ['virtualWard', 'suggestions'] as const,
};

export const fetchPatientVirtualWard = (patientId: number, signal?: AbortSignal) =>
  http.get<VirtualWardPatientStateView>('/v1/virtualward/patient', { query: { patientId }, signal });

export interface JoinInput {
  patientId: number;
  joinedAt: string;
  suggestion: string;
  suggestionId?: number | null;
  deviceMark: VirtualWardDeviceMark;
  groupLabels: string[];
}
export const joinVirtualWard = (body: JoinInput) =>
  http.post<VirtualWardStayView>('/v1/virtualward/join', body);
export const exitVirtualWard = (body: { stayIds: number[]; reason: string; exitedAt?: string }) =>
  http.post<VirtualWardStayView[]>('/v1/virtualward/exit', body);
export const editVirtualWardStay = (body: {
  id: number;
  version: number;
  suggestion?: string;
  deviceMark?: VirtualWardDeviceMark;
  groupLabels?: string[];
}) => http.put<VirtualWardStayView>('/v1/virtualward/stay', body);

/** The management suggestions of the library (active ones), for the join dialog's picker. */
export const fetchSuggestionList = (signal?: AbortSignal) =>
  http.get<Suggestion[]>('/v1/suggestions/list', { signal });

const MANAGING = '/v1/virtualward/setting/managingDepartment';
export const fetchManagingDepartment = (signal?: AbortSignal) =>
  http.get<string | null>(MANAGING, { signal });
export const saveManagingDepartment = (value: string) => http.post<string>(MANAGING, { value });

export const fetchLabResults = (patientId: number, signal?: AbortSignal) =>
  http.get<LabResultView[]>('/v1/labResults', { query: { patientId }, signal });
export const addLabResult = (body: {
  patientId: number;
  itemCode: string;
  value: number;
  unit?: string | null;
  resultedAt: string;
}) => http.post<LabResultView>('/v1/labResults', body);
export const deleteLabResult = (id: number, reason: string) =>
  http.delete<LabResultView>(`/v1/labResults/${id}`, { query: { reason } });
