/**
 * Outcomes of glucose management as PATIENT-DAYS (issue 18, 管理成效/患者日): the hospital
 * "glucometrics" that inpatient diabetes teams report, after Goldberg PA, Bozzo JE, Thomas PG et al.,
 * "'Glucometrics' — assessing the quality of inpatient glucose management", Diabetes Technol Ther
 * 2006;8:560-569. The unit is the patient-day: one patient with at least one glucose reading on one
 * hospital calendar day (the day of the reading's test time in the hospital's time zone). Patient-days
 * weigh every patient and day alike, however often a patient was measured that day (the paper's point:
 * readings-based shares over-weigh the sickest, most-measured patients).
 *
 * Per patient-day (values compared as STORED, in mmol/L: a reading entered in mg/dL counts by its
 * stored mmol/L value, so the figures do not depend on the unit a meter used):
 * - hypoglycaemic: any reading < 3.9 mmol/L (70 mg/dL), Goldberg's and the ADA's level-1 cut-off;
 * - severely hypoglycaemic: any reading < 2.2 mmol/L (~40 mg/dL), Goldberg's severe cut-off;
 * - hyperglycaemic: at least `hyperCount` readings ≥ `hyperValue` (default 2 readings ≥ 12.5 mmol/L,
 *   225 mg/dL), the virtual ward's review criteria (settings.ts ReviewCriteria, after Rushakoff RJ et al.,
 *   "Association between a virtual glucose management service and glycemic control in hospitalized adult
 *   patients", Ann Intern Med 2017;166:621-627, whose outcome was exactly these patient-days), so the
 *   outcome counts what the daily worklist looks for;
 * - at goal: every reading of the day within the target range low..high inclusive. The range is the
 *   hospital's TIR setting (default 3.9-10.0 mmol/L, 70-180 mg/dL, the international consensus range of
 *   Battelino et al., Diabetes Care 2019;42:1593): its lower limit is the hypoglycaemia cut-off above,
 *   and 10.0 mmol/L is the upper limit of the ADA's inpatient target (Standards of Care, "Diabetes Care
 *   in the Hospital": 7.8-10.0 mmol/L for most inpatients) — so a day at goal has neither hypoglycaemia
 *   nor a reading above the inpatient target, and the outcome page agrees with the TIR shown elsewhere.
 *
 * Shares are percent of patient-days (2 decimals, null without patient-days; hypo, hyper and goal
 * overlap, so they are rounded one by one and need not add up). Mean glucose per patient-day = the mean
 * of each patient-day's own mean (Goldberg: "patient-day-weighted mean"), not the mean of all readings.
 *
 * This module is the reference: the server computes the same figures in SQL for whole hospitals, and a
 * test computes both on the same readings and compares.
 */
import { sampleSd } from '../analytics/stats';
import { roundDecimal } from '../helpers/round';
import { calendarDate } from '../helpers/zoned-format';
import { DEFAULT_TIR_BANDS } from '../hospital-settings/strategy';
import { DEFAULT_REVIEW_CRITERIA } from './settings';

/** Any reading below it makes a hypoglycaemic patient-day (mmol/L; 70 mg/dL). */
export const HYPO_DAY_LIMIT = 3.9;
/** Any reading below it makes a severely hypoglycaemic patient-day (mmol/L; ~40 mg/dL, Goldberg 2006). */
export const SEVERE_HYPO_DAY_LIMIT = 2.2;

/** The limits a patient-day is judged by, mmol/L. */
export interface GlucometricCriteria {
  /** hyperglycaemic: at least `hyperCount` readings ≥ `hyperValue` (review criteria) */
  hyperValue: number;
  hyperCount: number;
  /** at goal: every reading within goalLow..goalHigh inclusive (TIR setting low/high) */
  goalLow: number;
  goalHigh: number;
}

export const DEFAULT_GLUCOMETRIC_CRITERIA: GlucometricCriteria = {
  hyperValue: DEFAULT_REVIEW_CRITERIA.hyperValue,
  hyperCount: DEFAULT_REVIEW_CRITERIA.hyperCount,
  goalLow: DEFAULT_TIR_BANDS.low,
  goalHigh: DEFAULT_TIR_BANDS.high,
};

/** A glucose reading as stored: the patient, the test time and the value in mmol/L. */
export interface GlucometricReading {
  patientId: number;
  testTime: Date | string;
  /** the stored value, mmol/L at full precision */
  mmol: number;
}

/** One patient-day and how it is judged. */
export interface PatientDay {
  patientId: number;
  /** the hospital calendar day, YYYY-MM-DD */
  day: string;
  readings: number;
  mean: number;
  hypo: boolean;
  severeHypo: boolean;
  hyper: boolean;
  atGoal: boolean;
}

/** The patient-days of a set of readings, in the hospital's time zone (non-finite values ignored). */
export function patientDays(
  readings: readonly GlucometricReading[],
  timeZone: string,
  criteria: GlucometricCriteria = DEFAULT_GLUCOMETRIC_CRITERIA,
): PatientDay[] {
  const groups = new Map<string, { patientId: number; day: string; values: number[] }>();
  for (const reading of readings) {
    if (!Number.isFinite(reading.mmol)) continue;
    const day = calendarDate(reading.testTime, timeZone);
    const key = `${reading.patientId}|${day}`;
    let group = groups.get(key);
    if (!group) {
      group = { patientId: reading.patientId, day, values: [] };
      groups.set(key, group);
    }
    group.values.push(reading.mmol);
  }
  return [...groups.values()].map(({ patientId, day, values }) => {
    let sum = 0;
    let hyperReadings = 0;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (const value of values) {
      sum += value;
      if (value >= criteria.hyperValue) hyperReadings += 1;
      if (value < min) min = value;
      if (value > max) max = value;
    }
    return {
      patientId,
      day,
      readings: values.length,
      mean: sum / values.length,
      hypo: min < HYPO_DAY_LIMIT,
      severeHypo: min < SEVERE_HYPO_DAY_LIMIT,
      hyper: hyperReadings >= criteria.hyperCount,
      atGoal: min >= criteria.goalLow && max <= criteria.goalHigh,
    };
  });
}

/** The patient-day outcome of a set of patient-days (a month, a stay, a total). */
export interface PatientDayOutcome {
  patientDays: number;
  hypoDays: number;
  severeHypoDays: number;
  hyperDays: number;
  goalDays: number;
  /** percent of patient-days, 2 decimals; null without patient-days */
  hypoShare: number | null;
  severeHypoShare: number | null;
  hyperShare: number | null;
  goalShare: number | null;
  /** mean of the patient-days' means, mmol/L, unrounded; null without patient-days */
  meanPerPatientDay: number | null;
  readings: number;
  /** distinct patients */
  patients: number;
}

/** Percent of `whole`, 2 decimals; null when `whole` is 0. */
export function shareOf(part: number, whole: number): number | null {
  return whole === 0 ? null : roundDecimal((part / whole) * 100, 2);
}

/** Counts and shares of patient-days (module comment). */
export function patientDayOutcome(days: readonly PatientDay[]): PatientDayOutcome {
  let hypo = 0;
  let severe = 0;
  let hyper = 0;
  let goal = 0;
  let readings = 0;
  let meanSum = 0;
  const patients = new Set<number>();
  for (const day of days) {
    if (day.hypo) hypo += 1;
    if (day.severeHypo) severe += 1;
    if (day.hyper) hyper += 1;
    if (day.atGoal) goal += 1;
    readings += day.readings;
    meanSum += day.mean;
    patients.add(day.patientId);
  }
  const n = days.length;
  return {
    patientDays: n,
    hypoDays: hypo,
    severeHypoDays: severe,
    hyperDays: hyper,
    goalDays: goal,
    hypoShare: shareOf(hypo, n),
    severeHypoShare: shareOf(severe, n),
    hyperShare: shareOf(hyper, n),
    goalShare: shareOf(goal, n),
    meanPerPatientDay: n === 0 ? null : meanSum / n,
    readings,
    patients: patients.size,
  };
}

/** The outcome of each hospital month (YYYY-MM, a patient-day belongs to its day's month) and the total. */
export function monthlyOutcomes(
  readings: readonly GlucometricReading[],
  timeZone: string,
  criteria: GlucometricCriteria = DEFAULT_GLUCOMETRIC_CRITERIA,
): { months: Map<string, PatientDayOutcome>; total: PatientDayOutcome } {
  const days = patientDays(readings, timeZone, criteria);
  const byMonth = new Map<string, PatientDay[]>();
  for (const day of days) {
    const month = day.day.slice(0, 7);
    const list = byMonth.get(month) ?? [];
    list.push(day);
    byMonth.set(month, list);
  }
  const months = new Map<string, PatientDayOutcome>();
  for (const month of [...byMonth.keys()].sort()) {
    months.set(month, patientDayOutcome(byMonth.get(month) as PatientDay[]));
  }
  return { months, total: patientDayOutcome(days) };
}

/** The months YYYY-MM from `begin` to `end` inclusive (an empty list when `end` is before `begin`). */
export function monthsBetween(begin: string, end: string): string[] {
  const out: string[] = [];
  let year = Number(begin.slice(0, 4));
  let month = Number(begin.slice(5, 7));
  const last = Number(end.slice(0, 4)) * 12 + Number(end.slice(5, 7));
  while (year * 12 + month <= last) {
    out.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return out;
}

/** The statistics of one side (before or after joining) of a virtual-ward stay. */
export interface StaySideStatistics {
  readings: number;
  /** mean of the readings, mmol/L unrounded; null without readings */
  mean: number | null;
  /** sample SD (n − 1), mmol/L; null with fewer than 2 readings */
  sd: number | null;
  patientDays: number;
  hypoShare: number | null;
  hyperShare: number | null;
  /** percent of readings within goalLow..goalHigh inclusive (the TIR setting), 2 decimals */
  tir: number | null;
}

/**
 * The before- or after-joining statistics of one patient's readings (Goldberg's per-patient view): count,
 * mean and sample SD of the readings, the hypo- and hyperglycaemic shares of its patient-days, and the
 * share of READINGS within the target range (TIR as a reading share, as the analysis reports it for
 * point-of-care meters).
 */
export function staySideStatistics(
  readings: readonly GlucometricReading[],
  timeZone: string,
  criteria: GlucometricCriteria = DEFAULT_GLUCOMETRIC_CRITERIA,
): StaySideStatistics {
  const values = readings.map((reading) => reading.mmol).filter((value) => Number.isFinite(value));
  const outcome = patientDayOutcome(patientDays(readings, timeZone, criteria));
  const inRange = values.filter((value) => value >= criteria.goalLow && value <= criteria.goalHigh).length;
  return {
    readings: values.length,
    mean: values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length,
    sd: sampleSd(values),
    patientDays: outcome.patientDays,
    hypoShare: outcome.hypoShare,
    hyperShare: outcome.hyperShare,
    tir: shareOf(inRange, values.length),
  };
}
