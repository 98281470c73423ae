import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patients } from '../../db/schema';
import { recordNotFound } from '../../http/errors';
import { departmentScopeCondition } from '../../lib/scope';
import type { SessionUser } from '../auth/sessions';
import { inScope } from '../departments/service';
import { dateIn } from '../settings/time-zone';

export type PatientRow = typeof patients.$inferSelect;

/**
 * A patient of the caller's tenant and department scope, not deleted; anything else answers 404
 * exactly as a missing id does (another tenant's id, another department's patient).
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
        departmentScopeCondition(session.scope, patients.departmentCode),
      ),
    );
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw recordNotFound();
  return row;
}

/**
 * The scope check of a patient's record (an insulin record, a medication order): 404 for a deleted
 * patient, or when neither the patient's department now nor the record's department at the time lies
 * in the caller's scope. Answers the patient's department now.
 */
export async function assertRecordInScope(
  db: DbOrTx,
  session: Pick<SessionUser, 'tenantId' | 'scope'>,
  record: { patientId: number; departmentCode: string },
): Promise<string> {
  const [patient] = await db
    .select({ departmentCode: patients.departmentCode })
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, session.tenantId),
        eq(patients.id, record.patientId),
        isNull(patients.deletedAt),
      ),
    );
  if (!patient) throw recordNotFound();
  if (!inScope(session.scope, patient.departmentCode) && !inScope(session.scope, record.departmentCode)) {
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
