import type { MeasurementItem } from '@glucocare/domain/clinical';
import { formatGlucose, type GlucoseUnit, MGDL_PER_MMOL, roundDecimal } from '@glucocare/domain/helpers';
import { glucoseUnitOf, useSession } from '../../../app/session';

/**
 * How an item's values are shown and entered: glucose in the tenant's unit (mg/dL ÷18 at full
 * precision, so what is typed comes back), ketone in mmol/L, uric acid in µmol/L. The API stays in storage units.
 */
export interface ItemUnit {
  item: MeasurementItem;
  label: string;
  /** the unit name the value tester sends with a typed value */
  param: string;
  step: number;
  /** a stored value as the form holds it */
  toInput(stored: number | null | undefined): number | null;
  /** a typed value as stored */
  toStorage(typed: number | null | undefined): number | null;
  /** a stored value as text ('' when unset) */
  format(stored: number | null | undefined): string;
}

export function itemUnit(item: MeasurementItem, glucoseUnit: GlucoseUnit): ItemUnit {
  const mgDl = item === 'GLU' && glucoseUnit === 'mgDl';
  const decimals = item === 'UA' ? 0 : 2;
  const plain = (value: number) => String(roundDecimal(value, decimals));
  return {
    item,
    label: item === 'UA' ? 'µmol/L' : mgDl ? 'mg/dL' : 'mmol/L',
    param: item === 'UA' ? 'umol/L' : mgDl ? 'mgDl' : 'mmol/L',
    step: item === 'UA' ? 10 : mgDl ? 1 : 0.1,
    toInput: (stored) =>
      typeof stored === 'number' ? (mgDl ? roundDecimal(stored * MGDL_PER_MMOL, 0) : stored) : null,
    toStorage: (typed) =>
      typeof typed === 'number'
        ? mgDl
          ? typed / MGDL_PER_MMOL // full precision: 300 mg/dL is stored as 16.666…, shown as 300 again
          : roundDecimal(typed, decimals === 0 ? 1 : 2)
        : null,
    format: (stored) => {
      if (typeof stored !== 'number') return '';
      return item === 'GLU' ? formatGlucose(stored, glucoseUnit) : plain(stored);
    },
  };
}

/** The units of the three items for the signed-in tenant. */
export function useItemUnit(item: MeasurementItem): ItemUnit {
  return itemUnit(item, glucoseUnitOf(useSession().units));
}

export function useUnitOf(): (item: MeasurementItem) => ItemUnit {
  const glucoseUnit = glucoseUnitOf(useSession().units);
  return (item) => itemUnit(item, glucoseUnit);
}
