import type {
  QcAccuracyView,
  QcCurveView,
  QcMonthReportsView,
  QcMonthReportView,
  QcStatisticsView,
} from '@glucocare/domain/responses';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../api/http';

/**
 * The QC analysis calls (issue 19, docs/api.md "Levey-Jennings curve, statistics, monthly reports and
 * accuracy against the laboratory"). Keys live under the live topic `quality` (app/live.ts): the curve and
 * statistics under `['quality']`, the reports and accuracy under their `['list', …]` keys, so a change
 * announced by any server reloads them.
 */

export type { QcAccuracyView, QcCurveView, QcMonthReportsView, QcMonthReportView, QcStatisticsView };

export interface CurveQuery {
  analyzerId?: number;
  month: string;
  level: number;
  lot?: string;
}
export interface StatisticsQuery {
  beginDate: string;
  endDate: string;
  departmentCode?: string;
  sn?: string;
}
export interface MonthQuery {
  month: string;
  departmentCode?: string;
  sn?: string;
}

export const qcKeys = {
  curve: (query: CurveQuery, lang: string) => ['quality', 'curve', query, lang] as const,
  statistics: (query: StatisticsQuery, lang: string) => ['quality', 'statistics', query, lang] as const,
  reports: (query: MonthQuery, lang: string) => ['list', 'qualityReports', query, lang] as const,
  accuracy: (query: MonthQuery, lang: string) => ['list', 'qualityAccuracy', query, lang] as const,
};

const clean = (query: object) =>
  Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  ) as Record<string, string | number>;

export const fetchCurve = (query: CurveQuery, signal?: AbortSignal) =>
  http.get<QcCurveView>('/v2/deviceQc/control', { query: clean(query), signal });
export const fetchQcStatistics = (query: StatisticsQuery, signal?: AbortSignal) =>
  http.get<QcStatisticsView>('/v1/deviceQc/departmentControlStatistics', { query: clean(query), signal });
export const fetchMonthReports = (query: MonthQuery, signal?: AbortSignal) =>
  http.get<QcMonthReportsView>('/v1/deviceQc/monthReport', { query: clean(query), signal });
export const fetchAccuracy = (query: MonthQuery, signal?: AbortSignal) =>
  http.get<QcAccuracyView>('/v1/deviceQc/accuracy', { query: clean(query), signal });

export const submitMonthReport = (body: {
  analyzerId: number;
  month: string;
  appraisal: string;
  version?: number;
}) => http.post<QcMonthReportView>('/v1/deviceQc/monthReport/submit', body);
export const rejectMonthReport = (body: { id: number; version: number; reason: string }) =>
  http.post<QcMonthReportView>('/v1/deviceQc/monthReport/reject', body);
export const archiveMonthReport = (body: { id: number; version: number }) =>
  http.post<QcMonthReportView>('/v1/deviceQc/monthReport/archive', body);

const options = { placeholderData: keepPreviousData, meta: { silent: true } } as const;

export function useCurve(query: CurveQuery, lang: string) {
  return useQuery({
    queryKey: qcKeys.curve(query, lang),
    queryFn: ({ signal }) => fetchCurve(query, signal),
    ...options,
  });
}
export function useQcStatistics(query: StatisticsQuery | null, lang: string) {
  return useQuery({
    queryKey: qcKeys.statistics(query as StatisticsQuery, lang),
    queryFn: ({ signal }) => fetchQcStatistics(query as StatisticsQuery, signal),
    enabled: !!query,
    ...options,
  });
}
export function useMonthReports(query: MonthQuery, lang: string) {
  return useQuery({
    queryKey: qcKeys.reports(query, lang),
    queryFn: ({ signal }) => fetchMonthReports(query, signal),
    ...options,
  });
}
export function useAccuracy(query: MonthQuery, lang: string) {
  return useQuery({
    queryKey: qcKeys.accuracy(query, lang),
    queryFn: ({ signal }) => fetchAccuracy(query, signal),
    ...options,
  });
}
