import {
  type AdmissionInput,
  type DischargeInput,
  type Lang,
  type MessageKey,
  type PatientUpdateInput,
  type ReadmissionInput,
  type TransferInput,
  translate,
  wallClockAt,
} from '@glucocare/domain';
import type { InpatientView } from '@glucocare/domain/responses';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import {
  criticalEvents,
  departments,
  measurements,
  patientAdmissions,
  patients,
  patientTransfers,
} from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { updateVersioned } from '../../lib/versioned';
import { claimAppointment } from '../appointments/service';
import { auditActor as actor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { inScope } from '../departments/service';
import { publishLive } from '../live/publish';
import { hospitalTimeZone } from '../settings/time-zone';
import { listTags } from '../tags/service';
import { doctors } from '../users/staff-service';
import { type PatientRow, patientInScope } from './access';
import { inpatientViewOf } from './list';

/** What every patient service needs: the database, who asks, in which language, when, from where. */
export interface PatientContext {
  db: Database;
  session: SessionUser;
  lang: Lang;
  now: Date;
  meta: RequestMeta;
}

/** A refusal that belongs to one form field: the message, and the same as a field problem for forms. */
export function fieldError(
  ctx: Pick<PatientContext, 'lang'>,
  status: number,
  field: string,
  key: MessageKey,
  params?: Record<string, string | number>,
): AppError {
  return new AppError(status, key, params, {
    errors: [{ field, message: translate(ctx.lang, key, params) }],
  });
}

/** '' and null both mean "none" in optional text. */
export const textOrNull = (value: string | null | undefined) => (value ? value : null);

/** The name of the unique index a statement violated, or null for any other failure. */
export function violatedUniqueIndex(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The patient (not deleted) holding an inpatient number or an in-hospital wristband, for a 409's message. */
async function holderOf(
  db: DbOrTx,
  tenantId: string,
  column: 'inpatientNumber' | 'wristbandCode',
  value: string,
) {
  const [row] = await db
    .select({ id: patients.id, name: patients.name, departmentCode: patients.departmentCode })
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, tenantId),
        eq(patients[column], value),
        isNull(patients.deletedAt),
        column === 'wristbandCode' ? eq(patients.status, 'inHospital') : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * A taken number of another ward's patient says only that (no name), and is audited like a scan of
 * that code (his.ts): trying numbers at admission must not name other wards' patients either.
 */
async function auditOtherWardHolder(ctx: PatientContext, code: string, patientId: number) {
  await writeAudit(
    ctx.db,
    {
      ...actor(ctx.session),
      action: 'lookup.outOfScope',
      entity: 'patient',
      entityId: patientId,
      patientId,
      after: { code, via: 'identity' },
    },
    ctx.meta,
  );
}

/**
 * Runs a write that may hit the unique inpatient-number or in-hospital-wristband index and turns such a
 * violation into a 409 naming the patient who holds the number ("Inpatient number ZY1 already
 * belongs to Wang Fang"). The index decides, so two simultaneous admissions cannot both win.
 */
async function withIdentityCheck<T>(
  ctx: PatientContext,
  identity: { inpatientNumber?: string | null; wristbandCode?: string | null },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const index = violatedUniqueIndex(error);
    if (index === 'patients_inpatient_number_uq' && identity.inpatientNumber) {
      const number = identity.inpatientNumber;
      const holder = await holderOf(ctx.db, ctx.session.tenantId, 'inpatientNumber', number);
      if (holder && !inScope(ctx.session.scope, holder.departmentCode)) {
        await auditOtherWardHolder(ctx, number, holder.id);
        throw fieldError(ctx, 409, 'inpatientNumber', 'patients.inpatientNumber.takenOtherWard', { number });
      }
      throw fieldError(ctx, 409, 'inpatientNumber', 'patients.inpatientNumber.taken', {
        number,
        name: holder?.name ?? '?',
      });
    }
    if (index === 'patients_wristband_uq' && identity.wristbandCode) {
      const code = identity.wristbandCode;
      const holder = await holderOf(ctx.db, ctx.session.tenantId, 'wristbandCode', code);
      if (holder && !inScope(ctx.session.scope, holder.departmentCode)) {
        await auditOtherWardHolder(ctx, code, holder.id);
        throw fieldError(ctx, 409, 'wristbandCode', 'patients.wristband.takenOtherWard', { code });
      }
      throw fieldError(ctx, 409, 'wristbandCode', 'patients.wristband.taken', {
        code,
        name: holder?.name ?? '?',
      });
    }
    throw error;
  }
}

/**
 * A department patients can be placed in: it exists and is enabled; with `inScope`, it is also one of
 * the caller's departments (admission and readmission; a transfer may move a patient out of them).
 */
export async function checkDepartment(
  ctx: PatientContext,
  db: DbOrTx,
  code: string,
  field: string,
  options: { inScope: boolean },
) {
  const [row] = await db
    .select({ code: departments.code, isActive: departments.isActive })
    .from(departments)
    .where(and(eq(departments.tenantId, ctx.session.tenantId), eq(departments.code, code)));
  if (!row?.isActive) throw fieldError(ctx, 400, field, 'patients.department.unavailable', { code });
  const { scope } = ctx.session;
  if (options.inScope && !scope.all && !scope.departments.includes(code)) {
    throw fieldError(ctx, 400, field, 'patients.department.outOfScope', { code });
  }
}

/**
 * GET /v1/patients/doctors: the active doctors of the tenant (the `/v1/doctors` list, tenant-wide: a
 * transfer may hand a patient to another department's doctor), optionally of one department.
 */
export function responsibleDoctors(ctx: PatientContext, departmentCode?: string) {
  return doctors(ctx.db, { ...ctx.session, scope: { all: true } }, departmentCode || undefined, ctx.lang);
}

/** The user name of an active doctor of the tenant, spelled as stored; 400 otherwise. */
export async function checkDoctor(ctx: PatientContext, code: string, field: string): Promise<string> {
  const all = await responsibleDoctors(ctx);
  const found = all.find((doctor) => doctor.userName.toLowerCase() === code.toLowerCase());
  if (!found) throw fieldError(ctx, 400, field, 'patients.doctor.unavailable', { code });
  return found.userName;
}

/**
 * A bed holds one patient: another in-hospital patient of the department on `bed` (compared without
 * case and surrounding spaces) refuses the admission or transfer. Checked in the writing transaction
 * under a transaction-scoped advisory lock of the department's beds, so two nurses placing patients
 * on the same bed at the same moment cannot both succeed.
 */
async function checkBedFree(
  ctx: PatientContext,
  db: DbOrTx,
  departmentCode: string,
  bed: string | null,
  field: string,
  selfId?: number,
) {
  if (!bed) return;
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`beds:${ctx.session.tenantId}:${departmentCode}`}))`,
  );
  const [holder] = await db
    .select({ id: patients.id, name: patients.name })
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, ctx.session.tenantId),
        eq(patients.status, 'inHospital'),
        isNull(patients.deletedAt),
        eq(patients.departmentCode, departmentCode),
        sql`lower(trim(${patients.bed})) = lower(${bed.trim()})`,
        selfId ? sql`${patients.id} <> ${selfId}` : undefined,
      ),
    )
    .limit(1);
  if (!holder) return;
  // a transfer may target a department outside the caller's: its patients stay unnamed
  if (!inScope(ctx.session.scope, departmentCode))
    throw fieldError(ctx, 409, field, 'patients.bed.takenOtherWard', { bed });
  throw fieldError(ctx, 409, field, 'patients.bed.taken', { bed, name: holder.name });
}

/** Tags must be offered by the settings; tags the patient already carries may stay when an option is gone. */
async function checkTags(ctx: PatientContext, tags: readonly string[], kept: readonly string[] = []) {
  if (!tags.length) return;
  const offered = new Set(
    (await listTags(ctx.db, ctx.session.tenantId, ctx.lang)).map((option) => option.tag),
  );
  tags.forEach((tag, index) => {
    if (!offered.has(tag) && !kept.includes(tag)) {
      throw fieldError(ctx, 400, `tags.${index}`, 'patients.tags.unknown', { tag });
    }
  });
}

/** The patient's state as audit rows keep it. */
export function auditView(row: PatientRow) {
  return {
    name: row.name,
    gender: row.gender,
    dateOfBirth: row.dateOfBirth,
    age: row.age,
    idCard: row.idCard,
    mobilePhone: row.mobilePhone,
    email: row.email,
    contact: row.contact,
    heightCm: row.heightCm,
    weightKg: row.weightKg,
    tags: row.tags,
    status: row.status,
    inpatientNumber: row.inpatientNumber,
    outpatientNumber: row.outpatientNumber,
    wristbandCode: row.wristbandCode,
    appointmentCode: row.appointmentCode,
    departmentCode: row.departmentCode,
    bed: row.bed,
    doctorCode: row.doctorCode,
    admittedAt: row.admittedAt.toISOString(),
    dischargedAt: row.dischargedAt?.toISOString() ?? null,
    admissionId: row.admissionId,
    version: row.version,
  };
}

/** The department of an audited patient state, when it names one. */
const departmentOf = (state: unknown): string[] => {
  const code = (state as { departmentCode?: unknown } | undefined)?.departmentCode;
  return typeof code === 'string' ? [code] : [];
};

/**
 * Writes the audit row of a change of a patient, and announces it on the push channel to the wards it
 * left and entered (bed cards and dashboards reload), in the transaction that makes it.
 */
export async function auditPatient(
  ctx: PatientContext,
  tx: DbOrTx,
  action: string,
  patientId: number,
  change: { before?: unknown; after?: unknown; reason?: string },
) {
  await writeAudit(
    tx,
    { ...actor(ctx.session), action, entity: 'patient', entityId: patientId, patientId, ...change },
    ctx.meta,
  );
  const departments = [...new Set([...departmentOf(change.before), ...departmentOf(change.after)])];
  await publishLive(
    tx,
    ctx.session.tenantId,
    departments.map((departmentCode) => ({ topic: 'patients' as const, departmentCode, patientId })),
  );
}

/** The current stay (patient_admissions) follows a change of the patient row. */
async function updateCurrentStay(
  tx: DbOrTx,
  row: PatientRow,
  values: Partial<typeof patientAdmissions.$inferInsert>,
): Promise<void> {
  if (!row.admissionId) return;
  await tx
    .update(patientAdmissions)
    .set(values)
    .where(and(eq(patientAdmissions.tenantId, row.tenantId), eq(patientAdmissions.id, row.admissionId)));
}

/** The patient as the list shows it, after a change (the caller may have moved it out of their scope). */
async function viewAfter(ctx: PatientContext, id: number): Promise<InpatientView | null> {
  return inpatientViewOf(ctx.db, ctx.session, id, ctx.lang, ctx.now);
}

/** Fields of the patient form shared by admission and edit. */
function basicValues(input: AdmissionInput | PatientUpdateInput) {
  return {
    name: input.name,
    gender: input.gender,
    dateOfBirth: input.dateOfBirth,
    age: input.age,
    idCard: textOrNull(input.idCard),
    mobilePhone: textOrNull(input.mobilePhone),
    email: textOrNull(input.email),
    contact: textOrNull(input.contact),
    heightCm: input.heightCm ?? null,
    weightKg: input.weightKg ?? null,
    inpatientNumber: textOrNull(input.inpatientNumber),
    wristbandCode: textOrNull(input.wristbandCode),
    appointmentCode: textOrNull(input.appointmentCode),
  };
}

/** POST /v1/patients/applyHospitalization: admits a patient (patient row, first stay, audit). */
export async function admitPatient(ctx: PatientContext, input: AdmissionInput) {
  const { session } = ctx;
  const admittedAt = input.admittedAt ? new Date(input.admittedAt) : ctx.now;
  await checkDepartment(ctx, ctx.db, input.departmentCode, 'departmentCode', { inScope: true });
  const doctorCode = await checkDoctor(ctx, input.doctorCode, 'doctorCode');
  const tags = input.tags ?? [];
  await checkTags(ctx, tags);
  const values = basicValues(input);
  const id = await withIdentityCheck(ctx, values, () =>
    ctx.db.transaction(async (tx) => {
      await checkBedFree(ctx, tx, input.departmentCode, textOrNull(input.bed), 'bed');
      const [row] = await tx
        .insert(patients)
        .values({
          tenantId: session.tenantId,
          ...values,
          tags,
          status: 'inHospital',
          departmentCode: input.departmentCode,
          bed: textOrNull(input.bed),
          doctorCode,
          admittedAt,
          createdBy: session.userId,
        })
        .returning();
      const [stay] = await tx
        .insert(patientAdmissions)
        .values({
          tenantId: session.tenantId,
          patientId: row!.id,
          inpatientNumber: row!.inpatientNumber,
          wristbandCode: row!.wristbandCode,
          departmentCode: row!.departmentCode,
          bed: row!.bed,
          doctorCode,
          admittedAt,
          admittedBy: session.userId,
        })
        .returning({ id: patientAdmissions.id });
      const [admitted] = await tx
        .update(patients)
        .set({ admissionId: stay!.id })
        .where(and(eq(patients.tenantId, session.tenantId), eq(patients.id, row!.id)))
        .returning();
      // issue 18: an appointment code the hospital issued is used up by this admission
      await claimAppointment(tx, session, values.appointmentCode, row!.id, ctx.now, ctx.lang);
      await auditPatient(ctx, tx, 'admit', row!.id, { after: auditView(admitted!) });
      return row!.id;
    }),
  );
  return viewAfter(ctx, id);
}

/** PUT /v1/patients: basic information, height, weight and tags (department, bed, doctor: transfer). */
export async function updatePatient(ctx: PatientContext, input: PatientUpdateInput) {
  const { session } = ctx;
  const values = basicValues(input);
  await withIdentityCheck(ctx, values, () =>
    ctx.db.transaction(async (tx) => {
      const current = await patientInScope(tx, session, input.id, { forUpdate: true });
      if (current.version !== input.version) throw new AppError(409, 'error.conflict');
      const tags = input.tags ?? current.tags;
      await checkTags(ctx, tags, current.tags);
      const row = await updateVersioned(
        tx,
        patients,
        { tenantId: session.tenantId, id: input.id },
        input.version,
        {
          ...values,
          tags,
        },
      );
      // the current stay carries the corrected identifiers too
      await updateCurrentStay(tx, row, {
        inpatientNumber: row.inpatientNumber,
        wristbandCode: row.wristbandCode,
      });
      await auditPatient(ctx, tx, 'update', row.id, { before: auditView(current), after: auditView(row) });
    }),
  );
  return viewAfter(ctx, input.id);
}

/**
 * DELETE /v1/patients/{id}: a patient admitted by mistake leaves every list; refused once measured.
 * Patients are not a `defineResource` declaration: every patient write locks the row, runs in the
 * request's clinical context (its clock, the patient id on the audit row) and derives views from
 * other tables; the version check is the same `updateVersioned`.
 */
export async function deletePatient(
  ctx: PatientContext,
  { id, version, reason }: { id: number; version: number; reason: string },
) {
  const { session } = ctx;
  await ctx.db.transaction(async (tx) => {
    const current = await patientInScope(tx, session, id, { forUpdate: true });
    const [{ n }] = await tx
      .select({ n: count() })
      .from(measurements)
      .where(
        and(
          eq(measurements.tenantId, session.tenantId),
          eq(measurements.patientId, id),
          isNull(measurements.deletedAt),
        ),
      );
    if (n > 0) throw new AppError(409, 'patients.delete.hasReadings', { count: n });
    const row = await updateVersioned(tx, patients, { tenantId: session.tenantId, id }, version, {
      deletedAt: ctx.now,
      deletedBy: session.userId,
      deleteReason: reason,
    });
    await auditPatient(ctx, tx, 'delete', id, {
      before: auditView(current),
      after: { deletedAt: row.deletedAt?.toISOString(), version: row.version },
      reason,
    });
  });
}

/**
 * Issue 15: a patient with a critical value not handled yet leaves or moves only with a reason (409 on
 * `openCriticalReason`, naming how many, so the form can ask for it); answers the reason to audit.
 */
async function openCriticalReason(
  ctx: PatientContext,
  tx: DbOrTx,
  patientId: number,
  reason: string | null | undefined,
): Promise<string | undefined> {
  const [row] = await tx
    .select({ open: count() })
    .from(criticalEvents)
    .where(
      and(
        eq(criticalEvents.tenantId, ctx.session.tenantId),
        eq(criticalEvents.patientId, patientId),
        eq(criticalEvents.status, 'open'),
      ),
    );
  const open = Number(row?.open ?? 0);
  if (!open) return undefined;
  if (!reason?.trim()) {
    throw fieldError(ctx, 409, 'openCriticalReason', 'patients.openCritical.reasonRequired', { count: open });
  }
  return reason.trim();
}

/** The time of an instant as messages show it: the hospital's wall clock, as every screen shows it. */
async function shownTime(ctx: PatientContext, tx: DbOrTx, at: Date): Promise<string> {
  return wallClockAt(at, await hospitalTimeZone(tx, ctx.session)).slice(0, 16);
}

/**
 * POST /v1/patients/transfer: moves an in-hospital patient of the caller's departments to another
 * department, bed or doctor (any enabled department: the patient may leave the caller's scope). The
 * history row keeps where from and where to; the patient and the current stay follow.
 */
export async function transferPatient(ctx: PatientContext, input: TransferInput) {
  const { session } = ctx;
  const toBed = textOrNull(input.toBed);
  const startTime = new Date(input.startTime);
  await ctx.db.transaction(async (tx) => {
    const current = await patientInScope(tx, session, input.patientId, { forUpdate: true });
    if (current.version !== input.version) throw new AppError(409, 'error.conflict');
    if (current.status !== 'inHospital') throw new AppError(409, 'patients.transfer.notInHospital');
    await checkDepartment(ctx, tx, input.toDepartmentCode, 'toDepartmentCode', { inScope: false });
    const toDoctorCode = await checkDoctor(ctx, input.toDoctorCode, 'toDoctorCode');
    const unchanged =
      current.departmentCode === input.toDepartmentCode &&
      (current.bed ?? null) === toBed &&
      (current.doctorCode ?? '').toLowerCase() === toDoctorCode.toLowerCase();
    if (unchanged) throw fieldError(ctx, 400, 'toBed', 'patients.transfer.noChange');
    if (startTime < current.admittedAt) {
      throw fieldError(ctx, 400, 'startTime', 'patients.transfer.beforeAdmission', {
        time: await shownTime(ctx, tx, current.admittedAt),
      });
    }
    await checkBedFree(ctx, tx, input.toDepartmentCode, toBed, 'toBed', current.id);
    const criticalReason = await openCriticalReason(ctx, tx, current.id, input.openCriticalReason);
    const [transfer] = await tx
      .insert(patientTransfers)
      .values({
        tenantId: session.tenantId,
        patientId: current.id,
        admissionId: current.admissionId,
        fromDepartmentCode: current.departmentCode,
        toDepartmentCode: input.toDepartmentCode,
        fromBed: current.bed,
        toBed,
        fromDoctorCode: current.doctorCode,
        toDoctorCode,
        reason: input.reason,
        startTime,
        endTime: input.endTime ? new Date(input.endTime) : null,
        createdBy: session.userId,
      })
      .returning();
    const row = await updateVersioned(
      tx,
      patients,
      { tenantId: session.tenantId, id: current.id },
      input.version,
      { departmentCode: input.toDepartmentCode, bed: toBed, doctorCode: toDoctorCode },
    );
    await updateCurrentStay(tx, row, {
      departmentCode: row.departmentCode,
      bed: row.bed,
      doctorCode: row.doctorCode,
    });
    await auditPatient(ctx, tx, 'transfer', row.id, {
      before: auditView(current),
      after: {
        ...auditView(row),
        transferId: transfer!.id,
        ...(criticalReason ? { openCriticalReason: criticalReason } : {}),
      },
      reason: input.reason,
    });
  });
  return viewAfter(ctx, input.patientId);
}

/**
 * POST /v1/patients/discharge: the patient leaves the wards (kept, with the stay closed). Every
 * refusal reads "Discharge failure: <reason>" (spec §8 "Discharge failure").
 */
export async function dischargePatient(ctx: PatientContext, input: DischargeInput) {
  const { session } = ctx;
  const dischargedAt = input.dischargedAt ? new Date(input.dischargedAt) : ctx.now;
  try {
    await ctx.db.transaction(async (tx) => {
      const current = await patientInScope(tx, session, input.patientId, { forUpdate: true });
      if (current.version !== input.version) throw new AppError(409, 'error.conflict');
      if (current.status !== 'inHospital') throw new AppError(409, 'patients.discharge.notInHospital');
      if (dischargedAt < current.admittedAt) {
        throw new AppError(400, 'patients.discharge.beforeAdmission', {
          time: await shownTime(ctx, tx, current.admittedAt),
        });
      }
      const criticalReason = await openCriticalReason(ctx, tx, current.id, input.openCriticalReason);
      const row = await updateVersioned(
        tx,
        patients,
        { tenantId: session.tenantId, id: current.id },
        input.version,
        { status: 'discharged', dischargedAt },
      );
      await updateCurrentStay(tx, row, { dischargedAt, dischargedBy: session.userId });
      await auditPatient(ctx, tx, 'discharge', row.id, {
        before: auditView(current),
        after: auditView(row),
        ...(criticalReason ? { reason: criticalReason } : {}),
      });
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const reason = translate(ctx.lang, error.messageKey, error.params);
    throw new AppError(error.statusCode, 'patients.discharge.failed', { reason }, error.dataContent);
  }
  return viewAfter(ctx, input.patientId);
}

/**
 * A discharge the HIS cancelled (HL7 ADT^A13): the patient is in hospital again in the same stay,
 * bed permitting; audited as `cancelDischarge` with the reason.
 */
export async function cancelDischarge(ctx: PatientContext, patientId: number, reason: string) {
  const { session } = ctx;
  await ctx.db.transaction(async (tx) => {
    const current = await patientInScope(tx, session, patientId, { forUpdate: true });
    if (current.status !== 'discharged') throw new AppError(409, 'patients.readmit.notDischarged');
    await checkBedFree(ctx, tx, current.departmentCode, current.bed, 'bed', current.id);
    const row = await updateVersioned(
      tx,
      patients,
      { tenantId: session.tenantId, id: current.id },
      current.version,
      { status: 'inHospital', dischargedAt: null },
    );
    await updateCurrentStay(tx, row, { dischargedAt: null, dischargedBy: null });
    await auditPatient(ctx, tx, 'cancelDischarge', row.id, {
      before: auditView(current),
      after: auditView(row),
      reason,
    });
  });
}

/**
 * POST /v1/patients/reApplyHospitalization/{id}: a discharged patient of the caller's departments
 * comes back: a new stay (after the last discharge) in one of the caller's departments; earlier stays
 * stay in the history.
 */
export async function readmitPatient(ctx: PatientContext, id: number, input: ReadmissionInput) {
  const { session } = ctx;
  const admittedAt = new Date(input.admittedAt);
  const identity = {
    inpatientNumber: textOrNull(input.inpatientNumber),
    wristbandCode: textOrNull(input.wristbandCode),
  };
  await withIdentityCheck(ctx, identity, async () => {
    await ctx.db.transaction(async (tx) => {
      const current = await patientInScope(tx, session, id, { forUpdate: true });
      if (current.version !== input.version) throw new AppError(409, 'error.conflict');
      // issue 18: an outpatient is admitted the same way (a new stay; the outpatient number stays)
      if (current.status !== 'discharged' && current.status !== 'outpatient') {
        throw new AppError(409, 'patients.readmit.notDischarged');
      }
      await checkDepartment(ctx, tx, input.departmentCode, 'departmentCode', { inScope: true });
      const doctorCode = await checkDoctor(ctx, input.doctorCode, 'doctorCode');
      if (current.dischargedAt && admittedAt <= current.dischargedAt) {
        throw fieldError(ctx, 400, 'admittedAt', 'patients.readmit.beforeDischarge', {
          time: await shownTime(ctx, tx, current.dischargedAt),
        });
      }
      await checkBedFree(ctx, tx, input.departmentCode, textOrNull(input.bed), 'bed', id);
      const inpatientNumber = identity.inpatientNumber ?? current.inpatientNumber;
      const wristbandCode = identity.wristbandCode ?? current.wristbandCode;
      // the kept identifiers are the ones a clash would name
      identity.inpatientNumber = inpatientNumber;
      identity.wristbandCode = wristbandCode;
      const [stay] = await tx
        .insert(patientAdmissions)
        .values({
          tenantId: session.tenantId,
          patientId: id,
          inpatientNumber,
          wristbandCode,
          departmentCode: input.departmentCode,
          bed: textOrNull(input.bed),
          doctorCode,
          admittedAt,
          admittedBy: session.userId,
        })
        .returning({ id: patientAdmissions.id });
      const row = await updateVersioned(tx, patients, { tenantId: session.tenantId, id }, input.version, {
        status: 'inHospital',
        departmentCode: input.departmentCode,
        bed: textOrNull(input.bed),
        doctorCode,
        admittedAt,
        dischargedAt: null,
        admissionId: stay!.id,
        inpatientNumber,
        wristbandCode,
      });
      const action = current.status === 'outpatient' ? 'admitOutpatient' : 'readmit';
      await auditPatient(ctx, tx, action, id, { before: auditView(current), after: auditView(row) });
    });
  });
  return viewAfter(ctx, id);
}

/** A department code → name map in the request language (history rows name departments). */
async function departmentNames(ctx: PatientContext): Promise<Map<string, string>> {
  const rows = await ctx.db
    .select({ code: departments.code, name: departments.name, nameEn: departments.nameEn })
    .from(departments)
    .where(eq(departments.tenantId, ctx.session.tenantId));
  return new Map(rows.map((r) => [r.code, ctx.lang === 'en-US' ? (r.nameEn ?? r.name) : r.name]));
}

/** Doctor user name → display name, for history rows (doctors who left keep their user name). */
async function doctorNames(ctx: PatientContext): Promise<Map<string, string>> {
  const rows = await ctx.db.execute<{ user_name: string; nick_name: string }>(
    sql`select user_name, nick_name from users where tenant_id = ${ctx.session.tenantId}`,
  );
  return new Map(rows.rows.map((r) => [r.user_name.toLowerCase(), r.nick_name]));
}

/** GET /v1/patients/transfers: the patient's moves, newest first, with names in the request language. */
export async function transferHistory(ctx: PatientContext, patientId: number) {
  await patientInScope(ctx.db, ctx.session, patientId);
  return transfersOf(ctx, patientId);
}

async function transfersOf(ctx: PatientContext, patientId: number) {
  const [rows, depts, docs] = await Promise.all([
    ctx.db
      .select()
      .from(patientTransfers)
      .where(
        and(eq(patientTransfers.tenantId, ctx.session.tenantId), eq(patientTransfers.patientId, patientId)),
      )
      .orderBy(sql`${patientTransfers.startTime} desc, ${patientTransfers.id} desc`),
    departmentNames(ctx),
    doctorNames(ctx),
  ]);
  const doctor = (code: string | null) => (code ? (docs.get(code.toLowerCase()) ?? code) : null);
  return rows.map((row) => ({
    id: row.id,
    admissionId: row.admissionId,
    fromDepartmentCode: row.fromDepartmentCode,
    fromDepartmentName: depts.get(row.fromDepartmentCode) ?? row.fromDepartmentCode,
    toDepartmentCode: row.toDepartmentCode,
    toDepartmentName: depts.get(row.toDepartmentCode) ?? row.toDepartmentCode,
    fromBed: row.fromBed,
    toBed: row.toBed,
    fromDoctorCode: row.fromDoctorCode,
    fromDoctorName: doctor(row.fromDoctorCode),
    toDoctorCode: row.toDoctorCode,
    toDoctorName: doctor(row.toDoctorCode),
    reason: row.reason,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** GET /v1/patients/hospitalizedPatient: one patient with the personal fields, every stay and every move. */
export async function patientDetail(ctx: PatientContext, patientId: number) {
  const row = await patientInScope(ctx.db, ctx.session, patientId);
  const view = await viewAfter(ctx, patientId);
  if (!view) throw recordNotFound();
  const [stays, transfers, depts, docs] = await Promise.all([
    ctx.db
      .select()
      .from(patientAdmissions)
      .where(
        and(eq(patientAdmissions.tenantId, ctx.session.tenantId), eq(patientAdmissions.patientId, patientId)),
      )
      .orderBy(sql`${patientAdmissions.admittedAt} desc, ${patientAdmissions.id} desc`),
    transfersOf(ctx, patientId),
    departmentNames(ctx),
    doctorNames(ctx),
  ]);
  return {
    ...view,
    idCard: row.idCard,
    mobilePhone: row.mobilePhone,
    email: row.email,
    contact: row.contact,
    dateOfBirth: row.dateOfBirth,
    admissions: stays.map((stay) => ({
      id: stay.id,
      inpatientNumber: stay.inpatientNumber,
      wristbandCode: stay.wristbandCode,
      departmentCode: stay.departmentCode,
      departmentName: depts.get(stay.departmentCode) ?? stay.departmentCode,
      bed: stay.bed,
      doctorCode: stay.doctorCode,
      doctorName: stay.doctorCode ? (docs.get(stay.doctorCode.toLowerCase()) ?? stay.doctorCode) : null,
      admittedAt: stay.admittedAt.toISOString(),
      dischargedAt: stay.dischargedAt?.toISOString() ?? null,
      current: stay.id === row.admissionId,
    })),
    transfers,
  };
}
