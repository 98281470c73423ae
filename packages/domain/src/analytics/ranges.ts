/**
 * Glucose range shares: the five bands of the international consensus on CGM metrics (Battelino et al.,
 * "Clinical Targets for Continuous Glucose Monitoring Data Interpretation", Diabetes Care
 * 2019;42:1593–1603), in mmol/L. With the default bands a value v falls in
 *
 *   veryLow  v < 3.0 · low  3.0 ≤ v < 3.9 · inRange  3.9 ≤ v ≤ 10.0 · high  10.0 < v ≤ 13.9 · veryHigh  v > 13.9
 *
 * so exactly 3.0 is low, 3.9 and 10.0 are in range and 13.9 is high. Readings in mg/dL are compared
 * after conversion (÷ 18), so 54 mg/dL is low and 180 mg/dL in range as in the consensus, but 70 mg/dL
 * (3.89 mmol/L) is low, where the consensus's own mg/dL limits (70–180) would count it in range.
 *
 * Fingerstick (point-of-care) readings are taken at chosen moments, mostly around meals, and say nothing
 * about the time between them: their shares are a "share of readings", never a "time in range". Only
 * {@link timeWeightedRangeShares}, on CGM-like data, gives a time share.
 */
import { DEFAULT_TIR_BANDS } from '../hospital-settings/strategy';
import { type GlucoseReading, normalizeReadings } from './readings';

/** The four band limits, mmol/L, as in `DEFAULT_TIR_BANDS` and the hospital's TIR strategy. */
export interface GlucoseBands {
  readonly veryLow: number;
  readonly low: number;
  readonly high: number;
  readonly veryHigh: number;
}

/** The five ranges, from lowest to highest. */
export const GLUCOSE_RANGES = ['veryLow', 'low', 'inRange', 'high', 'veryHigh'] as const;
export type GlucoseRange = (typeof GLUCOSE_RANGES)[number];

/** Percent (0–100) of readings, or of time, per range; null when there is nothing to share out. */
export type RangePercentages = Record<GlucoseRange, number | null>;

/** {@link RangePercentages} and how many readings they are taken over. */
export interface RangeShares extends RangePercentages {
  count: number;
}

/**
 * The range of a mmol/L value: veryLow v < bands.veryLow; low bands.veryLow ≤ v < bands.low; inRange
 * bands.low ≤ v ≤ bands.high; high bands.high < v ≤ bands.veryHigh; veryHigh v > bands.veryHigh.
 * The tests run in that order, so every value has exactly one range even if bands were out of order.
 */
export function glucoseRange(mmol: number, bands: GlucoseBands = DEFAULT_TIR_BANDS): GlucoseRange {
  if (mmol < bands.veryLow) return 'veryLow';
  if (mmol < bands.low) return 'low';
  if (mmol <= bands.high) return 'inRange';
  if (mmol <= bands.veryHigh) return 'high';
  return 'veryHigh';
}

/**
 * Percent of READINGS in each range (see {@link glucoseRange}); a share of readings, not a time in
 * range (module comment). Non-finite values are ignored. With no values, count is 0 and every
 * percentage is null (not 0: "no data" must not read as "0 % in range"). Otherwise the five
 * percentages sum to 100, up to floating-point error.
 */
export function rangeShares(
  valuesMmol: readonly number[],
  bands: GlucoseBands = DEFAULT_TIR_BANDS,
): RangeShares {
  const weighted = valuesMmol.filter((value) => Number.isFinite(value)).map((mmol) => ({ mmol, weight: 1 }));
  return weightedShares(weighted, bands);
}

/** When readings are regular enough to be read as a continuous trace (see {@link isRegularEnough}). */
export interface RegularityRule {
  /** Least average number of readings per day over the span (first to last reading). */
  minReadingsPerDay: number;
  /** Longest allowed time between two consecutive readings, minutes; also the cap of a reading's weight. */
  maxGapMinutes: number;
  /** Shortest span from the first to the last reading, hours. */
  minSpanHours: number;
}

/**
 * CGM-like data: at least 24 readings per day on average, no gap over 2 h between consecutive
 * readings, over a span of at least 24 h. A 7-point fingerstick profile (7 readings a day, night gaps of
 * 8–10 h) fails every part of it; a CGM trace (one reading every 5 or 15 minutes) passes.
 */
export const CGM_LIKE_RULE: RegularityRule = { minReadingsPerDay: 24, maxGapMinutes: 120, minSpanHours: 24 };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Whether time-sorted instants (epoch ms) satisfy `rule`: span (last − first) ≥ minSpanHours, readings
 * per day = count ÷ (span in days) ≥ minReadingsPerDay, and every gap between consecutive readings
 * ≤ maxGapMinutes. Fewer than 2 readings, or a zero span, are never regular.
 */
export function isRegularEnough(
  sortedTimes: readonly number[],
  rule: RegularityRule = CGM_LIKE_RULE,
): boolean {
  if (sortedTimes.length < 2) return false;
  const span = sortedTimes[sortedTimes.length - 1] - sortedTimes[0];
  if (span <= 0 || span < rule.minSpanHours * HOUR_MS) return false;
  if (sortedTimes.length / (span / DAY_MS) < rule.minReadingsPerDay) return false;
  for (let i = 1; i < sortedTimes.length; i++) {
    if (sortedTimes[i] - sortedTimes[i - 1] > rule.maxGapMinutes * MINUTE_MS) return false;
  }
  return true;
}

/**
 * Percent of TIME in each range, or null unless the readings are regular enough by `rule` (default
 * {@link CGM_LIKE_RULE}; see {@link isRegularEnough}). Readings are converted to mmol/L and sorted by
 * time (unusable ones dropped, see `normalizeReadings`). Each reading stands for the time until the next
 * reading, capped at rule.maxGapMinutes; the last reading, which has no next, stands for the time since
 * the previous distinct instant (same cap). Of readings taken at the same instant only the last carries weight.
 * `count` is the number of readings used.
 */
export function timeWeightedRangeShares(
  readings: readonly GlucoseReading[],
  bands: GlucoseBands = DEFAULT_TIR_BANDS,
  rule: RegularityRule = CGM_LIKE_RULE,
): RangeShares | null {
  const sorted = normalizeReadings(readings);
  const times = sorted.map((reading) => reading.time);
  if (!isRegularEnough(times, rule)) return null;
  const cap = rule.maxGapMinutes * MINUTE_MS;
  const last = sorted.length - 1;
  let beforeLast = last - 1;
  while (times[beforeLast] === times[last]) beforeLast--;
  const weighted = sorted.map((reading, i) => {
    const interval = i < last ? times[i + 1] - times[i] : times[last] - times[beforeLast];
    return { mmol: reading.mmol, weight: Math.min(interval, cap) };
  });
  return weightedShares(weighted, bands);
}

function weightedShares(
  items: readonly { mmol: number; weight: number }[],
  bands: GlucoseBands,
): RangeShares {
  const totals: Record<GlucoseRange, number> = { veryLow: 0, low: 0, inRange: 0, high: 0, veryHigh: 0 };
  let total = 0;
  for (const { mmol, weight } of items) {
    totals[glucoseRange(mmol, bands)] += weight;
    total += weight;
  }
  const share = (range: GlucoseRange) => (total > 0 ? (totals[range] / total) * 100 : null);
  return {
    count: items.length,
    veryLow: share('veryLow'),
    low: share('low'),
    inRange: share('inRange'),
    high: share('high'),
    veryHigh: share('veryHigh'),
  };
}
