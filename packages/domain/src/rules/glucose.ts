/** §5 Glucose (§3 Glucose record) and the low/high and target ranges of §5 Glucose and Queries. */
import { z } from 'zod';
import type { GlucoseUnit } from '../helpers/glucose';
import { checkLowHigh, checkTargetRange } from '../helpers/target-range';
import type { MessageKey } from '../i18n/messages';
import {
  instant,
  isBlank,
  lengthIn,
  notAfter,
  optionalText,
  positive,
  requiredIsoDateTime,
  requiredText,
  systemClock,
  whenFieldsValid,
} from './common';

/** Code of the "Other" untested or rejection reason, which needs a text saying what the reason was. */
export const GLUCOSE_OTHER_REASON = 'other';

/** Units a result may be entered in (§9 "Glucose unit is configurable (mgDl or mmol/L)"). */
export const GLUCOSE_UNITS = ['mmolL', 'mgDl'] as const satisfies readonly GlucoseUnit[];

/** Limits of the glucose entry; not in the spec: bounds on free text. */
export const GLUCOSE_LIMITS = {
  reasonText: { min: 0, max: 200 },
  note: { min: 0, max: 200 },
} as const;

/** Test period (a code of the hospital's glucose periods): required. */
export const glucosePeriodSchema = requiredText('glucose.period.required');

/** Test time with "now" read from `now` at every check: required, ISO date-time with a zone, not later. */
export function glucoseTestTimeSchemaAt(now: () => Date) {
  return requiredIsoDateTime('glucose.testTime.required', 'glucose.testTime.invalid').check(
    notAfter(now, 'glucose.testTime.future'),
  );
}
const testTime = glucoseTestTimeSchemaAt;

/** Test time: required, ISO date-time with a zone, not after the clock at the moment of checking. */
export const glucoseTestTimeSchema = testTime(systemClock);

/** What {@link resultOrReasonIssue} reads: a result, or a reason code (with its text for "Other"). */
export interface ResultOrReason {
  result?: number | null;
  reasonCode?: string | null;
  reasonText?: string | null;
}

/**
 * §5 Glucose "Result or rejection reason required", the one rule behind every entry form: exactly one
 * of a result or an untested/rejection reason; the "Other" reason needs a text. Says which part is
 * wrong (`result`, `reason` or `reasonText`) and the message key, or null when the record is fine.
 */
export function resultOrReasonIssue(
  record: ResultOrReason,
): { part: 'result' | 'reason' | 'reasonText'; message: MessageKey } | null {
  const hasResult = record.result !== null && record.result !== undefined;
  const hasReason = !isBlank(record.reasonCode);
  if (!hasResult && !hasReason) return { part: 'result', message: 'glucose.result.required' };
  if (hasResult && hasReason) return { part: 'reason', message: 'glucose.result.exclusive' };
  if (record.reasonCode === GLUCOSE_OTHER_REASON && isBlank(record.reasonText)) {
    return { part: 'reasonText', message: 'glucose.reasonText.required' };
  }
  return null;
}

/** Result: a number greater than 0, or nothing when a reason is given instead. */
export const glucoseResultSchema = z.number().check(positive('glucose.result.positive')).nullish();

function entry(now: () => Date) {
  return z
    .strictObject({
      period: glucosePeriodSchema,
      testTime: testTime(now),
      result: glucoseResultSchema,
      unit: z.enum(GLUCOSE_UNITS, { error: 'glucose.unit.invalid' }).nullish(),
      /** untested or rejection reason code (measurable or non-measurable range, refusal, other) */
      reasonCode: optionalText().nullish(),
      reasonText: optionalText().check(lengthIn(GLUCOSE_LIMITS.reasonText, 'validation.tooLong')).nullish(),
      note: optionalText().check(lengthIn(GLUCOSE_LIMITS.note, 'validation.tooLong')).nullish(),
    })
    .superRefine(
      (record, ctx) => {
        const issue = resultOrReasonIssue(record);
        if (!issue) return;
        const path = { result: 'result', reason: 'reasonCode', reasonText: 'reasonText' }[issue.part];
        ctx.addIssue({ code: 'custom', path: [path], message: issue.message });
      },
      whenFieldsValid('result', 'reasonCode', 'reasonText'),
    );
}

/**
 * A glucose measurement as entered: period and time required, the time not in the future; exactly one
 * of a result (> 0) or an untested/rejection reason code; the "Other" reason needs a text. The time is
 * compared with the clock when the entry is checked; see {@link glucoseEntrySchemaAt} for a fixed one.
 */
export const glucoseEntrySchema = entry(systemClock);
export type GlucoseEntryInput = z.infer<typeof glucoseEntrySchema>;

/** {@link glucoseEntrySchema} with "now" fixed (a request's time, a test's clock). */
export function glucoseEntrySchemaAt(now: Date) {
  return entry(() => now);
}

/**
 * Several measurements of one patient entered at once: at least one, and measurement times cannot
 * repeat (§5 Glucose): the same instant twice is flagged on the later entry, whatever zone it is
 * written in. A repeat of a time already stored is for the server to find.
 */
export const glucoseEntriesSchema = z
  .array(glucoseEntrySchema, {
    error: (issue) => (isBlank(issue.input) ? 'glucose.entries.required' : undefined),
  })
  .min(1, { error: 'glucose.entries.required' })
  .superRefine((entries, ctx) => {
    const seen = new Set<number>();
    entries.forEach((entry, index) => {
      const at = instant(entry.testTime);
      if (seen.has(at)) {
        ctx.addIssue({ code: 'custom', path: [index, 'testTime'], message: 'glucose.testTime.duplicate' });
      }
      seen.add(at);
    });
  });

/** A bound of a range: a number, or nothing. */
const bound = z.number().nullish();

/**
 * Lowest and highest value (§5 Glucose "Lowest below highest (at least one required)"), by
 * {@link checkLowHigh}: at least one given; with both, low < high. Problems are shown on `low`.
 */
export const glucoseLowHighSchema = z.strictObject({ low: bound, high: bound }).superRefine(
  (range, ctx) => {
    const problem = checkLowHigh(range.low, range.high);
    if (problem === 'required') {
      ctx.addIssue({ code: 'custom', path: ['low'], message: 'glucose.range.required' });
    } else if (problem === 'order') {
      ctx.addIssue({ code: 'custom', path: ['low'], message: 'glucose.range.order' });
    }
  },
  whenFieldsValid('low', 'high'),
);
export type GlucoseLowHighInput = z.infer<typeof glucoseLowHighSchema>;

/**
 * Target range (§5 Queries "min must be below max and both greater than 0"), by
 * {@link checkTargetRange}: a missing or non-positive side is flagged on that side (min first), an
 * inverted or empty range on `min`.
 */
export const glucoseTargetRangeSchema = z.strictObject({ min: bound, max: bound }).superRefine(
  (range, ctx) => {
    const problem = checkTargetRange(range.min, range.max);
    if (problem === 'required') {
      const side = isBlank(range.min) ? 'min' : 'max';
      ctx.addIssue({ code: 'custom', path: [side], message: 'glucose.target.required' });
    } else if (problem === 'positive') {
      const side = (range.min ?? 0) <= 0 ? 'min' : 'max';
      ctx.addIssue({ code: 'custom', path: [side], message: 'glucose.target.positive' });
    } else if (problem === 'order') {
      ctx.addIssue({ code: 'custom', path: ['min'], message: 'glucose.target.order' });
    }
  },
  whenFieldsValid('min', 'max'),
);
export type GlucoseTargetRangeInput = z.infer<typeof glucoseTargetRangeSchema>;
