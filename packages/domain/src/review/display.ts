/**
 * Readings in the hospital's display unit (settings "item display"): values are stored in the item's
 * storage unit (mmol/L for glucose and ketone, µmol/L for uric acid) and shown, filtered and entered
 * in the unit chosen per item, with that unit's precision.
 */
import { type MeasurementItem, UA_UMOL_PER_MGDL } from '../clinical/classification';
import { MGDL_PER_MMOL, roundDecimal } from '../helpers/glucose';
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
 * A value typed in the display unit `code`, in the storage unit, unrounded beyond 4 decimals (the
 * precision of the data-management value filters).
 */
export function fromDisplayValue(
  item: MeasurementItem,
  shown: number,
  code: string | null | undefined,
): number {
  const unit = displayUnitFor(item, code);
  return roundDecimal(shown * storagePerDisplay(item, unit.code), 4);
}

/** A stored value as text in the display unit, with the unit's precision ('' for no value). */
export function formatReadingValue(
  item: MeasurementItem,
  stored: number | null | undefined,
  code: string | null | undefined,
): string {
  if (stored === null || stored === undefined || !Number.isFinite(stored)) return '';
  const unit = displayUnitFor(item, code);
  return roundDecimal(toDisplayValue(item, stored, unit.code), unit.precision).toFixed(unit.precision);
}
