import { http, requestBlob } from './http';

/**
 * Hospital glucose statistics (`/v1/statistics/*`, docs/api.md "Statistics"): glucose readings with a
 * value, not deleted, counted by the classification stored with each reading (the hospital's own
 * target and critical limits for that patient and period). The categories are disjoint: every
 * reading is in exactly one of in-target (normal), low, critically low, high, critically high (or
 * unknown, when no limit applied). Rates are percent of `testCount`, 2 decimals, null when there is no
 * reading. Department scope applies: a user sees the departments of their scope only.
 */

export interface GlucoseCounts {
  /** glucose readings with a value */
  testCount: number;
  /** distinct patients measured */
  personCount: number;
  inTargetCount: number;
  inTargetRate: number | null;
  lowCount: number;
  lowRate: number | null;
  criticalLowCount: number;
  criticalLowRate: number | null;
  highCount: number;
  highRate: number | null;
  criticalHighCount: number;
  criticalHighRate: number | null;
  /** critically low + critically high */
  criticalCount: number;
  criticalRate: number | null;
}

export interface YearMonthRow extends GlucoseCounts {
  /** 1-12 */
  month: number;
}

/** GET /v1/statistics/gluYearAnalysis?year&departmentCode (no department: every department in scope) */
export interface YearAnalysis {
  year: number;
  departmentCode: string | null;
  /** the department's name in the request's language, or the hospital's name for all departments */
  departmentName: string;
  /** always 12 rows, January first; months of the future are zero rows */
  months: YearMonthRow[];
  total: GlucoseCounts;
}

export interface DepartmentRow extends GlucoseCounts {
  departmentCode: string;
  departmentName: string;
}

/** GET /v1/statistics/departmentAnalysis?beginDate&endDate&departmentCode */
export interface DepartmentAnalysis {
  beginDate: string;
  endDate: string;
  /** every department in scope (or the one asked for), in the departments' order, with or without readings */
  departments: DepartmentRow[];
  /** the departments above together (a patient measured in two departments counts once) */
  total: GlucoseCounts;
}

export const fetchYearAnalysis = (q: { year: number; departmentCode?: string }, signal?: AbortSignal) =>
  http.get<YearAnalysis>('/v1/statistics/gluYearAnalysis', { query: q, signal });

/** The same statistics as an .xlsx file built by the server, in the request's language. */
export const downloadYearAnalysisExcel = (
  q: { year: number; departmentCode?: string },
  signal?: AbortSignal,
) => requestBlob('/v1/statistics/gluYearAnalysisExcel', { query: q, signal });

export const fetchDepartmentAnalysis = (
  q: { beginDate: string; endDate: string; departmentCode?: string },
  signal?: AbortSignal,
) => http.get<DepartmentAnalysis>('/v1/statistics/departmentAnalysis', { query: q, signal });
