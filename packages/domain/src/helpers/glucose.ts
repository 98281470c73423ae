import { roundDecimal } from './round';

/** `roundDecimal` lives in `helpers/round` (the one rounding helper); re-exported where it was. */
export { roundDecimal } from './round';

/** Glucose units the hospital can configure (§9: "Glucose unit is configurable (mgDl or mmol/L)"). */
export type GlucoseUnit = 'mmolL' | 'mgDl';

/** mg/dL per mmol/L of glucose, the factor of the spec's conversion (§5 Other "Glucose conversion"). */
export const MGDL_PER_MMOL = 18;

/** A unit as the helpers accept it: a {@link GlucoseUnit} or the unit name the server sends. */
export type GlucoseUnitName = GlucoseUnit | string | null | undefined;

/**
 * Whether a unit name means mg/dL (§5 Other): `mgDl` or `mg/dL`, any case, surrounding spaces ignored;
 * every other name, and a missing one, means mmol/L.
 */
export function isMgDl(unitName: GlucoseUnitName): boolean {
  // the codes the readings carry, answered without string work (the analysis asks per reading)
  if (unitName === 'mmolL' || unitName === 'mgDl') return unitName === 'mgDl';
  if (typeof unitName !== 'string') return false;
  const name = unitName.trim().toLowerCase();
  return name === 'mgdl' || name === 'mg/dl';
}

/** Maps a server unit name onto a {@link GlucoseUnit} by the {@link isMgDl} rule (§9 unit is configurable). */
export function toGlucoseUnit(unitName: GlucoseUnitName): GlucoseUnit {
  return isMgDl(unitName) ? 'mgDl' : 'mmolL';
}

/** Decimals shown for a unit (§5 Other: "Unit precision is 0 for mgDl and 1 otherwise"). */
export function unitPrecision(unit: GlucoseUnitName): number {
  return isMgDl(unit) ? 0 : 1;
}

/**
 * How a glucose reading compares with a limit configured in mmol/L: negative below, 0 equal, positive
 * above. The reading is compared in the unit it was entered in, at full precision, against the limit as
 * it reads in that unit on the hospital's screens (converted and rounded to the unit's precision, §5
 * Other). So a reading entered as 70 mg/dL equals a limit of 3.9 mmol/L (70.2 → "70" on a mg/dL screen),
 * as the consensus pairs them (Battelino et al., Diabetes Care 2019;42:1593: "<70 mg/dL (<3.9 mmol/L)"),
 * and a nurse who reads "low below 70" and enters 70 does not get "low"; a reading entered in mmol/L is
 * compared exactly (3.85 < 3.9). `mmol` is the full-precision storage value; for a mg/dL entry the
 * entered number is recovered from it (×18, 6 decimals, which removes the binary error of ÷18).
 */
export function compareGlucoseWithLimit(
  mmol: number,
  limitMmol: number,
  enteredUnit?: GlucoseUnitName,
): number {
  return readingInEnteredUnit(mmol, enteredUnit) - limitInEnteredUnit(limitMmol, enteredUnit);
}

/** The reading side of {@link compareGlucoseWithLimit}: the number as entered in `enteredUnit`. */
export function readingInEnteredUnit(mmol: number, enteredUnit?: GlucoseUnitName): number {
  return isMgDl(enteredUnit) ? roundDecimal(mmol * MGDL_PER_MMOL, 6) : mmol;
}

/** The limit side of {@link compareGlucoseWithLimit}: the limit as a screen in `enteredUnit` shows it. */
export function limitInEnteredUnit(limitMmol: number, enteredUnit?: GlucoseUnitName): number {
  return isMgDl(enteredUnit) ? roundDecimal(limitMmol * MGDL_PER_MMOL, 0) : limitMmol;
}

/** Converts a reading in `unit` to mmol/L, unrounded (÷18 for mg/dL; §5 Other "Glucose conversion"). */
export function toMmol(value: number, unit: GlucoseUnitName): number {
  return isMgDl(unit) ? value / MGDL_PER_MMOL : value;
}

/** Converts a reading in mmol/L to `unit`, unrounded (×18 for mg/dL; §5 Other "Glucose conversion"). */
export function fromMmol(mmol: number, unit: GlucoseUnitName): number {
  return isMgDl(unit) ? mmol * MGDL_PER_MMOL : mmol;
}

/**
 * Formats a mmol/L reading for display in `unit` with that unit's precision (§5 Other: 0 decimals for
 * mgDl, 1 otherwise), rounding half away from zero and never showing "-0". Non-finite input gives ''.
 */
export function formatGlucose(mmol: number, unit: GlucoseUnitName): string {
  if (!Number.isFinite(mmol)) return '';
  const precision = unitPrecision(unit);
  return roundDecimal(fromMmol(mmol, unit), precision).toFixed(precision);
}

/**
 * §5 Other "Glucose conversion", as specified: for unit mgDl the value is divided by 18 and rounded to
 * 1 decimal; otherwise it is parsed as a float (`parseFloat`, so "5.6 mmol" → 5.6) and not rounded.
 * null, undefined, '' and anything that does not parse to a finite number give null.
 */
export function convertGlucoseForDisplay(
  value: string | number | null | undefined,
  unitName: GlucoseUnitName,
): number | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = typeof value === 'number' ? value : Number.parseFloat(value);
  if (!Number.isFinite(parsed)) return null;
  return isMgDl(unitName) ? roundDecimal(parsed / MGDL_PER_MMOL, 1) : parsed;
}
