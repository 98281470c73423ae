/**
 * The queries of the hospital glucose statistics (`/v1/statistics/*`, docs/api.md "Statistics"): a
 * year of month rows (`gluYearAnalysis`, its Excel twin) and the departments over a range of hospital
 * days (`departmentAnalysis`). Query strings arrive as text: the year is a whole number 2000-2100,
 * dates are real calendar dates (YYYY-MM-DD), the range runs forward and spans at most
 * {@link STATISTICS_MAX_RANGE_DAYS} days. The department is optional (none: every department of the
 * caller's scope).
 */
import { z } from 'zod';
import { requiredIsoDate, requiredText } from '../rules/common';

/** The first and last year the yearly statistics accept. */
export const STATISTICS_MIN_YEAR = 2000;
export const STATISTICS_MAX_YEAR = 2100;
/** The department statistics span at most this many days (a year and a day, as the record screens). */
export const STATISTICS_MAX_RANGE_DAYS = 366;

/** Department codes as the departments' own rule allows them (1-32 letters, digits, `_ . -`). */
const DEPARTMENT_CODE = /^[A-Za-z0-9_.-]{1,32}$/;
const YEAR = /^\d{4}$/;
const ISO_DATE = z.iso.date();

/** An optional department code; empty counts as none. */
const departmentCode = z
  .string()
  .trim()
  .check((ctx) => {
    if (ctx.value !== '' && !DEPARTMENT_CODE.test(ctx.value))
      ctx.issues.push({ code: 'custom', input: ctx.value, message: 'records.department.invalid' });
  })
  .transform((value) => value || undefined)
  .optional();

const year = requiredText('statistics.year.required')
  .check((ctx) => {
    const value = Number(ctx.value);
    if (!YEAR.test(ctx.value) || value < STATISTICS_MIN_YEAR || value > STATISTICS_MAX_YEAR)
      ctx.issues.push({ code: 'custom', input: ctx.value, message: 'statistics.year.invalid' });
  })
  .transform(Number);

/** Calendar days from `begin` to `end` (YYYY-MM-DD; UTC arithmetic, so no DST effects). */
function daysBetween(begin: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${begin}T00:00:00Z`)) / 86_400_000);
}

/** GET /v1/statistics/gluYearAnalysis and gluYearAnalysisExcel: `year`, optional `departmentCode`. */
export const yearAnalysisQuerySchema = z.strictObject({ year, departmentCode });
export type YearAnalysisQuery = z.infer<typeof yearAnalysisQuerySchema>;

/**
 * GET /v1/statistics/departmentAnalysis: `beginDate` and `endDate` (both required, hospital calendar
 * days, the end day included), optional `departmentCode`.
 */
export const departmentAnalysisQuerySchema = z
  .strictObject({
    beginDate: requiredIsoDate('statistics.beginDate.required', 'records.beginDate.invalid'),
    endDate: requiredIsoDate('statistics.endDate.required', 'records.endDate.invalid'),
    departmentCode,
  })
  .check((ctx) => {
    const { beginDate, endDate } = ctx.value;
    if (!ISO_DATE.safeParse(beginDate).success || !ISO_DATE.safeParse(endDate).success) return;
    if (beginDate > endDate) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['endDate'],
        message: 'records.range.order',
      });
    } else if (daysBetween(beginDate, endDate) + 1 > STATISTICS_MAX_RANGE_DAYS) {
      ctx.issues.push({
        code: 'too_big',
        origin: 'number',
        maximum: STATISTICS_MAX_RANGE_DAYS,
        inclusive: true,
        input: ctx.value,
        path: ['endDate'],
        message: 'statistics.range.tooLong',
      } as z.core.$ZodRawIssue);
    }
  });
export type DepartmentAnalysisQuery = z.infer<typeof departmentAnalysisQuerySchema>;
