import type { MeasurementItem } from '@glucocare/domain/clinical';
import type { EntryOptionsView, Page, ReadingPivotView, ReadingView } from '@glucocare/domain/responses';
import { http } from './http';

/**
 * Glucose, ketone and uric-acid readings of a patient (docs/api.md "Measurements"): the list and the
 * day × period grid, the entry form's options, entry, correction, deletion and restore. Values travel
 * in the storage unit (`testValue` in `unit`); the entered value and unit are kept beside them.
 */

export type {
  EntryOptionsView as EntryOptions,
  PivotPeriodView as PivotPeriod,
  ReadingPivotView as ReadingPivot,
  ReadingView as Reading,
  UnitOptionView as UnitOption,
} from '@glucocare/domain/responses';

export type ReadingSort = 'last' | 'earliest' | 'allDesc' | 'allAsc';

export type ReadingPage = Page<ReadingView>;

/** The value fields of an entry or a correction (API names). */
export interface ReadingInput {
  period?: string | null;
  testTime?: string;
  result?: number | null;
  unit?: string | null;
  cause?: string | null;
  causeText?: string | null;
  refusalReason?: string | null;
  rejectReason?: string | null;
  remark?: string | null;
  testerId?: number | null;
  /** why a test time outside its period's window is right (needed then; kept only then) */
  windowReason?: string | null;
}

export interface ReadingQuery {
  category: MeasurementItem;
  beginDate?: string;
  endDate?: string;
  sort?: ReadingSort;
  includeDeleted?: boolean;
}

export function fetchReading(id: number, signal?: AbortSignal): Promise<ReadingView> {
  return http.get<ReadingView>(`/v1/testRecord/${id}`, { signal });
}

export function fetchReadings(
  patientId: number,
  query: ReadingQuery & { page: number; size: number },
  signal?: AbortSignal,
): Promise<ReadingPage> {
  return http.get<ReadingPage>(`/v1/testRecord/patient/${patientId}`, { query: { ...query }, signal });
}

export function fetchReadingPivot(
  patientId: number,
  query: { category: MeasurementItem; beginDate: string; endDate: string; sort?: ReadingSort },
  signal?: AbortSignal,
): Promise<ReadingPivotView> {
  return http.get<ReadingPivotView>(`/v1/testRecord/patient/pivot/${patientId}`, { query, signal });
}

export function fetchEntryOptions(
  patientId: number,
  category: MeasurementItem,
  signal?: AbortSignal,
): Promise<EntryOptionsView> {
  return http.get<EntryOptionsView>(`/v1/testRecord/entryOptions/${patientId}`, {
    query: { category },
    signal,
  });
}

export function createReading(
  input: ReadingInput & { category: MeasurementItem; patientId: number; testTime: string },
): Promise<ReadingView> {
  return http.post<ReadingView>('/v1/testRecord/customerRecord', input);
}

export function createReadings(input: {
  patientId: number;
  records: (ReadingInput & { category: MeasurementItem; testTime: string })[];
}): Promise<ReadingView[]> {
  return http.post<ReadingView[]>('/v1/testRecord/customerRecords', input);
}

/** Corrects a pending reading (`dataManagement`: an approved one, with `measurement:data:edit`). */
export function correctReading(
  input: ReadingInput & { id: number; version: number; reason: string },
  dataManagement = false,
): Promise<ReadingView> {
  return http.put<ReadingView>(dataManagement ? '/v1/testRecord/data' : '/v1/testRecord', input);
}

/** Deletes (`isActive: false`) or restores a reading, with a reason. */
export function changeReadingStatus(
  input: { recordId: number; isActive: boolean; reason: string; version: number },
  dataManagement = false,
): Promise<ReadingView> {
  return http.put<ReadingView>(
    dataManagement ? '/v1/testRecord/data/changeStatus' : '/v1/testRecord/changeStatus',
    input,
  );
}
