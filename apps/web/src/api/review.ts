import type { MeasurementItem } from '@glucocare/domain/clinical';
import type {
  ApproveAllResultView,
  ApproveResultView,
  Page,
  PendingPageView,
  ReviewExportView,
  ReviewPivotPageView,
  ReviewRecordView,
} from '@glucocare/domain/responses';
import type { RecordStatus, ReviewClassification } from '@glucocare/domain/review';
import { http, requestEnvelope } from './http';

/**
 * Approval and data management (docs/api.md "Approval and data management"): the pending list and
 * batch approval, the hospital-wide lists of glucose, ketone and uric acid, the pivot by period and
 * the rows of the Excel export. Values are in the item's storage unit (mmol/L, or µmol/L for uric acid).
 * Corrections and deletions go through `api/measurements` (`correctReading`, `changeReadingStatus`
 * with `dataManagement`).
 */

export type {
  ApproveResultView as ApproveResult,
  PendingCountsView as PendingCounts,
  ReviewPivotPeriodView as PivotPeriod,
  ReviewPivotRowView as PivotRow,
  ReviewRecordView as ReviewRecord,
} from '@glucocare/domain/responses';

/** Filters of the pending list and of "approve all matching" (dates optional). */
export interface PendingFilter {
  category: MeasurementItem;
  departmentCode?: string;
  queryCondition?: string;
  beginDate?: string;
  endDate?: string;
  classification?: ReviewClassification;
}

/** Filters of the data-management list, pivot and export (dates required; values in storage unit). */
export interface DataFilter {
  category: MeasurementItem;
  beginDate: string;
  endDate: string;
  departmentCode?: string;
  doctorCode?: string;
  queryCondition?: string;
  status?: RecordStatus;
  classification?: ReviewClassification;
  minValue?: number;
  maxValue?: number;
  includeDeleted?: boolean;
}

export interface Paging {
  page: number;
  size: number;
}

type Query = Record<string, string | number | boolean | undefined>;

export function fetchPending(filter: PendingFilter & Paging, signal?: AbortSignal): Promise<PendingPageView> {
  return http.get('/v1/testRecord/pending', { query: filter as unknown as Query, signal });
}

/** Approves the selected readings; the message says how many ("3 record(s) approved"). */
export async function approveRecords(ids: number[]): Promise<{ result: ApproveResultView; message: string }> {
  const envelope = await requestEnvelope<ApproveResultView>('POST', '/v1/testRecord/approve', {
    body: { ids },
  });
  return { result: envelope.dataContent, message: envelope.message ?? '' };
}

/** Approves every pending reading matching the filter (at most 5000 per call). */
export async function approveAllMatching(
  filter: PendingFilter,
): Promise<{ result: ApproveAllResultView; message: string }> {
  const envelope = await requestEnvelope<ApproveAllResultView>('POST', '/v1/testRecord/approveAll', {
    body: filter,
  });
  return { result: envelope.dataContent, message: envelope.message ?? '' };
}

export function fetchDataPage(
  filter: DataFilter & Paging,
  signal?: AbortSignal,
): Promise<Page<ReviewRecordView>> {
  return http.get('/v1/testRecord/query', { query: filter as unknown as Query, signal });
}

export function fetchDataPivot(
  filter: DataFilter & Paging,
  signal?: AbortSignal,
): Promise<ReviewPivotPageView> {
  return http.get('/v1/testRecord/glus/pivot/query', { query: filter as unknown as Query, signal });
}

/** Every reading of the query (at most 50,000; more is refused with a message to narrow it). */
export function fetchDataExport(filter: DataFilter, signal?: AbortSignal): Promise<ReviewExportView> {
  return http.get('/v1/testRecord/query/export', {
    query: filter as unknown as Query,
    signal,
    // up to 50,000 rows: more time than a page
    timeoutMs: 120_000,
  });
}

/** A doctor the caller may see (GET /v1/doctors): the data-management doctor filter's options. */
export interface DoctorOption {
  userName: string;
  nickName: string;
  departmentCode: string | null;
  departmentName: string | null;
}

export function fetchDoctors(signal?: AbortSignal): Promise<DoctorOption[]> {
  return http.get('/v1/doctors', { signal });
}
