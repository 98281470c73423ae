import type {
  QcOverrideInput,
  QcRecordUpdateInput,
  QcReleaseInput,
  QcRunCreateInput,
  QcRunEvaluateInput,
  QcStrategy,
} from '@glucocare/domain/quality';
import type {
  AnalyzerLockDetail,
  Page,
  QcAnalyzerOption,
  QcEvaluationView,
  QcHeldReading,
  QcRecordView,
} from '@glucocare/domain/responses';
import { http } from '../../api/http';

/** QC runs, the evaluation, the strategy and the lockout (docs/api.md "QC records, the Westgard evaluation…"). */

export type { AnalyzerLockDetail, QcAnalyzerOption, QcEvaluationView, QcHeldReading, QcRecordView };

export interface QcRecordFilter {
  queryCondition?: string;
  departmentCode?: string;
  beginDate?: string;
  endDate?: string;
  itemCategory?: string;
  sn?: string;
  status?: 'pass' | 'fail';
  analyzerId?: number;
  level?: number;
}

const FILTER_KEYS = [
  'queryCondition',
  'departmentCode',
  'beginDate',
  'endDate',
  'itemCategory',
  'sn',
  'status',
  'analyzerId',
  'level',
] as const;

export function fetchQcRecordPage(
  query: QcRecordFilter & { page: number; size: number },
  signal?: AbortSignal,
): Promise<Page<QcRecordView>> {
  const params: Record<string, string | number | undefined> = { page: query.page, size: query.size };
  for (const key of FILTER_KEYS) {
    const value = query[key];
    const text = typeof value === 'string' ? value.trim() : value;
    params[key] = text === '' ? undefined : text;
  }
  return http.get<Page<QcRecordView>>('/v1/deviceQc/query', { query: params, signal });
}

export const fetchQcAnalyzers = (signal?: AbortSignal) =>
  http.get<QcAnalyzerOption[]>('/v1/deviceQc/analyzers', { signal });
export const evaluateQcRun = (input: QcRunEvaluateInput, signal?: AbortSignal) =>
  http.post<QcEvaluationView>('/v1/deviceQc/evaluate', input, { signal });
export const createQcRun = (input: QcRunCreateInput) => http.post<QcRecordView[]>('/v1/deviceQc', input);
export const updateQcRecord = (input: QcRecordUpdateInput) => http.put<QcRecordView>('/v1/deviceQc', input);
export const deleteQcRecord = (id: number, version: number, reason: string) =>
  http.delete<null>(`/v1/deviceQc/${id}`, { query: { version, reason } });

export const fetchAnalyzerLock = (id: number, signal?: AbortSignal) =>
  http.get<AnalyzerLockDetail>(`/v1/devices/${id}/lock`, { signal });
export const overrideAnalyzerLock = (id: number, input: QcOverrideInput) =>
  http.post<AnalyzerLockDetail>(`/v1/devices/${id}/override`, input);
export const fetchHeldReadings = (
  query: { analyzerId?: number; page: number; size: number },
  signal?: AbortSignal,
) => http.get<Page<QcHeldReading>>('/v1/deviceQc/held', { query, signal });
export const releaseHeldReadings = (input: QcReleaseInput) =>
  http.post<{ released: number; releasedIds: number[] }>('/v1/deviceQc/held/release', input);

export const fetchQcStrategy = (signal?: AbortSignal) =>
  http.get<QcStrategy>('/v1/controlSetting', { signal });
export const saveQcStrategy = (input: QcStrategy) => http.post<QcStrategy>('/v1/controlSetting', input);
