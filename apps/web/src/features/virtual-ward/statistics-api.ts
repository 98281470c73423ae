import type {
  ChartsView,
  OutcomeStaysView,
  OutcomesView,
  StayBeforeAfterView,
  TestTimeView,
  WorkloadView,
} from '@glucocare/domain/responses';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';

/**
 * The virtual ward's statistics and outcomes (issue 18, docs/api.md "Statistics and outcomes
 * (patient-days)"): patient-day outcomes month by month, a stay's before/after, the specialists'
 * workload, when readings are taken, and the daily charts. Glucose arrives in mmol/L; the pages show it
 * in the hospital's unit.
 */

export type { ChartsView, OutcomeStaysView, OutcomesView, StayBeforeAfterView, TestTimeView, WorkloadView };
export type OutcomeScope = OutcomesView['scope'];

export interface OutcomeQuery {
  beginMonth: string;
  endMonth: string;
  scope: OutcomeScope;
  departmentCode?: string;
}
export interface RangeQuery {
  beginDate: string;
  endDate: string;
}

export const fetchOutcomes = (query: OutcomeQuery, signal?: AbortSignal) =>
  http.get<OutcomesView>('/v1/virtualward/outcomes', { query: { ...query }, signal });
export const fetchOutcomeStays = (query: OutcomeQuery, signal?: AbortSignal) =>
  http.get<OutcomeStaysView>('/v1/virtualward/outcomes/stays', { query: { ...query }, signal });
export const fetchStayBeforeAfter = (stayId: number, signal?: AbortSignal) =>
  http.get<StayBeforeAfterView>(`/v1/virtualward/stays/${stayId}/beforeAfter`, { signal });
export const fetchWorkload = (query: RangeQuery & { groupBy: 'day' | 'month' }, signal?: AbortSignal) =>
  http.get<WorkloadView>('/v1/virtualward/statistics/workload', { query: { ...query }, signal });
export const fetchTestTime = (query: RangeQuery, signal?: AbortSignal) =>
  http.get<TestTimeView>('/v1/virtualward/statistics/testTime', { query: { ...query }, signal });
export const fetchCharts = (query: RangeQuery, signal?: AbortSignal) =>
  http.get<ChartsView>('/v1/virtualward/statistics/charts', { query: { ...query }, signal });

/** react-query keys (the language too where names come translated). */
export const vwStatsKeys = {
  all: ['virtualWardStatistics'] as const,
  outcomes: (query: OutcomeQuery, lang: string) =>
    ['virtualWardStatistics', 'outcomes', query, lang] as const,
  stays: (query: OutcomeQuery) =>
    ['virtualWardStatistics', 'stays', query.beginMonth, query.endMonth] as const,
  beforeAfter: (stayId: number) => ['virtualWardStatistics', 'beforeAfter', stayId] as const,
  workload: (query: RangeQuery, groupBy: string) =>
    ['virtualWardStatistics', 'workload', query, groupBy] as const,
  testTime: (query: RangeQuery, lang: string) => ['virtualWardStatistics', 'testTime', query, lang] as const,
  charts: (query: RangeQuery) => ['virtualWardStatistics', 'charts', query] as const,
};

export function useOutcomes(query: OutcomeQuery | null, lang: string) {
  return useQuery({
    queryKey: vwStatsKeys.outcomes(query as OutcomeQuery, lang),
    queryFn: ({ signal }) => fetchOutcomes(query as OutcomeQuery, signal),
    enabled: !!query,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useOutcomeStays(query: OutcomeQuery | null) {
  return useQuery({
    queryKey: vwStatsKeys.stays(query as OutcomeQuery),
    queryFn: ({ signal }) => fetchOutcomeStays(query as OutcomeQuery, signal),
    enabled: !!query,
    meta: { silent: true },
  });
}

export function useStayBeforeAfter(stayId: number | null) {
  return useQuery({
    queryKey: vwStatsKeys.beforeAfter(stayId ?? 0),
    queryFn: ({ signal }) => fetchStayBeforeAfter(stayId as number, signal),
    enabled: stayId !== null,
    meta: { silent: true },
  });
}

export function useWorkload(query: RangeQuery | null, groupBy: 'day' | 'month') {
  return useQuery({
    queryKey: vwStatsKeys.workload(query as RangeQuery, groupBy),
    queryFn: ({ signal }) => fetchWorkload({ ...(query as RangeQuery), groupBy }, signal),
    enabled: !!query,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useTestTime(query: RangeQuery | null, lang: string) {
  return useQuery({
    queryKey: vwStatsKeys.testTime(query as RangeQuery, lang),
    queryFn: ({ signal }) => fetchTestTime(query as RangeQuery, signal),
    enabled: !!query,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useCharts(query: RangeQuery | null) {
  return useQuery({
    queryKey: vwStatsKeys.charts(query as RangeQuery),
    queryFn: ({ signal }) => fetchCharts(query as RangeQuery, signal),
    enabled: !!query,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}
