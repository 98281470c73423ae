/**
 * FHIR search parameters (http://hl7.org/fhir/R4/search.html) as this API reads them: strict handling
 * (an unknown parameter or modifier answers 400), paging by `_count` and `_offset`, dates with the
 * prefixes eq/ne/gt/ge/lt/le (sa/eb as gt/lt), tokens `system|code`, references `Patient/1`.
 */

import { FHIR_DEFAULT_COUNT, FHIR_MAX_COUNT } from '@glucocare/domain';
import { and, not, or, type SQL, sql } from 'drizzle-orm';
import { FhirError } from './outcome';

/** The query as Fastify parses it: a repeated parameter is an array (repetitions are ANDed). */
export type RawQuery = Record<string, string | string[] | undefined>;

/** Parameters every search takes besides its own. `_pretty` is accepted and has no effect. */
const COMMON = ['_count', '_offset', '_format', '_pretty'] as const;

export interface Paging {
  count: number;
  offset: number;
}

/** The values of a parameter (each repetition), empty when absent. */
export function valuesOf(query: RawQuery, name: string): string[] {
  const value = query[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

export function badParam(name: string, why: string): FhirError {
  return new FhirError(400, 'invalid', `Search parameter ${name}: ${why}`);
}

/**
 * Refuses parameters the resource does not support (strict handling, as `Prefer: handling=strict`
 * asks; lenient is not offered: a client that misspells `patient` would otherwise get every patient).
 */
export function assertKnownParams(query: RawQuery, type: string, supported: readonly string[]): void {
  const known = new Set<string>([...COMMON, ...supported]);
  const unknown = Object.keys(query).filter((name) => !known.has(name));
  if (unknown.length) {
    throw new FhirError(
      400,
      'not-supported',
      `Unknown or unsupported search parameter(s) for ${type}: ${unknown.join(', ')}. ` +
        `Supported: ${[...supported, ...COMMON].join(', ')}`,
    );
  }
}

function singleInteger(query: RawQuery, name: string, min: number, max: number): number | undefined {
  const values = valuesOf(query, name);
  if (values.length === 0) return undefined;
  if (values.length > 1) throw badParam(name, 'give it once');
  const text = values[0]!;
  if (!/^\d{1,9}$/.test(text)) throw badParam(name, `"${text}" is not a whole number`);
  const value = Number(text);
  if (value < min || value > max) throw badParam(name, `must lie between ${min} and ${max}`);
  return value;
}

/**
 * `_count` (0–100, default 20; 0 answers the total only) and `_offset` (the number of matches to skip,
 * default 0). A larger `_count` is refused rather than cut, so a client never mistakes a cut page for
 * the whole.
 */
export function pagingOf(query: RawQuery): Paging {
  return {
    count: singleInteger(query, '_count', 0, FHIR_MAX_COUNT) ?? FHIR_DEFAULT_COUNT,
    offset: singleInteger(query, '_offset', 0, 100_000_000) ?? 0,
  };
}

/** A comma-separated list (`a,b`): the alternatives of one repetition (ORed); `\,` is a literal comma. */
export function alternatives(value: string): string[] {
  return value
    .split(/(?<!\\),/)
    .map((part) => part.replace(/\\,/g, ',').trim())
    .filter((part) => part.length > 0);
}

export interface Token {
  /** undefined: any system; null: no system (`|code`) */
  system: string | undefined | null;
  /** undefined: any code of the system (`system|`) */
  code: string | undefined;
}

export function parseToken(text: string): Token {
  const bar = text.indexOf('|');
  if (bar < 0) return { system: undefined, code: text };
  const system = text.slice(0, bar);
  const code = text.slice(bar + 1);
  return { system: system === '' ? null : system, code: code === '' ? undefined : code };
}

/**
 * A condition per repetition of a parameter (ANDed), each the OR of its comma-separated alternatives;
 * undefined when the parameter is absent.
 */
export function conditionOf(
  query: RawQuery,
  name: string,
  alternative: (value: string) => SQL | undefined,
): SQL | undefined {
  const repetitions = valuesOf(query, name);
  if (!repetitions.length) return undefined;
  return and(
    ...repetitions.map((value) => {
      const parts = alternatives(value);
      if (!parts.length) throw badParam(name, 'no value given');
      if (parts.length > 50) throw badParam(name, 'at most 50 values');
      return or(...parts.map((part) => alternative(part) ?? sql`false`)) ?? sql`false`;
    }),
  );
}

/** A resource id of ours: digits (a database key), else null (matches nothing, read answers 404). */
export function numericId(text: string): number | null {
  return /^\d{1,15}$/.test(text) ? Number(text) : null;
}

/** The id a reference parameter names (`123`, `Patient/123`, `https://…/Patient/123`), or null. */
export function referenceId(text: string, type: string): number | null {
  const match = new RegExp(`^(?:.*/)?${type}/([^/]+)$`).exec(text);
  if (match) return numericId(match[1]!);
  if (text.includes('/')) return null;
  return numericId(text);
}

// ---- dates ----

const PREFIXES = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'sa', 'eb'] as const;
type Prefix = (typeof PREFIXES)[number];

const DATE_SHAPE =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;

/** The instants a date parameter value covers, [lo, hi), as SQL timestamptz expressions. */
export interface DateRange {
  prefix: Prefix;
  lo: SQL;
  hi: SQL;
}

function validCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * A date parameter value: an optional prefix, then `YYYY`, `YYYY-MM`, `YYYY-MM-DD` or a date and time
 * (`THH:mm`, `THH:mm:ss`, fractions) with `Z` or an offset. The value is the whole range of its
 * precision (2024-05 is all of May); a date, or a time without an offset, is read on the hospital's
 * clock (setting `hospital.timeZone`).
 */
export function parseDate(name: string, raw: string, timeZone: string): DateRange {
  const prefixText = /^[a-z]{2}/.test(raw) ? raw.slice(0, 2) : 'eq';
  if (!(PREFIXES as readonly string[]).includes(prefixText)) {
    throw badParam(name, `prefix "${prefixText}" is not supported (eq, ne, gt, ge, lt, le, sa, eb)`);
  }
  const prefix = prefixText as Prefix;
  const text = /^[a-z]{2}/.test(raw) ? raw.slice(2) : raw;
  const match = DATE_SHAPE.exec(text);
  if (!match) throw badParam(name, `"${raw}" is not a FHIR date or dateTime`);
  const [, y, mo, d, h, mi, s, fraction, zone] = match;
  const year = Number(y);
  const month = mo ? Number(mo) : 1;
  const day = d ? Number(d) : 1;
  if (year < 1 || month < 1 || month > 12 || !validCalendarDay(year, month, day)) {
    throw badParam(name, `"${raw}" is not a calendar date`);
  }
  if (h !== undefined && (Number(h) > 23 || Number(mi) > 59 || (s !== undefined && Number(s) > 59))) {
    throw badParam(name, `"${raw}" is not a time of day`);
  }
  if (zone && zone !== 'Z') {
    const [zh, zm] = zone.slice(1).split(':').map(Number);
    if (zh! > 14 || zm! > 59) throw badParam(name, `"${raw}" has no valid offset`);
  }
  const local = `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${h ?? '00'}:${mi ?? '00'}:${s ?? '00'}${fraction ?? ''}`;
  const step =
    h === undefined
      ? d
        ? '1 day'
        : mo
          ? '1 month'
          : '1 year'
      : s === undefined
        ? '1 minute'
        : fraction
          ? '1 millisecond'
          : '1 second';
  if (zone) {
    const lo = sql`(${`${local}${zone}`}::timestamptz)`;
    return { prefix, lo, hi: sql`(${`${local}${zone}`}::timestamptz + ${step}::interval)` };
  }
  return {
    prefix,
    lo: sql`(${local}::timestamp at time zone ${timeZone})`,
    hi: sql`((${local}::timestamp + ${step}::interval) at time zone ${timeZone})`,
  };
}

/** An instant column against a date value: eq within the range, ge from its start, le to its end… */
export function instantCondition(column: SQL, range: DateRange): SQL {
  const { lo, hi } = range;
  switch (range.prefix) {
    case 'eq':
      return sql`(${column} >= ${lo} and ${column} < ${hi})`;
    case 'ne':
      return sql`(${column} < ${lo} or ${column} >= ${hi})`;
    case 'gt':
    case 'sa':
      return sql`${column} >= ${hi}`;
    case 'ge':
      return sql`${column} >= ${lo}`;
    case 'lt':
    case 'eb':
      return sql`${column} < ${lo}`;
    case 'le':
      return sql`${column} < ${hi}`;
  }
}

/**
 * A period [start, end) against a date value (end null: still going): eq when the period overlaps the
 * range, ge/gt when it lasts until the range (or past it), le/lt when it began before the range's end
 * (or its start), ne when it lies wholly outside.
 */
export function periodCondition(start: SQL, end: SQL, range: DateRange): SQL {
  const { lo, hi } = range;
  const overlaps = sql`(${start} < ${hi} and (${end} is null or ${end} >= ${lo}))`;
  switch (range.prefix) {
    case 'eq':
      return overlaps;
    case 'ne':
      return not(overlaps);
    case 'gt':
    case 'sa':
      return sql`(${end} is null or ${end} >= ${hi})`;
    case 'ge':
      return sql`(${end} is null or ${end} >= ${lo})`;
    case 'lt':
    case 'eb':
      return sql`${start} < ${lo}`;
    case 'le':
      return sql`${start} < ${hi}`;
  }
}

/** Each repetition of a date parameter (ANDed: `date=ge2024-01-01&date=lt2024-02-01`). */
export function dateConditions(
  query: RawQuery,
  name: string,
  timeZone: string,
  condition: (range: DateRange) => SQL,
): SQL | undefined {
  const values = valuesOf(query, name);
  if (!values.length) return undefined;
  return and(...values.map((value) => condition(parseDate(name, value, timeZone))));
}

/** A `name` string search: starts with (default), `:exact` or `:contains`, case-insensitive but for exact. */
export function stringCondition(column: SQL, value: string, mode: 'start' | 'exact' | 'contains'): SQL {
  const escaped = value.replace(/[\\%_]/g, (c) => `\\${c}`);
  if (mode === 'exact') return sql`${column} = ${value}`;
  return sql`${column} ilike ${mode === 'start' ? `${escaped}%` : `%${escaped}%`}`;
}

/** `name`, `name:exact` and `name:contains` of a string parameter over some columns (any matches). */
export function stringParamConditions(query: RawQuery, name: string, columns: SQL[]): SQL | undefined {
  const modes = [
    [name, 'start'],
    [`${name}:exact`, 'exact'],
    [`${name}:contains`, 'contains'],
  ] as const;
  return and(
    ...modes.map(([param, mode]) =>
      conditionOf(query, param, (value) => {
        if (value.length > 100) throw badParam(param, 'at most 100 characters');
        return or(...columns.map((column) => stringCondition(column, value, mode)));
      }),
    ),
  );
}

/** The parameter names {@link stringParamConditions} reads for `name`. */
export const stringParams = (name: string) => [name, `${name}:exact`, `${name}:contains`];
