import type { MeasurementItem } from '@glucocare/domain/clinical';
import type { CriticalStatus } from '@glucocare/domain/critical';
import { http } from './http';
import type { Page } from './users';

/**
 * Critical values (docs/api.md "Critical values"): today's list, the query by date range, the
 * handling, the badge counts and the alert's poll. Values are in the item's storage unit (mmol/L for
 * glucose and ketone, µmol/L for uric acid); screens convert them to the display unit.
 */

export interface CriticalEvent {
  id: number;
  measurementId: number;
  patientId: number;
  patientName: string;
  gender: string;
  bed: string | null;
  inpatientNumber: string | null;
  departmentCode: string;
  departmentName: string;
  doctorCode: string | null;
  doctorName: string | null;
  item: MeasurementItem;
  value: number;
  unit: string;
  /** what was entered, in the unit it was entered in (shown back exactly in that unit) */
  enteredValue?: number | null;
  enteredUnit?: string | null;
  /** criticalLow or criticalHigh */
  classification: string;
  grade: string | null;
  color: string | null;
  periodCode: string | null;
  periodName: string | null;
  measuredAt: string;
  status: CriticalStatus;
  notifiedPerson: string | null;
  action: string | null;
  handledById: number | null;
  handledBy: string | null;
  handledAt: string | null;
  /** minutes from the measurement to the handling, or open so far (at the time of the answer) */
  minutesToHandle: number;
  version: number;
}

export interface CriticalMonitorFilter {
  queryCondition?: string;
  departmentCode?: string;
  doctorCode?: string;
  status?: CriticalStatus;
}

export interface CriticalQueryFilter extends CriticalMonitorFilter {
  /** YYYY-MM-DD, both days included */
  beginDate: string;
  endDate: string;
  category?: MeasurementItem;
  /** storage unit of the category */
  minValue?: number;
  maxValue?: number;
}

type Query = Record<string, string | number | undefined>;
type Signal = AbortSignal | undefined;

export function fetchCriticalMonitor(
  filter: CriticalMonitorFilter,
  signal?: Signal,
): Promise<CriticalEvent[]> {
  return http.get('/v1/crisisPatient/monitor', { query: filter as Query, signal });
}

export function fetchCriticalPage(
  filter: CriticalQueryFilter & { page: number; size: number },
  signal?: Signal,
): Promise<Page<CriticalEvent>> {
  return http.get('/v1/crisisPatient/query', { query: filter as unknown as Query, signal });
}

/** Largest page the server returns: the export reads the result in pages of this size. */
export const CRITICAL_EXPORT_PAGE = 500;

/** Every critical value of a query (for the Excel export), page by page with progress. */
export async function fetchAllCritical(
  filter: CriticalQueryFilter,
  onProgress?: (loaded: number, total: number) => void,
): Promise<CriticalEvent[]> {
  const rows: CriticalEvent[] = [];
  for (let page = 1; ; page++) {
    const result = await fetchCriticalPage({ ...filter, page, size: CRITICAL_EXPORT_PAGE });
    rows.push(...result.records);
    onProgress?.(rows.length, result.total);
    if (rows.length >= result.total || result.records.length === 0) return rows;
  }
}

export interface CriticalHandling {
  id: number;
  version: number;
  notifiedPerson: string;
  action: string;
  /** ISO date-time with offset; the server's now when absent */
  handledAt?: string;
}

export function handleCritical(input: CriticalHandling): Promise<CriticalEvent> {
  return http.post('/v1/crisisPatient/handle', input);
}

export interface CriticalCounts {
  openToday: number;
  handledToday: number;
  open: number;
}

export function fetchCriticalCounts(signal?: Signal): Promise<CriticalCounts> {
  return http.get('/v1/crisisPatient/counts', { signal });
}

export interface CriticalLatest {
  /** pass it as `since` on the next poll */
  latestId: number;
  openCount: number;
  records: CriticalEvent[];
}

export function fetchLatestCritical(since: number | null, signal?: Signal): Promise<CriticalLatest> {
  return http.get('/v1/crisisPatient/latest', { query: { since: since ?? undefined }, signal });
}

/** Query keys of the critical-value screens; invalidate `criticalKeys.all` after a handling. */
export const criticalKeys = {
  all: ['critical'] as const,
  monitor: (filter: CriticalMonitorFilter, lang: string) => ['critical', 'monitor', filter, lang] as const,
  counts: ['critical', 'counts'] as const,
  latest: (since: number | null) => ['critical', 'latest', since] as const,
};
