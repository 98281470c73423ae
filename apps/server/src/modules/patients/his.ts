import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { hisPatients, patients } from '../../db/schema';
import { AppError } from '../../http/errors';
import { hospitalTimeZone } from '../settings/time-zone';
import { departmentScopeCondition, patientAgeAt } from './access';
import { inpatientView, inpatientViewOf } from './list';
import type { PatientContext } from './service';

/** A HIS record as the admission form takes it (names of the patient form, spec §3 Patient). */
export const hisPatientView = z.object({
  name: z.string(),
  gender: z.string(),
  dateOfBirth: z.string().nullable(),
  age: z.number().nullable(),
  idCard: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  inpatientNumber: z.string(),
  wristbandCode: z.string().nullable(),
  departmentCode: z.string().nullable(),
  bed: z.string().nullable(),
  doctorCode: z.string().nullable(),
  admittedAt: z.string().nullable(),
});
export type HisPatientView = z.infer<typeof hisPatientView>;

export const scanView = z.object({
  /** an in-hospital patient of the caller's departments wearing / holding the code */
  patient: inpatientView.nullable(),
  /** else the HIS record of the code, to admit */
  his: hisPatientView.nullable(),
  /** a discharged patient of the caller's departments with the code (to offer a readmission) */
  dischargedPatient: inpatientView.nullable(),
});

/** The HIS record whose inpatient number or wristband is `code`, or null. */
export async function findHisPatient(ctx: PatientContext, code: string): Promise<HisPatientView | null> {
  const [row] = await ctx.db
    .select()
    .from(hisPatients)
    .where(
      and(
        eq(hisPatients.tenantId, ctx.session.tenantId),
        or(eq(hisPatients.inpatientNumber, code), eq(hisPatients.wristbandCode, code)),
      ),
    )
    .orderBy(desc(hisPatients.receivedAt))
    .limit(1);
  if (!row) return null;
  const timeZone = await hospitalTimeZone(ctx.db, ctx.session);
  return {
    name: row.name,
    gender: row.gender,
    dateOfBirth: row.dateOfBirth,
    age: row.dateOfBirth
      ? patientAgeAt({ dateOfBirth: row.dateOfBirth, age: null }, ctx.now, timeZone)
      : null,
    idCard: row.idCard,
    mobilePhone: row.mobilePhone,
    inpatientNumber: row.inpatientNumber,
    wristbandCode: row.wristbandCode,
    departmentCode: row.departmentCode,
    bed: row.bed,
    doctorCode: row.doctorCode,
    admittedAt: row.admittedAt?.toISOString() ?? null,
  };
}

/** GET /v1/hisTestPatients/getHospitalizedPatient: the HIS record of a code; 404 when HIS has none. */
export async function hisLookup(ctx: PatientContext, code: string): Promise<HisPatientView> {
  const found = await findHisPatient(ctx, code);
  if (!found) throw new AppError(404, 'patients.his.notFound');
  return found;
}

/** The id of a patient of the caller's departments in `status` whose wristband or inpatient number is `code`. */
async function patientIdByCode(ctx: PatientContext, code: string, status: 'inHospital' | 'discharged') {
  const [row] = await ctx.db
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, ctx.session.tenantId),
        eq(patients.status, status),
        isNull(patients.deletedAt),
        or(eq(patients.wristbandCode, code), eq(patients.inpatientNumber, code)),
        departmentScopeCondition(ctx.session.scope, patients.departmentCode),
      ),
    )
    .orderBy(sql`${patients.dischargedAt} desc nulls first`)
    .limit(1);
  return row?.id ?? null;
}

/**
 * GET /v1/patients/scan: what a barcode scanner typed. An in-hospital patient of the caller's
 * departments → `patient` (the web opens the detail); else the HIS record → `his` (the web opens the
 * admission form prefilled), with a discharged patient of the same code when there is one (the web
 * offers the readmission); else all null. Patients of other departments or tenants are not found.
 */
export async function scanCode(ctx: PatientContext, code: string) {
  const inHospital = await patientIdByCode(ctx, code, 'inHospital');
  if (inHospital) {
    const patient = await inpatientViewOf(ctx.db, ctx.session, inHospital, ctx.lang, ctx.now);
    if (patient) return { patient, his: null, dischargedPatient: null };
  }
  const [his, discharged] = await Promise.all([
    findHisPatient(ctx, code),
    patientIdByCode(ctx, code, 'discharged'),
  ]);
  const dischargedPatient = discharged
    ? await inpatientViewOf(ctx.db, ctx.session, discharged, ctx.lang, ctx.now)
    : null;
  return { patient: null, his, dischargedPatient };
}
