/**
 * Daily insulin totals of a patient (issue 16: "daily totals per day and per kg of body weight").
 *
 * Definitions (common inpatient practice; ADA Standards of Care, "Diabetes Care in the Hospital"):
 * - basal, bolus (prandial) and correction totals: the sums of the records' parts of one calendar day
 *   in the hospital's time zone (deleted records excluded, unconfirmed and confirmed included);
 * - total daily dose (TDD): the sum of the records' total doses (`dose`) of the day — it includes doses
 *   recorded without a breakdown, so TDD ≥ basal + bolus + correction;
 * - TDD per kg: TDD ÷ the patient's body weight in kg, only when the weight is known (> 0); null
 *   otherwise. Weight-based inpatient dosing usually starts at 0.3–0.6 IU/kg/day ({@link TDD_PER_KG_REFERENCE};
 *   lower, 0.1–0.25, for the elderly, renal impairment or low intake), which is what the per-kg figure
 *   is read against. The per-kg figures of the parts are given alike.
 * Sums are exact (in hundredths of an IU: a dose has at most 2 decimals); per-kg figures are not
 * rounded here — {@link formatPerKg} rounds them for display only.
 */
import { roundDecimal } from '../helpers/round';
import { hundredths, INSULIN_DOSE_PARTS, type InsulinDosePart } from './entry';

/** The usual weight-based starting range of a total daily dose, IU/kg/day. */
export const TDD_PER_KG_REFERENCE = { min: 0.3, max: 0.6 } as const;

/** One record as the totals read it: its day (YYYY-MM-DD, hospital time zone) and doses. */
export interface DoseOfDay {
  date: string;
  dose: number;
  basalDose?: number | null;
  bolusDose?: number | null;
  correctionDose?: number | null;
}

export interface InsulinDayTotals {
  date: string;
  basal: number;
  bolus: number;
  correction: number;
  /** total daily dose (TDD) */
  total: number;
  /** records of the day */
  count: number;
  /** TDD per kg of body weight; null without a known weight */
  totalPerKg: number | null;
  basalPerKg: number | null;
  bolusPerKg: number | null;
  correctionPerKg: number | null;
}

const PART_KEYS: Record<InsulinDosePart, 'basal' | 'bolus' | 'correction'> = {
  basalDose: 'basal',
  bolusDose: 'bolus',
  correctionDose: 'correction',
};

/**
 * Totals per day, for the days that have records, in date order. `weightKg` null, 0 or negative: the
 * per-kg figures are null.
 */
export function insulinDailyTotals(
  records: readonly DoseOfDay[],
  weightKg: number | null,
): InsulinDayTotals[] {
  const days = new Map<
    string,
    { basal: number; bolus: number; correction: number; total: number; count: number }
  >();
  for (const record of records) {
    const day = days.get(record.date) ?? { basal: 0, bolus: 0, correction: 0, total: 0, count: 0 };
    for (const part of INSULIN_DOSE_PARTS) day[PART_KEYS[part]] += hundredths(record[part] ?? 0);
    day.total += hundredths(record.dose);
    day.count += 1;
    days.set(record.date, day);
  }
  const weight = weightKg && weightKg > 0 ? weightKg : null;
  const perKg = (sum: number) => (weight ? sum / 100 / weight : null);
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, d]) => ({
      date,
      basal: d.basal / 100,
      bolus: d.bolus / 100,
      correction: d.correction / 100,
      total: d.total / 100,
      count: d.count,
      totalPerKg: perKg(d.total),
      basalPerKg: perKg(d.basal),
      bolusPerKg: perKg(d.bolus),
      correctionPerKg: perKg(d.correction),
    }));
}

/** A per-kg figure for display: 2 decimals ("0.45"); an em dash without a weight. */
export function formatPerKg(value: number | null): string {
  return value === null ? '—' : roundDecimal(value, 2).toFixed(2);
}

/** Whether a TDD per kg lies within the usual starting range (display hint only). */
export function perKgInReference(value: number | null): boolean | null {
  if (value === null) return null;
  return value >= TDD_PER_KG_REFERENCE.min && value <= TDD_PER_KG_REFERENCE.max;
}
