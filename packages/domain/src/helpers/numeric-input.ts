/** Options of {@link sanitizeNumericInput}. */
export interface NumericInputOptions {
  /** Lowest accepted value; anything below is replaced by `String(min)`. */
  min?: number;
  /** Highest accepted value; anything above is replaced by `String(max)`. */
  max?: number;
  /** Decimals kept after the dot (extra ones are cut off, not rounded); default 2. */
  decimals?: number;
}

/** Default number of decimals the numeric input helper keeps (§5 Other: "at most 2 decimals"). */
export const NUMERIC_INPUT_DECIMALS = 2;

/**
 * §5 Other "Numeric input helper": cleans what a user typed into a numeric field while they type.
 *
 * 1. Everything but digits and dots is removed (so a minus sign is removed too: values are ≥ 0).
 * 2. Only the first dot is kept.
 * 3. Leading zeros go ("007" → "7", "000" → "0", "00.5" → "0.5"); a leading dot becomes "0."
 *    (".5" → "0.5", not "5": dropping the dot would make the value ten times larger).
 * 4. At most `decimals` decimals are kept, extra ones are truncated; with `decimals: 0` the dot goes too.
 *    A trailing dot ("5.") is kept so the user can go on typing the decimals.
 * 5. A value below `min` or above `max` is replaced by the bound as a string; a value within the
 *    bounds keeps its own spelling ("5.0" stays "5.0" with `max: 5`).
 *
 * Empty input, or input with no digit or dot at all, gives ''. Bounds are expected to be plain
 * decimals with no more than `decimals` decimals; they are returned verbatim by `String(bound)`.
 *
 * @throws RangeError when `decimals` is not a non-negative integer or `min` is greater than `max`.
 */
export function sanitizeNumericInput(raw: string, opts: NumericInputOptions = {}): string {
  const { min, max, decimals = NUMERIC_INPUT_DECIMALS } = opts;
  if (!Number.isInteger(decimals) || decimals < 0) {
    throw new RangeError(`decimals must be a non-negative integer, got ${decimals}`);
  }
  if (min !== undefined && max !== undefined && min > max) {
    throw new RangeError(`min (${min}) must not be greater than max (${max})`);
  }

  const kept = String(raw ?? '').replace(/[^\d.]/g, '');
  if (kept === '') return '';

  const dot = kept.indexOf('.');
  const intDigits = dot < 0 ? kept : kept.slice(0, dot);
  const fraction = dot < 0 ? null : kept.slice(dot + 1).replace(/\./g, '');

  const intPart = intDigits === '' ? '0' : intDigits.replace(/^0+(?=\d)/, '');
  let text = intPart;
  if (fraction !== null && decimals > 0) text = `${intPart}.${fraction.slice(0, decimals)}`;

  const value = Number(text);
  if (min !== undefined && value < min) return String(min);
  if (max !== undefined && value > max) return String(max);
  return text;
}
