/**
 * The calendar GlucoCare handles: years 1900-2999. Wider than any clinical record or query needs, and
 * narrow enough that day arithmetic (the day after an end date) and PostgreSQL (which has no year 0)
 * never overflow: a date outside it is refused with a message (`validation.dateOutOfRange`) instead
 * of failing later. The message names the same bounds.
 */
export const SUPPORTED_YEARS = { min: 1900, max: 2999 } as const;

/**
 * Whether the date (or the date part of a date-time, as written) of an ISO string lies in
 * {@link SUPPORTED_YEARS}; text that does not start with a year is left to the format check.
 */
export function isSupportedDate(value: string): boolean {
  const year = /^\s*(\d{4})-/.exec(value)?.[1];
  if (!year) return true;
  return Number(year) >= SUPPORTED_YEARS.min && Number(year) <= SUPPORTED_YEARS.max;
}

/** A date as query forms hold it: a Date, an ISO-8601 string, epoch milliseconds, or nothing. */
export type DateRangeInput = Date | string | number | null | undefined;

function isEmpty(value: DateRangeInput): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SPACE_DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(:\d{2}(\.\d+)?)?)$/;

/**
 * Epoch milliseconds of a non-empty date, or NaN when it cannot be read. Date-only strings
 * ("2024-03-01") are read as local midnight, like date-time strings without an offset, so that the two
 * forms compare consistently (JavaScript alone would read the date-only form as UTC midnight).
 * "YYYY-MM-DD HH:mm[:ss]" is read like the ISO form with "T".
 */
function toEpochMs(value: Date | string | number): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  const text = value.trim();
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const [year, month, day] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
    const local = new Date(year, month - 1, day);
    // Reject dates that roll over, such as 2024-02-30.
    if (local.getFullYear() !== year || local.getMonth() !== month - 1 || local.getDate() !== day) {
      return Number.NaN;
    }
    return local.getTime();
  }
  const spaced = SPACE_DATE_TIME.exec(text);
  return Date.parse(spaced ? `${spaced[1]}T${spaced[2]}` : text);
}

/**
 * §5 Queries: "The date-range helper passes if the begin is not after the end or either is null".
 * Either side null, undefined or '' passes; equal instants pass. A non-empty side that is not a valid
 * date (Invalid Date, unparseable string, NaN) fails, so a broken value never passes as a range.
 */
export function isDateRangeValid(begin: DateRangeInput, end: DateRangeInput): boolean {
  if (isEmpty(begin) || isEmpty(end)) return true;
  const from = toEpochMs(begin);
  const to = toEpochMs(end);
  if (Number.isNaN(from) || Number.isNaN(to)) return false;
  return from <= to;
}

/** A problem {@link requireDateRange} reports. */
export type DateRangeProblem = 'required' | 'order';

/**
 * §5 Queries: "Start and end dates required; start before end" for query forms: 'required' when either
 * side is empty or not a valid date, 'order' when the start is after the end, null when the range is
 * fine (start equal to end is allowed, as in {@link isDateRangeValid}).
 */
export function requireDateRange(begin: DateRangeInput, end: DateRangeInput): DateRangeProblem | null {
  if (isEmpty(begin) || isEmpty(end)) return 'required';
  const from = toEpochMs(begin);
  const to = toEpochMs(end);
  if (Number.isNaN(from) || Number.isNaN(to)) return 'required';
  return from <= to ? null : 'order';
}
