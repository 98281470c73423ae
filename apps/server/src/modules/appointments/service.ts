/**
 * Pre-admission appointments (issue 18, `/appointment`): a patient or a clinic desk registers the
 * patient's details without a session and gets only a short code; the ward looks the code up to prefill
 * the admission form, and the admission marks the appointment used in its own transaction.
 */
import { randomBytes } from 'node:crypto';
import {
  type AppointmentDetails,
  type AppointmentRequest,
  appointmentCodeFrom,
  appointmentExpiresAt,
  appointmentState,
  type Lang,
  translate,
} from '@glucocare/domain';
import type { AppointmentOptionsView, AppointmentView } from '@glucocare/domain/responses';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { appointments, departments, tenants } from '../../db/schema';
import { AppError } from '../../http/errors';
import { type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';

type AppointmentRow = typeof appointments.$inferSelect;

/** A 400/404/410 naming one field, in the request language. */
function fieldError(lang: Lang, status: number, field: string, key: Parameters<typeof translate>[1]) {
  return new AppError(status, key, undefined, { errors: [{ field, message: translate(lang, key) }] });
}

/** The active tenant whose organisation code (the sign-in tenant) is `code`, or a 400 on `tenant`. */
async function tenantOf(db: DbOrTx, code: string, lang: Lang) {
  const [row] = await db
    .select({ id: tenants.id, nameEn: tenants.nameEn, nameZh: tenants.nameZh })
    .from(tenants)
    .where(and(eq(tenants.organizationCode, code.trim()), eq(tenants.isActive, true)));
  if (!row) throw fieldError(lang, 400, 'tenant', 'appointments.tenant.unknown');
  return row;
}

/** The enabled departments of a tenant, in their order, with names in `lang`. */
async function enabledDepartments(db: DbOrTx, tenantId: string, lang: Lang) {
  const rows = await db
    .select({ code: departments.code, name: departments.name, nameEn: departments.nameEn })
    .from(departments)
    .where(and(eq(departments.tenantId, tenantId), eq(departments.isActive, true)))
    .orderBy(asc(departments.sort), asc(departments.code));
  return rows.map((d) => ({ code: d.code, name: lang === 'en-US' ? (d.nameEn ?? d.name) : d.name }));
}

/** GET /v1/public/appointments/options: the hospital's name and enabled departments (names only). */
export async function appointmentOptions(
  db: Database,
  code: string,
  lang: Lang,
): Promise<AppointmentOptionsView> {
  const tenant = await tenantOf(db, code, lang);
  return {
    hospitalName: lang === 'en-US' ? tenant.nameEn : tenant.nameZh,
    departments: await enabledDepartments(db, tenant.id, lang),
  };
}

/**
 * POST /v1/public/appointments: stores the details under a new random code (8 of 32 characters; a
 * clash with an existing code of the tenant, about 1 in 10^12 a pair, draws again) and answers only
 * the code and its expiry. Audited with no actor (the public) and the client address.
 */
export async function createAppointment(
  db: Database,
  input: AppointmentRequest,
  now: Date,
  lang: Lang,
  meta: RequestMeta,
): Promise<{ code: string; expiresAt: string }> {
  const { tenant: tenantCode, ...details } = input;
  const tenant = await tenantOf(db, tenantCode, lang);
  const departmentCode = details.departmentCode || null;
  if (
    departmentCode &&
    !(await enabledDepartments(db, tenant.id, lang)).some((d) => d.code === departmentCode)
  ) {
    throw fieldError(lang, 400, 'departmentCode', 'appointments.department.unavailable');
  }
  const expiresAt = appointmentExpiresAt(now);
  const stored: AppointmentDetails = {
    name: details.name,
    gender: details.gender,
    dateOfBirth: details.dateOfBirth || null,
    idCard: details.idCard || null,
    mobilePhone: details.mobilePhone,
    contact: details.contact || null,
    departmentCode,
  };
  for (let attempt = 0; ; attempt++) {
    const code = appointmentCodeFrom(randomBytes(8));
    const inserted = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(appointments)
        .values({ tenantId: tenant.id, code, details: stored, departmentCode, expiresAt, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: appointments.id });
      if (!row) return false;
      await writeAudit(
        tx,
        {
          tenantId: tenant.id,
          actorId: null,
          actorName: 'public',
          action: 'create',
          entity: 'appointment',
          entityId: row.id,
          after: { code, departmentCode, expiresAt: expiresAt.toISOString() },
        },
        meta,
      );
      return true;
    });
    if (inserted) return { code, expiresAt: expiresAt.toISOString() };
    if (attempt >= 4) throw new AppError(503, 'error.unavailable');
  }
}

/** The appointment of the caller's tenant with `code` (upper case), locked when `forUpdate`. */
async function appointmentByCode(db: DbOrTx, tenantId: string, code: string, forUpdate = false) {
  const query = db
    .select()
    .from(appointments)
    .where(and(eq(appointments.tenantId, tenantId), eq(appointments.code, code.trim().toUpperCase())));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

function viewOf(row: AppointmentRow): AppointmentView {
  const d = row.details as AppointmentDetails;
  return {
    code: row.code,
    name: d.name,
    gender: d.gender,
    dateOfBirth: d.dateOfBirth ?? null,
    idCard: d.idCard ?? null,
    mobilePhone: d.mobilePhone,
    contact: d.contact ?? null,
    departmentCode: row.departmentCode,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * GET /v1/appointments/{code}: the details for the admission form. Unknown → 404; used or expired →
 * 410 with the reason. The look-up is audited (it reads personal details).
 */
export async function lookUpAppointment(
  db: Database,
  session: SessionUser,
  code: string,
  now: Date,
  lang: Lang,
  meta: RequestMeta,
): Promise<AppointmentView> {
  const row = await appointmentByCode(db, session.tenantId, code);
  if (!row) throw fieldError(lang, 404, 'code', 'appointments.code.unknown');
  const state = appointmentState(row, now);
  if (state === 'used') throw fieldError(lang, 410, 'code', 'appointments.code.used');
  if (state === 'expired') throw fieldError(lang, 410, 'code', 'appointments.code.expired');
  await writeAudit(
    db,
    {
      tenantId: session.tenantId,
      actorId: session.userId,
      actorName: session.userName,
      action: 'lookup',
      entity: 'appointment',
      entityId: row.id,
    },
    meta,
  );
  return viewOf(row);
}

/**
 * At admission (in its transaction): an appointment code the tenant issued is marked used by the
 * patient; a used or expired one refuses the admission (400 on `appointmentCode`). A code the tenant
 * never issued is kept as typed: hospitals also write the HIS booking number there.
 */
export async function claimAppointment(
  tx: DbOrTx,
  session: Pick<SessionUser, 'tenantId'>,
  code: string | null,
  patientId: number,
  now: Date,
  lang: Lang,
): Promise<void> {
  if (!code) return;
  const row = await appointmentByCode(tx, session.tenantId, code, true);
  if (!row) return;
  const state = appointmentState(row, now);
  if (state === 'used') throw fieldError(lang, 400, 'appointmentCode', 'appointments.code.used');
  if (state === 'expired') throw fieldError(lang, 400, 'appointmentCode', 'appointments.code.expired');
  await tx
    .update(appointments)
    .set({ usedAt: now, usedPatientId: patientId })
    .where(and(eq(appointments.tenantId, session.tenantId), eq(appointments.id, row.id)));
}

/** Appointments of the tenant still usable at `now` (the home page's count in out-of-hospital mode). */
export async function openAppointmentCount(db: DbOrTx, tenantId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(appointments)
    .where(
      and(eq(appointments.tenantId, tenantId), isNull(appointments.usedAt), gt(appointments.expiresAt, now)),
    );
  return row?.n ?? 0;
}
