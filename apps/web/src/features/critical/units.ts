import type { MeasurementItem } from '@glucocare/domain/clinical';
import type { DisplayUnit } from '@glucocare/domain/hospital-settings';
import { formatReadingValue } from '@glucocare/domain/review';
import { useItemUnit } from '../review/use-item-unit';

/** The display unit of each measured item (settings "item display"; mg/dL hospitals see mg/dL). */
export function useItemUnits(): Record<MeasurementItem, DisplayUnit> {
  return { GLU: useItemUnit('GLU'), KET: useItemUnit('KET'), UA: useItemUnit('UA') };
}

/** A stored value as shown: "2.1 mmol/L", "38 mg/dL". */
export function valueText(item: MeasurementItem, value: number | null, unit: DisplayUnit): string {
  const shown = formatReadingValue(item, value, unit.code);
  return shown ? `${shown} ${unit.name}` : '';
}
