/**
 * The glucose report of a patient over a period, as the report endpoint needs it, and the chart helper
 * of the ambulatory glucose profile (AGP). mmol/L in and out, unrounded: round for display only, with
 * {@link roundMetrics}.
 */
import { roundDecimal } from '../helpers/round';
import { localMinuteOfDay } from '../helpers/zoned-format';
import { DEFAULT_TIR_BANDS } from '../hospital-settings/strategy';
import { estimatedA1c, type GmiQualification, gmi, gmiQualification } from './a1c';
import { fluctuationOfDays, moddOfDays, readingsByDay } from './daily';
import { type GlucoseBands, type RangePercentages, type RangeShares, rangeShares } from './ranges';
import { type GlucoseReading, normalizeReadings } from './readings';
import { mean, percentiles, summaryStats } from './stats';

export interface PatientReportOptions {
  /** The hospital's IANA time zone: it decides which calendar day a reading belongs to. */
  timeZone: string;
  /** Range limits, mmol/L; the consensus `DEFAULT_TIR_BANDS` when absent. */
  bands?: GlucoseBands;
}

/** Everything the report endpoint shows, mmol/L and %, unrounded; null where undefined. */
export interface PatientReport {
  /** Readings used (finite value, valid time). */
  testCount: number;
  /** Distinct hospital days with readings. */
  dayNums: number;
  avg: number | null;
  /** Sample SD of all readings. */
  sd: number | null;
  /** CV %, sd / avg × 100. */
  cv: number | null;
  maxValue: number | null;
  minValue: number | null;
  /**
   * Glucose Management Indicator, % (Bergenstal 2018) of avg; null unless the readings qualify
   * (`gmiQualification`, ≥ 14 days and ≥ 70 % coverage: a CGM measure).
   */
  gmi: number | null;
  /** Whether GMI is shown, and why not. */
  gmiQualification: GmiQualification;
  /** Estimated A1C, % (ADAG, Nathan 2008) of avg, over `testCount` readings; null without readings. */
  ea1c: number | null;
  /** Mean of the daily LAGE over the days that have one. */
  lage: number | null;
  /** Mean of the daily SDBG over the days that have one. */
  sdbg: number | null;
  /** Mean of the daily PPGE over the days that have one. */
  ppge: number | null;
  /** Mean of the daily MAGE (Service, direction of each day's first excursion) over the days that have one. */
  mage: number | null;
  /** Mean of the daily MAGE+ (rises) over the days that have one. */
  magePlus: number | null;
  /** Mean of the daily MAGE− (falls) over the days that have one. */
  mageMinus: number | null;
  /** Mean of the daily means of MAGE+ and MAGE− over the days that have one. */
  mageMean: number | null;
  modd: number | null;
  /**
   * Percent of READINGS per range (a share of readings, not a time in range), exact; null with no
   * readings. Shown through `roundRangeShares`.
   */
  ranges: RangePercentages;
  /** Readings per range (what `ranges` are shares of). */
  rangeTotals: RangeShares['totals'];
}

/**
 * The report of a patient's readings (any units; converted to mmol/L; readings without a finite value
 * or a valid testTime are left out). LAGE, SDBG, PPGE and the four MAGE indices are the means of the
 * daily values (`dailyFluctuation`) over the days where the daily value exists, null if no day has one
 * (MAGE over a range: see `mage.ts`); MODD is over consecutive days (`modd`); the ranges are
 * `rangeShares` of all readings, each compared in its entered unit. GMI only when
 * `gmiQualification` allows it.
 */
export function patientReport(
  readings: readonly GlucoseReading[],
  options: PatientReportOptions,
): PatientReport {
  const { timeZone, bands = DEFAULT_TIR_BANDS } = options;
  const days = readingsByDay(readings, timeZone);
  const all = [...days.values()].flat();
  const stats = summaryStats(all.map((reading) => reading.mmol));
  const daily = fluctuationOfDays(days);
  const meanOfDays = (index: 'lage' | 'sdbg' | 'ppge' | 'mage' | 'magePlus' | 'mageMinus' | 'mageMean') =>
    mean(daily.flatMap((day) => (day[index] === null ? [] : [day[index]])));
  const { count: _count, totals: rangeTotals, ...ranges } = rangeShares(all, bands);
  const qualification = gmiQualification(days);
  return {
    testCount: stats.count,
    dayNums: days.size,
    avg: stats.mean,
    sd: stats.sd,
    cv: stats.cv,
    maxValue: stats.max,
    minValue: stats.min,
    gmi: stats.mean === null || !qualification.qualifies ? null : gmi(stats.mean),
    gmiQualification: qualification,
    ea1c: stats.mean === null ? null : estimatedA1c(stats.mean),
    lage: meanOfDays('lage'),
    sdbg: meanOfDays('sdbg'),
    ppge: meanOfDays('ppge'),
    mage: meanOfDays('mage'),
    magePlus: meanOfDays('magePlus'),
    mageMinus: meanOfDays('mageMinus'),
    mageMean: meanOfDays('mageMean'),
    modd: moddOfDays(days),
    ranges,
    rangeTotals,
  };
}

/**
 * A copy of `metrics` with every finite number, in nested plain objects and arrays too, rounded to
 * `decimals` places (half away from zero, `roundDecimal`); other values (null, strings, dates, …) are
 * kept. For the API's display values: the engine itself never rounds.
 */
export function roundMetrics<T>(metrics: T, decimals = 2): T {
  return roundDeep(metrics, decimals) as T;
}

function roundDeep(value: unknown, decimals: number): unknown {
  if (typeof value === 'number') return roundDecimal(value, decimals);
  if (Array.isArray(value)) return value.map((item) => roundDeep(item, decimals));
  if (value !== null && typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return value;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, roundDeep(item, decimals)]));
  }
  return value;
}

/** The AGP percentiles, as in the consensus AGP report (Battelino et al. 2019). */
export const AGP_PERCENTILES = [5, 25, 50, 75, 95] as const;

/** One hour of the day: its readings' count and percentiles `p5`, `p25`, … (null if too few readings). */
export type HourlyPercentiles = { hour: number; count: number } & { [key: `p${number}`]: number | null };

/**
 * Percentiles of the readings per hour of the day (0–23, in the hospital's time zone, all days
 * pooled), for an AGP-style chart: always 24 rows, hour ascending. A row's percentiles are null when
 * the hour has fewer than `minPerHour` readings. Percentiles interpolate linearly between closest ranks
 * (Hyndman & Fan type 7, the default of R and numpy; see `percentile`). Readings in any unit, mmol/L out.
 */
export function hourlyPercentiles(
  readings: readonly GlucoseReading[],
  timeZone: string,
  ps: readonly number[] = AGP_PERCENTILES,
  minPerHour = 5,
): HourlyPercentiles[] {
  const byHour: number[][] = Array.from({ length: 24 }, () => []);
  for (const reading of normalizeReadings(readings)) {
    byHour[Math.floor(localMinuteOfDay(reading.time, timeZone) / 60)].push(reading.mmol);
  }
  return byHour.map((values, hour) => {
    const enough = values.length >= minPerHour && values.length > 0;
    const results = enough ? percentiles(values, ps) : ps.map(() => null);
    const row: HourlyPercentiles = { hour, count: values.length };
    ps.forEach((p, i) => {
      row[`p${p}`] = results[i];
    });
    return row;
  });
}
