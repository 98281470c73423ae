/**
 * Hand-worked readings shared by the analytics tests (test-only; not exported by the module's index).
 * The hospital is in Asia/Shanghai (UTC+8, no daylight saving time).
 */
import type { GlucoseReading } from './readings';

export const TIME_ZONE = 'Asia/Shanghai';

/** A reading in mmol/L at `hhmm` on `date` (YYYY-MM-DD), Shanghai time. */
export function at(
  date: string,
  hhmm: string,
  value: number,
  periodCode: string | null = null,
): GlucoseReading {
  return { value, unit: 'mmolL', testTime: `${date}T${hhmm}:00+08:00`, periodCode };
}

/**
 * Day 1, a 7-point profile: 7, 8, 4, 9, 6, 12, 10 mmol/L.
 * - mean = 56 / 7 = 8
 * - squared deviations 1 + 0 + 16 + 1 + 4 + 16 + 4 = 42; SDBG = √(42 / 6) = √7 = 2.6458
 * - LAGE = 12 − 4 = 8
 * - PPGE: breakfast |8 − 7| = 1, lunch |9 − 4| = 5, dinner |12 − 6| = 6 → 12 / 3 = 4
 * - MAGE (mage.ts): turning points are all 7 values; swings +1, −4, +5, −3, +6, −2. Below √7 = 2.6458:
 *   the +1 at the start (dropped with the first reading), then the −2 at the end (with the last): left
 *   −4, +5, −3, +6, all ≥ SD. The first falls: MAGE = MAGE− = (4 + 3) / 2 = 3.5; MAGE+ = (5 + 6) / 2 =
 *   5.5; mean 4.5
 */
export const DAY_1: GlucoseReading[] = [
  at('2024-03-01', '06:30', 7, 'fasting'),
  at('2024-03-01', '09:00', 8, 'afterBreakfast'),
  at('2024-03-01', '11:00', 4, 'beforeLunch'),
  at('2024-03-01', '13:30', 9, 'afterLunch'),
  at('2024-03-01', '17:00', 6, 'beforeDinner'),
  at('2024-03-01', '19:30', 12, 'afterDinner'),
  at('2024-03-01', '22:00', 10, 'beforeSleep'),
];

/**
 * Day 2, six points (no beforeSleep): 6, 10, 5, 8, 6, 13 mmol/L.
 * - mean = 48 / 6 = 8
 * - squared deviations 4 + 4 + 9 + 0 + 4 + 25 = 46; SDBG = √(46 / 5) = √9.2 = 3.0332
 * - LAGE = 13 − 5 = 8
 * - PPGE: |10 − 6| = 4, |8 − 5| = 3, |13 − 6| = 7 → 14 / 3 = 4.6667
 * - MAGE: swings +4, −5, +3, −2, +7. The −2 (8 → 6) is below 3.0332 and merged: 5 ↗ 8 ↘ 6 ↗ 13
 *   becomes 5 ↗ 13, leaving +4, −5, +8. First rises: MAGE = MAGE+ = (4 + 8) / 2 = 6; MAGE− = 5; mean 5.5
 *   (skipping the −2 instead, as the former variant did, counted +4, +7 → 5.5)
 * - MODD with day 1, period by period: |6−7| + |10−8| + |5−4| + |8−9| + |6−6| + |13−12| = 1+2+1+1+0+1 = 6
 *   over 6 periods = 1 (beforeSleep is on day 1 only and is skipped)
 */
export const DAY_2: GlucoseReading[] = [
  at('2024-03-02', '06:30', 6, 'fasting'),
  at('2024-03-02', '09:00', 10, 'afterBreakfast'),
  at('2024-03-02', '11:00', 5, 'beforeLunch'),
  at('2024-03-02', '13:30', 8, 'afterLunch'),
  at('2024-03-02', '17:00', 6, 'beforeDinner'),
  at('2024-03-02', '19:30', 13, 'afterDinner'),
];

/** The same readings in mg/dL (× 18; whole numbers, so ÷ 18 gives the mmol/L values back exactly). */
export function inMgDl(readings: readonly GlucoseReading[]): GlucoseReading[] {
  return readings.map((reading) => ({ ...reading, value: reading.value * 18, unit: 'mgDl' }));
}
