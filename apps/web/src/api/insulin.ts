import type {
  InsulinEntryOptionsView,
  InsulinPivotView,
  InsulinRecordView,
  LinkedChartView,
  Page,
} from '@glucocare/domain/responses';
import { http } from './http';

/**
 * Insulin records of a patient (docs/api.md "Insulin records"): the list and the day × insulin-period
 * grid with daily totals, the entry dialog's options, entry, correction, delete/restore, confirmation.
 */

export type {
  InsulinDayTotalsView as InsulinDayTotals,
  InsulinEntryOptionsView as InsulinEntryOptions,
  InsulinPivotView as InsulinPivot,
  InsulinRecordView as InsulinRecord,
} from '@glucocare/domain/responses';

/** The fields of an entry or a correction (API names). */
export interface InsulinInput {
  drugId: number;
  dose: number;
  basalDose?: number | null;
  bolusDose?: number | null;
  correctionDose?: number | null;
  period: string;
  givenAt: string;
  doctorId: number;
  nurseId?: number | null;
  note?: string | null;
  /** the medication order the dose is given against (issue 17), or null */
  medicationOrderId?: number | null;
}

export interface InsulinQuery {
  beginDate: string;
  endDate: string;
  includeDeleted?: boolean;
}

export function fetchInsulinOptions(patientId: number, signal?: AbortSignal) {
  return http.get<InsulinEntryOptionsView>(`/v1/insulinRecord/entryOptions/${patientId}`, { signal });
}

export function fetchInsulinPivot(patientId: number, query: InsulinQuery, signal?: AbortSignal) {
  return http.get<InsulinPivotView>(`/v1/insulinRecord/patient/pivot/${patientId}`, {
    query: { ...query },
    signal,
  });
}

export function fetchInsulinRecords(
  patientId: number,
  query: InsulinQuery & { page: number; size: number },
  signal?: AbortSignal,
) {
  return http.get<Page<InsulinRecordView>>(`/v1/insulinRecord/patient/${patientId}`, {
    query: { ...query },
    signal,
  });
}

export function fetchInsulinRecord(id: number, signal?: AbortSignal) {
  return http.get<InsulinRecordView>(`/v1/insulinRecord/${id}`, { signal });
}

export function createInsulinRecord(input: InsulinInput & { patientId: number }) {
  return http.post<InsulinRecordView>('/v1/insulinRecord', input);
}

export function correctInsulinRecord(input: InsulinInput & { id: number; version: number; reason: string }) {
  return http.put<InsulinRecordView>('/v1/insulinRecord', input);
}

/** Deletes (`isActive: false`) or restores a record, with a reason. */
export function changeInsulinStatus(input: {
  recordId: number;
  isActive: boolean;
  reason: string;
  version: number;
}) {
  return http.put<InsulinRecordView>('/v1/insulinRecord/changeStatus', input);
}

export function confirmInsulinRecords(ids: number[]) {
  return http.put<InsulinRecordView[]>('/v1/insulinRecord/confirm', { ids });
}

// The glucose–insulin linked chart (issue 16, docs/api.md "Insulin records")

export type { LinkedChartView as LinkedChart } from '@glucocare/domain/responses';

/** GET /v1/insulinRecord/linkedChart/{id}: 1, 3, 7 or 14 days ending today, or a range of days. */
export function fetchLinkedChart(
  patientId: number,
  query: { days?: number; beginDate?: string; endDate?: string },
  signal?: AbortSignal,
) {
  return http.get<LinkedChartView>(`/v1/insulinRecord/linkedChart/${patientId}`, {
    query: { ...query },
    signal,
  });
}
