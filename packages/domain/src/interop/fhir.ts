/**
 * The FHIR R4 read API (issue 21, docs/interop.md): the identifier systems and code systems it
 * answers with, and how a reading's classification becomes an Observation interpretation. The
 * resources themselves are built on the server (modules/interop/fhir).
 */

import type { Classification } from '../clinical/classification';

/** The media type of every FHIR answer (JSON only: XML is refused with 406). */
export const FHIR_JSON = 'application/fhir+json';
export const FHIR_VERSION = '4.0.1';

/**
 * Identifier systems of this product. They name what the value is, not a hospital: a hospital that
 * has OIDs of its own for these numbers maps them in its integration engine.
 */
export const FHIR_IDENTIFIER_SYSTEMS = {
  /** the HIS inpatient number (住院号) of the patient; also Encounter.identifier of a stay */
  inpatientNumber: 'urn:glucocare:fhir:sid:inpatient-number',
  /** the clinic's outpatient number (issue 18) */
  outpatientNumber: 'urn:glucocare:fhir:sid:outpatient-number',
  /** the wristband barcode, valid while the patient is in hospital (a band may be reissued after discharge) */
  wristband: 'urn:glucocare:fhir:sid:wristband',
  /** a staff member's login name */
  userName: 'urn:glucocare:fhir:sid:user-name',
  /** a meter's serial number (SN, the key a meter uploads under) */
  deviceSerial: 'urn:glucocare:fhir:sid:device-serial',
  /** a department (ward) code of the hospital */
  department: 'urn:glucocare:fhir:sid:department',
} as const;

/** Code systems and extensions of this product. */
export const FHIR_LOCAL_SYSTEMS = {
  /** Observation.category besides `laboratory`: `point-of-care` (bedside readings) or `lab-result` */
  observationCategory: 'urn:glucocare:fhir:cs:observation-category',
  /** the hospital's inspection item code of a lab result without a LOINC term */
  inspectionItem: 'urn:glucocare:fhir:cs:inspection-item',
  /** the glucose period (fasting, before lunch, …) of a reading, the hospital's own codes */
  glucosePeriod: 'urn:glucocare:fhir:cs:glucose-period',
  /** the untested reason (dictionary `untestedReason`) of a reading without a value */
  untestedReason: 'urn:glucocare:fhir:cs:untested-reason',
} as const;

/** Extension URL carrying a reading's glucose period (valueCoding in FHIR_LOCAL_SYSTEMS.glucosePeriod). */
export const FHIR_GLUCOSE_PERIOD_EXTENSION = 'urn:glucocare:fhir:StructureDefinition:glucose-period';

export const FHIR_SYSTEMS = {
  observationCategory: 'http://terminology.hl7.org/CodeSystem/observation-category',
  interpretation: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
  dataAbsentReason: 'http://terminology.hl7.org/CodeSystem/data-absent-reason',
  actCode: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
  participationType: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType',
  snomed: 'http://snomed.info/sct',
} as const;

/** HL7 v3 ObservationInterpretation of a stored classification (none for `unknown` or no value). */
export const FHIR_INTERPRETATION: Record<
  Exclude<Classification, 'unknown'>,
  { code: 'N' | 'L' | 'H' | 'LL' | 'HH'; display: string }
> = {
  normal: { code: 'N', display: 'Normal' },
  low: { code: 'L', display: 'Low' },
  high: { code: 'H', display: 'High' },
  criticalLow: { code: 'LL', display: 'Critical low' },
  criticalHigh: { code: 'HH', display: 'Critical high' },
};

export function fhirInterpretationOf(classification: string | null | undefined) {
  if (!classification || !(classification in FHIR_INTERPRETATION)) return null;
  return FHIR_INTERPRETATION[classification as keyof typeof FHIR_INTERPRETATION];
}

/**
 * data-absent-reason of a reading without a value, by its untested reason: the patient refused →
 * `asked-declined`; the meter read LO/HI (outside its measurable range) → `unknown` (a value exists
 * but is not known); any other reason, or a planned test not carried out → `not-performed`.
 */
export function fhirDataAbsentReasonOf(untestedReason: string | null | undefined) {
  if (untestedReason === 'refused') return { code: 'asked-declined', display: 'Asked But Declined' };
  if (untestedReason === 'outOfRange') return { code: 'unknown', display: 'Unknown' };
  return { code: 'not-performed', display: 'Not Performed' };
}

/** Largest page of a FHIR search (`_count`), and the page given when none is asked for. */
export const FHIR_MAX_COUNT = 100;
export const FHIR_DEFAULT_COUNT = 20;

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as a FHIR dateTime on the hospital's clock with its offset (`2026-05-01T08:30:00+08:00`),
 * milliseconds only when there are some: readers see the local time a nurse saw.
 */
export function fhirDateTime(at: Date | string, timeZone: string): string {
  const instant = new Date(at);
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  const [year, month, day, hour, minute, second] = [
    part.year,
    part.month,
    part.day,
    part.hour,
    part.minute,
    part.second,
  ].map(Number) as [number, number, number, number, number, number];
  const ms = instant.getUTCMilliseconds();
  const localMs = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const offset = Math.round((localMs - instant.getTime()) / 60_000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const zone =
    offset === 0
      ? '+00:00'
      : `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  const fraction = ms ? `.${pad(ms, 3)}` : '';
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${fraction}${zone}`;
}
