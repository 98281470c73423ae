import { GMI_REASONS } from '@glucocare/domain';
import { z } from 'zod';

/** The answers of `/v1/gluDataAnalysis/*` (docs/api.md "Analysis"). */

const range = z.object({ beginDate: z.string(), endDate: z.string(), isStay: z.boolean() });
const nullable = z.number().nullable();
const rangePercentages = z.object({
  veryLow: nullable,
  low: nullable,
  inRange: nullable,
  high: nullable,
  veryHigh: nullable,
});
/** MAGE (Service: the direction of the first excursion), MAGE+ (rises), MAGE− (falls), their mean. */
const mageFields = { mage: nullable, magePlus: nullable, mageMinus: nullable, mageMean: nullable };
const bands = z.object({ veryLow: z.number(), low: z.number(), high: z.number(), veryHigh: z.number() });
const band = z.object({ low: nullable, high: nullable }).nullable();
export const analysisReading = z.object({
  id: z.number(),
  testTime: z.string(),
  date: z.string(),
  minuteOfDay: z.number(),
  testValue: z.number(),
  periodCode: z.string().nullable(),
  periodName: z.string().nullable(),
  determineType: z.string().nullable(),
});
const period = z.object({ code: z.string(), name: z.string(), startTime: z.string(), endTime: z.string() });

export const reportView = z.object({
  range,
  unit: z.string(),
  testCount: z.number(),
  dayNums: z.number(),
  avg: nullable,
  sd: nullable,
  cv: nullable,
  maxValue: nullable,
  minValue: nullable,
  /** null unless the readings qualify (`gmiStatus`) */
  gmi: nullable,
  gmiStatus: z.object({
    qualifies: z.boolean(),
    reason: z.enum(GMI_REASONS).nullable(),
    /** why GMI is not shown, in the request language; null when it is */
    message: z.string().nullable(),
    days: z.number(),
    coverage: nullable,
    rule: z.object({ minDays: z.number(), minCoveragePercent: z.number(), readingMinutes: z.number() }),
  }),
  ea1c: nullable,
  lage: nullable,
  sdbg: nullable,
  ppge: nullable,
  ...mageFields,
  modd: nullable,
  ranges: rangePercentages,
  rangeCount: z.number(),
  timeRanges: rangePercentages.nullable(),
  timeRule: z.object({ minReadingsPerDay: z.number(), maxGapMinutes: z.number(), minSpanHours: z.number() }),
  bands,
  tirPeriods: z.array(z.string()),
  references: z.object({ ppge: z.number(), lage: z.number(), sdbg: z.number() }),
  items: z.array(
    z.object({
      periodCode: z.string(),
      periodName: z.string(),
      count: z.number(),
      avg: nullable,
      minValue: nullable,
      maxValue: nullable,
      lowCount: z.number(),
      highCount: z.number(),
    }),
  ),
});
export const fluctuationView = z.array(
  z.object({
    date: z.string(),
    count: z.number(),
    ppge: nullable,
    lage: nullable,
    sdbg: nullable,
    ...mageFields,
  }),
);
export const trendView = z.object({
  range,
  timeZone: z.string(),
  periods: z.array(period),
  band,
  readings: z.array(analysisReading),
});
export const mapView = z.object({
  range,
  timeZone: z.string(),
  band,
  bands,
  readings: z.array(analysisReading),
  hourly: z.array(z.record(z.string(), z.number().nullable())),
});
export const testTrendView = z.object({
  range,
  timeZone: z.string(),
  item: z.enum(['KET', 'UA']),
  unit: z.string(),
  reference: z.object({ low: nullable, high: nullable, criticalLow: nullable, criticalHigh: nullable }),
  readings: z.array(analysisReading),
});

/** The analysis the printable glucose report (`/v1/records/trend`) carries. */
export const trendAnalysisView = z.object({
  report: reportView.omit({ range: true }),
  fluctuation: fluctuationView,
  readings: z.array(analysisReading),
  hourly: z.array(z.record(z.string(), z.number().nullable())),
});
