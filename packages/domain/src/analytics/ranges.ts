/**
 * Glucose range shares: the five bands of the international consensus on CGM metrics (Battelino et al.,
 * "Clinical Targets for Continuous Glucose Monitoring Data Interpretation", Diabetes Care
 * 2019;42:1593–1603), in mmol/L. With the default bands a value v falls in
 *
 *   veryLow  v < 3.0 · low  3.0 ≤ v < 3.9 · inRange  3.9 ≤ v ≤ 10.0 · high  10.0 < v ≤ 13.9 · veryHigh  v > 13.9
 *
 * so exactly 3.0 is low, 3.9 and 10.0 are in range and 13.9 is high. A reading is compared with each
 * limit in the unit it was ENTERED in (`compareGlucoseWithLimit`): a mg/dL entry against the limit as a
 * mg/dL screen shows it (3.0 → 54, 3.9 → 70, 10.0 → 180, 13.9 → 250), so 70 mg/dL is in range and
 * 250 mg/dL high, exactly as the consensus's own mg/dL limits (54, 70–180, 250) read; a mmol/L entry,
 * or one whose entered unit is not known, is compared in mmol/L at full precision.
 *
 * Fingerstick (point-of-care) readings are taken at chosen moments, mostly around meals, and say nothing
 * about the time between them: their shares are a "share of readings", never a "time in range". Only
 * {@link timeWeightedRangeShares}, on CGM-like data, gives a time share.
 *
 * The shares here are exact; the API and the screens show them with {@link roundRangeShares} (largest
 * remainder), so that the five add up to exactly 100 at the precision shown.
 */
import { type GlucoseUnitName, isMgDl, limitInEnteredUnit, readingInEnteredUnit } from '../helpers/glucose';
import { roundShares } from '../helpers/round';
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
  /** What each share is of: readings per range, or milliseconds per range for time shares. */
  totals: Record<GlucoseRange, number>;
}

/** A stored reading for the range tests: mmol/L at full precision and the unit it was entered in. */
export interface RangedValue {
  mmol: number;
  enteredUnit?: GlucoseUnitName;
}

/**
 * The range of a reading (mmol/L, entered in `enteredUnit`): veryLow below bands.veryLow; low below
 * bands.low; inRange up to and including bands.high; high up to and including bands.veryHigh; veryHigh
 * above — each "below" and "up to" by `compareGlucoseWithLimit` in the entered unit (module comment).
 * The tests run in that order, so every value has exactly one range even if bands were out of order.
 */
export function glucoseRange(
  mmol: number,
  bands: GlucoseBands = DEFAULT_TIR_BANDS,
  enteredUnit?: GlucoseUnitName,
): GlucoseRange {
  // compareGlucoseWithLimit's two sides, the band limits converted once per set of bands (a year's
  // report asks for 2,500 readings)
  const value = readingInEnteredUnit(mmol, enteredUnit);
  const limits = isMgDl(enteredUnit) ? bandsInMgDl(bands) : bands;
  if (value < limits.veryLow) return 'veryLow';
  if (value < limits.low) return 'low';
  if (value <= limits.high) return 'inRange';
  if (value <= limits.veryHigh) return 'high';
  return 'veryHigh';
}

const mgDlBands = new WeakMap<GlucoseBands, GlucoseBands>();
/** The band limits as a mg/dL screen shows them (whole mg/dL), as `compareGlucoseWithLimit` compares. */
function bandsInMgDl(bands: GlucoseBands): GlucoseBands {
  let converted = mgDlBands.get(bands);
  if (!converted) {
    const whole = (limit: number) => limitInEnteredUnit(limit, 'mgDl');
    converted = {
      veryLow: whole(bands.veryLow),
      low: whole(bands.low),
      high: whole(bands.high),
      veryHigh: whole(bands.veryHigh),
    };
    mgDlBands.set(bands, converted);
  }
  return converted;
}

/**
 * Percent of READINGS in each range (see {@link glucoseRange}); a share of readings, not a time in
 * range (module comment). Readings are mmol/L numbers (compared in mmol/L) or {@link RangedValue}s
 * (compared in their entered unit); non-finite values are ignored. With no values, count is 0 and
 * every percentage is null (not 0: "no data" must not read as "0 % in range"). Otherwise the five
 * exact percentages sum to 100 up to floating-point error; round them with {@link roundRangeShares}.
 */
export function rangeShares(
  readings: readonly (number | RangedValue)[],
  bands: GlucoseBands = DEFAULT_TIR_BANDS,
): RangeShares {
  const weighted = readings
    .map((reading) => (typeof reading === 'number' ? { mmol: reading } : reading))
    .filter((reading) => Number.isFinite(reading.mmol))
    .map((reading) => ({ mmol: reading.mmol, enteredUnit: reading.enteredUnit, weight: 1 }));
  return weightedShares(weighted, bands);
}

/**
 * The shares rounded to `decimals` places so that the five add up to exactly 100 (largest remainder,
 * `roundShares`, over the readings or milliseconds per range): what the API answers and the screens
 * and the print show. Every share null when there is nothing to share.
 */
export function roundRangeShares(shares: Pick<RangeShares, 'totals'>, decimals: number): RangePercentages {
  const rounded = roundShares(
    GLUCOSE_RANGES.map((range) => shares.totals[range]),
    decimals,
  );
  return Object.fromEntries(
    GLUCOSE_RANGES.map((range, i) => [range, rounded ? rounded[i] : null]),
  ) as RangePercentages;
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
    return { mmol: reading.mmol, enteredUnit: reading.enteredUnit, weight: Math.min(interval, cap) };
  });
  return weightedShares(weighted, bands);
}

function weightedShares(
  items: readonly { mmol: number; enteredUnit?: GlucoseUnitName; weight: number }[],
  bands: GlucoseBands,
): RangeShares {
  const totals: Record<GlucoseRange, number> = { veryLow: 0, low: 0, inRange: 0, high: 0, veryHigh: 0 };
  let total = 0;
  for (const { mmol, enteredUnit, weight } of items) {
    totals[glucoseRange(mmol, bands, enteredUnit)] += weight;
    total += weight;
  }
  const share = (range: GlucoseRange) => (total > 0 ? (totals[range] / total) * 100 : null);
  return {
    count: items.length,
    totals,
    veryLow: share('veryLow'),
    low: share('low'),
    inRange: share('inRange'),
    high: share('high'),
    veryHigh: share('veryHigh'),
  };
}
