import { z } from 'zod';
import { summaryStats } from '../analytics/stats';
import { roundDecimal } from '../helpers/round';
import { requiredIsoDate, requiredText } from '../rules/common';
import { QC_ITEMS } from '../rules/qc';
import { WESTGARD_RULES, type WestgardRule } from './strategy';

/**
 * QC statistics (issue 19 "Levey-Jennings curve", "statistics"): the figures of a set of control runs,
 * as CLSI C24 "Statistical Quality Control for Quantitative Measurement Procedures" (4th ed., 2016)
 * defines them:
 * - mean: the arithmetic mean of the test values;
 * - SD: the sample standard deviation, n − 1 in the denominator (null with fewer than 2 runs);
 * - CV (%): SD / mean × 100 (null when SD is null or the mean is 0);
 * - z-score of a run: (value − target) / SD of the level (null without a positive SD);
 * - pass rate (%): runs judged `pass` / all runs × 100 (null without runs).
 * The descriptive part is the one implementation of analytics/stats.ts `summaryStats`. Nothing is
 * rounded here; the API rounds its answers with {@link roundDecimal} (mean, SD 3 decimals, CV and shares 2).
 */
export interface QcFigures {
  n: number;
  mean: number | null;
  sd: number | null;
  cv: number | null;
}

/** {@link QcFigures} of test values (runs without a value are left out by the caller). */
export function qcFigures(values: readonly number[]): QcFigures {
  const { count, mean, sd, cv } = summaryStats(values);
  return { n: count, mean, sd, cv };
}

/** The figures rounded as the API answers them: mean and SD 3 decimals, CV 2. */
export function roundedFigures(figures: QcFigures): QcFigures {
  const r = (value: number | null, decimals: number) =>
    value === null ? null : roundDecimal(value, decimals);
  return { n: figures.n, mean: r(figures.mean, 3), sd: r(figures.sd, 3), cv: r(figures.cv, 2) };
}

/** The Levey-Jennings lines of a level: mean (target) and ±1, ±2, ±3 SD; null without a positive SD. */
export interface SdLines {
  target: number;
  sd: number;
  plus1: number;
  minus1: number;
  plus2: number;
  minus2: number;
  plus3: number;
  minus3: number;
}
export function sdLines(target: number | null, sd: number | null): SdLines | null {
  if (target === null || sd === null || !(sd > 0)) return null;
  const at = (k: number) => roundDecimal(target + k * sd, 6);
  return {
    target,
    sd,
    plus1: at(1),
    minus1: at(-1),
    plus2: at(2),
    minus2: at(-2),
    plus3: at(3),
    minus3: at(-3),
  };
}

/** Percent of `part` in `whole`, 2 decimals; null when `whole` is 0. */
export function passRate(passes: number, runs: number): number | null {
  return runs > 0 ? roundDecimal((passes / runs) * 100, 2) : null;
}

/** How often each Westgard rule was broken over the runs (every rule present, 0 when never). */
export type ViolationCounts = Record<WestgardRule, number>;
export function violationCounts(runs: readonly { violations: readonly string[] }[]): ViolationCounts {
  const counts = Object.fromEntries(WESTGARD_RULES.map((rule) => [rule, 0])) as ViolationCounts;
  for (const run of runs)
    for (const rule of run.violations) if (rule in counts) counts[rule as WestgardRule] += 1;
  return counts;
}

/** The colour a run takes on the curve: a rejecting rule or a failed run red, a warning amber. */
export function runSeverity(run: { result: string; rejected: boolean; violations: readonly string[] }) {
  if (run.result === 'fail' || run.rejected) return 'reject' as const;
  if (run.violations.length) return 'warning' as const;
  return 'ok' as const;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DEPARTMENT_CODE = /^[A-Za-z0-9_.-]{1,32}$/;

/** YYYY-MM of the hospital calendar. */
export const qcMonth = () =>
  requiredText('qc.month.required').check((ctx) => {
    const match = MONTH.exec(ctx.value);
    if (!match || Number(match[1]) < 2000 || Number(match[1]) > 2100)
      ctx.issues.push({ code: 'custom', input: ctx.value, message: 'qc.month.invalid' });
  });
export const qcItem = () => z.enum(QC_ITEMS, { error: 'qc.item.invalid' }).default('GLU');
export const qcDepartment = () =>
  z
    .string()
    .trim()
    .check((ctx) => {
      if (ctx.value !== '' && !DEPARTMENT_CODE.test(ctx.value))
        ctx.issues.push({ code: 'custom', input: ctx.value, message: 'records.department.invalid' });
    })
    .transform((value) => value || undefined)
    .optional();
export const qcSn = () =>
  z
    .string()
    .trim()
    .max(32, { message: 'qc.sn.invalid' })
    .transform((value) => value || undefined)
    .optional();
const idText = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, { message: 'qc.analyzer.invalid' })
  .transform(Number)
  .optional();

/**
 * GET /v2/deviceQc/control: one analyzer (`sn` or `analyzerId`; the first of the caller's when neither),
 * the month, item (GLU by default), level (0-2, 0 by default) and control lot (the analyzer's lot in use
 * by default).
 */
export const qcCurveQuerySchema = z.strictObject({
  sn: qcSn(),
  analyzerId: idText,
  month: qcMonth(),
  itemCategory: qcItem(),
  level: z.enum(['0', '1', '2'], { error: 'qc.level.invalid' }).default('0').transform(Number),
  lot: z
    .string()
    .trim()
    .max(18, { message: 'qc.lotFilter.invalid' })
    .transform((value) => value || undefined)
    .optional(),
});
export type QcCurveQuery = z.infer<typeof qcCurveQuerySchema>;

/** QC statistics span at most this many hospital days. */
export const QC_STATISTICS_MAX_DAYS = 366;
const daysBetween = (begin: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${begin}T00:00:00Z`)) / 86_400_000);

/** GET /v1/deviceQc/departmentControlStatistics: hospital days beginDate..endDate, department, item, SN. */
export const qcStatisticsQuerySchema = z
  .strictObject({
    beginDate: requiredIsoDate('statistics.beginDate.required', 'records.beginDate.invalid'),
    endDate: requiredIsoDate('statistics.endDate.required', 'records.endDate.invalid'),
    departmentCode: qcDepartment(),
    itemCategory: qcItem(),
    sn: qcSn(),
  })
  .check((ctx) => {
    const { beginDate, endDate } = ctx.value;
    if (beginDate > endDate)
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: ['endDate'],
        message: 'records.range.order',
      });
    else if (daysBetween(beginDate, endDate) + 1 > QC_STATISTICS_MAX_DAYS)
      ctx.issues.push({
        code: 'too_big',
        origin: 'number',
        maximum: QC_STATISTICS_MAX_DAYS,
        inclusive: true,
        input: ctx.value,
        path: ['endDate'],
        message: 'statistics.range.tooLong',
      } as z.core.$ZodRawIssue);
  });
export type QcStatisticsQuery = z.infer<typeof qcStatisticsQuerySchema>;
