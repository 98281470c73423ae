/**
 * Handling a critical value (issue 5: "a nurse or doctor records who was notified and what was done —
 * with the time from measurement to handling kept"): the handling form the web and the server share,
 * and the query of the critical-value list. Values are in each item's storage unit (mmol/L for GLU and
 * KET, µmol/L for UA); the web converts mg/dL before it sends.
 */
import { z } from 'zod';
import { MEASUREMENT_ITEMS } from '../clinical/classification';
import type { LengthLimit } from '../constants';
import type { MessageKey } from '../i18n/messages';
import {
  isCalendarDate,
  QUERY_RANGE_MESSAGES,
  queryRangeProblem,
  REVIEW_QUERY_MAX_DAYS,
  valueRangeProblem,
} from '../review/query';
import {
  lengthIn,
  notAfter,
  optionalText,
  requiredId,
  requiredText,
  requiredVersion,
  supportedDate,
  systemClock,
  whenFieldsValid,
} from '../rules/common';
import { pageParam } from '../rules/page-param';

/** Bounds of the handling form, inclusive (not in the spec: our choice, see docs/api.md). */
export const CRITICAL_LIMITS = {
  notifiedPerson: { min: 2, max: 50 },
  action: { min: 2, max: 500 },
} as const satisfies Record<string, LengthLimit>;

/** A critical-value event: open until handled; `void` when its reading was deleted or corrected (never listed). */
export const CRITICAL_STATUSES = ['open', 'handled'] as const;
export type CriticalStatus = (typeof CRITICAL_STATUSES)[number];

/** Who was notified (a doctor's name, "Dr Li (on call)"): required, 2-50 characters. */
export const criticalNotifiedPersonSchema = requiredText('critical.notifiedPerson.required').check(
  lengthIn(CRITICAL_LIMITS.notifiedPerson, 'critical.notifiedPerson.length'),
);

/** What was done (rechecked, doctor notified, treatment given...): required, 2-500 characters. */
export const criticalActionSchema = requiredText('critical.action.required').check(
  lengthIn(CRITICAL_LIMITS.action, 'critical.action.length'),
);

const ISO_DATE_TIME = z.iso.datetime({ offset: true });

/** The handling time: optional (the server's now), an ISO date-time with a zone, not in the future. */
function handledAtSchema(now: () => Date) {
  return optionalText()
    .check((ctx) => {
      if (ctx.value === '') return;
      if (!ISO_DATE_TIME.safeParse(ctx.value).success) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: 'critical.handledAt.invalid' });
        return;
      }
      notAfter(now, 'critical.handledAt.future')(ctx);
    })
    .nullish();
}

/**
 * Problem of a handling time against the measurement and the clock: not before the measurement, not
 * in the future (equal to either is fine); null when fine or unreadable (the format rule says so).
 */
export function handledAtIssue(
  handledAt: Date | string,
  measuredAt: Date | string,
  now: Date,
): MessageKey | null {
  const at = new Date(handledAt).getTime();
  if (Number.isNaN(at)) return null;
  if (at > now.getTime()) return 'critical.handledAt.future';
  if (at < new Date(measuredAt).getTime()) return 'critical.handledAt.beforeMeasurement';
  return null;
}

function handleSchema(now: () => Date) {
  return z.strictObject({
    id: requiredId('critical.id.required'),
    version: requiredVersion('critical.version.required'),
    notifiedPerson: criticalNotifiedPersonSchema,
    action: criticalActionSchema,
    handledAt: handledAtSchema(now),
  });
}

/**
 * POST /v1/crisisPatient/handle: the event and the version read, who was notified, what was done and
 * optionally when (default now). "Not before the measurement" needs the event: {@link handledAtIssue}.
 */
export const criticalHandleSchema = handleSchema(systemClock);
export type CriticalHandleInput = z.infer<typeof criticalHandleSchema>;

/** {@link criticalHandleSchema} read against a given clock (a request's time, a test's clock). */
export function criticalHandleSchemaAt(now: () => Date) {
  return handleSchema(now);
}

// ---------------------------------------------------------------- list queries

/** `YYYY-MM-DD` (a hospital day) or an ISO date-time with a zone, as data management takes them. */
const queryDate = z
  .string({ error: (issue) => (issue.input === undefined ? 'review.query.dateRequired' : undefined) })
  .trim()
  .check((ctx) => {
    const value = ctx.value;
    if (value === '') {
      ctx.issues.push({ code: 'custom', input: value, message: 'review.query.dateRequired' });
      return;
    }
    const valid = isCalendarDate(value)
      ? z.iso.date().safeParse(value).success
      : z.iso.datetime({ offset: true }).safeParse(value).success;
    if (!valid) ctx.issues.push({ code: 'custom', input: value, message: 'review.query.dateInvalid' });
    else supportedDate(ctx);
  });

/** A value bound of a query string: a number of 0 or more ("5", "2.8"), or nothing. */
const queryNumber = z
  .string()
  .trim()
  .check((ctx) => {
    if (ctx.value !== '' && valueRangeProblem(ctx.value, null) === 'invalid') {
      ctx.issues.push({ code: 'custom', input: ctx.value, message: 'review.query.valueInvalid' });
    }
  })
  .transform((value) => (value === '' ? undefined : Number(value)))
  .optional();

/** A code filter (department, doctor user name). */
const codeFilter = z.string().trim().max(64, { error: 'validation.tooLong' }).optional();

/** One of `values` as a query filter, or nothing (absent or empty, as an emptied select sends it). */
export function optionalEnumFilter<const T extends readonly string[]>(values: T, invalidKey: MessageKey) {
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

const statusFilter = optionalEnumFilter(CRITICAL_STATUSES, 'critical.status.invalid');

/** GET /v1/crisisPatient/monitor: today's critical values, filtered. */
export const criticalMonitorQuerySchema = z.object({
  queryCondition: z.string().trim().max(50, { error: 'validation.tooLong' }).optional(),
  departmentCode: codeFilter,
  doctorCode: codeFilter,
  status: statusFilter,
});
export type CriticalMonitorQuery = z.infer<typeof criticalMonitorQuerySchema>;

/**
 * GET /v1/crisisPatient/query: §5 Queries "start and end dates required; start before end" with the
 * range rule of data management (calendar dates include the end day; at most a year), item, value
 * range in the item's storage unit (lowest not above highest), status, paging.
 */
export const criticalQuerySchema = z
  .object({
    ...criticalMonitorQuerySchema.shape,
    category: optionalEnumFilter(MEASUREMENT_ITEMS, 'critical.category.invalid'),
    beginDate: queryDate,
    endDate: queryDate,
    minValue: queryNumber,
    maxValue: queryNumber,
    page: pageParam.default(1),
    size: pageParam.default(20),
  })
  .superRefine(
    (query, ctx) => {
      const problem = queryRangeProblem(query.beginDate, query.endDate);
      if (problem) {
        ctx.addIssue({
          code: 'custom',
          path: ['endDate'],
          message: QUERY_RANGE_MESSAGES[problem],
          ...(problem === 'tooLong' ? { maximum: REVIEW_QUERY_MAX_DAYS } : {}),
        } as z.core.$ZodRawIssue);
      }
    },
    whenFieldsValid('beginDate', 'endDate'),
  )
  .superRefine(
    (query, ctx) => {
      if (valueRangeProblem(query.minValue, query.maxValue) === 'order') {
        ctx.addIssue({ code: 'custom', path: ['maxValue'], message: 'review.query.valueOrder' });
      }
    },
    whenFieldsValid('minValue', 'maxValue'),
  );
export type CriticalQuery = z.infer<typeof criticalQuerySchema>;
