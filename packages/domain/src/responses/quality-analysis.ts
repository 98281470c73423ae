import { z } from 'zod';
import { QC_REPORT_STATES } from '../quality/reports';
import { WESTGARD_RULES } from '../quality/strategy';

/**
 * The QC analysis answers (issue 19): the Levey-Jennings month, the statistics, the monthly reports and
 * the meters' accuracy against the laboratory. Test values as stored (the item's storage unit, mmol/L for
 * glucose); figures rounded as domain quality/statistics.ts says (mean, SD 3 decimals; CV, shares 2).
 */

const nullableNumber = z.number().nullable();
const figures = { n: z.number(), mean: nullableNumber, sd: nullableNumber, cv: nullableNumber };
const violationCountsView = z.object(
  Object.fromEntries(WESTGARD_RULES.map((rule) => [rule, z.number()])) as Record<
    (typeof WESTGARD_RULES)[number],
    z.ZodNumber
  >,
);

export const qcAnalyzerRefView = z.object({
  analyzerId: z.number(),
  sn: z.string(),
  model: z.string(),
  departmentCode: z.string(),
  departmentName: z.string().nullable(),
});

/** One run on the curve. */
export const qcCurvePointView = z.object({
  id: z.number(),
  testedAt: z.string(),
  value: nullableNumber,
  /** (value − target) / SD of the run's own target and SD */
  z: nullableNumber,
  result: z.enum(['pass', 'fail']),
  rejected: z.boolean(),
  inRange: z.boolean().nullable(),
  violations: z.array(z.string()),
  stripLot: z.string(),
  testerName: z.string(),
  failureReason: z.string().nullable(),
  improvementActions: z.string().nullable(),
});
export type QcCurvePointView = z.infer<typeof qcCurvePointView>;

/** GET /v2/deviceQc/control */
export const qcCurveView = z.object({
  /** the analyzer shown (null: the caller's departments have none) */
  analyzer: qcAnalyzerRefView.nullable(),
  /** the analyzers of the caller's departments (the picker) */
  analyzers: z.array(qcAnalyzerRefView),
  month: z.string(),
  itemCategory: z.string(),
  level: z.number(),
  /** the control lot shown (null: the analyzer has none in use and no lot was asked) */
  lot: z.string().nullable(),
  /** the lots run on this analyzer, level and month (the lot picker) */
  lots: z.array(z.string()),
  /** the lot's target and SD for the level (the lot's current values; null when none) */
  target: nullableNumber,
  sd: nullableNumber,
  rangeLow: nullableNumber,
  rangeHigh: nullableNumber,
  lines: z
    .object({
      plus1: z.number(),
      minus1: z.number(),
      plus2: z.number(),
      minus2: z.number(),
      plus3: z.number(),
      minus3: z.number(),
    })
    .nullable(),
  points: z.array(qcCurvePointView),
  /** the month's runs of the lot: n, mean, SD, CV (CLSI C24), passes, pass rate, rules broken */
  figures: z.object({
    ...figures,
    passes: z.number(),
    passRate: nullableNumber,
    violationCounts: violationCountsView,
  }),
});
export type QcCurveView = z.infer<typeof qcCurveView>;

const statisticsRow = {
  runs: z.number(),
  passes: z.number(),
  passRate: nullableNumber,
  ...figures,
  violationCounts: violationCountsView,
};

/** GET /v1/deviceQc/departmentControlStatistics */
export const qcStatisticsView = z.object({
  beginDate: z.string(),
  endDate: z.string(),
  /** per analyzer, level, control lot and month */
  analyzers: z.array(
    z.object({
      month: z.string(),
      analyzerId: z.number(),
      sn: z.string(),
      departmentCode: z.string(),
      departmentName: z.string().nullable(),
      level: z.number(),
      controlLot: z.string(),
      ...statisticsRow,
    }),
  ),
  /** per department and month (mean, SD and CV are not pooled across levels: only counts and rates) */
  departments: z.array(
    z.object({
      month: z.string(),
      departmentCode: z.string(),
      departmentName: z.string().nullable(),
      analyzers: z.number(),
      runs: z.number(),
      passes: z.number(),
      passRate: nullableNumber,
      violationCounts: violationCountsView,
    }),
  ),
  total: z.object({ runs: z.number(), passes: z.number(), passRate: nullableNumber }),
});
export type QcStatisticsView = z.infer<typeof qcStatisticsView>;

/** The figures of one level as a monthly report holds them. */
export const qcReportLevelView = z.object({
  level: z.number(),
  controlLot: z.string(),
  target: nullableNumber,
  ...statisticsRow,
});
/** A failed or warned run as the monthly report lists it. */
export const qcReportIncidentView = z.object({
  id: z.number(),
  testedAt: z.string(),
  level: z.number(),
  value: nullableNumber,
  result: z.enum(['pass', 'fail']),
  violations: z.array(z.string()),
  failureReason: z.string().nullable(),
  improvementActions: z.string().nullable(),
  testerName: z.string(),
});
export const qcReportSummaryView = z.object({
  runs: z.number(),
  passes: z.number(),
  passRate: nullableNumber,
  levels: z.array(qcReportLevelView),
  incidents: z.array(qcReportIncidentView),
});
export type QcReportSummaryView = z.infer<typeof qcReportSummaryView>;

/** One analyzer's report of the month (GET /v1/deviceQc/monthReport, and the writes). */
export const qcMonthReportView = qcAnalyzerRefView.extend({
  month: z.string(),
  /** the report row (null: never submitted) */
  id: z.number().nullable(),
  version: z.number().nullable(),
  state: z.enum(QC_REPORT_STATES),
  appraisal: z.string().nullable(),
  /** the figures now (not submitted, rejected) or as submitted (submitted, archived) */
  summary: qcReportSummaryView,
  submittedByName: z.string().nullable(),
  submittedAt: z.string().nullable(),
  rejectedByName: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  archivedByName: z.string().nullable(),
  archivedAt: z.string().nullable(),
});
export type QcMonthReportView = z.infer<typeof qcMonthReportView>;

export const qcMonthReportsView = z.object({
  month: z.string(),
  itemCategory: z.string(),
  records: z.array(qcMonthReportView),
});
export type QcMonthReportsView = z.infer<typeof qcMonthReportsView>;

/** GET /v1/deviceQc/accuracy */
export const qcAccuracyPairView = z.object({
  measurementId: z.number(),
  labResultId: z.number(),
  patientId: z.number(),
  patientName: z.string(),
  testTime: z.string(),
  resultedAt: z.string(),
  /** minutes between the meter reading and the lab result */
  minutesApart: z.number(),
  meter: z.number(),
  reference: z.number(),
  difference: z.number(),
  /** difference / reference × 100, 2 decimals */
  differencePercent: z.number(),
  within: z.boolean(),
});
export type QcAccuracyPairView = z.infer<typeof qcAccuracyPairView>;
export const qcAccuracyView = z.object({
  month: z.string(),
  meters: z.array(
    z.object({
      sn: z.string(),
      analyzerId: z.number().nullable(),
      model: z.string().nullable(),
      departmentCode: z.string().nullable(),
      departmentName: z.string().nullable(),
      pairs: z.number(),
      within: z.number(),
      withinShare: nullableNumber,
      meetsIso: z.boolean().nullable(),
      meanBias: nullableNumber,
      meanBiasPercent: nullableNumber,
      records: z.array(qcAccuracyPairView),
    }),
  ),
});
export type QcAccuracyView = z.infer<typeof qcAccuracyView>;
