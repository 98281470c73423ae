/**
 * The virtual ward's daily review worklist and its follow-up records (issue 18, 随访记录).
 *
 * Definition (Rushakoff RJ, Sullivan MM, MacMaster HW, et al. "Association between a virtual glucose
 * management service and glycemic control in hospitalized adult patients." Ann Intern Med
 * 2017;166:621-627): every day the service listed the patients with two or more point-of-care glucose
 * readings ≥ 225 mg/dL (12.5 mmol/L) or any reading < 70 mg/dL (3.9 mmol/L) in the previous 24 hours, and
 * a diabetes specialist wrote a note for each. The thresholds, the count and the window are the
 * hospital's setting `virtualWard.reviewCriteria` (settings.ts), those of the paper by default.
 *
 * How a reading counts:
 * - glucose readings with a value (an untested row has none) that are not deleted, whose test time lies
 *   in the window [now − windowHours, now] (both ends included; a reading timed in the future does not
 *   count);
 * - "≥ hyperValue" and "< hypoValue" compare the reading in the unit it was ENTERED in against the limit
 *   as a screen in that unit shows it ({@link compareGlucoseWithLimit}): 225 mg/dL reaches 12.5 mmol/L,
 *   70 mg/dL is not below 3.9 mmol/L, 12.5 mmol/L counts as high and 3.9 mmol/L does not count as low.
 */
import { z } from 'zod';
import { compareGlucoseWithLimit } from '../helpers/glucose';
import type { Lang } from '../i18n/messages';
import { patientDayFields, patientDayOrder } from '../measurements/query';
import {
  isBlank,
  lengthIn,
  optionalIsoDate,
  optionalText,
  requiredEnum,
  requiredId,
  requiredText,
  systemClock,
  whenFieldsValid,
} from '../rules/common';
import { pageParam } from '../rules/page-param';
import type { ReviewCriteria } from './settings';

/** A glucose reading as the rule reads it: the storage value (mmol/L), the entered unit, the test time. */
export interface ReviewReading {
  /** mmol/L at full precision; null for an untested row */
  value: number | null;
  /** the number as entered (shown back with its unit) */
  enteredValue?: number | null;
  enteredUnit?: string | null;
  testTime: Date | string;
  deletedAt?: Date | string | null;
}

/** The extreme reading of a reason, as entered and in mmol/L. */
export interface ReviewExtreme {
  /** mmol/L (storage value) */
  value: number;
  enteredValue: number | null;
  enteredUnit: string | null;
}

export const REVIEW_REASON_KINDS = ['hypo', 'hyper'] as const;
export type ReviewReasonKind = (typeof REVIEW_REASON_KINDS)[number];

/** One reason a patient is on the list: how many readings and the most extreme one. */
export interface ReviewReason {
  kind: ReviewReasonKind;
  count: number;
  /** the highest (hyper) or the lowest (hypo) reading */
  extreme: ReviewExtreme;
}

/** Counts and extremes in the window, whether or not they reach the criteria, and the reasons met. */
export interface ReviewFindings {
  hyperCount: number;
  highest: ReviewExtreme | null;
  hypoCount: number;
  lowest: ReviewExtreme | null;
  /** hypo first (the more urgent), then hyper; empty when the patient does not meet the criteria */
  reasons: ReviewReason[];
}

/** The window's first instant: `windowHours` before `now`. */
export function reviewWindowStart(now: Date, criteria: Pick<ReviewCriteria, 'windowHours'>): Date {
  return new Date(now.getTime() - criteria.windowHours * 3_600_000);
}

const instantOf = (value: Date | string) => (value instanceof Date ? value.getTime() : Date.parse(value));

/**
 * The rule of the daily review list (module comment; Rushakoff et al. 2017): the counts and extremes of
 * the readings in the window and the reasons met — `hyper` when at least `hyperCount` readings are
 * ≥ `hyperValue`, `hypo` when any reading is < `hypoValue`.
 */
export function reviewFindingsOf(
  readings: readonly ReviewReading[],
  criteria: ReviewCriteria,
  now: Date,
): ReviewFindings {
  const from = reviewWindowStart(now, criteria).getTime();
  const to = now.getTime();
  let hyperCount = 0;
  let hypoCount = 0;
  let highest: ReviewExtreme | null = null;
  let lowest: ReviewExtreme | null = null;
  for (const reading of readings) {
    if (reading.value === null || !Number.isFinite(reading.value) || reading.deletedAt) continue;
    const at = instantOf(reading.testTime);
    if (!(at >= from && at <= to)) continue;
    const extreme: ReviewExtreme = {
      value: reading.value,
      enteredValue: reading.enteredValue ?? null,
      enteredUnit: reading.enteredUnit ?? null,
    };
    if (compareGlucoseWithLimit(reading.value, criteria.hyperValue, reading.enteredUnit) >= 0) {
      hyperCount += 1;
      if (!highest || reading.value > highest.value) highest = extreme;
    }
    if (compareGlucoseWithLimit(reading.value, criteria.hypoValue, reading.enteredUnit) < 0) {
      hypoCount += 1;
      if (!lowest || reading.value < lowest.value) lowest = extreme;
    }
  }
  const reasons: ReviewReason[] = [];
  if (hypoCount > 0 && lowest) reasons.push({ kind: 'hypo', count: hypoCount, extreme: lowest });
  if (hyperCount >= criteria.hyperCount && highest) {
    reasons.push({ kind: 'hyper', count: hyperCount, extreme: highest });
  }
  return { hyperCount, highest, hypoCount, lowest, reasons };
}

/** The reasons a patient is on the daily review list (empty: not on it). See {@link reviewFindingsOf}. */
export function reviewReasonsOf(
  readings: readonly ReviewReading[],
  criteria: ReviewCriteria,
  now: Date = new Date(),
): ReviewReason[] {
  return reviewFindingsOf(readings, criteria, now).reasons;
}

/** Names people read (glossary: 高血糖, 低血糖). */
export const REVIEW_REASON_NAMES: Record<ReviewReasonKind, Record<Lang, string>> = {
  hypo: { 'en-US': 'Hypoglycaemia', 'zh-CN': '低血糖' },
  hyper: { 'en-US': 'Hyperglycaemia', 'zh-CN': '高血糖' },
};

// ---------------------------------------------------------------- follow-up records

/** `review`: from the daily worklist; `visit`: at the bedside or clinic; `phone`: by telephone. */
export const FOLLOWUP_KINDS = ['review', 'visit', 'phone'] as const;
export type FollowupKind = (typeof FOLLOWUP_KINDS)[number];

export const FOLLOWUP_KIND_NAMES: Record<FollowupKind, Record<Lang, string>> = {
  review: { 'en-US': 'Daily review', 'zh-CN': '每日审核' },
  visit: { 'en-US': 'Visit', 'zh-CN': '查房' },
  phone: { 'en-US': 'Phone call', 'zh-CN': '电话随访' },
};

export const FOLLOWUP_LIMITS = {
  assessment: { min: 1, max: 500 },
  suggestion: { min: 1, max: 500 },
  deleteReason: { min: 2, max: 200 },
  keyword: { min: 0, max: 50 },
} as const;

/** The earliest calendar date anywhere on Earth at `now` (UTC−12), `YYYY-MM-DD`. */
export function earliestToday(now: Date): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}

const extremeSchema = z.strictObject({
  value: z.number({ error: 'virtualWard.followup.reasonsInvalid' }).refine(Number.isFinite, {
    message: 'virtualWard.followup.reasonsInvalid',
  }),
  enteredValue: z.number({ error: 'virtualWard.followup.reasonsInvalid' }).nullable(),
  enteredUnit: z.string({ error: 'virtualWard.followup.reasonsInvalid' }).max(20).nullable(),
});

/** The reasons shown when reviewing, as the worklist answered them (stored as they were). */
export const reviewReasonsSchema = z
  .array(
    z.strictObject({
      kind: z.enum(REVIEW_REASON_KINDS, { error: 'virtualWard.followup.reasonsInvalid' }),
      count: z.number({ error: 'virtualWard.followup.reasonsInvalid' }).int().min(1).max(10_000),
      extreme: extremeSchema,
    }),
    { error: 'virtualWard.followup.reasonsInvalid' },
  )
  .max(2, { error: 'virtualWard.followup.reasonsInvalid' });

/**
 * `POST /v1/virtualward/followups`: a specialist's review of a patient. The next review date may not lie
 * before today: here against the earliest date anywhere on Earth (the schema knows no hospital zone);
 * the server checks the hospital's calendar day as well.
 */
export function followupSchemaFor(now: () => Date = systemClock) {
  return z.strictObject({
    patientId: requiredId('virtualWard.followup.patientRequired'),
    kind: requiredEnum(FOLLOWUP_KINDS, 'virtualWard.followup.kindInvalid', 'virtualWard.followup.kindInvalid')
      .optional()
      .default('review'),
    assessment: requiredText('virtualWard.followup.assessmentRequired').check(
      lengthIn(FOLLOWUP_LIMITS.assessment, 'virtualWard.followup.assessmentLength'),
    ),
    suggestion: requiredText('virtualWard.followup.suggestionRequired').check(
      lengthIn(FOLLOWUP_LIMITS.suggestion, 'virtualWard.followup.suggestionLength'),
    ),
    suggestionId: requiredId('virtualWard.followup.suggestionUnknown').nullish(),
    nextReviewDate: optionalIsoDate('virtualWard.followup.nextDateInvalid').check((ctx) => {
      if (!isBlank(ctx.value) && ctx.value < earliestToday(now())) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: 'virtualWard.followup.nextDatePast' });
      }
    }),
    reasons: reviewReasonsSchema.nullish(),
  });
}
export const followupSchema = followupSchemaFor();
export type FollowupInput = z.infer<typeof followupSchema>;

/** `DELETE /v1/virtualward/followups/{id}?reason=` (entered in error): the reason. */
export const followupDeleteSchema = z.object({
  reason: requiredText('virtualWard.followup.deleteReasonRequired').check(
    lengthIn(FOLLOWUP_LIMITS.deleteReason, 'virtualWard.followup.deleteReasonLength'),
  ),
});

const booleanFilter = z
  .enum(['true', 'false'], { error: 'validation.invalidBoolean' })
  .transform((value) => value === 'true')
  .optional();

const keyword = optionalText().check(lengthIn(FOLLOWUP_LIMITS.keyword, 'validation.tooLong')).optional();

/** `GET /v1/virtualward/worklist`: filters and page. */
export const worklistQuerySchema = z.object({
  departmentCode: optionalText()
    .check(lengthIn({ min: 0, max: 50 }, 'validation.tooLong'))
    .optional(),
  inVirtualWard: booleanFilter,
  reviewed: booleanFilter,
  queryCondition: keyword,
  page: pageParam.default(1),
  size: pageParam.default(20),
});
export type WorklistQuery = z.infer<typeof worklistQuerySchema>;

/** `GET /v1/virtualward/followups`: filters (review time's days in the hospital calendar) and page. */
export const followupQuerySchema = z
  .object({
    queryCondition: keyword,
    specialistId: z
      .string()
      .regex(/^[1-9]\d{0,15}$/, { error: 'validation.positiveInteger' })
      .transform(Number)
      .optional(),
    departmentCode: optionalText()
      .check(lengthIn({ min: 0, max: 50 }, 'validation.tooLong'))
      .optional(),
    kind: z.enum(FOLLOWUP_KINDS, { error: 'virtualWard.followup.kindInvalid' }).optional(),
    ...patientDayFields,
    page: pageParam.default(1),
    size: pageParam.default(20),
  })
  .superRefine(patientDayOrder, whenFieldsValid('beginDate', 'endDate'));
export type FollowupQuery = z.infer<typeof followupQuerySchema>;
