/**
 * The one rounding of clinical and derived numbers (readings, metrics, percentiles, shares) for
 * display and for the API's rounded answers. Everything that shows a number with a fixed number of
 * decimals goes through here: `Math.round(x * 100) / 100` and `toFixed` round the binary value
 * (7.575 is stored as 7.57499999999999928946…, so both give 7.57) where people round the decimal one.
 */

/**
 * Float noise tolerated below a half, in units of the value's relative precision (`Number.EPSILON`):
 * a computed 7.574999999999999 (percentile of 7.55 and 7.6 at 50 %: 7.55 + 0.5 × 0.0499999999999998)
 * is the 7.575 a hand calculation gives, a few ulps away. Only values within this distance of a half
 * are moved, so a genuine 7.57499999999 (eleven nines) still rounds down.
 */
const NOISE_EPSILONS = 8;

/**
 * Rounds to `decimals` places (0–15), half away from zero, as a person rounds the decimal number:
 * 5.55 → 5.6, 1.005 → 1.01, 7.575 → 7.58, −2.5 → −3. The decimal point is moved on the number's
 * shortest decimal spelling (`String(x)`, which is exact: "1.005e2" reads as exactly 100.5), and a
 * value a few ulps below a half (float noise of a computation, {@link NOISE_EPSILONS}) counts as the
 * half. Values too large to carry the asked decimals come back unchanged (1e21 stays 1e21); NaN and
 * ±Infinity too. Never returns −0.
 */
export function roundDecimal(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const magnitude = Math.abs(value);
  const spelled = String(magnitude);
  const scaled = spelled.includes('e') ? magnitude * 10 ** decimals : Number(`${spelled}e${decimals}`);
  // beyond 2^52 the double has no fractional digits left to round
  if (!(scaled < 2 ** 52)) return value === 0 ? 0 : value;
  let whole = Math.floor(scaled);
  const fraction = scaled - whole;
  const noise = scaled * Number.EPSILON * NOISE_EPSILONS;
  if (fraction >= 0.5 || (noise < 0.05 && 0.5 - fraction <= noise)) whole += 1;
  const rounded = Number(`${whole}e-${decimals}`);
  const signed = value < 0 ? -rounded : rounded;
  return signed === 0 ? 0 : signed;
}

/**
 * {@link roundDecimal} as text with exactly `decimals` decimals ("7.50"); '' for a non-finite value.
 * The text of the rounded number (not `toFixed` of the raw one), so it agrees with the API's rounding.
 */
export function formatDecimal(value: number, decimals: number): string {
  if (!Number.isFinite(value)) return '';
  return roundDecimal(value, decimals).toFixed(decimals);
}

/**
 * Shares of a whole (percent by default) rounded to `decimals` places so that they add up to exactly
 * `total` at that precision: the largest-remainder (Hamilton) method. Each share's exact value
 * weight / Σweights × total is cut down to the precision; the units still missing from the total go,
 * one each, to the shares with the largest remainders. Ties (equal remainders, e.g. three equal
 * thirds) go to the earlier position: deterministic, and in the glucose ranges (very low → very high)
 * the earlier position is the lower range, so a tie never rounds a low away. Every rounded share is within one unit of the last place of its exact value, and a zero weight
 * stays exactly 0.
 *
 * Weights are counts (readings), durations, or already rounded shares being shown with fewer decimals
 * (the screen's 1 decimal of the API's 2). Integer weights are shared out in exact integer arithmetic.
 * Null when the weights sum to 0 (nothing to share out: "no data" must not read as 0 %); a RangeError for a
 * negative or non-finite weight or decimals outside 0–6.
 */
export function roundShares(weights: readonly number[], decimals: number, total = 100): number[] | null {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 6)
    throw new RangeError(`decimals must be an integer within [0, 6], got ${decimals}`);
  for (const weight of weights) {
    if (!(Number.isFinite(weight) && weight >= 0)) throw new RangeError(`weights must be ≥ 0, got ${weight}`);
  }
  const units = Math.round(total * 10 ** decimals);
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum === 0) return null;
  const exactIntegers =
    weights.every((weight) => Number.isSafeInteger(weight)) && Number.isSafeInteger(sum * units);
  const parts = weights.map((weight, index) => {
    if (exactIntegers) {
      const numerator = weight * units;
      const floor = Math.floor(numerator / sum);
      // remainder as an exact integer numerator over `sum`
      return { index, weight, floor, remainder: numerator - floor * sum };
    }
    const exact = (weight / sum) * units;
    const floor = Math.floor(exact);
    return { index, weight, floor, remainder: exact - floor };
  });
  let missing = units - parts.reduce((acc, part) => acc + part.floor, 0);
  const order = [...parts].sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  const shares = parts.map((part) => part.floor);
  for (const part of order) {
    if (missing <= 0) break;
    if (part.weight === 0) continue;
    shares[part.index] += 1;
    missing -= 1;
  }
  return shares.map((share) => Number(`${share}e-${decimals}`));
}
