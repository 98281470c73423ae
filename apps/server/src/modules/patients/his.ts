import type { HisPatientView, ScanView } from '@glucocare/domain/responses';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { hisPatients, patients } from '../../db/schema';
import { AppError } from '../../http/errors';
import { auditActor, writeAudit } from '../audit/service';
import { inScope } from '../departments/service';
import { hospitalTimeZone } from '../settings/time-zone';
import { patientAgeAt } from './access';
import { inpatientViewOf } from './list';
import type { PatientContext } from './service';

type HisRow = typeof hisPatients.$inferSelect;

/** The latest HIS record whose inpatient number or wristband is `code`, whatever its department. */
async function hisRowByCode(ctx: PatientContext, code: string): Promise<HisRow | null> {
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
  return row ?? null;
}

async function hisViewOf(ctx: PatientContext, row: HisRow): Promise<HisPatientView> {
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

/**
 * A patient of the tenant in any department (the caller's scope is applied by resolveCode) whose
 * wristband or inpatient number is `code`, the latest stay first.
 */
async function patientByCode(ctx: PatientContext, code: string, status: 'inHospital' | 'discharged') {
  const [row] = await ctx.db
    .select({ id: patients.id, departmentCode: patients.departmentCode })
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, ctx.session.tenantId),
        eq(patients.status, status),
        isNull(patients.deletedAt),
        or(eq(patients.wristbandCode, code), eq(patients.inpatientNumber, code)),
      ),
    )
    .orderBy(sql`${patients.dischargedAt} desc nulls first`)
    .limit(1);
  return row ?? null;
}

/**
 * Records that a lookup hit a patient outside the caller's departments (the caller learnt only
 * "another ward"): sequential guessing of wristband codes shows up in the audit log.
 */
async function auditOutOfScope(
  ctx: PatientContext,
  code: string,
  via: 'scan' | 'his',
  hit: { patientId: number } | { hisId: number },
) {
  await writeAudit(
    ctx.db,
    {
      ...auditActor(ctx.session),
      action: 'lookup.outOfScope',
      ...('patientId' in hit
        ? ({ entity: 'patient', entityId: hit.patientId, patientId: hit.patientId } as const)
        : ({ entity: 'hisPatient', entityId: hit.hisId, patientId: null } as const)),
      after: { code, via },
    },
    ctx.meta,
  );
}

/**
 * Who a code belongs to, as far as the caller may know it. HIS data (name, ID number, phone, birth
 * date) is what the admitting ward needs to admit, so a not-yet-admitted HIS patient is in scope for
 * the departments HIS sends the patient to — the caller's own departments, or every department for an
 * all-departments scope; a HIS record without a department only for the latter. A patient GlucoCare
 * already keeps in hospital belongs to that ward alone, whatever HIS says (its record can be stale
 * after a transfer); a discharged patient to the ward that discharged them. Everything else is "another ward", audited: enumerating codes then reveals no
 * more than which codes belong to other wards, and leaves a trail.
 */
async function resolveCode(ctx: PatientContext, code: string, via: 'scan' | 'his') {
  const scope = ctx.session.scope;
  const inHospital = await patientByCode(ctx, code, 'inHospital');
  if (inHospital && !inScope(scope, inHospital.departmentCode)) {
    await auditOutOfScope(ctx, code, via, { patientId: inHospital.id });
    return { kind: 'otherWard' as const };
  }
  const [hisRow, discharged] = await Promise.all([
    hisRowByCode(ctx, code),
    inHospital ? null : patientByCode(ctx, code, 'discharged'),
  ]);
  const hisInScope = hisRow && inScope(scope, hisRow.departmentCode) ? hisRow : null;
  const dischargedInScope = discharged && inScope(scope, discharged.departmentCode) ? discharged : null;
  if (!inHospital && !hisInScope && !dischargedInScope && (hisRow || discharged)) {
    const hit = discharged ? { patientId: discharged.id } : { hisId: hisRow!.id };
    await auditOutOfScope(ctx, code, via, hit);
    return { kind: 'otherWard' as const };
  }
  return {
    kind: 'found' as const,
    inHospitalId: inHospital?.id ?? null,
    his: hisInScope,
    dischargedId: dischargedInScope?.id ?? null,
  };
}

/**
 * GET /v1/hisTestPatients/getHospitalizedPatient: the HIS record of a code; 404 when HIS has none,
 * 403 `{ reason: 'otherWard' }` when the code is another ward's patient (see resolveCode).
 */
export async function hisLookup(ctx: PatientContext, code: string): Promise<HisPatientView> {
  const found = await resolveCode(ctx, code, 'his');
  if (found.kind === 'otherWard') {
    throw new AppError(403, 'patients.lookup.otherWard', undefined, { reason: 'otherWard' });
  }
  if (!found.his) throw new AppError(404, 'patients.his.notFound');
  return hisViewOf(ctx, found.his);
}

/**
 * GET /v1/patients/scan: what a barcode scanner typed. An in-hospital patient of the caller's
 * departments → `patient` (the web opens the detail); else the HIS record due on the caller's
 * departments → `his` (the web opens the admission form prefilled), with a discharged patient of the
 * caller's departments with the same code when there is one (the web offers the readmission); another
 * ward's patient → `otherWard` only; else all empty. Other tenants' codes are unknown.
 */
export async function scanCode(ctx: PatientContext, code: string): Promise<ScanView> {
  const empty = { patient: null, his: null, dischargedPatient: null, otherWard: false };
  const found = await resolveCode(ctx, code, 'scan');
  if (found.kind === 'otherWard') return { ...empty, otherWard: true };
  if (found.inHospitalId) {
    const patient = await inpatientViewOf(ctx.db, ctx.session, found.inHospitalId, ctx.lang, ctx.now);
    if (patient) return { ...empty, patient };
  }
  const [his, dischargedPatient] = await Promise.all([
    found.his ? hisViewOf(ctx, found.his) : null,
    found.dischargedId ? inpatientViewOf(ctx.db, ctx.session, found.dischargedId, ctx.lang, ctx.now) : null,
  ]);
  return { ...empty, his, dischargedPatient };
}
