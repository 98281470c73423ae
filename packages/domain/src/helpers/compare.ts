/** A value {@link compareLessThan} accepts: form values arrive as strings or numbers, or are missing. */
export type ComparableValue = string | number | null | undefined;

function isEmpty(value: ComparableValue): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

/** Integer of a value with `parseInt` semantics; NaN when there is none. */
function toInteger(value: string | number): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : Number.NaN;
  return Number.parseInt(value, 10);
}

/**
 * §5 Other: "A value comparison passes when either side is empty or the first is less than the second
 * as integers".
 *
 * - Empty means exactly null, undefined or '' (a string of spaces is not empty).
 * - Strings are read with `parseInt(s, 10)`: leading spaces skipped, the leading integer taken and the
 *   rest ignored ("12abc" → 12, "3.9" → 3, "1e3" → 1, "0x10" → 0). Numbers are truncated toward zero.
 * - So decimals compare by their integer part only: 3.2 < 3.8 fails (3 < 3 is false).
 * - A non-empty side with no integer ("abc", " ", NaN, Infinity) makes the comparison FAIL (it is not
 *   treated as empty), so garbage never passes silently.
 * - Equal integers fail: the comparison is strict.
 */
export function compareLessThan(a: ComparableValue, b: ComparableValue): boolean {
  if (isEmpty(a) || isEmpty(b)) return true;
  return toInteger(a) < toInteger(b);
}
