import type { HourlyPercentiles } from '@glucocare/domain/analytics';
import type { RecordScreen } from '@glucocare/domain/constants';
import type { AnalysisReading, FluctuationDay, GlucoseReport } from './analysis';
import { http } from './http';

/**
 * The printable record screens (`/v1/records/*`) and their share links (`/v1/recordLinks`). The data
 * calls carry the bearer token when this browser has a session (the cookie is shared by tabs) and the
 * link's `sig`/`exp` when the screen was opened from a shared link.
 */

/** A measurement as every issue-5 endpoint answers it (server `measurements/view`). */
export interface RecordReading {
  id: number;
  patientId: number;
  item: 'GLU' | 'KET' | 'UA';
  periodCode: string | null;
  periodName: string | null;
  testTime: string;
  /** in the storage unit `unit` */
  testValue: number | null;
  unit: string;
  /** what was entered, in the unit it was entered in (shown back exactly in that unit) */
  enteredValue: number | null;
  enteredUnit: string | null;
  untestedReason: string | null;
  untestedReasonName: string | null;
  untestedReasonText: string | null;
  refusalReasonName?: string | null;
  rejectReasonName?: string | null;
  note: string | null;
  testUser: string | null;
  /** normal, low, high, criticalLow, criticalHigh, unknown; null without a value */
  determineType: string | null;
  color: string | null;
  status: 'pending' | 'approved';
  approvedBy: string | null;
}

export interface UnitView {
  item: string;
  /** unit code: mmolL, mgDl, umolL */
  unit: string;
  unitName: string;
  precision: number;
}

export interface RecordHeader {
  hospitalName: string;
  reportTitle: string;
  reportSubtitle: string | null;
  printedAt: string;
  /** the hospital's time zone: days and times are shown in it */
  timeZone: string;
  units: { GLU: UnitView; KET: UnitView; UA: UnitView };
}

export interface RecordPatient {
  id: number;
  name: string;
  gender: string;
  age: number | null;
  status: string;
  departmentCode: string;
  departmentName: string;
  bed: string | null;
  inpatientNumber: string | null;
  doctorCode: string | null;
  doctorName: string | null;
  admittedAt: string;
  dischargedAt: string | null;
  heightCm: number | null;
  weightKg: number | null;
}

export interface RecordRange {
  beginDate: string;
  endDate: string;
  /** true: the default range, the current (or last) stay */
  isStay: boolean;
}

export interface RecordPeriod {
  code: string;
  name: string;
  startTime: string;
  endTime: string;
}

export interface RecordSummary {
  readings: number;
  tested: number;
  untested: number;
  critical: number;
  low: number;
  high: number;
  min: number | null;
  max: number | null;
  mean: number | null;
}

export interface Limits {
  low: number | null;
  high: number | null;
  criticalLow: number | null;
  criticalHigh: number | null;
}

export type Cells = Record<string, RecordReading[]>;

export interface PeriodRecord {
  header: RecordHeader;
  patient: RecordPatient;
  item: 'GLU' | 'KET';
  unit: string;
  range: RecordRange;
  periods: RecordPeriod[];
  rows: {
    date: string;
    cells: Cells;
    notes: { testTime: string; periodName: string | null; note: string }[];
  }[];
  untested: RecordReading[];
  summary: RecordSummary;
}

export interface InspectionRecord {
  header: RecordHeader;
  patient: RecordPatient;
  range: RecordRange;
  items: { item: 'UA' | 'KET'; unit: string; reference: Limits; summary: RecordSummary }[];
  rows: RecordReading[];
}

export interface TrendRecord {
  header: RecordHeader;
  patient: RecordPatient;
  range: RecordRange;
  unit: string;
  periods: RecordPeriod[];
  band: { low: number | null; high: number | null } | null;
  periodBands: (Limits & { periodCode: string })[];
  readings: RecordReading[];
  summary: RecordSummary;
  /** the glucose report of the same readings, as `/v1/gluDataAnalysis/*` answers it */
  analysis: TrendAnalysis;
}

export interface TrendAnalysis {
  report: Omit<GlucoseReport, 'range'>;
  fluctuation: FluctuationDay[];
  readings: AnalysisReading[];
  hourly: HourlyPercentiles[];
}

export interface WardRow {
  patientId: number;
  bed: string | null;
  name: string;
  gender: string;
  age: number | null;
  inpatientNumber: string | null;
  status: string;
  inDepartment: boolean;
  cells: Cells;
  critical: number;
  testers: string[];
}

export interface WardRecord {
  header: RecordHeader;
  department: { code: string; name: string };
  date: string;
  unit: string;
  periods: RecordPeriod[];
  rows: WardRow[];
  summary: RecordSummary & { patients: number; measured: number };
}

export interface RecordDataMap {
  glucose: PeriodRecord;
  ketone: PeriodRecord;
  inspect: InspectionRecord;
  ward: WardRecord;
  trend: TrendRecord;
}

/** What a screen asks for: the id, the range (or the ward's day) and the shared link's credential. */
export interface RecordQuery {
  id: string;
  beginDate?: string | null;
  endDate?: string | null;
  date?: string | null;
  sig?: string | null;
  exp?: string | null;
}

const ENDPOINTS: Record<RecordScreen, string> = {
  glucose: '/v1/records/glucose',
  ketone: '/v1/records/ketone',
  inspect: '/v1/records/inspect',
  ward: '/v1/records/ward',
  trend: '/v1/records/trend',
};

export function fetchRecord<S extends RecordScreen>(
  screen: S,
  query: RecordQuery,
  signal?: AbortSignal,
): Promise<RecordDataMap[S]> {
  const { id, beginDate, endDate, date, sig, exp } = query;
  // empty values are left out: the signature of a shared link covers exactly what it was made for
  const range =
    screen === 'ward'
      ? { date: date || undefined }
      : { beginDate: beginDate || undefined, endDate: endDate || undefined };
  return http.get<RecordDataMap[S]>(ENDPOINTS[screen], {
    query: { id, ...range, sig: sig || undefined, exp: exp || undefined },
    signal,
  });
}

export interface RecordLinkInput {
  screen: RecordScreen;
  id: string | number;
  beginDate?: string | null;
  endDate?: string | null;
  date?: string | null;
}

export interface RecordLink {
  screen: RecordScreen;
  /** path and query of the screen (no origin) */
  url: string;
  expiresAt: string;
}

/** POST /v1/recordLinks: a signed link that opens the screen without a session until it expires. */
export function createRecordLink(input: RecordLinkInput): Promise<RecordLink> {
  return http.post<RecordLink>('/v1/recordLinks', input);
}
