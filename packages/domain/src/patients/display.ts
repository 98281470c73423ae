/**
 * How inpatients are shown (issue 5 dashboard, patient detail): the body-mass index, the age a birth
 * date gives, and the colour of a reading's classification. Beds are ordered by `compareBeds`
 * (tasks/plan.ts).
 */
import type { Classification } from '../clinical/classification';
import { roundDecimal } from '../helpers/glucose';

/** Body-mass index (kg/m²) to 1 decimal, or null without both a height and a weight. */
export function bodyMassIndex(heightCm: number | null | undefined, weightKg: number | null | undefined) {
  if (!heightCm || !weightKg || heightCm <= 0 || weightKg <= 0) return null;
  // kg / (cm / 100)² computed as kg × 10000 / cm², which keeps 80 kg at 160 cm an exact 31.25
  return roundDecimal((weightKg * 10_000) / (heightCm * heightCm), 1);
}

/**
 * Completed years from a birth date to a calendar day (both `YYYY-MM-DD`), or null when either is
 * not a date or the birth is after the day. Someone born on 29 February turns a year older on
 * 1 March in common years.
 */
export function completedYears(dateOfBirth: string, onDate: string): number | null {
  const birth = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(onDate);
  if (!birth || !day) return null;
  const [by, bm, bd] = birth.slice(1).map(Number) as [number, number, number];
  const [y, m, d] = day.slice(1).map(Number) as [number, number, number];
  const years = y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
  return years < 0 ? null : years;
}

/**
 * Colours of the classification bands when the settings gave none (the colour is fixed at write from
 * the crisis settings; older or unconfigured readings fall back to these): red for critical, orange
 * for high, blue for low, green for normal, grey when unknown.
 */
export const CLASSIFICATION_COLORS: Record<Classification, string> = {
  criticalLow: '#cf1322',
  low: '#1677ff',
  normal: '#389e0d',
  high: '#d46b08',
  criticalHigh: '#cf1322',
  unknown: '#8c8c8c',
};

/** The colour a reading shows in: its own (from the settings at write), else its band's. */
export function readingColor(classification: string | null | undefined, color: string | null | undefined) {
  if (color) return color;
  return (
    CLASSIFICATION_COLORS[(classification ?? 'unknown') as Classification] ?? CLASSIFICATION_COLORS.unknown
  );
}

/** Whether a classification is a critical value. */
export function isCriticalClassification(classification: string | null | undefined): boolean {
  return classification === 'criticalLow' || classification === 'criticalHigh';
}
