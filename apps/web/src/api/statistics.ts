import type {
  DepartmentAnalysisView as DepartmentAnalysis,
  DepartmentRowView as DepartmentRow,
  GlucoseCountsView as GlucoseCounts,
  YearAnalysisView as YearAnalysis,
  YearMonthRowView as YearMonthRow,
} from '@glucocare/domain/responses';
import { http, requestBlob } from './http';

/**
 * Hospital glucose statistics (`/v1/statistics/*`, docs/api.md "Statistics"): glucose readings with a
 * value, not deleted, counted by the classification stored with each reading (the hospital's own
 * target and critical limits for that patient and period). The categories are disjoint: every
 * reading is in exactly one of in-target (normal), low, critically low, high, critically high (or
 * unknown, when no limit applied). Rates are percent of `testCount`, 2 decimals, null when there is no
 * reading. Department scope applies: a user sees the departments of their scope only.
 */

export type { DepartmentAnalysis, DepartmentRow, GlucoseCounts, YearAnalysis, YearMonthRow };

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
