import type { RecordScreen } from '@glucocare/domain/constants';
import type {
  RecordCellsView as Cells,
  InspectionRecordView as InspectionRecord,
  LimitsView as Limits,
  LinkedRecordView as LinkedRecord,
  PeriodRecordView as PeriodRecord,
  RecordHeaderView as RecordHeader,
  RecordLinkView as RecordLink,
  RecordPatientView as RecordPatient,
  RecordPeriodView as RecordPeriod,
  RecordRangeView as RecordRange,
  ReadingView as RecordReading,
  RecordSummaryView as RecordSummary,
  TrendAnalysisView as TrendAnalysis,
  TrendRecordView as TrendRecord,
  RecordUnitView as UnitView,
  WardRecordView as WardRecord,
  WardRowView as WardRow,
} from '@glucocare/domain/responses';
import { http } from './http';

/**
 * The printable record screens (`/v1/records/*`) and their share links (`/v1/recordLinks`). The data
 * calls carry the bearer token when this browser has a session (the cookie is shared by tabs) and the
 * link's `sig`/`exp` when the screen was opened from a shared link.
 */

export type {
  Cells,
  InspectionRecord,
  Limits,
  LinkedRecord,
  PeriodRecord,
  RecordHeader,
  RecordPatient,
  RecordPeriod,
  RecordRange,
  RecordReading,
  RecordSummary,
  TrendAnalysis,
  TrendRecord,
  UnitView,
  WardRecord,
  WardRow,
};

export interface RecordDataMap {
  glucose: PeriodRecord;
  ketone: PeriodRecord;
  inspect: InspectionRecord;
  ward: WardRecord;
  trend: TrendRecord;
  linked: LinkedRecord;
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
  linked: '/v1/records/linked',
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

export type { RecordLink };

/** POST /v1/recordLinks: a signed link that opens the screen without a session until it expires. */
export function createRecordLink(input: RecordLinkInput): Promise<RecordLink> {
  return http.post<RecordLink>('/v1/recordLinks', input);
}
