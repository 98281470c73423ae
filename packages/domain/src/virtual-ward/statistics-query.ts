/**
 * Queries of the virtual ward's statistics and outcomes (issue 18, docs/api.md "Statistics and outcomes
 * (patient-days)"). Query strings arrive as text.
 */
import { z } from 'zod';
import { requiredIsoDate, requiredText } from '../rules/common';

/** The outcome table spans at most this many months (two years, month over month). */
export const OUTCOME_MAX_MONTHS = 24;

/** Whose readings the outcome counts (module glucometrics.ts). */
export const OUTCOME_SCOPES = ['virtualWard', 'department', 'hospital'] as const;
export type OutcomeScope = (typeof OUTCOME_SCOPES)[number];

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DEPARTMENT_CODE = /^[A-Za-z0-9_.-]{1,32}$/;

const month = (
  requiredKey: 'virtualWard.outcomes.beginMonthRequired' | 'virtualWard.outcomes.endMonthRequired',
) =>
  requiredText(requiredKey).check((ctx) => {
    const match = MONTH.exec(ctx.value);
    if (!match || Number(match[1]) < 2000 || Number(match[1]) > 2100)
      ctx.issues.push({ code: 'custom', input: ctx.value, message: 'virtualWard.outcomes.monthInvalid' });
  });

/** Months from `begin` to `end` inclusive (YYYY-MM). */
export function monthSpan(begin: string, end: string): number {
  const index = (value: string) => Number(value.slice(0, 4)) * 12 + Number(value.slice(5, 7));
  return index(end) - index(begin) + 1;
}

/**
 * GET /v1/virtualward/outcomes: `beginMonth`..`endMonth` (YYYY-MM, hospital calendar months, at most
 * {@link OUTCOME_MAX_MONTHS}), `scope` (default `virtualWard`), `departmentCode` (required with the
 * `department` scope).
 */
export const outcomeQuerySchema = z
  .strictObject({
    beginMonth: month('virtualWard.outcomes.beginMonthRequired'),
    endMonth: month('virtualWard.outcomes.endMonthRequired'),
    scope: z.enum(OUTCOME_SCOPES, { error: 'virtualWard.outcomes.scopeInvalid' }).default('virtualWard'),
    departmentCode: z
      .string()
      .trim()
      .check((ctx) => {
        if (ctx.value !== '' && !DEPARTMENT_CODE.test(ctx.value))
          ctx.issues.push({ code: 'custom', input: ctx.value, message: 'records.department.invalid' });
      })
      .transform((value) => value || undefined)
      .optional(),
  })
  .check((ctx) => {
    const { beginMonth, endMonth, scope, departmentCode } = ctx.value;
    if (scope === 'department' && !departmentCode) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['departmentCode'],
        message: 'virtualWard.outcomes.departmentRequired',
      });
    }
    if (!MONTH.test(beginMonth) || !MONTH.test(endMonth)) return;
    if (beginMonth > endMonth) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['endMonth'],
        message: 'virtualWard.outcomes.rangeOrder',
      });
    } else if (monthSpan(beginMonth, endMonth) > OUTCOME_MAX_MONTHS) {
      ctx.issues.push({
        code: 'too_big',
        origin: 'number',
        maximum: OUTCOME_MAX_MONTHS,
        inclusive: true,
        input: ctx.value,
        path: ['endMonth'],
        message: 'virtualWard.outcomes.rangeTooLong',
      } as z.core.$ZodRawIssue);
    }
  });
export type OutcomeQuery = z.infer<typeof outcomeQuerySchema>;

/** The workload, test-time and chart statistics span at most this many hospital days (a year and a day). */
export const VIRTUAL_WARD_STATISTICS_MAX_DAYS = 366;

const ISO_DATE = z.iso.date();
const daysBetween = (begin: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${begin}T00:00:00Z`)) / 86_400_000);

/** `beginDate`..`endDate` (hospital calendar days, both included, at most 366) with the range rules. */
function dateRangeQuery<T extends z.core.$ZodLooseShape>(extra: T) {
  return z
    .strictObject({
      beginDate: requiredIsoDate('statistics.beginDate.required', 'records.beginDate.invalid'),
      endDate: requiredIsoDate('statistics.endDate.required', 'records.endDate.invalid'),
      ...extra,
    })
    .check((ctx) => {
      const { beginDate, endDate } = ctx.value as { beginDate: string; endDate: string };
      if (!ISO_DATE.safeParse(beginDate).success || !ISO_DATE.safeParse(endDate).success) return;
      if (beginDate > endDate) {
        ctx.issues.push({
          code: 'custom',
          input: ctx.value,
          path: ['endDate'],
          message: 'records.range.order',
        });
      } else if (daysBetween(beginDate, endDate) + 1 > VIRTUAL_WARD_STATISTICS_MAX_DAYS) {
        ctx.issues.push({
          code: 'too_big',
          origin: 'number',
          maximum: VIRTUAL_WARD_STATISTICS_MAX_DAYS,
          inclusive: true,
          input: ctx.value,
          path: ['endDate'],
          message: 'statistics.range.tooLong',
        } as z.core.$ZodRawIssue);
      }
    });
}

export const WORKLOAD_GROUPS = ['day', 'month'] as const;

/** GET /v1/virtualward/statistics/workload: the range and `groupBy` (day, the default, or month). */
export const workloadQuerySchema = dateRangeQuery({
  groupBy: z.enum(WORKLOAD_GROUPS, { error: 'virtualWard.statistics.groupByInvalid' }).default('day'),
});
export type WorkloadQuery = z.infer<typeof workloadQuerySchema>;

/** GET /v1/virtualward/statistics/testTime and /charts: the range. */
export const statisticsRangeQuerySchema = dateRangeQuery({});
export type StatisticsRangeQuery = z.infer<typeof statisticsRangeQuerySchema>;
