import type {
  AnalysisReadingView as AnalysisReading,
  FluctuationDayView as FluctuationDay,
  FluctuationReferencesView as FluctuationReferences,
  GlucoseBandsView,
  GlucoseMapView as GlucoseMap,
  GlucoseReportView as GlucoseReport,
  GlucoseTrendView as GlucoseTrend,
  GmiStatusView as GmiStatus,
  MageIndicesView as MageIndices,
  PeriodSummaryView as PeriodSummary,
  RangePercentagesView,
  TestTrendView as TestTrend,
} from '@glucocare/domain/responses';
import { http } from './http';

/**
 * A patient's glucose analysis (`/v1/gluDataAnalysis/*`, docs/api.md "Analysis"). Every glucose value
 * is mmol/L (the storage unit), rounded to 2 decimals by the server; screens convert to the display
 * unit with the domain helpers. Dates are hospital calendar days (YYYY-MM-DD); without a range the
 * answer covers the current (or last) stay, at most 366 days.
 */

export interface AnalysisRangeQuery {
  patientId: number;
  beginDate?: string;
  endDate?: string;
}

export type {
  AnalysisReading,
  FluctuationDay,
  FluctuationReferences,
  GlucoseBandsView,
  GlucoseMap,
  GlucoseReport,
  GlucoseTrend,
  GmiStatus,
  MageIndices,
  PeriodSummary,
  RangePercentagesView,
  TestTrend,
};

const query = (q: AnalysisRangeQuery) => ({
  patientId: q.patientId,
  beginDate: q.beginDate,
  endDate: q.endDate,
});

export const fetchGlucoseReport = (q: AnalysisRangeQuery, signal?: AbortSignal) =>
  http.get<GlucoseReport>('/v1/gluDataAnalysis/bloodGlucoseReport', { query: query(q), signal });

export const fetchFluctuation = (q: AnalysisRangeQuery, signal?: AbortSignal) =>
  http.get<FluctuationDay[]>('/v1/gluDataAnalysis/bloodGlucoseFluctuation', { query: query(q), signal });

export const fetchGlucoseTrend = (q: AnalysisRangeQuery & { periods?: string[] }, signal?: AbortSignal) =>
  http.get<GlucoseTrend>('/v1/gluDataAnalysis/bloodGlucoseTrend', {
    query: { ...query(q), periods: q.periods?.length ? q.periods.join(',') : undefined },
    signal,
  });

export const fetchGlucoseMap = (q: AnalysisRangeQuery, signal?: AbortSignal) =>
  http.get<GlucoseMap>('/v1/gluDataAnalysis/bloodGlucoseMap', { query: query(q), signal });

export const fetchTestTrend = (q: AnalysisRangeQuery & { category: 'KET' | 'UA' }, signal?: AbortSignal) =>
  http.get<TestTrend>('/v1/gluDataAnalysis/testTrend', {
    query: { ...query(q), category: q.category },
    signal,
  });
