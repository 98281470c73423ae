import {
  convertGlucoseForDisplay,
  fromMmol,
  type GlucoseUnit,
  isMgDl,
  roundDecimal,
  unitPrecision,
} from '@glucocare/domain/helpers';

/**
 * Glucose thresholds travel in mmol/L; a mg/dL hospital types and reads them in mg/dL. Typed values go
 * back through the spec's conversion (÷ 18, 1 decimal), so 600 mg/dL is 33.3 mmol/L, not 33.33.
 */
export function glucoseToDisplay(mmol: number | null | undefined, unit: GlucoseUnit): number | null {
  if (mmol === null || mmol === undefined) return null;
  return roundDecimal(fromMmol(mmol, unit), isMgDl(unit) ? 0 : 2);
}

export function glucoseFromDisplay(value: number | null | undefined, unit: GlucoseUnit): number | null {
  return convertGlucoseForDisplay(value ?? null, unit);
}

/** How a glucose input steps and rounds in a unit: whole mg/dL, tenths of mmol/L. */
export function glucoseInputProps(unit: GlucoseUnit) {
  return isMgDl(unit) ? { step: 1, precision: unitPrecision(unit) } : { step: 0.1, precision: 1 };
}

export function glucoseUnitLabel(unit: GlucoseUnit): string {
  return isMgDl(unit) ? 'mg/dL' : 'mmol/L';
}
