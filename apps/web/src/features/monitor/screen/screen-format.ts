import { readingUnitCode } from '@glucocare/domain/clinical';
import type { Lang } from '@glucocare/domain/i18n';
import { formatReading } from '@glucocare/domain/measurements';
import {
  DISTRIBUTION_BAND_LIMITS,
  type DistributionBand,
  type ScreenPanel,
  type ScreenVariant,
} from '@glucocare/domain/monitor';
import type { ScreenReading } from '@glucocare/domain/responses';
import { displayUnitFor, formatReadingValue } from '@glucocare/domain/review';
import { formatDateTime } from '../../../components/format';
import { percentText } from '../ward-view';

/**
 * What the wall screens show and how: the stage's scale, the variants' panels, values in the
 * hospital's display unit (domain conversions), rates, and times on the hospital's clock.
 */

/** The design size of every wall screen (spec §9) and its largest scale. */
export const STAGE = { width: 1920, height: 1080, maxScale: 2 } as const;

/**
 * The stage's scale in a window: the whole 1920×1080 design fits (the smaller of the two ratios), never
 * enlarged beyond 2× (spec §9); and its offset, centring it (letterboxed) in the window.
 */
export function stageFit(
  windowWidth: number,
  windowHeight: number,
): { scale: number; left: number; top: number } {
  const scale = Math.min(windowWidth / STAGE.width, windowHeight / STAGE.height, STAGE.maxScale);
  const safe = Number.isFinite(scale) && scale > 0 ? scale : 1;
  return {
    scale: safe,
    left: Math.max(0, (windowWidth - STAGE.width * safe) / 2),
    top: Math.max(0, (windowHeight - STAGE.height * safe) / 2),
  };
}

/**
 * The panels of each variant, in its layout's order (docs/api.md "Wall screens"): `hospital` shows the
 * strategy's panels in the strategy's order; the other variants have a fixed layout and show those of
 * their panels the strategy keeps (a hospital that hides critical values hides them everywhere).
 */
export const VARIANT_PANELS: Record<Exclude<ScreenVariant, 'hospital'>, readonly ScreenPanel[]> = {
  // one ward at a time: its tiles, its beds with abnormal values, its critical values
  wards: ['overview', 'abnormal', 'critical'],
  operations: ['weekly', 'statistics', 'departments', 'distribution'],
  compact: ['overview', 'critical', 'recent', 'departments'],
};

export function panelsOf(variant: ScreenVariant, strategyPanels: readonly ScreenPanel[]): ScreenPanel[] {
  if (variant === 'hospital') return [...strategyPanels];
  return VARIANT_PANELS[variant].filter((panel) => strategyPanels.includes(panel));
}

/** The display unit code of glucose the screen shows ('mmolL' or 'mgDl'; unknown names: mmol/L). */
export function glucoseUnitCode(glucoseUnit: string): string {
  return displayUnitFor('GLU', readingUnitCode(glucoseUnit)).code;
}

/** The unit's name beside a value ("mmol/L", "mg/dL", "μmol/L"). */
export function unitName(item: ScreenReading['item'], glucoseUnit: string): string {
  return item === 'GLU'
    ? displayUnitFor('GLU', glucoseUnitCode(glucoseUnit)).name
    : displayUnitFor(item, null).name;
}

/**
 * A reading's value in the display unit: glucose in the hospital's unit, ketone and uric acid in their
 * storage units (the screen strategy names no unit for them); what was entered in that unit, exactly.
 */
export function readingValueText(
  reading: Pick<ScreenReading, 'item' | 'value' | 'enteredValue' | 'enteredUnit'>,
  glucoseUnit: string,
): string {
  const code =
    reading.item === 'GLU' ? glucoseUnitCode(glucoseUnit) : displayUnitFor(reading.item, null).code;
  return formatReading(reading.item, reading.value, code, reading);
}

/** The glucose limits of the distribution's bands (mmol/L, as the server bands them). */
const BAND_LIMITS = {
  low: DISTRIBUTION_BAND_LIMITS.from3_9to10,
  high: DISTRIBUTION_BAND_LIMITS.from10to13_9,
  veryHigh: DISTRIBUTION_BAND_LIMITS.from13_9,
} as const;

/** A band's range in the display unit: "< 3.9", "3.9–10.0", "10.0–13.9", "≥ 13.9" (mg/dL: 70, 180, 250). */
export function bandRange(band: DistributionBand, glucoseUnit: string): string {
  const code = glucoseUnitCode(glucoseUnit);
  const at = (value: number) => formatReadingValue('GLU', value, code);
  switch (band) {
    case 'below3_9':
      return `< ${at(BAND_LIMITS.low)}`;
    case 'from3_9to10':
      return `${at(BAND_LIMITS.low)}–${at(BAND_LIMITS.high)}`;
    case 'from10to13_9':
      return `${at(BAND_LIMITS.high)}–${at(BAND_LIMITS.veryHigh)}`;
    case 'from13_9':
      return `≥ ${at(BAND_LIMITS.veryHigh)}`;
  }
}

/** A rate (a fraction, 0–1) as a percentage with one decimal; "—" without readings (null). */
export function rateText(rate: number | null | undefined): string {
  return rate === null || rate === undefined || !Number.isFinite(rate) ? '—' : percentText(rate);
}

/** A share of a whole as a percentage with no decimals (bars' captions); 0% of nothing. */
export function shareText(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : '0%';
}

/** A count with the language's grouping (1,234). */
export function countText(count: number, lang: Lang): string {
  return new Intl.NumberFormat(lang).format(count);
}

/** "HH:mm" of an instant on the hospital's clock. */
export function clockMinutes(at: string | Date, timeZone: string): string {
  return formatDateTime(at, timeZone).slice(11, 16);
}

/** "HH:mm:ss" of an instant on the hospital's clock (the screen's clock, "reconnecting since"). */
export function clockSeconds(at: string | Date, timeZone: string): string {
  return formatDateTime(at, timeZone).slice(11, 19);
}

/** "YYYY-MM-DD" of an instant on the hospital's calendar. */
export function calendarDay(at: string | Date, timeZone: string): string {
  return formatDateTime(at, timeZone).slice(0, 10);
}

/** Whether a reading is a critical value (shown in the critical colour and bold). */
export function isCritical(classification: ScreenReading['classification']): boolean {
  return classification === 'criticalLow' || classification === 'criticalHigh';
}

/**
 * The dark screen's colour of a class: the app's hues (reading-format.ts), lighter so they read on a
 * dark wall from across a room; normal in green.
 */
export const CLASS_COLORS: Record<string, string> = {
  normal: '#73d13d',
  low: '#ffa940',
  high: '#ff7a45',
  criticalLow: '#b37feb',
  criticalHigh: '#ff4d4f',
  unknown: '#d9d9d9',
};

export function classColor(classification: ScreenReading['classification']): string {
  return CLASS_COLORS[classification ?? 'unknown'] ?? CLASS_COLORS.unknown!;
}
