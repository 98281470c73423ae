/**
 * HbA1c-like indices estimated from mean glucose. Both take the mean in mmol/L and convert it to mg/dL
 * (× {@link MGDL_PER_MMOL}), the unit their regression equations were published in. Results in % (NGSP).
 */
import { MGDL_PER_MMOL } from '../helpers/glucose';
import type { MmolReading } from './readings';

/**
 * Glucose Management Indicator, GMI (%) = 3.31 + 0.02392 × mean glucose in mg/dL
 * (Bergenstal et al., "Glucose Management Indicator (GMI)", Diabetes Care 2018;41:2275–2280).
 * The equation was derived from CGM means over ≥ 10–14 days: the report shows it only when the data
 * qualify ({@link gmiQualification}).
 */
export function gmi(meanMmol: number): number {
  const meanMgDl = meanMmol * MGDL_PER_MMOL;
  return 3.31 + 0.02392 * meanMgDl;
}

/**
 * Estimated A1C, eA1C (%) = (mean glucose in mg/dL + 46.7) / 28.7, the inverse of the ADAG regression
 * eAG = 28.7 × A1C − 46.7 (Nathan et al., "Translating the A1C assay into estimated average glucose
 * values", Diabetes Care 2008;31:1473–1478).
 */
export function estimatedA1c(meanMmol: number): number {
  const meanMgDl = meanMmol * MGDL_PER_MMOL;
  return (meanMgDl + 46.7) / 28.7;
}

/**
 * When GMI may be shown. GMI is a CGM measure: Bergenstal et al. derived it from ≥ 10–14 days of CGM,
 * and the consensus (Battelino et al., Diabetes Care 2019;42:1593: "14 days … ≥ 70 % of possible CGM
 * readings") and Tidepool show it only over ≥ 14 days with ≥ 70 % CGM wear. Here:
 *
 * - days: hospital calendar days from the first reading's day to the last's, both included, ≥ 14;
 * - coverage: the share of those days' time the readings cover, ≥ 70 %, where each reading covers the
 *   time to the next one but at most `readingMinutes` (15, the longest sampling interval of current
 *   CGMs; the last reading covers 15 minutes). A CGM worn throughout covers ~100 %; a 7-point
 *   fingerstick day covers 7 × 15 min = 7 % — so fingerstick data never qualify, however long.
 *
 * Otherwise the report shows the estimated A1c (ADAG) with its reading count, and says why not.
 */
export const GMI_RULE = { minDays: 14, minCoveragePercent: 70, readingMinutes: 15 } as const;

/** Why GMI is not shown: no readings; fewer than `GMI_RULE.minDays` days; coverage below the rule. */
export const GMI_REASONS = ['noReadings', 'fewDays', 'lowCoverage'] as const;
export type GmiReason = (typeof GMI_REASONS)[number];

/** Whether readings qualify for GMI ({@link GMI_RULE}), and the figures the decision rests on. */
export interface GmiQualification {
  qualifies: boolean;
  /** null when GMI qualifies */
  reason: GmiReason | null;
  /** calendar days from the first to the last reading, both included (0 without readings) */
  days: number;
  /** percent of those days' time covered by readings, unrounded (null without readings) */
  coverage: number | null;
}

const DAY_MINUTES = 1440;

/**
 * {@link GmiQualification} of readings grouped by hospital day (`readingsByDay`: dates ascending, each
 * day's readings in time order).
 */
export function gmiQualification(days: ReadonlyMap<string, readonly MmolReading[]>): GmiQualification {
  const dates = [...days.keys()];
  if (dates.length === 0) return { qualifies: false, reason: 'noReadings', days: 0, coverage: null };
  const span = daysBetween(dates[0], dates[dates.length - 1]) + 1;
  const times = [...days.values()].flat().map((reading) => reading.time);
  const cap = GMI_RULE.readingMinutes * 60_000;
  let covered = cap;
  for (let i = 0; i + 1 < times.length; i++) covered += Math.min(times[i + 1] - times[i], cap);
  const coverage = Math.min(100, (covered / (span * DAY_MINUTES * 60_000)) * 100);
  const reason: GmiReason | null =
    span < GMI_RULE.minDays ? 'fewDays' : coverage < GMI_RULE.minCoveragePercent ? 'lowCoverage' : null;
  return { qualifies: reason === null, reason, days: span, coverage };
}

/** Whole days from one YYYY-MM-DD date to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
