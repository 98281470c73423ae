/**
 * Descriptive statistics of glucose values. Unit-agnostic: the engine passes mmol/L. Nothing is rounded.
 */

/** Count, mean, sample SD, CV (%), minimum and maximum of a set of values. */
export interface SummaryStats {
  count: number;
  mean: number | null;
  /** Sample standard deviation (n − 1 in the denominator); null with fewer than 2 values. */
  sd: number | null;
  /** Coefficient of variation in percent, sd / mean × 100; null when sd is null or the mean is 0. */
  cv: number | null;
  min: number | null;
  max: number | null;
}

/** The values that are finite numbers: NaN and ±Infinity are ignored by every statistic here. */
function finite(values: readonly number[]): number[] {
  return values.filter((value) => Number.isFinite(value));
}

/** Arithmetic mean of the finite values; null when there are none. */
export function mean(values: readonly number[]): number | null {
  const usable = finite(values);
  if (usable.length === 0) return null;
  let sum = 0;
  for (const value of usable) sum += value;
  return sum / usable.length;
}

/**
 * Sample standard deviation (Bessel's n − 1 denominator, as glucose variability guidelines use, e.g.
 * Danne et al., Diabetes Care 2017;40:1631) of the finite values; null with fewer than 2. Computed in two
 * passes (mean, then squared deviations) to stay accurate when the values are large and close together.
 */
export function sampleSd(values: readonly number[]): number | null {
  const usable = finite(values);
  if (usable.length < 2) return null;
  const average = mean(usable) as number;
  let squares = 0;
  for (const value of usable) squares += (value - average) ** 2;
  return Math.sqrt(squares / (usable.length - 1));
}

/**
 * {@link SummaryStats} of the finite values: empty input gives count 0 and every other field null; a
 * single value gives its mean, min and max with sd and cv null. CV % = sd / mean × 100 (null when the
 * mean is 0, where it is undefined).
 */
export function summaryStats(values: readonly number[]): SummaryStats {
  const usable = finite(values);
  if (usable.length === 0) return { count: 0, mean: null, sd: null, cv: null, min: null, max: null };
  const average = mean(usable) as number;
  const sd = sampleSd(usable);
  let min = usable[0];
  let max = usable[0];
  for (const value of usable) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const cv = sd === null || average === 0 ? null : (sd / average) * 100;
  return { count: usable.length, mean: average, sd, cv, min, max };
}

/**
 * The `p`-th percentile (0 ≤ p ≤ 100) of the finite values by linear interpolation between closest
 * ranks: Hyndman & Fan (Am Stat 1996;50:361) type 7, the default of R's `quantile` and numpy's
 * `percentile`. With the values sorted ascending as x[0..n−1], h = (n − 1) × p / 100 and the result is
 * x[⌊h⌋] + (h − ⌊h⌋) × (x[⌊h⌋ + 1] − x[⌊h⌋]). The result is clamped to [x[⌊h⌋], x[⌊h⌋ + 1]] so that
 * floating-point error can never make percentiles decrease with p or leave [min, max].
 * Null when there are no finite values; a RangeError when p is not within [0, 100].
 */
export function percentile(values: readonly number[], p: number): number | null {
  return percentileOfSorted(sortedFinite(values), p);
}

/** Several percentiles of the same values, sorting them once; see {@link percentile}. */
export function percentiles(values: readonly number[], ps: readonly number[]): (number | null)[] {
  const sorted = sortedFinite(values);
  return ps.map((p) => percentileOfSorted(sorted, p));
}

function sortedFinite(values: readonly number[]): number[] {
  return finite(values).sort((a, b) => a - b);
}

function percentileOfSorted(sorted: readonly number[], p: number): number | null {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be within [0, 100], got ${p}`);
  if (sorted.length === 0) return null;
  const rank = ((sorted.length - 1) * p) / 100;
  const lowIndex = Math.floor(rank);
  const highIndex = Math.min(lowIndex + 1, sorted.length - 1);
  const low = sorted[lowIndex];
  const high = sorted[highIndex];
  const interpolated = low + (rank - lowIndex) * (high - low);
  return Math.min(Math.max(interpolated, low), high);
}
