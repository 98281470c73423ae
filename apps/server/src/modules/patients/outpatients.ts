/**
 * Outpatients of the out-of-hospital mode (issue 18): registration at a clinic without a bed, the
 * outpatient list, edit, a discharged patient becoming an outpatient, and the home page's figures of
 * the outpatient service. An outpatient is a patient row with status `outpatient`, the clinic as its
 * department, no bed and no current stay (`admission_id` null; `admitted_at` is the registration time);
 * admitting one is the readmission (service.ts `readmitPatient`), which opens a stay and keeps the
 * outpatient number. Everything is audited and announced on the `patients` topic.
 */
import {
  type Classification,
  completedYears,
  hospitalDayAt,
  type Lang,
  type OutpatientFromDischarged,
  type OutpatientRegistration,
  type OutpatientUpdate,
} from '@glucocare/domain';
import type { OutpatientServiceView, OutpatientView } from '@glucocare/domain/responses';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patients } from '../../db/schema';
import { AppError } from '../../http/errors';
import { containsPattern } from '../../lib/query';
import { departmentScopeCondition } from '../../lib/scope';
import { updateVersioned } from '../../lib/versioned';
import { openAppointmentCount } from '../appointments/service';
import type { SessionUser } from '../auth/sessions';
import { inScope } from '../departments/service';
import { hospitalTimeZone } from '../settings/time-zone';
import { patientInScope } from './access';
import { departmentNameColumn, latestGlucoseJoin, latestGlucoseOf, patientNameJoins } from './list';
import {
  auditPatient,
  auditView,
  checkDepartment,
  checkDoctor,
  fieldError,
  type PatientContext,
  textOrNull,
  violatedUniqueIndex,
} from './service';

/** Turns a clash on the outpatient number's unique index into a 409 naming the holder (in scope only). */
async function withNumberCheck<T>(ctx: PatientContext, number: string | null, write: () => Promise<T>) {
  try {
    return await write();
  } catch (error) {
    if (violatedUniqueIndex(error) !== 'patients_outpatient_number_uq' || !number) throw error;
    const [holder] = await ctx.db
      .select({ name: patients.name, departmentCode: patients.departmentCode })
      .from(patients)
      .where(
        and(
          eq(patients.tenantId, ctx.session.tenantId),
          eq(patients.outpatientNumber, number),
          isNull(patients.deletedAt),
        ),
      );
    if (holder && !inScope(ctx.session.scope, holder.departmentCode)) {
      throw fieldError(ctx, 409, 'outpatientNumber', 'outpatients.number.takenOtherWard', { number });
    }
    throw fieldError(ctx, 409, 'outpatientNumber', 'outpatients.number.taken', {
      number,
      name: holder?.name ?? '?',
    });
  }
}

/** POST /v1/outpatients: registers an outpatient of a clinic of the caller's departments. */
export async function registerOutpatient(ctx: PatientContext, input: OutpatientRegistration) {
  const { session } = ctx;
  await checkDepartment(ctx, ctx.db, input.departmentCode, 'departmentCode', { inScope: true });
  const doctorCode = input.doctorCode ? await checkDoctor(ctx, input.doctorCode, 'doctorCode') : null;
  const id = await withNumberCheck(ctx, input.outpatientNumber, () =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(patients)
        .values({
          tenantId: session.tenantId,
          name: input.name,
          gender: input.gender,
          dateOfBirth: input.dateOfBirth || null,
          age: input.age ?? null,
          idCard: textOrNull(input.idCard),
          mobilePhone: textOrNull(input.mobilePhone),
          contact: textOrNull(input.contact),
          status: 'outpatient',
          outpatientNumber: input.outpatientNumber,
          departmentCode: input.departmentCode,
          doctorCode,
          admittedAt: ctx.now,
          createdBy: session.userId,
        })
        .returning();
      await auditPatient(ctx, tx, 'registerOutpatient', row!.id, { after: auditView(row!) });
      return row!.id;
    }),
  );
  return outpatientViewOf(ctx, id);
}

/** PUT /v1/outpatients/{id}: an outpatient's details (version checked: stale → 409). */
export async function updateOutpatient(ctx: PatientContext, id: number, input: OutpatientUpdate) {
  const { session } = ctx;
  await withNumberCheck(ctx, input.outpatientNumber, () =>
    ctx.db.transaction(async (tx) => {
      const current = await patientInScope(tx, session, id, { forUpdate: true });
      if (current.status !== 'outpatient') throw new AppError(409, 'outpatients.notOutpatient');
      if (current.version !== input.version) throw new AppError(409, 'error.conflict');
      const row = await updateVersioned(tx, patients, { tenantId: session.tenantId, id }, input.version, {
        name: input.name,
        gender: input.gender,
        dateOfBirth: input.dateOfBirth || null,
        age: input.age ?? null,
        idCard: textOrNull(input.idCard),
        mobilePhone: textOrNull(input.mobilePhone),
        contact: textOrNull(input.contact),
        outpatientNumber: input.outpatientNumber,
      });
      await auditPatient(ctx, tx, 'update', id, { before: auditView(current), after: auditView(row) });
    }),
  );
  return outpatientViewOf(ctx, id);
}

/**
 * POST /v1/outpatients/{id}/register: a discharged patient becomes an outpatient of a clinic. The
 * stays stay in patient_admissions; the patient row leaves its last stay (no bed, no current stay).
 */
export async function registerDischarged(ctx: PatientContext, id: number, input: OutpatientFromDischarged) {
  const { session } = ctx;
  const number = textOrNull(input.outpatientNumber);
  await withNumberCheck(ctx, number, () =>
    ctx.db.transaction(async (tx) => {
      const current = await patientInScope(tx, session, id, { forUpdate: true });
      if (current.version !== input.version) throw new AppError(409, 'error.conflict');
      if (current.status !== 'discharged') throw new AppError(409, 'outpatients.register.notDischarged');
      const outpatientNumber = number ?? current.outpatientNumber;
      if (!outpatientNumber) {
        throw fieldError(ctx, 400, 'outpatientNumber', 'outpatients.register.numberRequired');
      }
      await checkDepartment(ctx, tx, input.departmentCode, 'departmentCode', { inScope: true });
      const row = await updateVersioned(tx, patients, { tenantId: session.tenantId, id }, input.version, {
        status: 'outpatient',
        outpatientNumber,
        departmentCode: input.departmentCode,
        bed: null,
        admittedAt: ctx.now,
        admissionId: null,
      });
      await auditPatient(ctx, tx, 'registerOutpatient', id, {
        before: auditView(current),
        after: auditView(row),
      });
    }),
  );
  return outpatientViewOf(ctx, id);
}

interface OutpatientRow extends Record<string, unknown> {
  id: string;
  name: string;
  gender: string;
  date_of_birth: string | null;
  age: number | null;
  id_card: string | null;
  mobile_phone: string | null;
  contact: string | null;
  status: OutpatientView['status'];
  outpatient_number: string | null;
  department_code: string;
  department_name: string | null;
  doctor_code: string | null;
  admitted_at: Date;
  version: number;
  glu_id: string | null;
  glu_value: number | null;
  glu_entered_value: number | null;
  glu_entered_unit: string | null;
  glu_time: Date | null;
  glu_classification: Classification | null;
  glu_color: string | null;
  glu_period_code: string | null;
  glu_period_name: string | null;
  in_virtual_ward: boolean;
  total: number | null;
}

export interface OutpatientFilter {
  queryCondition?: string;
  departmentCode?: string;
}

/** Patients of the caller's tenant and departments, not deleted. */
function scoped(session: SessionUser): SQL[] {
  const parts: SQL[] = [sql`${patients.tenantId} = ${session.tenantId}`, sql`${patients.deletedAt} is null`];
  const scope = departmentScopeCondition(session.scope, patients.departmentCode);
  if (scope) parts.push(scope);
  return parts;
}

/** In the virtual ward now: a current stay (virtual_ward_stays_current_uq, exited_at is null). */
const inVirtualWard = sql`exists (select 1 from virtual_ward_stays vws
   where vws.tenant_id = ${patients.tenantId} and vws.patient_id = ${patients.id} and vws.exited_at is null)`;

/**
 * Outpatients matching `where`, newest registration first, with the latest glucose (its derived row,
 * `latestGlucoseJoin`, per row of the page) and the virtual-ward mark.
 */
async function selectOutpatients(
  db: DbOrTx,
  lang: Lang,
  where: SQL,
  page?: { limit: number; offset: number },
): Promise<OutpatientRow[]> {
  const en = lang === 'en-US';
  const order = sql`${patients.admittedAt} desc, ${patients.id} desc`;
  const matching = sql`(
    select ${patients}.*, ${page ? sql`count(*) over ()` : sql`null::bigint`} as total
      from ${patients}
     where ${where}
     order by ${order}
     ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}) as ${patients}`;
  const result = await db.execute<OutpatientRow>(sql`
    select ${patients.id} as id, ${patients.name} as name, ${patients.gender} as gender,
           ${patients.dateOfBirth}::text as date_of_birth, ${patients.age} as age,
           ${patients.idCard} as id_card, ${patients.mobilePhone} as mobile_phone, ${patients.contact} as contact,
           ${patients.status} as status, ${patients.outpatientNumber} as outpatient_number,
           ${patients.departmentCode} as department_code, ${departmentNameColumn(lang)} as department_name,
           ${patients.doctorCode} as doctor_code, ${patients.admittedAt} as admitted_at,
           ${patients.version} as version,
           g.id as glu_id, g.value as glu_value, g.entered_value as glu_entered_value,
           g.entered_unit as glu_entered_unit, g.test_time as glu_time, g.classification as glu_classification,
           g.color as glu_color, g.period_code as glu_period_code,
           ${en ? sql`gp.name_en` : sql`gp.name_zh`} as glu_period_name,
           ${inVirtualWard} as in_virtual_ward,
           ${patients}.total::int as total
      from ${matching}
      ${patientNameJoins}
      ${latestGlucoseJoin}
      left join glucose_periods gp on gp.tenant_id = ${patients.tenantId} and gp.code = g.period_code
     order by ${order}`);
  return result.rows;
}

function toView(row: OutpatientRow, day: string): OutpatientView {
  return {
    id: Number(row.id),
    name: row.name,
    gender: row.gender,
    age: row.date_of_birth ? (completedYears(row.date_of_birth, day) ?? row.age) : row.age,
    dateOfBirth: row.date_of_birth,
    idCard: row.id_card,
    mobilePhone: row.mobile_phone,
    contact: row.contact,
    status: row.status,
    outpatientNumber: row.outpatient_number,
    departmentCode: row.department_code,
    departmentName: row.department_name ?? row.department_code,
    doctorCode: row.doctor_code,
    registeredAt: new Date(row.admitted_at).toISOString(),
    version: row.version,
    latestGlucose: latestGlucoseOf(row),
    inVirtualWard: row.in_virtual_ward,
  };
}

async function today(db: DbOrTx, session: SessionUser, now: Date) {
  return hospitalDayAt(now, await hospitalTimeZone(db, session));
}

/** GET /v1/outpatients: the outpatients of the caller's departments, newest registration first. */
export async function pageOutpatients(
  db: DbOrTx,
  session: SessionUser,
  filter: OutpatientFilter & { page: number; size: number },
  lang: Lang,
  now: Date,
) {
  const parts = [...scoped(session), sql`${patients.status} = 'outpatient'`];
  if (filter.departmentCode) parts.push(sql`${patients.departmentCode} = ${filter.departmentCode}`);
  const text = filter.queryCondition?.trim();
  if (text) {
    const pattern = containsPattern(text);
    parts.push(sql`(${patients.name} ilike ${pattern} or ${patients.outpatientNumber} ilike ${pattern}
      or ${patients.mobilePhone} ilike ${pattern})`);
  }
  const where = sql.join(parts, sql` and `);
  const rows = await selectOutpatients(db, lang, where, {
    limit: filter.size,
    offset: (filter.page - 1) * filter.size,
  });
  const total =
    rows[0]?.total ??
    (filter.page > 1
      ? ((await db.execute<{ n: number }>(sql`select count(*)::int as n from ${patients} where ${where}`))
          .rows[0]?.n ?? 0)
      : 0);
  const { date } = await today(db, session, now);
  return { records: rows.map((row) => toView(row, date)), total, page: filter.page, size: filter.size };
}

/** One patient of the caller's scope as the outpatient list shows it (any status), or null. */
export async function outpatientViewOf(ctx: PatientContext, id: number): Promise<OutpatientView | null> {
  const where = sql.join([...scoped(ctx.session), sql`${patients.id} = ${id}`], sql` and `);
  const [row] = await selectOutpatients(ctx.db, ctx.lang, where);
  if (!row) return null;
  const { date } = await today(ctx.db, ctx.session, ctx.now);
  return toView(row, date);
}

/**
 * GET /v1/outpatients/summary: the home page of the out-of-hospital mode — outpatients of the caller's
 * departments, registered today, measured today and today's glucose readings of outpatients (hospital
 * calendar day, readings with a value), patients of the departments in the virtual ward now, and the
 * tenant's appointments still usable.
 */
export async function outpatientSummary(
  db: DbOrTx,
  session: SessionUser,
  now: Date,
): Promise<OutpatientServiceView> {
  const { start } = await today(db, session, now);
  const where = sql.join(scoped(session), sql` and `);
  const result = await db.execute<{
    outpatients: number;
    registered_today: number;
    measured_today: number;
    readings_today: number;
    in_virtual_ward: number;
  }>(sql`
    with p as (select ${patients.id} as id, ${patients.status} as status, ${patients.admittedAt} as admitted_at,
                      ${inVirtualWard} as in_vw
                 from ${patients} where ${where}),
         r as (select m.patient_id, count(*)::int as n from measurements m join p on p.id = m.patient_id
                where m.tenant_id = ${session.tenantId} and p.status = 'outpatient' and m.item = 'GLU'
                  and m.deleted_at is null and m.value is not null
                  and m.test_time >= ${start} and m.test_time <= ${now}
                group by m.patient_id)
    select count(*) filter (where p.status = 'outpatient')::int as outpatients,
           count(*) filter (where p.status = 'outpatient' and p.admitted_at >= ${start})::int as registered_today,
           (select count(*)::int from r) as measured_today,
           (select coalesce(sum(n), 0)::int from r) as readings_today,
           count(*) filter (where p.in_vw)::int as in_virtual_ward
      from p`);
  const row = result.rows[0]!;
  return {
    outpatients: row.outpatients,
    registeredToday: row.registered_today,
    measuredToday: row.measured_today,
    readingsToday: row.readings_today,
    inVirtualWard: row.in_virtual_ward,
    openAppointments: await openAppointmentCount(db, session.tenantId, now),
  };
}
