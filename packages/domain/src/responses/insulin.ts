import { z } from 'zod';
import { INSULIN_STATUSES, INSULIN_UNITS } from '../insulin/entry';
import { pivotPeriodView } from './measurements';

/** One insulin record (issue 16) as every insulin endpoint answers it. */
export const insulinRecordView = z.object({
  id: z.number(),
  patientId: z.number(),
  admissionId: z.number().nullable(),
  /** the patient's department when the dose was given */
  departmentCode: z.string(),
  drugId: z.number(),
  /** the drug's name when recorded, in the request language (a snapshot: renaming the drug later does not change it) */
  drugName: z.string(),
  /** the record's total dose, as entered */
  dose: z.number(),
  unit: z.enum(INSULIN_UNITS),
  basalDose: z.number().nullable(),
  bolusDose: z.number().nullable(),
  correctionDose: z.number().nullable(),
  periodCode: z.string(),
  /** the insulin period's name in the request language (its code when the period is gone) */
  periodName: z.string(),
  givenAt: z.string(),
  doctorId: z.number(),
  doctorName: z.string(),
  nurseId: z.number(),
  nurseName: z.string(),
  status: z.enum(INSULIN_STATUSES),
  confirmedById: z.number().nullable(),
  confirmedBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  note: z.string().nullable(),
  /** the medication order (issue 17) the dose was given against, and its name */
  medicationOrderId: z.number().nullable(),
  medicationOrderName: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  deleteReason: z.string().nullable(),
});
export type InsulinRecordView = z.infer<typeof insulinRecordView>;

/** The daily totals of `insulinDailyTotals` (domain insulin/totals.ts). */
export const insulinDayTotalsView = z.object({
  date: z.string(),
  basal: z.number(),
  bolus: z.number(),
  correction: z.number(),
  total: z.number(),
  count: z.number(),
  totalPerKg: z.number().nullable(),
  basalPerKg: z.number().nullable(),
  bolusPerKg: z.number().nullable(),
  correctionPerKg: z.number().nullable(),
});
export type InsulinDayTotalsView = z.infer<typeof insulinDayTotalsView>;

/** A patient's day × insulin-period grid, with each day's totals (days with records, latest first). */
export const insulinPivotView = z.object({
  periods: z.array(pivotPeriodView),
  /** the patient's body weight in kg the per-kg figures use (null: unknown) */
  weightKg: z.number().nullable(),
  rows: z.array(
    z.object({
      date: z.string(),
      cells: z.record(z.string(), z.array(insulinRecordView)),
      totals: insulinDayTotalsView.nullable(),
    }),
  ),
});
export type InsulinPivotView = z.infer<typeof insulinPivotView>;

const person = z.object({ id: z.number(), name: z.string() });

/** What the insulin entry dialog of a patient needs. */
export const insulinEntryOptionsView = z.object({
  drugs: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      categoryCode: z.string(),
      specification: z.string().nullable(),
    }),
  ),
  periods: z.array(pivotPeriodView.extend({ startTime: z.string(), endTime: z.string() })),
  doctors: z.array(person),
  nurses: z.array(person),
  timeZone: z.string(),
  admittedAt: z.string(),
  dischargedAt: z.string().nullable(),
  inHospital: z.boolean(),
  weightKg: z.number().nullable(),
});
export type InsulinEntryOptionsView = z.infer<typeof insulinEntryOptionsView>;

/** A glucose reading on the linked chart: the value as stored (mmol/L) and its classification. */
export const linkedChartReadingView = z.object({
  id: z.number(),
  testTime: z.string(),
  /** mmol/L as stored; the web shows it in the hospital's display unit (domain conversions) */
  value: z.number(),
  periodCode: z.string().nullable(),
  classification: z.string().nullable(),
});

/** An insulin dose on the linked chart: time, drug, total and its parts as recorded. */
export const linkedChartDoseView = z.object({
  id: z.number(),
  givenAt: z.string(),
  drugName: z.string(),
  dose: z.number(),
  basalDose: z.number().nullable(),
  bolusDose: z.number().nullable(),
  correctionDose: z.number().nullable(),
  periodCode: z.string(),
  periodName: z.string(),
  status: z.enum(INSULIN_STATUSES),
});

/**
 * `GET /v1/insulinRecord/linkedChart/{patientId}` (issue 16): a patient's glucose and insulin over some
 * hospital days, the target band, the pump basal rate as steps (IU/h) clipped to the range, and the
 * hospital's time zone the axis is drawn in.
 */
export const linkedChartView = z.object({
  patientId: z.number(),
  timeZone: z.string(),
  range: z.object({
    beginDate: z.string(),
    endDate: z.string(),
    /** the first and the last instant of the days ([from, to)) */
    from: z.string(),
    to: z.string(),
  }),
  /** the patient's glucose target band in mmol/L (as the glucose charts draw it); null when none is set */
  band: z.object({ low: z.number().nullable(), high: z.number().nullable() }).nullable(),
  readings: z.array(linkedChartReadingView),
  doses: z.array(linkedChartDoseView),
  basal: z.array(z.object({ from: z.string(), to: z.string(), rate: z.number() })),
  /** whether the patient has any live insulin record or pump binding at all (not only in the range) */
  hasInsulin: z.boolean(),
});
export type LinkedChartView = z.infer<typeof linkedChartView>;
