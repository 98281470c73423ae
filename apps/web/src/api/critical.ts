import type { MeasurementItem } from '@glucocare/domain/clinical';
import type { CriticalStatus } from '@glucocare/domain/critical';
import type {
  CriticalCountsView,
  CriticalEventView,
  CriticalLatestView,
  CriticalLoopReportView,
  NotifiableDoctorView,
  Page,
} from '@glucocare/domain/responses';
import { http } from './http';

/**
 * Critical values (docs/api.md "Critical values"): today's list, the query by date range, the
 * handling, the badge counts and the alert's poll. Values are in the item's storage unit (mmol/L for
 * glucose and ketone, µmol/L for uric acid); screens convert them to the display unit.
 */

export type {
  CriticalCountsView as CriticalCounts,
  CriticalEventView as CriticalEvent,
  CriticalLatestView as CriticalLatest,
  NotifiableDoctorView as NotifiableDoctor,
} from '@glucocare/domain/responses';

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
): Promise<CriticalEventView[]> {
  return http.get('/v1/crisisPatient/monitor', { query: filter as Query, signal });
}

export function fetchCriticalPage(
  filter: CriticalQueryFilter & { page: number; size: number },
  signal?: Signal,
): Promise<Page<CriticalEventView>> {
  return http.get('/v1/crisisPatient/query', { query: filter as unknown as Query, signal });
}

/** Largest page the server returns: the export reads the result in pages of this size. */
export const CRITICAL_EXPORT_PAGE = 500;

/** Every critical value of a query (for the Excel export), page by page with progress. */
export async function fetchAllCritical(
  filter: CriticalQueryFilter,
  onProgress?: (loaded: number, total: number) => void,
): Promise<CriticalEventView[]> {
  const rows: CriticalEventView[] = [];
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

export function handleCritical(input: CriticalHandling): Promise<CriticalEventView> {
  return http.post('/v1/crisisPatient/handle', input);
}

/** The entry dialog's notification: whom the nurse told (a user when `notifiedUserId`) and what was done. */
export interface CriticalNotification {
  id: number;
  version: number;
  notifiedPerson: string;
  notifiedUserId?: number | null;
  action: string;
}

export function notifyCritical(input: CriticalNotification): Promise<CriticalEventView> {
  return http.post('/v1/crisisPatient/notify', input);
}

/** The doctor's read receipt. */
export function acknowledgeCritical(input: { id: number; version: number }): Promise<CriticalEventView> {
  return http.post('/v1/crisisPatient/acknowledge', input);
}

/** Why no recheck will be taken (closes the loop in the recheck's place). */
export function skipCriticalRecheck(input: {
  id: number;
  version: number;
  reason: string;
}): Promise<CriticalEventView> {
  return http.post('/v1/crisisPatient/skipRecheck', input);
}

/** The critical value a reading opened (404 when it has none). */
export function fetchCriticalOfMeasurement(
  measurementId: number,
  signal?: Signal,
): Promise<CriticalEventView> {
  return http.get(`/v1/crisisPatient/measurement/${measurementId}`, { signal });
}

/** Doctors a critical value can be told to, with their user ids. */
export function fetchNotifiableDoctors(
  departmentCode?: string,
  signal?: Signal,
): Promise<NotifiableDoctorView[]> {
  return http.get('/v1/crisisPatient/doctors', { query: { departmentCode }, signal });
}

export function fetchCriticalCounts(signal?: Signal): Promise<CriticalCountsView> {
  return http.get('/v1/crisisPatient/counts', { signal });
}

export function fetchLatestCritical(since: number | null, signal?: Signal): Promise<CriticalLatestView> {
  return http.get('/v1/crisisPatient/latest', { query: { since: since ?? undefined }, signal });
}

/** Query keys of the critical-value screens; invalidate `criticalKeys.all` after a handling. */
export const criticalKeys = {
  all: ['critical'] as const,
  monitor: (filter: CriticalMonitorFilter, lang: string) => ['critical', 'monitor', filter, lang] as const,
  counts: ['critical', 'counts'] as const,
  latest: (since: number | null) => ['critical', 'latest', since] as const,
  ofMeasurement: (measurementId: number, lang: string) =>
    ['critical', 'measurement', measurementId, lang] as const,
  doctors: (departmentCode: string) => ['critical', 'doctors', departmentCode] as const,
};

/** GET /v1/crisisPatient/loopReport: the critical-value loop of a month (YYYY-MM) per ward. */
export function fetchCriticalLoopReport(month: string, signal?: Signal): Promise<CriticalLoopReportView> {
  return http.get('/v1/crisisPatient/loopReport', { query: { month }, signal });
}
