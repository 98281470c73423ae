import type { MeasurementItem } from '@glucocare/domain/clinical';
import { http } from './http';

/**
 * Glucose, ketone and uric-acid readings of a patient (docs/api.md "Measurements"): the list and the
 * day × period grid, the entry form's options, entry, correction, deletion and restore. Values travel
 * in the storage unit (`testValue` in `unit`); the entered value and unit are kept beside them.
 */

export interface Reading {
  id: number;
  patientId: number;
  item: MeasurementItem;
  periodCode: string | null;
  periodName: string | null;
  testTime: string;
  /** in the storage unit `unit` (mmol/L for GLU and KET, µmol/L for UA) */
  testValue: number | null;
  unit: string;
  enteredValue: number | null;
  /** mmolL, mgDl or umolL */
  enteredUnit: string | null;
  untestedReason: string | null;
  untestedReasonName: string | null;
  untestedReasonText: string | null;
  refusalReason: string | null;
  refusalReasonName: string | null;
  /** a reading without a value: why the measurement was not carried out (dictionary `rejectReason`) */
  rejectReason?: string | null;
  rejectReasonName?: string | null;
  note: string | null;
  testUserId: number | null;
  testUser: string | null;
  source: 'manual' | 'meter' | 'his';
  deviceSerial: string | null;
  deviceRecordNo: string | null;
  /** normal, low, high, criticalLow, criticalHigh, unknown; null without a value */
  determineType: string | null;
  grade: string | null;
  color: string | null;
  status: 'pending' | 'approved';
  approvedBy: string | null;
  approvedAt: string | null;
  departmentCode: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  deleteReason: string | null;
}

export type ReadingSort = 'last' | 'earliest' | 'allDesc' | 'allAsc';

export interface ReadingPage {
  records: Reading[];
  total: number;
  page: number;
  size: number;
}

export interface PivotPeriod {
  code: string;
  name: string;
  startTime: string | null;
  endTime: string | null;
}

export interface ReadingPivot {
  periods: PivotPeriod[];
  rows: { date: string; cells: Record<string, Reading[]> }[];
}

export interface UnitOption {
  code: string;
  name: string;
  precision: number;
  /** the range a meter reports in this unit */
  min: number | null;
  max: number | null;
}

export interface EntryOptions {
  item: MeasurementItem;
  periods: { code: string; name: string; startTime: string; endTime: string }[];
  untestedReasons: { code: string; name: string }[];
  refusalReasons: { code: string; name: string }[];
  rejectReasons: { code: string; name: string }[];
  testers: { id: number; userName: string; nickName: string }[];
  unit: UnitOption;
  units: UnitOption[];
  timeZone: string;
  admittedAt: string;
  dischargedAt: string | null;
  inHospital: boolean;
  recordApproval: boolean;
}

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
}

export interface ReadingQuery {
  category: MeasurementItem;
  beginDate?: string;
  endDate?: string;
  sort?: ReadingSort;
  includeDeleted?: boolean;
}

export function fetchReading(id: number, signal?: AbortSignal): Promise<Reading> {
  return http.get<Reading>(`/v1/testRecord/${id}`, { signal });
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
): Promise<ReadingPivot> {
  return http.get<ReadingPivot>(`/v1/testRecord/patient/pivot/${patientId}`, { query, signal });
}

export function fetchEntryOptions(
  patientId: number,
  category: MeasurementItem,
  signal?: AbortSignal,
): Promise<EntryOptions> {
  return http.get<EntryOptions>(`/v1/testRecord/entryOptions/${patientId}`, { query: { category }, signal });
}

export function createReading(
  input: ReadingInput & { category: MeasurementItem; patientId: number; testTime: string },
): Promise<Reading> {
  return http.post<Reading>('/v1/testRecord/customerRecord', input);
}

export function createReadings(input: {
  patientId: number;
  records: (ReadingInput & { category: MeasurementItem; testTime: string })[];
}): Promise<Reading[]> {
  return http.post<Reading[]>('/v1/testRecord/customerRecords', input);
}

/** Corrects a pending reading (`dataManagement`: an approved one, with `measurement:data:edit`). */
export function correctReading(
  input: ReadingInput & { id: number; version: number; reason: string },
  dataManagement = false,
): Promise<Reading> {
  return http.put<Reading>(dataManagement ? '/v1/testRecord/data' : '/v1/testRecord', input);
}

/** Deletes (`isActive: false`) or restores a reading, with a reason. */
export function changeReadingStatus(
  input: { recordId: number; isActive: boolean; reason: string; version: number },
  dataManagement = false,
): Promise<Reading> {
  return http.put<Reading>(
    dataManagement ? '/v1/testRecord/data/changeStatus' : '/v1/testRecord/changeStatus',
    input,
  );
}
