import {
  addDays,
  CGM_LIKE_RULE,
  type Classification,
  calendarDate,
  dailyFluctuation,
  FLUCTUATION_REFERENCES,
  formatDecimal,
  GMI_RULE,
  type GmiQualification,
  hourlyPercentiles,
  isRegularEnough,
  type Lang,
  localMinuteOfDay,
  mean,
  NO_PERIOD,
  patientReport,
  rangeShares,
  roundMetrics,
  roundRangeShares,
  STORAGE_UNITS,
  timeWeightedRangeShares,
  translate,
} from '@glucocare/domain';
import type { AnalysisReadingView, HourlyPercentilesView } from '@glucocare/domain/responses';
import type { TirSetting } from '../settings/strategy-service';

/**
 * The answers of a patient's glucose analysis built from readings already loaded: the domain's
 * metrics engine (`packages/domain/src/analytics`) applied, rounded to 2 decimals on the way out only.
 * Shared by `/v1/gluDataAnalysis/*` and the printable report of `/trend`.
 */

/** A reading as the analysis loads it: only what the metrics and the charts need. */
export interface StoredReading {
  id: number;
  /** epoch milliseconds (a `GlucoseReading` as it is, for the engine) */
  testTime: number;
  /** mmol/L (µmol/L for uric acid), full precision */
  value: number;
  periodCode: string | null;
  classification: Classification | null;
  /** the unit the reading was entered in: a mg/dL entry is compared with range limits in mg/dL */
  enteredUnit: string | null;
}

export interface PeriodName {
  code: string;
  name: string;
}

export interface AnalysisRange {
  beginDate: string;
  endDate: string;
  isStay: boolean;
}

const round2 = (value: number) => roundMetrics(value, 2);

/** A reading as the trend, the 24-hour chart and the test trend answer it. */
export function readingView(
  reading: StoredReading,
  timeZone: string,
  names: ReadonlyMap<string, string>,
): AnalysisReadingView {
  return {
    id: reading.id,
    testTime: new Date(reading.testTime).toISOString(),
    date: calendarDate(reading.testTime, timeZone),
    minuteOfDay: localMinuteOfDay(reading.testTime, timeZone),
    testValue: round2(reading.value),
    periodCode: reading.periodCode,
    periodName: reading.periodCode === null ? null : (names.get(reading.periodCode) ?? reading.periodCode),
    determineType: reading.classification,
  };
}

/** The TIR setting's four limits, mmol/L (without its periods). */
export const bandsOf = (tir: TirSetting) => ({
  veryLow: tir.veryLow,
  low: tir.low,
  high: tir.high,
  veryHigh: tir.veryHigh,
});

const isLow = (classification: string | null) => classification === 'low' || classification === 'criticalLow';
const isHigh = (classification: string | null) =>
  classification === 'high' || classification === 'criticalHigh';

/** Decimals of the API's shares: they add up to exactly 100.00 (largest remainder). */
const SHARE_DECIMALS = 2;

/**
 * Whether GMI is shown (`gmiQualification`, GMI_RULE) and, when not, why: the reason's code and its
 * message in the request language, naming the rule, the data's days or coverage and the reading count
 * of the estimated A1c shown instead.
 */
function gmiStatus(qualification: GmiQualification, count: number, lang: Lang) {
  const { qualifies, reason, days, coverage } = qualification;
  return {
    qualifies,
    reason,
    message:
      reason === null
        ? null
        : translate(lang, `analysis.gmi.${reason}`, {
            minDays: GMI_RULE.minDays,
            minCoverage: GMI_RULE.minCoveragePercent,
            days,
            coverage: coverage === null ? '' : formatDecimal(coverage, 1),
            count,
          }),
    days,
    coverage,
    rule: { ...GMI_RULE },
  };
}

/**
 * The glucose report of readings: the engine's `patientReport` (count, days, mean, SD, CV, min, max,
 * GMI when the data qualify with the reason when not, estimated A1c, daily LAGE/SDBG/PPGE and MAGE,
 * MAGE+, MAGE− and their mean averaged over the days, MODD), the readings of the TIR setting's periods
 * in its bands (each compared in its entered unit) — as percent of readings, and as percent of time
 * only when they are CGM-like (`CGM_LIKE_RULE`), each set adding up to exactly 100.00 — and a summary
 * per glucose period. Rounded to 2 decimals; GMI's message in `lang`.
 */
export function glucoseReport(
  readings: readonly StoredReading[],
  timeZone: string,
  tir: TirSetting,
  periods: readonly PeriodName[],
  lang: Lang,
) {
  const {
    gmiQualification,
    rangeTotals: _all,
    ...report
  } = patientReport(readings, { timeZone, bands: tir });
  const included = new Set(tir.periods);
  const counted = readings.filter((reading) => !!reading.periodCode && included.has(reading.periodCode));
  const readingShares = rangeShares(
    counted.map((reading) => ({ mmol: reading.value, enteredUnit: reading.enteredUnit })),
    tir,
  );
  const rangeCount = readingShares.count;
  const ranges = roundRangeShares(readingShares, SHARE_DECIMALS);
  // the cheap test first: fingerstick data fail it, and then nothing is converted twice
  const time = isRegularEnough(
    counted.map((reading) => reading.testTime),
    CGM_LIKE_RULE,
  )
    ? timeWeightedRangeShares(counted, tir, CGM_LIKE_RULE)
    : null;
  const byPeriod = new Map<string, StoredReading[]>();
  for (const reading of readings) {
    const code = reading.periodCode ?? NO_PERIOD;
    const own = byPeriod.get(code);
    if (own) own.push(reading);
    else byPeriod.set(code, [reading]);
  }
  const items = periods.flatMap((period) => {
    const own = byPeriod.get(period.code);
    if (!own) return [];
    const values = own.map((reading) => reading.value);
    return [
      {
        periodCode: period.code,
        periodName: period.name,
        count: own.length,
        avg: mean(values),
        minValue: Math.min(...values),
        maxValue: Math.max(...values),
        lowCount: own.filter((reading) => isLow(reading.classification)).length,
        highCount: own.filter((reading) => isHigh(reading.classification)).length,
      },
    ];
  });
  const timeRanges = time ? roundRangeShares(time, SHARE_DECIMALS) : null;
  return roundMetrics({
    unit: STORAGE_UNITS.GLU,
    ...report,
    gmiStatus: gmiStatus(gmiQualification, report.testCount, lang),
    ranges,
    rangeCount,
    timeRanges,
    timeRule: { ...CGM_LIKE_RULE },
    bands: bandsOf(tir),
    tirPeriods: [...tir.periods],
    references: { ...FLUCTUATION_REFERENCES },
    items,
  });
}

/**
 * Every day of the range with its count, PPGE, LAGE, SDBG, MAGE, MAGE+, MAGE− and their mean (nulls
 * on days without them).
 */
export function fluctuationByDay(readings: readonly StoredReading[], timeZone: string, range: AnalysisRange) {
  const byDate = new Map(dailyFluctuation(readings, timeZone).map((day) => [day.date, day]));
  const days = [];
  for (let date = range.beginDate; date <= range.endDate; date = addDays(date, 1)) {
    const day = byDate.get(date);
    days.push({
      date,
      count: day?.count ?? 0,
      ppge: day?.ppge ?? null,
      lage: day?.lage ?? null,
      sdbg: day?.sdbg ?? null,
      mage: day?.mage ?? null,
      magePlus: day?.magePlus ?? null,
      mageMinus: day?.mageMinus ?? null,
      mageMean: day?.mageMean ?? null,
    });
  }
  return roundMetrics(days);
}

/** The AGP percentiles by hour of the day, rounded. */
export function hourlyOf(readings: readonly StoredReading[], timeZone: string): HourlyPercentilesView[] {
  // the default percentiles are AGP_PERCENTILES, the p5…p95 fields the view names
  return roundMetrics(hourlyPercentiles(readings, timeZone)) as HourlyPercentilesView[];
}
