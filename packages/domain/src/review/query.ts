/**
 * Approval and data management (§2 "Measurement record approval", "Data management"): the query rules
 * of the pending list, the data-management list, pivot and export, and the batch-approval body.
 */
import { z } from 'zod';
import type { Classification, MeasurementItem } from '../clinical/classification';
import { MEASUREMENT_ITEMS } from '../clinical/classification';
import { type DateRangeInput, requireDateRange } from '../helpers/date-range';
import type { MessageKey } from '../i18n/messages';
import {
  lengthIn,
  optionalText,
  requiredEnum,
  requiredId,
  supportedDate,
  whenFieldsValid,
} from '../rules/common';
import { pageParam } from '../rules/page-param';

/** The longest range a data-management query may span, in days (one year, leap day included). */
export const REVIEW_QUERY_MAX_DAYS = 366;
/** Most records one batch approval takes (§5 "Batch approval needs at least one record selected"). */
export const APPROVE_MAX_IDS = 500;
/** Most pending records one "approve all matching" call approves; the rest wait for the next call. */
export const APPROVE_ALL_MAX = 5000;
/** Most rows an Excel export holds; a larger result asks to narrow the range. */
export const EXPORT_MAX_ROWS = 50_000;
/** Largest page of the lists (records) and of the pivot (patient × day rows). */
export const REVIEW_MAX_PAGE_SIZE = 500;

/** Classifications a query can filter on (the domain {@link Classification} values). */
export const REVIEW_CLASSIFICATIONS = [
  'normal',
  'low',
  'high',
  'criticalLow',
  'criticalHigh',
  'unknown',
] as const satisfies readonly Classification[];
export type ReviewClassification = (typeof REVIEW_CLASSIFICATIONS)[number];

export const RECORD_STATUSES = ['pending', 'approved'] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];

/** Free-text, department and doctor filters: bounds on text (not in the spec). */
export const REVIEW_TEXT_LIMITS = {
  queryCondition: { min: 0, max: 50 },
  code: { min: 0, max: 32 },
} as const;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Whether a query date is a calendar date (a day in the hospital's time zone) rather than an instant. */
export function isCalendarDate(value: string): boolean {
  return DATE_ONLY.test(value);
}

/** A problem with a query's date range. */
export type QueryRangeProblem = 'required' | 'order' | 'tooLong';

/** The message of each {@link QueryRangeProblem} ("Query error ..." in both languages). */
export const QUERY_RANGE_MESSAGES: Record<QueryRangeProblem, MessageKey> = {
  required: 'review.query.dateRequired',
  order: 'review.query.dateOrder',
  tooLong: 'review.query.rangeTooLong',
};

function utcDay(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
}

/**
 * §5 Queries: start and end required, start before end (the same day is a one-day range), and the
 * range at most `maxDays` long. Calendar dates (`YYYY-MM-DD`) count whole days, the end day included
 * (2024-01-01 to 2024-12-31 is 366 days); instants count the time between them. Reuses the date-range
 * helper for "required" and "order".
 */
export function queryRangeProblem(
  begin: DateRangeInput,
  end: DateRangeInput,
  maxDays: number = REVIEW_QUERY_MAX_DAYS,
): QueryRangeProblem | null {
  const problem = requireDateRange(begin, end);
  if (problem) return problem;
  if (typeof begin === 'string' && typeof end === 'string' && isCalendarDate(begin) && isCalendarDate(end)) {
    return (utcDay(end) - utcDay(begin)) / DAY_MS + 1 > maxDays ? 'tooLong' : null;
  }
  const from = new Date(begin as Date | string | number).getTime();
  const to = new Date(end as Date | string | number).getTime();
  return to - from > maxDays * DAY_MS ? 'tooLong' : null;
}

/** A problem with a value range: a bound that is not a number ≥ 0, or the lowest above the highest. */
export type ValueRangeProblem = 'invalid' | 'order';

/** A non-negative decimal as typed in a query string or a form ("5", "5.6", ".5"); null when empty. */
function decimalOf(value: string | number | null | undefined): number | null | typeof Number.NaN {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : Number.NaN;
  return DECIMAL.test(value.trim()) ? Number(value.trim()) : Number.NaN;
}
const DECIMAL = /^(\d{1,6}(\.\d{1,4})?|\.\d{1,4})$/;

/** Value filters: each bound empty or a number ≥ 0; when both are given, the lowest not above the highest. */
export function valueRangeProblem(
  min: string | number | null | undefined,
  max: string | number | null | undefined,
): ValueRangeProblem | null {
  const low = decimalOf(min);
  const high = decimalOf(max);
  if (Number.isNaN(low) || Number.isNaN(high)) return 'invalid';
  if (low !== null && high !== null && low > high) return 'order';
  return null;
}

const item = requiredEnum(MEASUREMENT_ITEMS, 'review.query.categoryRequired', 'review.query.categoryInvalid');

/** `YYYY-MM-DD` (a day in the hospital's time zone) or an ISO date-time with a zone (an instant). */
function queryDate(required: boolean) {
  const text = z
    .string({ error: (issue) => (issue.input === undefined ? 'review.query.dateRequired' : undefined) })
    .trim()
    .check((ctx) => {
      const value = ctx.value;
      if (value === '') {
        if (required) ctx.issues.push({ code: 'custom', input: value, message: 'review.query.dateRequired' });
        return;
      }
      const valid = isCalendarDate(value)
        ? z.iso.date().safeParse(value).success
        : z.iso.datetime({ offset: true }).safeParse(value).success;
      if (!valid) ctx.issues.push({ code: 'custom', input: value, message: 'review.query.dateInvalid' });
      else supportedDate(ctx);
    });
  return required ? text : text.optional();
}

const decimalText = z
  .string()
  .trim()
  .check((ctx) => {
    if (ctx.value !== '' && Number.isNaN(decimalOf(ctx.value))) {
      ctx.issues.push({ code: 'custom', input: ctx.value, message: 'review.query.valueInvalid' });
    }
  })
  .optional();

/**
 * One of `values`, or nothing (absent or empty, as an emptied select sends it). (critical/handling.ts
 * has the same as `optionalEnumFilter`; it imports this module, so this one cannot import it back.)
 */
function optionalEnum<const T extends readonly string[]>(values: T, invalidKey: MessageKey) {
  return z
    .string()
    .trim()
    .check((ctx) => {
      if (ctx.value !== '' && !values.includes(ctx.value)) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: invalidKey });
      }
    })
    .transform((value) => (value === '' ? undefined : (value as T[number])))
    .optional();
}

const codeText = optionalText().check(lengthIn(REVIEW_TEXT_LIMITS.code, 'validation.tooLong')).optional();

/** The filters every approval and data-management query takes. */
const commonFilters = {
  category: item,
  queryCondition: optionalText()
    .check(lengthIn(REVIEW_TEXT_LIMITS.queryCondition, 'validation.tooLong'))
    .optional(),
  departmentCode: codeText,
  classification: optionalEnum(REVIEW_CLASSIFICATIONS, 'review.query.classificationInvalid'),
};

const paging = { page: pageParam.default(1), size: pageParam.default(20) };

type RangeFields = { beginDate?: string; endDate?: string };

/** The range rule as an object-level check (only once both dates are well formed). */
function rangeCheck(required: boolean) {
  return [
    (value: RangeFields, ctx: z.core.$RefinementCtx<RangeFields>) => {
      const begin = value.beginDate || undefined;
      const end = value.endDate || undefined;
      if (!required && !begin && !end) return;
      const problem = queryRangeProblem(begin, end);
      if (problem) {
        // `maximum` fills "{{max}}" of the too-long message
        ctx.addIssue({
          code: 'custom',
          path: [problem === 'required' && !begin ? 'beginDate' : 'endDate'],
          message: QUERY_RANGE_MESSAGES[problem],
          ...(problem === 'tooLong' ? { maximum: REVIEW_QUERY_MAX_DAYS } : {}),
        } as z.core.$ZodRawIssue);
      }
    },
    whenFieldsValid('beginDate', 'endDate'),
  ] as const;
}

type ValueFields = { minValue?: string; maxValue?: string };
const valueCheck = [
  (value: ValueFields, ctx: z.core.$RefinementCtx<ValueFields>) => {
    if (valueRangeProblem(value.minValue, value.maxValue) === 'order') {
      ctx.addIssue({ code: 'custom', path: ['maxValue'], message: 'review.query.valueOrder' });
    }
  },
  whenFieldsValid('minValue', 'maxValue'),
] as const;

const dataFilterShape = {
  ...commonFilters,
  beginDate: queryDate(true),
  endDate: queryDate(true),
  doctorCode: codeText,
  status: optionalEnum(RECORD_STATUSES, 'review.query.statusInvalid'),
  minValue: decimalText,
  maxValue: decimalText,
  includeDeleted: z
    .enum(['true', 'false'], { error: 'review.query.includeDeletedInvalid' })
    .optional()
    .transform((value) => value === 'true'),
};

/**
 * GET /v1/testRecord/query/export (and the filter part of the list and pivot): item required, start
 * and end required (start before end, at most {@link REVIEW_QUERY_MAX_DAYS} days), values in the
 * storage unit with the lowest not above the highest.
 */
export const dataFilterSchema = z
  .object(dataFilterShape)
  .superRefine(...rangeCheck(true))
  .superRefine(...valueCheck);
export type DataFilter = z.infer<typeof dataFilterSchema>;

/** GET /v1/testRecord/query and /v1/testRecord/glus/pivot/query: the filters plus the page. */
export const dataQuerySchema = z
  .object({ ...dataFilterShape, ...paging })
  .superRefine(...rangeCheck(true))
  .superRefine(...valueCheck);
export type DataQuery = z.infer<typeof dataQuerySchema>;

const pendingFilterShape = {
  ...commonFilters,
  beginDate: queryDate(false),
  endDate: queryDate(false),
};

/**
 * The filters of the pending list and of "approve all matching": item required; the dates optional,
 * but when one is given both are, in order, at most {@link REVIEW_QUERY_MAX_DAYS} days.
 */
export const pendingFilterSchema = z.strictObject(pendingFilterShape).superRefine(...rangeCheck(false));
export type PendingFilter = z.infer<typeof pendingFilterSchema>;

/** GET /v1/testRecord/pending */
export const pendingQuerySchema = z
  .object({ ...pendingFilterShape, ...paging })
  .superRefine(...rangeCheck(false));
export type PendingQuery = z.infer<typeof pendingQuerySchema>;

/**
 * POST /v1/testRecord/approve: the selected records, at least one (§5 "Batch approval needs at least
 * one record selected"), at most {@link APPROVE_MAX_IDS}; repeated ids count once.
 */
export const approveSchema = z.strictObject({
  ids: z
    .array(requiredId('review.approve.idInvalid'), {
      error: (issue) => (issue.input === undefined ? 'review.approve.selectAtLeastOne' : undefined),
    })
    .min(1, { error: 'review.approve.selectAtLeastOne' })
    .max(APPROVE_MAX_IDS, { error: 'review.approve.tooMany' })
    .transform((ids) => [...new Set(ids)]),
});
export type ApproveInput = z.infer<typeof approveSchema>;

/** Why a selected record was not approved. */
export const APPROVE_SKIP_REASONS = ['alreadyApproved', 'notFound', 'qcHeld'] as const;
export type ApproveSkipReason = (typeof APPROVE_SKIP_REASONS)[number];

/** The item label keys are shared; the unit of a value filter is the item's storage unit. */
export type ReviewItem = MeasurementItem;
