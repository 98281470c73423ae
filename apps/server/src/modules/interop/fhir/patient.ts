import { FHIR_IDENTIFIER_SYSTEMS, fhirDateTime } from '@glucocare/domain';
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { patients } from '../../../db/schema';
import { patientScopeCondition } from '../../patients/access';
import type { Resource } from './bundle';
import { compact, type FhirContext } from './context';
import {
  conditionOf,
  numericId,
  parseToken,
  type RawQuery,
  stringParamConditions,
  stringParams,
} from './search';
import { tableProvider } from './table-provider';

type PatientRow = typeof patients.$inferSelect;
const SYS = FHIR_IDENTIFIER_SYSTEMS;

const GENDERS: Record<string, string> = { male: 'male', female: 'female' };

/**
 * Patient: our patient row. Identifiers: the inpatient number (usual), the outpatient number, and the
 * wristband while in hospital (temp: a band is reissued after discharge). The name is one text (Chinese
 * names are not split into family and given). The ID card number is not exposed.
 */
export function patientResource(row: PatientRow, timeZone: string): Resource {
  const identifier = [
    row.inpatientNumber ? { use: 'usual', system: SYS.inpatientNumber, value: row.inpatientNumber } : null,
    row.outpatientNumber
      ? { use: 'secondary', system: SYS.outpatientNumber, value: row.outpatientNumber }
      : null,
    row.wristbandCode && row.status === 'inHospital'
      ? { use: 'temp', system: SYS.wristband, value: row.wristbandCode }
      : null,
  ].filter((id) => id !== null);
  const telecom = [
    row.mobilePhone ? { system: 'phone', value: row.mobilePhone, use: 'mobile' } : null,
    row.email ? { system: 'email', value: row.email } : null,
  ].filter((t) => t !== null);
  return compact({
    resourceType: 'Patient',
    id: String(row.id),
    meta: { lastUpdated: fhirDateTime(row.updatedAt, timeZone) },
    identifier,
    active: true,
    name: [{ use: 'official', text: row.name }],
    telecom,
    gender: GENDERS[row.gender] ?? 'unknown',
    birthDate: row.dateOfBirth ?? undefined,
  });
}

/** The patients a caller may see: the tenant's, not deleted, in the department scope (or managed in the virtual ward). */
export function visiblePatients(ctx: FhirContext): SQL {
  return and(
    eq(patients.tenantId, ctx.session.tenantId),
    isNull(patients.deletedAt),
    patientScopeCondition(ctx.session.scope),
  ) as SQL;
}

/** `identifier`: `[system|]value` over the inpatient number, outpatient number and (in hospital) wristband. */
function identifierCondition(value: string): SQL | undefined {
  const { system, code } = parseToken(value);
  if (code === undefined || system === null) return sql`false`;
  const inpatient = eq(patients.inpatientNumber, code);
  const outpatient = eq(patients.outpatientNumber, code);
  // the partial unique index of wristbands covers patients in hospital only
  const wristband = and(eq(patients.status, 'inHospital'), eq(patients.wristbandCode, code));
  if (system === undefined) return or(inpatient, outpatient, wristband);
  if (system === SYS.inpatientNumber) return inpatient;
  if (system === SYS.outpatientNumber) return outpatient;
  if (system === SYS.wristband) return wristband;
  return sql`false`;
}

function searchConditions(ctx: FhirContext, query: RawQuery): SQL {
  return and(
    visiblePatients(ctx),
    conditionOf(query, '_id', (value) => {
      const id = numericId(value);
      return id === null ? sql`false` : eq(patients.id, id);
    }),
    conditionOf(query, 'identifier', identifierCondition),
    stringParamConditions(query, 'name', [sql`${patients.name}`]),
  ) as SQL;
}

export const patientProvider = tableProvider<typeof patients.$inferSelect>({
  type: 'Patient',
  searchParams: ['_id', 'identifier', ...stringParams('name')],
  table: patients,
  id: patients.id,
  visible: visiblePatients,
  where: searchConditions,
  toResource: patientResource,
});
