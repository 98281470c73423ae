/**
 * Building blocks of the §5 rule schemas (internal to `rules/`, not exported by the package).
 *
 * Conventions every rule follows:
 * - errors are message keys of `i18n/messages.ts`; `localizedIssues` translates them;
 * - a limit shown in a message comes from the issue: length and range issues carry both `minimum` and
 *   `maximum`, so "{{min}}-{{max}}" is filled whichever side was crossed;
 * - a field reports one problem: "required" aborts, and so does every later check that fails;
 * - no coercion: a number is a JSON number, a date or time an ISO string; text is trimmed;
 * - an optional field may be absent, null or empty text ('' is what an emptied form input holds).
 */
import { z } from 'zod';
import { requiredString } from '../auth/schemas';
import type { LengthLimit } from '../constants';
import { isSupportedDate } from '../helpers/date-range';
import type { MessageKey } from '../i18n/messages';

/** Counts characters as a person does (code points), so a CJK character or an emoji counts once. */
export function charCount(text: string): number {
  return [...text].length;
}

/** Nothing entered: absent, null or empty text. */
export function isBlank(value: unknown): value is undefined | null | '' {
  return value === undefined || value === null || value === '';
}

type Check<T> = (ctx: z.core.ParsePayload<T>) => void;

/** A problem carrying both bounds, so that "{{min}}-{{max}}" is filled from the issue alone. */
function boundIssue(
  code: 'too_small' | 'too_big' | 'custom',
  origin: 'string' | 'number',
  limit: LengthLimit,
  key: MessageKey,
  input: unknown,
): z.core.$ZodRawIssue {
  const issue = {
    code,
    origin,
    minimum: limit.min,
    maximum: limit.max,
    inclusive: true,
    input,
    message: key,
  };
  return issue as z.core.$ZodRawIssue;
}

/** Length in characters within `limit` (inclusive); empty text is left to the required check. */
export function lengthIn(limit: LengthLimit, key: MessageKey): Check<string> {
  return (ctx) => {
    if (ctx.value === '') return;
    const length = charCount(ctx.value);
    if (length < limit.min) ctx.issues.push(boundIssue('too_small', 'string', limit, key, ctx.value));
    else if (length > limit.max) ctx.issues.push(boundIssue('too_big', 'string', limit, key, ctx.value));
  };
}

/** Text matching `pattern`; empty text is left to the required check. */
export function matches(pattern: RegExp, key: MessageKey): Check<string> {
  return (ctx) => {
    if (ctx.value !== '' && !pattern.test(ctx.value)) {
      ctx.issues.push({ code: 'custom', input: ctx.value, message: key });
    }
  };
}

/** A number within `limit` (inclusive), optionally a whole number; the issue carries both bounds. */
export function numberIn(
  limit: LengthLimit,
  key: MessageKey,
  options: { integer?: boolean } = {},
): Check<number> {
  return (ctx) => {
    const value = ctx.value;
    if (options.integer && !Number.isInteger(value)) {
      ctx.issues.push(boundIssue('custom', 'number', limit, key, value));
    } else if (value < limit.min) ctx.issues.push(boundIssue('too_small', 'number', limit, key, value));
    else if (value > limit.max) ctx.issues.push(boundIssue('too_big', 'number', limit, key, value));
  };
}

/** A number strictly greater than 0 (or at least 0 with `allowZero`). */
export function positive(key: MessageKey, options: { allowZero?: boolean } = {}): Check<number> {
  return (ctx) => {
    const ok = options.allowZero ? ctx.value >= 0 : ctx.value > 0;
    if (!ok) ctx.issues.push({ code: 'custom', input: ctx.value, message: key });
  };
}

/** Trimmed text that must not be blank: absent, null, '' or spaces only give `requiredKey`. */
export function requiredText(requiredKey: MessageKey) {
  return requiredString(requiredKey).trim().min(1, { error: requiredKey, abort: true });
}

/** Trimmed text that may be absent, null or empty. Add checks with `.check(...)` before `.nullish()`. */
export function optionalText() {
  return z.string().trim();
}

/** A number whose absence (or an emptied input, '' or null) gives `requiredKey`; other types get zod's wording. */
export function requiredNumber(requiredKey: MessageKey) {
  return z.number({ error: (issue) => (isBlank(issue.input) ? requiredKey : undefined) });
}

/** A record id (a whole number of 1 or more) whose absence or any other value gives `requiredKey`. */
export function requiredId(requiredKey: MessageKey) {
  return requiredNumber(requiredKey).check((ctx) => {
    if (!Number.isSafeInteger(ctx.value) || ctx.value < 1) {
      ctx.issues.push({ code: 'custom', input: ctx.value, message: requiredKey });
    }
  });
}

/**
 * The largest value of a PostgreSQL `integer` column, which holds every record version: a larger
 * number would fail in SQL, so the schemas refuse it first.
 */
export const PG_INTEGER_MAX = 2_147_483_647;

/** A record version (optimistic locking), 1..PG_INTEGER_MAX, with zod's wording for a wrong number. */
export const recordVersion = z.number().int().min(1).max(PG_INTEGER_MAX);

/** A record version whose absence or any value outside 1..PG_INTEGER_MAX gives `requiredKey`. */
export function requiredVersion(requiredKey: MessageKey) {
  return requiredNumber(requiredKey).check((ctx) => {
    if (!Number.isInteger(ctx.value) || ctx.value < 1 || ctx.value > PG_INTEGER_MAX) {
      ctx.issues.push({ code: 'custom', input: ctx.value, message: requiredKey });
    }
  });
}

/** One of `values`; absent or empty gives `requiredKey`, anything else outside the list `invalidKey`. */
export function requiredEnum<const T extends readonly [string, ...string[]]>(
  values: T,
  requiredKey: MessageKey,
  invalidKey: MessageKey,
) {
  return z.enum(values, { error: (issue) => (isBlank(issue.input) ? requiredKey : invalidKey) });
}

/** A date or date-time (already well-formed) within the supported calendar (`SUPPORTED_YEARS`). */
export const supportedDate: Check<string> = (ctx) => {
  if (!isSupportedDate(ctx.value)) {
    ctx.issues.push({ code: 'custom', input: ctx.value, message: 'validation.dateOutOfRange' });
  }
};

/** An ISO calendar date `YYYY-MM-DD` that exists (no 2023-02-29) in the supported calendar. */
export function requiredIsoDate(requiredKey: MessageKey, invalidKey: MessageKey) {
  return requiredText(requiredKey).check(z.iso.date({ error: invalidKey, abort: true }), supportedDate);
}

/**
 * An ISO-8601 date-time with seconds and a zone (`Z` or `±hh:mm`), e.g. `2024-03-01T08:30:00+08:00`:
 * an instant every client and the server read alike (a zone-less time would depend on the reader's zone).
 */
export function requiredIsoDateTime(requiredKey: MessageKey, invalidKey: MessageKey) {
  return requiredText(requiredKey).check(
    z.iso.datetime({ offset: true, error: invalidKey, abort: true }),
    supportedDate,
  );
}

/** {@link requiredIsoDateTime} that may be absent, null or empty. */
export function optionalIsoDateTime(invalidKey: MessageKey) {
  return optionalText()
    .check((ctx) => {
      if (ctx.value !== '' && !z.iso.datetime({ offset: true }).safeParse(ctx.value).success) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: invalidKey });
      } else if (ctx.value !== '') supportedDate(ctx);
    })
    .nullish();
}

/** {@link requiredIsoDate} that may be absent, null or empty. */
export function optionalIsoDate(invalidKey: MessageKey) {
  return optionalText()
    .check((ctx) => {
      if (ctx.value !== '' && !z.iso.date().safeParse(ctx.value).success) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: invalidKey });
      } else if (ctx.value !== '') supportedDate(ctx);
    })
    .nullish();
}

/** Epoch milliseconds of an ISO date-time already checked by {@link requiredIsoDateTime}. */
export function instant(isoDateTime: string): number {
  return Date.parse(isoDateTime);
}

/** A date-time not after `now()` (equal is fine); `now` is read at every parse. */
export function notAfter(now: () => Date, key: MessageKey): Check<string> {
  return (ctx) => {
    if (instant(ctx.value) > now().getTime())
      ctx.issues.push({ code: 'custom', input: ctx.value, message: key });
  };
}

/** How far the latest time zone (UTC+14, Line Islands) is ahead of UTC, in ms. */
const LATEST_ZONE_OFFSET_MS = 14 * 60 * 60 * 1000;

/**
 * The latest calendar date anywhere on Earth at `now`, as `YYYY-MM-DD`. A date-only value is "not in
 * the future" when it is not after this day, whatever the time zone of the server and of the ward
 * (a server on UTC must accept a baby born at 01:00 in Beijing on the Beijing date).
 */
export function latestToday(now: Date): string {
  return new Date(now.getTime() + LATEST_ZONE_OFFSET_MS).toISOString().slice(0, 10);
}

/** An ISO date not after today (see {@link latestToday}); `now` is read at every parse. */
export function dateNotAfterToday(now: () => Date, key: MessageKey): Check<string> {
  return (ctx) => {
    if (ctx.value > latestToday(now())) ctx.issues.push({ code: 'custom', input: ctx.value, message: key });
  };
}

/** The system clock, read at parse time. */
export const systemClock = (): Date => new Date();

/**
 * `when` of an object-level refinement: run it once the value is an object (not an array, with no
 * problem of the value as a whole) and none of `fields` has a problem of its own, so a cross-field
 * message never stacks on a field's own message and a problem of an unrelated field (a too-long note)
 * does not hide it. zod still skips it while some field is
 * missing (required checks abort explicitly); the user sees it on the next submit.
 */
export function whenFieldsValid(...fields: string[]) {
  return {
    when: (payload: z.core.ParsePayload) =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      // an array (a body of `[]`) is refused as a whole; its fields would read as undefined
      !Array.isArray(payload.value) &&
      !payload.issues.some((issue) => {
        const head = issue.path?.[0];
        return head === undefined || (typeof head === 'string' && fields.includes(head));
      }),
  };
}
