import type { GlucoseRange, HourlyPercentiles } from '@glucocare/domain/analytics';
import { http } from './http';
import type { Limits, RecordPeriod, RecordRange } from './records';

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

/** The consensus bands in effect (the tenant's TIR setting), mmol/L. */
export interface GlucoseBandsView {
  veryLow: number;
  low: number;
  high: number;
  veryHigh: number;
}

/** The normal references of §9: PPGE < 2.2, LAGE < 4.4, SDBG < 2.0 mmol/L. */
export interface FluctuationReferences {
  ppge: number;
  lage: number;
  sdbg: number;
}

export type RangePercentagesView = Record<GlucoseRange, number | null>;

/** One glucose period's readings in the range. */
export interface PeriodSummary {
  periodCode: string;
  periodName: string;
  count: number;
  avg: number | null;
  minValue: number | null;
  maxValue: number | null;
  /** readings classified low or critically low (the hospital's own limits) */
  lowCount: number;
  /** readings classified high or critically high */
  highCount: number;
}

/** GMI's rule (≥ 14 days, ≥ 70 % covered by CGM-like readings) and whether the readings meet it. */
export interface GmiStatus {
  qualifies: boolean;
  reason: 'noReadings' | 'fewDays' | 'lowCoverage' | null;
  message: string | null;
  days: number;
  /** % of the days' time the readings cover */
  coverage: number | null;
  rule: { minDays: number; minCoveragePercent: number; readingMinutes: number };
}

/** MAGE (Service: the direction of the first excursion), MAGE+ (rises), MAGE− (falls) and their mean. */
export interface MageIndices {
  mage: number | null;
  magePlus: number | null;
  mageMinus: number | null;
  mageMean: number | null;
}

/** GET /v1/gluDataAnalysis/bloodGlucoseReport */
export interface GlucoseReport extends MageIndices {
  range: RecordRange;
  unit: 'mmol/L';
  testCount: number;
  dayNums: number;
  avg: number | null;
  sd: number | null;
  /** % */
  cv: number | null;
  maxValue: number | null;
  minValue: number | null;
  /** %; null unless the readings qualify (`gmiStatus`) */
  gmi: number | null;
  /** whether GMI is shown, and why not (message in the request language) */
  gmiStatus: GmiStatus;
  /** %, of `testCount` readings */
  ea1c: number | null;
  lage: number | null;
  sdbg: number | null;
  ppge: number | null;
  modd: number | null;
  /**
   * percent of READINGS in each band (readings of the TIR setting's periods), 2 decimals adding up to
   * exactly 100; null values with none
   */
  ranges: RangePercentagesView;
  /** readings counted in `ranges` */
  rangeCount: number;
  /** percent of TIME in each band, only when the readings are CGM-like (see `timeRule`); else null */
  timeRanges: RangePercentagesView | null;
  /** the regularity rule time percentages need */
  timeRule: { minReadingsPerDay: number; maxGapMinutes: number; minSpanHours: number };
  bands: GlucoseBandsView;
  /** the glucose periods whose readings count for the ranges (the TIR setting) */
  tirPeriods: string[];
  references: FluctuationReferences;
  /** per glucose period, in the day's order; readings without a period under `-` */
  items: PeriodSummary[];
}

/** One row of GET /v1/gluDataAnalysis/bloodGlucoseFluctuation: every day of the range, nulls where undefined. */
export interface FluctuationDay extends MageIndices {
  date: string;
  count: number;
  ppge: number | null;
  lage: number | null;
  sdbg: number | null;
}

/** One glucose reading of GET /v1/gluDataAnalysis/bloodGlucoseTrend and bloodGlucoseMap. */
export interface AnalysisReading {
  id: number;
  testTime: string;
  /** hospital calendar day of the reading */
  date: string;
  /** minutes since the hospital's midnight, 0-1439 */
  minuteOfDay: number;
  testValue: number;
  periodCode: string | null;
  periodName: string | null;
  /** normal, low, high, criticalLow, criticalHigh, unknown */
  determineType: string | null;
}

/** GET /v1/gluDataAnalysis/bloodGlucoseTrend?periods=a,b */
export interface GlucoseTrend {
  range: RecordRange;
  timeZone: string;
  periods: RecordPeriod[];
  /** the patient's target band for glucose (as the trend record has it), mmol/L */
  band: { low: number | null; high: number | null } | null;
  readings: AnalysisReading[];
}

/** GET /v1/gluDataAnalysis/bloodGlucoseMap: the 24-hour scatter and the AGP percentiles. */
export interface GlucoseMap {
  range: RecordRange;
  timeZone: string;
  band: { low: number | null; high: number | null } | null;
  bands: GlucoseBandsView;
  readings: AnalysisReading[];
  /** 24 rows, hour 0-23: count and p5, p25, p50, p75, p95 (null under 5 readings in the hour) */
  hourly: HourlyPercentiles[];
}

/** GET /v1/gluDataAnalysis/testTrend?category=KET|UA */
export interface TestTrend {
  range: RecordRange;
  timeZone: string;
  item: 'KET' | 'UA';
  /** storage unit: mmol/L for ketone, µmol/L (umolL) for uric acid */
  unit: string;
  reference: Limits;
  readings: AnalysisReading[];
}

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
