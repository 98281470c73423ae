import { z } from 'zod';

/**
 * Hospital glucose statistics (`/v1/statistics/*`): glucose readings with a value, not deleted, counted by
 * the classification stored with each. Rates are percent of `testCount`, 2 decimals, null without readings.
 */

const rate = z.number().nullable();

/** Readings of each classification, their counts and rates. */
export const glucoseCountsView = z.object({
  /** glucose readings with a value */
  testCount: z.number(),
  /** distinct patients measured */
  personCount: z.number(),
  inTargetCount: z.number(),
  inTargetRate: rate,
  lowCount: z.number(),
  lowRate: rate,
  criticalLowCount: z.number(),
  criticalLowRate: rate,
  highCount: z.number(),
  highRate: rate,
  criticalHighCount: z.number(),
  criticalHighRate: rate,
  /** critically low + critically high */
  criticalCount: z.number(),
  criticalRate: rate,
});
export type GlucoseCountsView = z.infer<typeof glucoseCountsView>;

/** One hospital month (1-12) of the yearly statistics. */
export const yearMonthRowView = glucoseCountsView.extend({ month: z.number() });
export type YearMonthRowView = z.infer<typeof yearMonthRowView>;

/** GET /v1/statistics/gluYearAnalysis: a year by month, one department or every department in scope. */
export const yearAnalysisView = z.object({
  year: z.number(),
  departmentCode: z.string().nullable(),
  /** the department's name in the request's language, or the hospital's name for all departments */
  departmentName: z.string(),
  /** always 12 rows, January first; months of the future are zero rows */
  months: z.array(yearMonthRowView),
  total: glucoseCountsView,
});
export type YearAnalysisView = z.infer<typeof yearAnalysisView>;

/** One department of the department statistics. */
export const departmentRowView = glucoseCountsView.extend({
  departmentCode: z.string(),
  departmentName: z.string(),
});
export type DepartmentRowView = z.infer<typeof departmentRowView>;

/** GET /v1/statistics/departmentAnalysis: every department in scope (or one) over a range of days. */
export const departmentAnalysisView = z.object({
  beginDate: z.string(),
  endDate: z.string(),
  /** in the departments' order, with or without readings */
  departments: z.array(departmentRowView),
  /** the departments above together (a patient measured in two departments counts once) */
  total: glucoseCountsView,
});
export type DepartmentAnalysisView = z.infer<typeof departmentAnalysisView>;
