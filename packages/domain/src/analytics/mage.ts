/**
 * MAGE, the mean amplitude of glycaemic excursions, as Service et al. defined it and clinicians
 * compute it by hand (Service FJ, Molnar GD, Rosevear JW et al., "Mean amplitude of glycemic
 * excursions, a measure of diabetic instability", Diabetes 1970;19:644–655); the elimination of small
 * swings follows the automated emulation of that hand method by Baghurst ("Calculating the mean
 * amplitude of glycemic excursion from continuous glucose monitoring data: an automated algorithm",
 * Diabetes Technol Ther 2011;13:296–302), and the four directions are those of iglu's `mage`
 * (`direction` = "service", "plus", "minus", "avg"; Broll et al., PLoS ONE 2021).
 *
 * For one day's readings in time order:
 *
 * 1. the threshold is the sample SD (n − 1) of the day's readings;
 * 2. turning points: the first reading, every local peak and nadir, the last reading; a run of equal
 *    consecutive values (a plateau) is one point ({@link turningPoints}). Consecutive turning points
 *    alternate between rises and falls;
 * 3. small swings are MERGED, not skipped: while the smallest swing between consecutive turning points
 *    is smaller than the SD, it is removed — an interior swing by dropping both its ends, so that the
 *    rise before it and the rise after it (or the two falls) become one larger excursion, as a
 *    clinician reading the trace would draw it; a swing at either end of the day by dropping only the
 *    day's first (or last) reading, which is not a true peak or nadir. The smallest swing goes first
 *    (Baghurst's order; of equal ones the earliest), so the result does not depend on scanning
 *    direction. What is left alternates and every swing is ≥ 1 SD ("exceeding one SD" in Service's
 *    words; a swing of exactly 1 SD counts, as the "smaller than one SD" is dropped);
 * 4. MAGE+ is the mean amplitude of the remaining rises, MAGE− of the remaining falls (as a positive
 *    amplitude), MAGE (Service) the one of the direction of the FIRST remaining excursion — Service
 *    counted one direction so that each swing is not counted twice — and `mean` the mean of MAGE+ and
 *    MAGE− (iglu's "avg"), or the one of them that exists.
 *
 * Edge cases, all null (not 0: "could not be measured" must stay apart from a measured value, and
 * out of the averages over days): fewer than 3 readings (a peak or a nadir needs a reading on each
 * side); SD 0 (a flat day has no excursion to measure against); no swing ≥ 1 SD once the small ones
 * are merged. A day whose excursions all rise (readings climbing all day) has MAGE+ and no MAGE−; its
 * MAGE and mean are MAGE+.
 *
 * Over a range of days every index is the mean of the daily values over the days that have one (see
 * `patientReport`), each day measured against its own SD: that is how the fingerstick literature
 * reports MAGE of 7-point profiles, and a whole-range SD would grow with the day-to-day shift of the
 * mean (MODD's subject) and join one day's bedtime reading to the next morning's across the night gap.
 */
import { mean, sampleSd } from './stats';

/** MAGE of one day in its four directions, mmol/L; see the module comment. */
export interface MageResult {
  /** Service's MAGE: the mean amplitude in the direction of the first counted excursion. */
  mage: number | null;
  /** Mean amplitude of the counted rises. */
  magePlus: number | null;
  /** Mean amplitude of the counted falls (a positive number). */
  mageMinus: number | null;
  /** Mean of MAGE+ and MAGE− (the one that exists when only one does). */
  mageMean: number | null;
}

const NONE: MageResult = { mage: null, magePlus: null, mageMinus: null, mageMean: null };

/** MAGE, MAGE+, MAGE− and their mean of one day's values in time order (mmol/L in and out). */
export function mageOf(valuesInTimeOrder: readonly number[]): MageResult {
  const values = valuesInTimeOrder.filter((value) => Number.isFinite(value));
  if (values.length < 3) return NONE;
  const sd = sampleSd(values);
  if (sd === null || sd === 0) return NONE;
  const counted = swings(mergeSmallSwings(turningPoints(values), sd));
  if (counted.length === 0) return NONE;
  const rises = counted.filter((change) => change > 0);
  const falls = counted.filter((change) => change < 0).map((change) => -change);
  const magePlus = mean(rises);
  const mageMinus = mean(falls);
  return {
    mage: counted[0] > 0 ? magePlus : mageMinus,
    magePlus,
    mageMinus,
    mageMean: mean([magePlus, mageMinus].filter((value): value is number => value !== null)),
  };
}

/** Service's MAGE of one day (the direction of the first excursion); {@link mageOf} has all four. */
export function mage(valuesInTimeOrder: readonly number[]): number | null {
  return mageOf(valuesInTimeOrder).mage;
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

/**
 * Step 3 of the module comment: removes the smallest swing below `sd` until none is left. Dropping
 * both ends of an interior swing keeps the points alternating: with a nadir a, peak b, nadir c and peak
 * d, removing the small fall b → c leaves the rise a → d, which is at least as large as a → b and
 * c → d because b − c is the smallest of the three.
 */
export function mergeSmallSwings(turning: readonly number[], sd: number): number[] {
  const points = [...turning];
  while (points.length >= 2) {
    let smallest = 0;
    for (let i = 1; i < points.length - 1; i++) {
      if (Math.abs(points[i + 1] - points[i]) < Math.abs(points[smallest + 1] - points[smallest]))
        smallest = i;
    }
    if (Math.abs(points[smallest + 1] - points[smallest]) >= sd) break;
    if (smallest === 0) points.splice(0, 1);
    else if (smallest + 1 === points.length - 1) points.splice(smallest + 1, 1);
    else points.splice(smallest, 2);
  }
  return points;
}

/** Signed changes between consecutive points (positive = rise). */
function swings(points: readonly number[]): number[] {
  return points.slice(1).map((point, i) => point - points[i]);
}
