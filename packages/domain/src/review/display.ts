/**
 * Readings in the hospital's display unit (settings "item display"): values are stored in the item's
 * storage unit (mmol/L for glucose and ketone, µmol/L for uric acid) and shown, filtered and entered
 * in the unit chosen per item, with that unit's precision.
 */
import {
  type MeasurementItem,
  readingUnitCode,
  toStorageValue,
  UA_UMOL_PER_MGDL,
} from '../clinical/classification';
import { MGDL_PER_MMOL } from '../helpers/glucose';
import { formatDecimal, roundDecimal } from '../helpers/round';
import { type DisplayUnit, ITEM_DISPLAY_UNITS } from '../hospital-settings/system';

/** The display unit of an item with this code, or the item's storage unit when the code is unknown. */
export function displayUnitFor(item: MeasurementItem, code: string | null | undefined): DisplayUnit {
  const units = ITEM_DISPLAY_UNITS[item];
  return units.find((unit) => unit.code === code) ?? units[0];
}

/** How many storage units one display unit is (1 for the storage unit itself). */
function storagePerDisplay(item: MeasurementItem, code: string): number {
  if (code !== 'mgDl') return 1;
  return item === 'GLU' ? 1 / MGDL_PER_MMOL : item === 'UA' ? UA_UMOL_PER_MGDL : 1;
}

/** A stored value in the display unit `code`, unrounded (mg/dL glucose ×18, mg/dL uric acid ÷59.48). */
export function toDisplayValue(
  item: MeasurementItem,
  stored: number,
  code: string | null | undefined,
): number {
  const unit = displayUnitFor(item, code);
  return stored / storagePerDisplay(item, unit.code);
}

/**
 * A value typed in the display unit `code`, in the storage unit, at full precision (100 mg/dL is
 * 5.5555… mmol/L, the same number a reading entered as 100 mg/dL is stored as).
 */
export function fromDisplayValue(
  item: MeasurementItem,
  shown: number,
  code: string | null | undefined,
): number {
  const unit = displayUnitFor(item, code);
  // the write path's own conversion, so a typed 100 mg/dL is the very number a reading of 100 is stored as
  return toStorageValue(item, shown, unit.code) ?? shown;
}

/**
 * Storage-unit bounds of a value filter typed in the display unit, so that the filter selects the readings
 * whose DISPLAYED value lies in [min, max]: a reading shown as 5.6 (stored 5.5555… from 100 mg/dL, or
 * 5.64) matches "from 5.6". Displayed values round half away from zero, so shown ≥ min ⟺ value ≥ min −
 * ½ step and shown ≤ max ⟺ value < max + ½ step. The query API takes at most 4 decimals, so each bound
 * is floored to 4 decimals (the upper one after stepping just below its half): the ½-step edges differ from
 * the exact ones by less than 0.0001 of the storage unit, which no reading entered with 2 decimals, and no
 * whole mg/dL, falls between.
 */
export function displayedValueBounds(
  item: MeasurementItem,
  min: number | undefined,
  max: number | undefined,
  code: string | null | undefined,
): { minValue: number | undefined; maxValue: number | undefined } {
  const unit = displayUnitFor(item, code);
  const half = 0.5 * 10 ** -unit.precision;
  const floor4 = (value: number) => Math.floor(roundDecimal(value * 10_000, 6)) / 10_000;
  return {
    minValue: min === undefined ? undefined : floor4(fromDisplayValue(item, min - half, unit.code)),
    maxValue: max === undefined ? undefined : floor4(fromDisplayValue(item, max + half, unit.code) - 1e-9),
  };
}

/** Decimals in the shortest spelling of a number (5.55 → 2, 126 → 0). */
function decimalsOf(value: number): number {
  const spelled = String(Math.abs(value));
  if (spelled.includes('e')) return 0;
  const point = spelled.indexOf('.');
  return point < 0 ? 0 : spelled.length - point - 1;
}

/** What was entered for a reading: the number and the unit it was typed or uploaded in. */
export interface EnteredValue {
  enteredValue?: number | null;
  enteredUnit?: string | null;
}

/**
 * A stored value as text in the display unit, with the unit's precision ('' for no value). When the
 * reading was entered in the display unit, what was entered is shown exactly (5.55 mmol/L stays 5.55,
 * 100 mg/dL stays 100): rounding to the unit's precision is for converted values only.
 */
export function formatReadingValue(
  item: MeasurementItem,
  stored: number | null | undefined,
  code: string | null | undefined,
  entered?: EnteredValue,
): string {
  if (stored === null || stored === undefined || !Number.isFinite(stored)) return '';
  const unit = displayUnitFor(item, code);
  const typed = entered?.enteredValue;
  if (typed !== null && typed !== undefined && Number.isFinite(typed) && entered?.enteredUnit) {
    if (readingUnitCode(entered.enteredUnit) === unit.code) {
      return typed.toFixed(Math.max(unit.precision, decimalsOf(typed)));
    }
  }
  return formatDecimal(toDisplayValue(item, stored, unit.code), unit.precision);
}

/** The reason fields of a reading without a value, names in the viewer's language as the API gives them. */
export interface ReasonNames {
  untestedReasonName?: string | null;
  refusalReasonName?: string | null;
  rejectReasonName?: string | null;
  untestedReasonText?: string | null;
}

/**
 * Why a reading has no value, as every screen, print and export shows it: the rejection reason (not
 * carried out) or the untested reason, then the refusal reason, then the text ("Other"), joined by " · ".
 * '' when none is recorded.
 */
export function reasonNotTested(reading: ReasonNames): string {
  return [
    reading.rejectReasonName || reading.untestedReasonName,
    reading.refusalReasonName,
    reading.untestedReasonText,
  ]
    .filter((part) => typeof part === 'string' && part.trim() !== '')
    .join(' · ');
}

/** The short name of why a reading has no value (the rejection or untested reason), or null. */
export function reasonNotTestedName(reading: ReasonNames): string | null {
  return reading.rejectReasonName || reading.untestedReasonName || null;
}
