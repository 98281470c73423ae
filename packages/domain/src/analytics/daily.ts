/**
 * Day-by-day glucose fluctuation indices, mmol/L in and out, unrounded. Days are the hospital's calendar
 * days: a reading belongs to the date of its testTime in the hospital's IANA time zone
 * ({@link calendarDate}). Their normal references are `FLUCTUATION_REFERENCES` (PPGE < 2.2, LAGE < 4.4,
 * SDBG < 2.0 mmol/L).
 *
 * - LAGE, largest amplitude of glycaemic excursions: the day's max − min.
 * - SDBG, standard deviation of blood glucose: the sample SD of the day's readings.
 * - PPGE, postprandial glucose excursion: the mean over the day's meals of |after-meal − before-meal|.
 * - MAGE: see `mage.ts`.
 * - MODD, mean of daily differences (Molnar et al., Diabetologia 1972;8:342–348), adapted to
 *   fingerstick profiles by matching readings of the same meal period on consecutive days.
 */
import { calendarDate } from '../helpers/zoned-format';
import { mageOf } from './mage';
import { type GlucoseReading, type MmolReading, normalizeReadings } from './readings';
import { mean, sampleSd, summaryStats } from './stats';

/** The meals of PPGE, each as its before-meal and after-meal period codes (`MEAL_PERIODS`). */
export const MEAL_PAIRS = [
  { meal: 'breakfast', before: 'fasting', after: 'afterBreakfast' },
  { meal: 'lunch', before: 'beforeLunch', after: 'afterLunch' },
  { meal: 'dinner', before: 'beforeDinner', after: 'afterDinner' },
] as const;

/** LAGE: max − min of the (finite) values; null with fewer than 2. Never negative. */
export function lage(values: readonly number[]): number | null {
  const { count, min, max } = summaryStats(values);
  return count < 2 ? null : (max as number) - (min as number);
}

/** SDBG: sample SD (n − 1) of the (finite) values; null with fewer than 2. */
export function sdbg(values: readonly number[]): number | null {
  return sampleSd(values);
}

/**
 * The reading of each period code that was taken first (earliest testTime; of readings taken at the
 * same instant, the first in input order). Readings without a period code are left out. Taking the
 * first reading of a period is the rule of PPGE and MODD: it is the planned measurement of the period,
 * later ones being repeats or checks after a correction, which would bias the comparison.
 */
export function firstReadingPerPeriod(readings: readonly MmolReading[]): Map<string, MmolReading> {
  const first = new Map<string, MmolReading>();
  for (const reading of readings) {
    if (reading.periodCode === null) continue;
    const current = first.get(reading.periodCode);
    if (!current || reading.time < current.time) first.set(reading.periodCode, reading);
  }
  return first;
}

/**
 * PPGE of one day's readings: the mean over the meals of {@link MEAL_PAIRS} of |after − before|, for
 * the meals where the day has both periods. Each period is represented by its earliest reading of the
 * day, for the before-meal and the after-meal period alike ({@link firstReadingPerPeriod}). Null when
 * no meal has both.
 */
export function ppge(dayReadings: readonly MmolReading[]): number | null {
  const first = firstReadingPerPeriod(dayReadings);
  const changes: number[] = [];
  for (const { before, after } of MEAL_PAIRS) {
    const beforeMeal = first.get(before);
    const afterMeal = first.get(after);
    if (beforeMeal && afterMeal) changes.push(Math.abs(afterMeal.mmol - beforeMeal.mmol));
  }
  return mean(changes);
}

/**
 * Normalised readings grouped by hospital calendar day (YYYY-MM-DD in `timeZone`), dates ascending,
 * each day's readings in time order.
 */
export function readingsByDay(
  readings: readonly GlucoseReading[],
  timeZone: string,
): Map<string, MmolReading[]> {
  const days = new Map<string, MmolReading[]>();
  for (const reading of normalizeReadings(readings)) {
    const date = calendarDate(reading.time, timeZone);
    const day = days.get(date);
    if (day) day.push(reading);
    else days.set(date, [reading]);
  }
  return new Map([...days].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** One day's fluctuation indices, mmol/L; each is null when the day has too few readings for it. */
export interface DailyFluctuation {
  /** Hospital calendar date, YYYY-MM-DD. */
  date: string;
  count: number;
  mean: number;
  ppge: number | null;
  lage: number | null;
  sdbg: number | null;
  /** Service's MAGE (direction of the day's first excursion), see `mage.ts`. */
  mage: number | null;
  /** MAGE of the day's rises. */
  magePlus: number | null;
  /** MAGE of the day's falls. */
  mageMinus: number | null;
  /** Mean of MAGE+ and MAGE−. */
  mageMean: number | null;
}

/** Count, mean, PPGE, LAGE, SDBG and MAGE (with MAGE+, MAGE− and their mean) of every hospital day that has readings, dates ascending. */
export function dailyFluctuation(readings: readonly GlucoseReading[], timeZone: string): DailyFluctuation[] {
  return fluctuationOfDays(readingsByDay(readings, timeZone));
}

/** {@link dailyFluctuation} of readings already grouped by {@link readingsByDay}. */
export function fluctuationOfDays(days: ReadonlyMap<string, readonly MmolReading[]>): DailyFluctuation[] {
  return [...days].map(([date, day]) => fluctuationOfDay(date, day));
}

function fluctuationOfDay(date: string, day: readonly MmolReading[]): DailyFluctuation {
  const values = day.map((reading) => reading.mmol);
  return {
    date,
    count: values.length,
    mean: mean(values) as number,
    ppge: ppge(day),
    lage: lage(values),
    sdbg: sdbg(values),
    ...mageOf(values),
  };
}

/**
 * MODD, mean of daily differences, for fingerstick profiles: for every two consecutive calendar days
 * D and D + 1 that both have readings (a day without readings breaks the chain: D and D + 2 are not
 * compared), and every period code present on both days, |value(D + 1) − value(D)|, where a period's
 * value on a day is its earliest reading that day ({@link firstReadingPerPeriod}). MODD is the mean of
 * all those differences. Molnar's MODD compares CGM values 24 h apart; matching by meal period is the
 * fingerstick equivalent. Readings without a period code are ignored, having nothing to be matched
 * with. Null when there is no pair.
 */
export function modd(readings: readonly GlucoseReading[], timeZone: string): number | null {
  return moddOfDays(readingsByDay(readings, timeZone));
}

/** {@link modd} of readings already grouped by {@link readingsByDay}. */
export function moddOfDays(days: ReadonlyMap<string, readonly MmolReading[]>): number | null {
  const differences: number[] = [];
  for (const [date, day] of days) {
    const nextDay = days.get(nextDate(date));
    if (!nextDay) continue;
    const today = firstReadingPerPeriod(day);
    const tomorrow = firstReadingPerPeriod(nextDay);
    for (const [period, reading] of today) {
      const next = tomorrow.get(period);
      if (next) differences.push(Math.abs(next.mmol - reading.mmol));
    }
  }
  return mean(differences);
}

const nextDates = new Map<string, string>();

/** The calendar date after a YYYY-MM-DD date (remembered: a year's report asks for 365 of them). */
function nextDate(date: string): string {
  let next = nextDates.get(date);
  if (next === undefined) {
    const [year, month, day] = date.split('-').map(Number);
    next = new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
    if (nextDates.size >= 20_000) nextDates.clear();
    nextDates.set(date, next);
  }
  return next;
}
