import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patients } from '../../db/schema';
import { recordNotFound } from '../../http/errors';
import { departmentScopeCondition } from '../../lib/scope';
import type { DepartmentScope, SessionUser } from '../auth/sessions';
import { inScope } from '../departments/service';
import { dateIn } from '../settings/time-zone';

export type PatientRow = typeof patients.$inferSelect;

/**
 * The condition "this patient has a current virtual-ward stay whose managing department lies in the
 * scope" (issue 18): the managing department's staff see and act on the virtual ward's patients lying
 * in other wards or at home; a stay that ended gives no access. `undefined` for the all-departments
 * scope, `false` for an empty one.
 */
export function virtualWardScopeCondition(
  scope: DepartmentScope,
  patientId: SQL | typeof patients.id,
): SQL | undefined {
  if (scope.all) return undefined;
  if (!scope.departments.length) return sql`false`;
  return sql`exists (select 1 from virtual_ward_stays vws
    where vws.tenant_id = ${patients.tenantId} and vws.patient_id = ${patientId} and vws.exited_at is null
      and vws.managing_department_code = any(${sql.param(scope.departments)}::text[]))`;
}

/** A patient's department in the scope, or a current virtual-ward stay managed by a department in it. */
export function patientScopeCondition(scope: DepartmentScope): SQL | undefined {
  if (scope.all) return undefined;
  return or(
    departmentScopeCondition(scope, patients.departmentCode),
    virtualWardScopeCondition(scope, patients.id),
  );
}

/**
 * A patient of the caller's tenant and department scope, not deleted; anything else answers 404
 * exactly as a missing id does (another tenant's id, another department's patient). A patient with a
 * current virtual-ward stay is also in the scope of the managing department (issue 18).
 * `forUpdate` locks the row for the rest of the transaction.
 */
export async function patientInScope(
  db: DbOrTx,
  session: Pick<SessionUser, 'tenantId' | 'scope'>,
  patientId: number,
  options: { forUpdate?: boolean } = {},
): Promise<PatientRow> {
  const query = db
    .select()
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, session.tenantId),
        eq(patients.id, patientId),
        isNull(patients.deletedAt),
        patientScopeCondition(session.scope),
      ),
    );
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw recordNotFound();
  return row;
}

/**
 * The scope check of a patient's record (an insulin record, a medication order): 404 for a deleted
 * patient, or when neither the patient's department now nor the record's department at the time lies
 * in the caller's scope, nor a current virtual-ward stay's managing department (issue 18). Answers the patient's department now.
 */
export async function assertRecordInScope(
  db: DbOrTx,
  session: Pick<SessionUser, 'tenantId' | 'scope'>,
  record: { patientId: number; departmentCode: string },
): Promise<string> {
  const [patient] = await db
    .select({
      departmentCode: patients.departmentCode,
      managed: session.scope.all
        ? sql<boolean>`true`
        : sql<boolean>`${virtualWardScopeCondition(session.scope, patients.id)}`,
    })
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, session.tenantId),
        eq(patients.id, record.patientId),
        isNull(patients.deletedAt),
      ),
    );
  if (!patient) throw recordNotFound();
  if (
    !patient.managed &&
    !inScope(session.scope, patient.departmentCode) &&
    !inScope(session.scope, record.departmentCode)
  ) {
    throw recordNotFound();
  }
  return patient.departmentCode;
}

/** Completed years between a birth date (YYYY-MM-DD) and an instant, in the hospital's calendar. */
export function ageAt(dateOfBirth: string, at: Date, timeZone: string): number {
  const [y, m, d] = dateIn(at, timeZone).split('-').map(Number);
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** The patient's age in years at an instant: from the birth date when known, else the age as given. */
export function patientAgeAt(patient: Pick<PatientRow, 'dateOfBirth' | 'age'>, at: Date, timeZone: string) {
  return patient.dateOfBirth ? ageAt(patient.dateOfBirth, at, timeZone) : patient.age;
}
