import { FHIR_MAX_COUNT, FHIR_VERSION } from '@glucocare/domain';
import type { ResourceProvider } from './context';

type ParamType = 'token' | 'string' | 'reference' | 'date';

/** What each search parameter is, for the CapabilityStatement. */
const PARAMS: Record<string, { type: ParamType; documentation: string }> = {
  _id: { type: 'token', documentation: 'The resource id (comma-separated: any of them)' },
  identifier: {
    type: 'token',
    documentation:
      '[system|]value: inpatient number, outpatient number, wristband (in hospital), login name, meter serial',
  },
  name: {
    type: 'string',
    documentation: 'Starts with, case-insensitive; name:exact and name:contains are supported',
  },
  patient: { type: 'reference', documentation: 'Patient/{id} or {id}' },
  subject: { type: 'reference', documentation: 'Patient/{id} or {id} (patients only)' },
  encounter: { type: 'reference', documentation: 'Encounter/{id} (bedside readings taken during the stay)' },
  date: {
    type: 'date',
    documentation:
      'Prefixes eq (default), ne, gt, ge, lt, le, sa, eb; repeat for a range (date=ge2026-05-01&date=lt2026-06-01). ' +
      'A date or a time without an offset is read on the hospital clock',
  },
  code: { type: 'token', documentation: 'LOINC (http://loinc.org|14743-9 or 14743-9) or a lab item code' },
  category: { type: 'token', documentation: 'laboratory (all), point-of-care (readings) or lab-result' },
  status: { type: 'token', documentation: 'in-progress or finished' },
};

const DOCUMENTATION: Record<string, string> = {
  Patient: 'Patients of the caller’s tenant and department scope (deleted patients are not served)',
  Encounter: 'Hospital stays, with the wards (transfers) as location history',
  Observation:
    'Bedside glucose, ketone and uric-acid readings (ids m-…) and lab results such as HbA1c (ids lab-…), value and unit as entered; deleted ones are left out of searches and read as entered-in-error',
  Device: 'Blood glucose meters of the QC register',
  Practitioner: 'Staff users',
};

/**
 * The CapabilityStatement at `metadata`: a read-only JSON server, every resource with read and
 * search-type, its search parameters, and the rules (strict parameters, paging by _count/_offset).
 */
export function capabilityStatement(base: string, providers: ResourceProvider[], date: string) {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date,
    publisher: 'GlucoCare',
    kind: 'instance',
    software: { name: 'GlucoCare', version: '0.1.0' },
    implementation: { description: 'GlucoCare FHIR R4 read-only API', url: base },
    fhirVersion: FHIR_VERSION,
    format: ['json'],
    rest: [
      {
        mode: 'server',
        documentation:
          'Read-only. Every call but metadata needs a GlucoCare session (Authorization: Bearer <token>, from ' +
          'POST /app-service/v1/login) whose roles grant interop:fhir:read; the session’s tenant and ' +
          'department scope apply. Unknown search parameters answer 400 (strict handling). Pages: _count ' +
          `(0–${FHIR_MAX_COUNT}, default 20) and _offset. JSON only (_format=xml or Accept: XML answers 406).`,
        security: {
          cors: false,
          description: 'Bearer token of a GlucoCare session (see docs/interop.md)',
        },
        resource: providers.map((provider) => ({
          type: provider.type,
          documentation: DOCUMENTATION[provider.type],
          interaction: [{ code: 'read' }, { code: 'search-type' }],
          versioning: 'no-version',
          readHistory: false,
          updateCreate: false,
          searchParam: [...new Set(provider.searchParams.map((param) => param.split(':')[0]!))].map(
            (param) => ({
              name: param,
              type: PARAMS[param]?.type ?? 'string',
              documentation: PARAMS[param]?.documentation,
            }),
          ),
        })),
      },
    ],
  };
}
