import type {
  FollowupView,
  Page,
  PatientVirtualWardView,
  Suggestion,
  WorklistRowView,
  WorklistView,
} from '@glucocare/domain/responses';
import type { ReviewCriteria } from '@glucocare/domain/virtual-ward';
import { http } from './http';
import { resourceApi } from './resource';

/**
 * The virtual ward's daily review worklist and follow-up records (docs/api.md "Daily review worklist
 * and follow-up records"). Query keys start with ['virtualWard'] (and the lists' ['list', 'virtualWard…'])
 * so the push topic `virtualWard` refreshes them (app/live.ts).
 */
export type {
  FollowupView as Followup,
  PatientVirtualWardView as PatientVirtualWard,
  WorklistRowView as WorklistRow,
} from '@glucocare/domain/responses';

export const virtualWardReviewKeys = {
  all: ['virtualWard'] as const,
  patient: (patientId: number) => ['virtualWard', 'patient', patientId] as const,
  suggestions: ['virtualWard', 'suggestions'] as const,
  criteria: ['virtualWard', 'criteria'] as const,
};

export interface WorklistFilter {
  queryCondition?: string;
  departmentCode?: string;
  inVirtualWard?: boolean;
  reviewed?: boolean;
}

export const fetchWorklist = (
  query: WorklistFilter & { page: number; size: number },
  signal?: AbortSignal,
): Promise<WorklistView> =>
  http.get<WorklistView>('/v1/virtualward/worklist', {
    query: {
      queryCondition: query.queryCondition?.trim() || undefined,
      departmentCode: query.departmentCode,
      inVirtualWard: query.inVirtualWard,
      reviewed: query.reviewed,
      page: query.page,
      size: query.size,
    },
    signal,
  });

export interface FollowupFilter {
  queryCondition?: string;
  specialistId?: number;
  departmentCode?: string;
  kind?: FollowupView['kind'];
  beginDate?: string;
  endDate?: string;
}
const followups = resourceApi<FollowupView, never>('/v1/virtualward/followups');
export const fetchFollowups: (
  query: FollowupFilter & { page: number; size: number },
  signal?: AbortSignal,
) => Promise<Page<FollowupView>> = followups.page<FollowupFilter>('', [
  'queryCondition',
  'specialistId',
  'departmentCode',
  'kind',
  'beginDate',
  'endDate',
]);

export interface FollowupInput {
  patientId: number;
  kind: FollowupView['kind'];
  assessment: string;
  suggestion: string;
  suggestionId?: number | null;
  nextReviewDate?: string | null;
  reasons?: WorklistRowView['reasons'] | null;
}
export const writeFollowup = (body: FollowupInput) =>
  http.post<FollowupView>('/v1/virtualward/followups', body);
export const deleteFollowup = (id: number, reason: string) =>
  http.delete<null>(`/v1/virtualward/followups/${id}`, { query: { reason } });

export const fetchPatientVirtualWard = (patientId: number, signal?: AbortSignal) =>
  http.get<PatientVirtualWardView>(`/v1/virtualward/patient/${patientId}`, { signal });

/** The enabled management suggestions (the picker of the review dialog). */
export const fetchSuggestionList = (signal?: AbortSignal) =>
  http.get<Suggestion[]>('/v1/suggestions/list', { signal });

const CRITERIA = '/v1/virtualward/setting/reviewCriteria';
export const fetchReviewCriteria = (signal?: AbortSignal) => http.get<ReviewCriteria>(CRITERIA, { signal });
export const saveReviewCriteria = (body: ReviewCriteria) => http.post<ReviewCriteria>(CRITERIA, body);
