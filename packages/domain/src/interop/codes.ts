/**
 * The codes this product speaks on its interfaces (HL7 v2 OBX-3/OBX-6, FHIR Observation.code/valueQuantity):
 * LOINC for what was measured, UCUM for units. Sources (docs/interop.md "Codes"):
 * - LOINC 2.8x, Regenstrief (https://loinc.org): 14743-9 "Glucose [Moles/volume] in Capillary blood by
 *   Glucometer", 41653-7 "Glucose [Mass/volume] in Capillary blood by Glucometer", 66441-7
 *   "3-Hydroxybutyrate [Moles/volume] in Blood by Test strip" (the point-of-care ketone meters measure
 *   beta-hydroxybutyrate), 14933-6 "Urate [Moles/volume] in Serum or Plasma" and 3084-1 "Urate
 *   [Mass/volume] in Serum or Plasma" (LOINC has no widely used capillary-meter urate term; a hospital
 *   whose LIS uses another code maps it under Mapping items), 4548-4 "Hemoglobin A1c/Hemoglobin.total in
 *   Blood" (%, NGSP) and 59261-8 "... by IFCC protocol" (mmol/mol).
 * - UCUM (https://ucum.org): `mmol/L`, `mg/dL`, `umol/L`, `%`, `mmol/mol`.
 * The unit picks the code: a reading is sent with the code of the unit it was entered in (stored as
 * entered, never converted for the interface).
 */

import type { MeasurementItem } from '../clinical/classification';
import { readingUnitCode } from '../clinical/classification';

export const LOINC_SYSTEM = 'http://loinc.org';
export const UCUM_SYSTEM = 'http://unitsofmeasure.org';
/** HL7 v2 coding system name of LOINC (table 0396) */
export const HL7_LOINC = 'LN';
/** HL7 v2 coding system name of UCUM (table 0396) */
export const HL7_UCUM = 'UCUM';

export interface LoincTerm {
  code: string;
  display: string;
  /** the UCUM unit the term's property implies */
  ucum: string;
}

type UnitCode = 'mmolL' | 'mgDl' | 'umolL';

/** Each bedside item's LOINC term by the unit its value is in. */
export const READING_LOINC: Record<MeasurementItem, Partial<Record<UnitCode, LoincTerm>>> = {
  GLU: {
    mmolL: {
      code: '14743-9',
      display: 'Glucose [Moles/volume] in Capillary blood by Glucometer',
      ucum: 'mmol/L',
    },
    mgDl: {
      code: '41653-7',
      display: 'Glucose [Mass/volume] in Capillary blood by Glucometer',
      ucum: 'mg/dL',
    },
  },
  KET: {
    mmolL: {
      code: '66441-7',
      display: '3-Hydroxybutyrate [Moles/volume] in Blood by Test strip',
      ucum: 'mmol/L',
    },
  },
  UA: {
    umolL: { code: '14933-6', display: 'Urate [Moles/volume] in Serum or Plasma', ucum: 'umol/L' },
    mgDl: { code: '3084-1', display: 'Urate [Mass/volume] in Serum or Plasma', ucum: 'mg/dL' },
  },
};

/** HbA1c: NGSP percent and IFCC mmol/mol. */
export const HBA1C_LOINC: Record<'%' | 'mmol/mol', LoincTerm> = {
  '%': { code: '4548-4', display: 'Hemoglobin A1c/Hemoglobin.total in Blood', ucum: '%' },
  'mmol/mol': {
    code: '59261-8',
    display: 'Hemoglobin A1c/Hemoglobin.total in Blood by IFCC protocol',
    ucum: 'mmol/mol',
  },
};

/** The LOINC term of a reading in the unit it was entered in (no unit: the item's storage unit). */
export function readingLoinc(item: MeasurementItem, unit: string | null | undefined): LoincTerm | null {
  const code = readingUnitCode(unit) ?? (item === 'UA' ? 'umolL' : 'mmolL');
  return READING_LOINC[item][code] ?? null;
}

export type ObservationKind =
  | { kind: 'reading'; item: MeasurementItem; unit: string }
  | { kind: 'hba1c'; unit: '%' | 'mmol/mol' };

/** What an incoming LOINC code is (null: not one of ours; a hospital's own codes go through Mapping items). */
export function observationOfLoinc(code: string): ObservationKind | null {
  for (const [item, terms] of Object.entries(READING_LOINC) as [
    MeasurementItem,
    Partial<Record<UnitCode, LoincTerm>>,
  ][]) {
    for (const term of Object.values(terms))
      if (term?.code === code) return { kind: 'reading', item, unit: term.ucum };
  }
  for (const [unit, term] of Object.entries(HBA1C_LOINC) as ['%' | 'mmol/mol', LoincTerm][]) {
    if (term.code === code) return { kind: 'hba1c', unit };
  }
  return null;
}

/** A stored unit as UCUM (μmol/L and umolL → umol/L; mmolL → mmol/L; mgDl → mg/dL; others as given). */
export function ucumOf(unit: string | null | undefined): string | null {
  const code = readingUnitCode(unit);
  if (code === 'mmolL') return 'mmol/L';
  if (code === 'mgDl') return 'mg/dL';
  if (code === 'umolL') return 'umol/L';
  return unit?.trim() || null;
}
