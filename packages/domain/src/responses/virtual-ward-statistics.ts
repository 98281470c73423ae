import { z } from 'zod';
import { OUTCOME_SCOPES } from '../virtual-ward/statistics-query';

/**
 * The virtual ward's outcomes as patient-days and a stay's before/after statistics (issue 18; the rules
 * in virtual-ward/glucometrics.ts). Glucose in mmol/L at full precision (the screens convert and round);
 * shares are percent of patient-days, 2 decimals, null without patient-days.
 */

const share = z.number().nullable();

/** The patient-day outcome of a month or of the whole range. */
export const patientDayOutcomeView = z.object({
  patientDays: z.number(),
  hypoDays: z.number(),
  severeHypoDays: z.number(),
  hyperDays: z.number(),
  goalDays: z.number(),
  hypoShare: share,
  severeHypoShare: share,
  hyperShare: share,
  goalShare: share,
  /** the mean of the patient-days' own means, mmol/L; null without patient-days */
  meanPerPatientDay: z.number().nullable(),
  readings: z.number(),
  patients: z.number(),
});
export type PatientDayOutcomeView = z.infer<typeof patientDayOutcomeView>;

export const outcomeMonthView = patientDayOutcomeView.extend({ month: z.string() });
export type OutcomeMonthView = z.infer<typeof outcomeMonthView>;

/** GET /v1/virtualward/outcomes */
export const outcomesView = z.object({
  beginMonth: z.string(),
  endMonth: z.string(),
  scope: z.enum(OUTCOME_SCOPES),
  departmentCode: z.string().nullable(),
  /** the department's name (department scope), else null */
  departmentName: z.string().nullable(),
  /** the limits the patient-days were judged by, mmol/L */
  criteria: z.object({
    hypo: z.number(),
    severeHypo: z.number(),
    hyperValue: z.number(),
    hyperCount: z.number(),
    goalLow: z.number(),
    goalHigh: z.number(),
  }),
  /** every month of the range, the first first; months without readings are zero rows */
  months: z.array(outcomeMonthView),
  total: patientDayOutcomeView,
});
export type OutcomesView = z.infer<typeof outcomesView>;

/** One side (before or after joining) of a stay. */
export const staySideView = z.object({
  /** the instants the side covers */
  from: z.string(),
  to: z.string(),
  readings: z.number(),
  mean: z.number().nullable(),
  sd: z.number().nullable(),
  patientDays: z.number(),
  hypoShare: share,
  hyperShare: share,
  /** percent of readings within the TIR setting's low..high */
  tir: share,
});
export type StaySideView = z.infer<typeof staySideView>;

/** GET /v1/virtualward/stays/{id}/beforeAfter */
export const stayBeforeAfterView = z.object({
  stayId: z.number(),
  patientId: z.number(),
  patientName: z.string(),
  joinedAt: z.string(),
  exitedAt: z.string().nullable(),
  /** the baseline setting: days before joining, and the periods counted ([] = every period) */
  baselineDays: z.number(),
  periods: z.array(z.string()),
  before: staySideView,
  after: staySideView,
});
export type StayBeforeAfterView = z.infer<typeof stayBeforeAfterView>;

/** The counts of one specialist in one period (or over the range). */
export const workloadCountsView = z.object({
  /** follow-ups of kind `review` (the daily worklist) */
  reviews: z.number(),
  /** follow-ups of kind `visit` or `phone` */
  followups: z.number(),
  /** stays the specialist created (joins by hand) */
  joins: z.number(),
  /** stays the specialist ended */
  exits: z.number(),
});

/** GET /v1/virtualward/statistics/workload */
export const workloadView = z.object({
  beginDate: z.string(),
  endDate: z.string(),
  groupBy: z.enum(['day', 'month']),
  /** one row per specialist and period with any work, by period then name */
  rows: z.array(
    workloadCountsView.extend({
      /** YYYY-MM-DD or YYYY-MM (hospital calendar) */
      period: z.string(),
      specialistId: z.number(),
      specialistName: z.string(),
    }),
  ),
  /** per specialist over the whole range, by name */
  specialists: z.array(workloadCountsView.extend({ specialistId: z.number(), specialistName: z.string() })),
  /** every period of the range: distinct patients with a stay current at some time of it */
  managed: z.array(z.object({ period: z.string(), patients: z.number() })),
  total: workloadCountsView.extend({ patients: z.number() }),
});
export type WorkloadView = z.infer<typeof workloadView>;

/** GET /v1/virtualward/statistics/testTime */
export const testTimeView = z.object({
  beginDate: z.string(),
  endDate: z.string(),
  /** glucose readings with a value of virtual-ward patients during their stays */
  readings: z.number(),
  /** 24 rows, hour 0-23 of the hospital's clock */
  hours: z.array(z.object({ hour: z.number(), readings: z.number() })),
  /** per glucose period: readings, inside the period's window (no early/late mark), early, late */
  periods: z.array(
    z.object({
      periodCode: z.string(),
      periodName: z.string(),
      readings: z.number(),
      inWindow: z.number(),
      early: z.number(),
      late: z.number(),
      /** percent of the period's readings inside its window, 2 decimals */
      inWindowShare: z.number().nullable(),
    }),
  ),
  /** planned measurements recorded without a value, by reason */
  missed: z.array(z.object({ reason: z.string(), reasonName: z.string(), count: z.number() })),
  missedTotal: z.number(),
});
export type TestTimeView = z.infer<typeof testTimeView>;

/** GET /v1/virtualward/statistics/charts */
export const chartsView = z.object({
  beginDate: z.string(),
  endDate: z.string(),
  /** every day of the range */
  days: z.array(
    z.object({
      day: z.string(),
      low: z.number(),
      normal: z.number(),
      high: z.number(),
      criticalLow: z.number(),
      criticalHigh: z.number(),
      /** readings without a band (classification unknown) */
      other: z.number(),
      /** mean of the day's readings, mmol/L; null without readings */
      mean: z.number().nullable(),
      /** patients with a stay current that day */
      patients: z.number(),
    }),
  ),
  /** the readings by the TIR setting's bands, and the limits used (mmol/L) */
  distribution: z.object({
    veryLow: z.number(),
    low: z.number(),
    inRange: z.number(),
    high: z.number(),
    veryHigh: z.number(),
    bands: z.object({ veryLow: z.number(), low: z.number(), high: z.number(), veryHigh: z.number() }),
  }),
});
export type ChartsView = z.infer<typeof chartsView>;

/** GET /v1/virtualward/outcomes/stays: the stays of the range whose before/after can be shown */
export const outcomeStaysView = z.array(
  z.object({
    id: z.number(),
    patientId: z.number(),
    patientName: z.string(),
    wardDepartmentCode: z.string(),
    joinedAt: z.string(),
    exitedAt: z.string().nullable(),
  }),
);
export type OutcomeStaysView = z.infer<typeof outcomeStaysView>;
