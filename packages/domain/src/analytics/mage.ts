/**
 * MAGE, the mean amplitude of glycaemic excursions (Service et al., "Mean amplitude of glycemic
 * excursions, a measure of diabetic instability", Diabetes 1970;19:644–655), in the variant commonly
 * computed on sparse fingerstick profiles (e.g. the 7-point day), named here the "consecutive
 * turning-point" variant:
 *
 * 1. the day's readings in time order; runs of equal consecutive values are collapsed into one;
 * 2. turning points are the local peaks and nadirs, plus the first and last reading (each is the end
 *    of the excursion it starts or finishes: without them a profile that merely rises then falls
 *    would have no excursion at all);
 * 3. an excursion is the change between two consecutive turning points, its amplitude the absolute
 *    change;
 * 4. the excursions whose amplitude is strictly greater than 1 SD of the day's readings (sample SD)
 *    are counted; smaller ones are ignored, and unlike Service's hand method the larger swing around a
 *    small one is NOT reassembled (CGM algorithms such as Baghurst's or iglu's `mage_ma` do that; on 7
 *    points it changes little and would be guesswork);
 * 5. MAGE is the mean amplitude of the counted excursions in ONE direction, the direction of the first
 *    counted excursion: MAGE+ if the first valid excursion rises, MAGE− if it falls (Service counted
 *    one direction to avoid counting each swing twice).
 *
 * Null, not 0, when MAGE is undefined: fewer than 3 readings (no peak or nadir can be told), SD null or
 * 0 (a flat day has no excursion to measure against), or no excursion above 1 SD. Null keeps "could
 * not be measured" apart from a measured value and out of averages over days; 0 would claim perfect
 * stability from too little information. Because every counted amplitude exceeds the SD, a non-null
 * MAGE is always greater than the day's SD.
 */
import { sampleSd } from './stats';

/** MAGE of one day's values in time order (mmol/L in, mmol/L out); see the module comment. */
export function mage(valuesInTimeOrder: readonly number[]): number | null {
  const values = valuesInTimeOrder.filter((value) => Number.isFinite(value));
  if (values.length < 3) return null;
  const sd = sampleSd(values);
  if (sd === null || sd === 0) return null;
  const counted = excursions(turningPoints(values)).filter((change) => Math.abs(change) > sd);
  if (counted.length === 0) return null;
  const rising = counted[0] > 0;
  const oneWay = counted.filter((change) => change > 0 === rising);
  let sum = 0;
  for (const change of oneWay) sum += Math.abs(change);
  return sum / oneWay.length;
}

/**
 * The turning points of a series: its first value, every local peak or nadir and its last value,
 * after collapsing runs of equal consecutive values (a plateau is one point). Consecutive turning
 * points therefore alternate between rising and falling.
 */
export function turningPoints(values: readonly number[]): number[] {
  const distinct = values.filter((value, i) => i === 0 || value !== values[i - 1]);
  if (distinct.length <= 2) return distinct;
  const points = [distinct[0]];
  for (let i = 1; i < distinct.length - 1; i++) {
    const rises = distinct[i] > distinct[i - 1];
    const nextRises = distinct[i + 1] > distinct[i];
    if (rises !== nextRises) points.push(distinct[i]);
  }
  points.push(distinct[distinct.length - 1]);
  return points;
}

/** Signed changes between consecutive points (positive = rise). */
function excursions(points: readonly number[]): number[] {
  return points.slice(1).map((point, i) => point - points[i]);
}
