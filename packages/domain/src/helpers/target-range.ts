/** A bound as forms hold it: a number, the text of the input, or nothing. */
export type RangeBound = number | string | null | undefined;

/**
 * The number a bound holds, or null when it holds none: null, undefined, blank text and text or numbers
 * that are not a finite number ("abc", "5x", NaN, Infinity). Strings are read with `Number()` after
 * trimming, so the whole text must be numeric.
 */
function toNumber(value: RangeBound): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  if (text === '') return null;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : null;
}

/** A problem {@link checkTargetRange} reports. */
export type TargetRangeProblem = 'required' | 'positive' | 'order';

/**
 * §5 Queries: "For target ranges, min must be below max and both greater than 0". Checked in this
 * order: 'required' (either side missing or not a number), 'positive' (either side ≤ 0),
 * 'order' (min ≥ max; equal bounds are not a range); null when the range is fine.
 */
export function checkTargetRange(min: RangeBound, max: RangeBound): TargetRangeProblem | null {
  const low = toNumber(min);
  const high = toNumber(max);
  if (low === null || high === null) return 'required';
  if (low <= 0 || high <= 0) return 'positive';
  return low < high ? null : 'order';
}

/** A problem {@link checkLowHigh} reports. */
export type LowHighProblem = 'required' | 'order';

/**
 * §5 Glucose: "Lowest below highest (at least one required)". 'required' when neither side holds a
 * number; one side alone is fine; with both, 'order' unless low < high strictly. A side that is not a
 * number counts as missing (its format is the field's own rule, see the numeric input helper).
 */
export function checkLowHigh(low: RangeBound, high: RangeBound): LowHighProblem | null {
  const lowest = toNumber(low);
  const highest = toNumber(high);
  if (lowest === null && highest === null) return 'required';
  if (lowest === null || highest === null) return null;
  return lowest < highest ? null : 'order';
}
