import { z } from 'zod';
import { GMI_REASONS } from '../analytics/a1c';
import { CLASSIFICATIONS } from '../clinical/classification';

/**
 * The answers of `/v1/gluDataAnalysis/*` (docs/api.md "Analysis"). Every glucose value is mmol/L (the
 * storage unit), rounded to 2 decimals; dates are hospital calendar days (YYYY-MM-DD).
 */

/** The days an answer covers; `isStay` when no range was asked and the current (or last) stay is used. */
export const recordRangeView = z.object({ beginDate: z.string(), endDate: z.string(), isStay: z.boolean() });
export type RecordRangeView = z.infer<typeof recordRangeView>;

/** A glucose period with its window (HH:mm). */
export const recordPeriodView = z.object({
  code: z.string(),
  name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
});
export type RecordPeriodView = z.infer<typeof recordPeriodView>;

const nullable = z.number().nullable();

/** Percentages of the consensus bands; null with no readings. */
export const rangePercentagesView = z.object({
  veryLow: nullable,
  low: nullable,
  inRange: nullable,
  high: nullable,
  veryHigh: nullable,
});
export type RangePercentagesView = z.infer<typeof rangePercentagesView>;

/** MAGE (Service: the direction of the first excursion), MAGE+ (rises), MAGE− (falls), their mean. */
const mageFields = { mage: nullable, magePlus: nullable, mageMinus: nullable, mageMean: nullable };
export const mageIndicesView = z.object(mageFields);
export type MageIndicesView = z.infer<typeof mageIndicesView>;

/** The consensus bands in effect (the tenant's TIR setting), mmol/L. */
export const glucoseBandsView = z.object({
  veryLow: z.number(),
  low: z.number(),
  high: z.number(),
  veryHigh: z.number(),
});
export type GlucoseBandsView = z.infer<typeof glucoseBandsView>;

/** The patient's target band for glucose, mmol/L. */
const targetBand = z.object({ low: nullable, high: nullable }).nullable();

/** One glucose reading of the trend, the 24-hour map and the test trends. */
export const analysisReadingView = z.object({
  id: z.number(),
  testTime: z.string(),
  /** hospital calendar day of the reading */
  date: z.string(),
  /** minutes since the hospital's midnight, 0-1439 */
  minuteOfDay: z.number(),
  testValue: z.number(),
  periodCode: z.string().nullable(),
  periodName: z.string().nullable(),
  determineType: z.enum(CLASSIFICATIONS).nullable(),
});
export type AnalysisReadingView = z.infer<typeof analysisReadingView>;

/** An hour of the day (0-23): its reading count and the AGP percentiles (null under 5 readings). */
export const hourlyPercentilesView = z.object({
  hour: z.number(),
  count: z.number(),
  p5: nullable,
  p25: nullable,
  p50: nullable,
  p75: nullable,
  p95: nullable,
});
export type HourlyPercentilesView = z.infer<typeof hourlyPercentilesView>;

/** Low, high and critical limits (null where none applies). */
export const limitsView = z.object({
  low: nullable,
  high: nullable,
  criticalLow: nullable,
  criticalHigh: nullable,
});
export type LimitsView = z.infer<typeof limitsView>;

/** GMI's rule (≥ 14 days, ≥ 70 % covered by CGM-like readings) and whether the readings meet it. */
export const gmiStatusView = z.object({
  qualifies: z.boolean(),
  reason: z.enum(GMI_REASONS).nullable(),
  /** why GMI is not shown, in the request language; null when it is */
  message: z.string().nullable(),
  days: z.number(),
  /** % of the days' time the readings cover */
  coverage: nullable,
  rule: z.object({ minDays: z.number(), minCoveragePercent: z.number(), readingMinutes: z.number() }),
});
export type GmiStatusView = z.infer<typeof gmiStatusView>;

/** One glucose period's readings in the range. */
export const periodSummaryView = z.object({
  periodCode: z.string(),
  periodName: z.string(),
  count: z.number(),
  avg: nullable,
  minValue: nullable,
  maxValue: nullable,
  /** readings classified low or critically low (the hospital's own limits) */
  lowCount: z.number(),
  /** readings classified high or critically high */
  highCount: z.number(),
});
export type PeriodSummaryView = z.infer<typeof periodSummaryView>;

/** The normal references of §9: PPGE < 2.2, LAGE < 4.4, SDBG < 2.0 mmol/L. */
export const fluctuationReferencesView = z.object({ ppge: z.number(), lage: z.number(), sdbg: z.number() });
export type FluctuationReferencesView = z.infer<typeof fluctuationReferencesView>;

/** GET /v1/gluDataAnalysis/bloodGlucoseReport */
export const glucoseReportView = z.object({
  range: recordRangeView,
  unit: z.literal('mmol/L'),
  testCount: z.number(),
  dayNums: z.number(),
  avg: nullable,
  sd: nullable,
  /** % */
  cv: nullable,
  maxValue: nullable,
  minValue: nullable,
  /** %; null unless the readings qualify (`gmiStatus`) */
  gmi: nullable,
  gmiStatus: gmiStatusView,
  /** %, of `testCount` readings */
  ea1c: nullable,
  lage: nullable,
  sdbg: nullable,
  ppge: nullable,
  ...mageFields,
  modd: nullable,
  /** percent of READINGS in each band (readings of the TIR setting's periods), adding up to exactly 100 */
  ranges: rangePercentagesView,
  /** readings counted in `ranges` */
  rangeCount: z.number(),
  /** percent of TIME in each band, only when the readings are CGM-like (see `timeRule`); else null */
  timeRanges: rangePercentagesView.nullable(),
  /** the regularity rule time percentages need */
  timeRule: z.object({ minReadingsPerDay: z.number(), maxGapMinutes: z.number(), minSpanHours: z.number() }),
  bands: glucoseBandsView,
  /** the glucose periods whose readings count for the ranges (the TIR setting) */
  tirPeriods: z.array(z.string()),
  references: fluctuationReferencesView,
  /** per glucose period, in the day's order; readings without a period under `-` */
  items: z.array(periodSummaryView),
});
export type GlucoseReportView = z.infer<typeof glucoseReportView>;

/** One day of GET /v1/gluDataAnalysis/bloodGlucoseFluctuation: every day of the range, nulls where undefined. */
export const fluctuationDayView = z.object({
  date: z.string(),
  count: z.number(),
  ppge: nullable,
  lage: nullable,
  sdbg: nullable,
  ...mageFields,
});
export type FluctuationDayView = z.infer<typeof fluctuationDayView>;

/** GET /v1/gluDataAnalysis/bloodGlucoseTrend */
export const glucoseTrendView = z.object({
  range: recordRangeView,
  timeZone: z.string(),
  periods: z.array(recordPeriodView),
  band: targetBand,
  readings: z.array(analysisReadingView),
});
export type GlucoseTrendView = z.infer<typeof glucoseTrendView>;

/** GET /v1/gluDataAnalysis/bloodGlucoseMap: the 24-hour scatter and the AGP percentiles. */
export const glucoseMapView = z.object({
  range: recordRangeView,
  timeZone: z.string(),
  band: targetBand,
  bands: glucoseBandsView,
  readings: z.array(analysisReadingView),
  /** 24 rows, hour 0-23 */
  hourly: z.array(hourlyPercentilesView),
});
export type GlucoseMapView = z.infer<typeof glucoseMapView>;

/** GET /v1/gluDataAnalysis/testTrend?category=KET|UA */
export const testTrendView = z.object({
  range: recordRangeView,
  timeZone: z.string(),
  item: z.enum(['KET', 'UA']),
  /** storage unit: mmol/L for ketone, µmol/L for uric acid */
  unit: z.string(),
  reference: limitsView,
  readings: z.array(analysisReadingView),
});
export type TestTrendView = z.infer<typeof testTrendView>;

/** The analysis the printable glucose report (`/v1/records/trend`) carries. */
export const trendAnalysisView = z.object({
  report: glucoseReportView.omit({ range: true }),
  fluctuation: z.array(fluctuationDayView),
  readings: z.array(analysisReadingView),
  hourly: z.array(hourlyPercentilesView),
});
export type TrendAnalysisView = z.infer<typeof trendAnalysisView>;
