/**
 * Pump bindings (issue 16): up-pump, down-pump, tube changes and basal rate profiles, the pump
 * patients list and the patient tab "Insulin pump". The database holds "one open binding per pump and
 * per patient" (partial unique indexes of migration 0017); this file locks the pump and the patient so
 * the usual race ends in a readable 409, and maps a unique violation that still slips through to the
 * same 409. Rules are the domain's (`rules/pump.ts`), checked here against the patient's stay and the
 * binding's own times. Scope: a binding is seen by those whose departments hold the patient's
 * department at the up-pump, the patient's department now, or the pump's department; outside, 404.
 */
import {
  basalDailyTotal,
  type Lang,
  localizedIssues,
  localName,
  nextTubeChange,
  type PumpBasalProfileInput,
  type PumpDownInput,
  type PumpTubeChangeInput,
  type PumpUpInput,
  pumpBasalProfileSchemaFor,
  pumpDownSchemaFor,
  pumpTubeChangeSchemaFor,
  pumpUpSchemaFor,
  pumpWearTime,
} from '@glucocare/domain';
import type {
  PumpBasalProfile,
  PumpBinding,
  PumpBindingOptions,
  PumpPatient,
  PumpTubeChange,
} from '@glucocare/domain/responses';
import { and, asc, desc, eq, ilike, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import {
  departments,
  insulinPumps,
  patients,
  pumpBasalProfiles,
  pumpBindings,
  pumpManufacturers,
  pumpTubeChanges,
} from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { ValidationFailure } from '../../http/validation';
import { mapPage, paginate } from '../../lib/page';
import { containsPattern } from '../../lib/query';
import { departmentScopeCondition } from '../../lib/scope';
import { auditActor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { departmentNameColumn } from '../departments/service';
import { personName, staffWithRole } from '../insulin/service';
import { departmentStaff, fieldError, uniqueViolationOf } from '../measurements/context';
import { type PatientRow, patientInScope } from '../patients/access';
import { readPumpStrategy } from '../settings/strategy-service';
import { dateIn, hospitalTimeZone } from '../settings/time-zone';

export interface BindingWriteOptions {
  lang: Lang;
  meta: RequestMeta;
  now: Date;
}

/** What the next tube change is counted with: the hospital's pump strategy and its time zone. */
interface TubeChangeClock {
  days: number;
  timeZone: string;
}

async function tubeChangeClock(db: DbOrTx, tenantId: string): Promise<TubeChangeClock> {
  const [strategy, timeZone] = await Promise.all([
    readPumpStrategy(db, tenantId),
    hospitalTimeZone(db, tenantId),
  ]);
  return { days: strategy.tubeChangeDays, timeZone };
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

// ---------------------------------------------------------------- reading

/** How a binding's pump, its manufacturer, the patient and the up-pump department join (tenant first). */
const on = {
  pump: and(eq(insulinPumps.tenantId, pumpBindings.tenantId), eq(insulinPumps.id, pumpBindings.pumpId)),
  maker: and(
    eq(pumpManufacturers.tenantId, insulinPumps.tenantId),
    eq(pumpManufacturers.id, insulinPumps.manufacturerId),
  ),
  patient: and(eq(patients.tenantId, pumpBindings.tenantId), eq(patients.id, pumpBindings.patientId)),
  department: and(
    eq(departments.tenantId, pumpBindings.tenantId),
    eq(departments.code, pumpBindings.departmentCode),
  ),
};

/**
 * The latest tube change of the binding whose tenant and id are given (null before the first): the
 * pump patients, the pump tab and today's pump reminders count the next one from it.
 */
export function latestTubeChangeOf(tenantId: SQLWrapper, bindingId: SQLWrapper): SQL {
  return sql`(select max(tc.changed_at) from pump_tube_changes tc
   where tc.tenant_id = ${tenantId} and tc.binding_id = ${bindingId})`;
}
const lastTubeChange = latestTubeChangeOf(pumpBindings.tenantId, pumpBindings.id);

function bindingColumns(lang: Lang) {
  return {
    binding: pumpBindings,
    serialNumber: insulinPumps.serialNumber,
    pumpType: insulinPumps.type,
    pumpCode: insulinPumps.code,
    pumpDepartmentCode: insulinPumps.departmentCode,
    battery: insulinPumps.batteryPercent,
    batteryReportedAt: insulinPumps.batteryReportedAt,
    dose: insulinPumps.remainingDose,
    doseReportedAt: insulinPumps.doseReportedAt,
    manufacturerNameZh: pumpManufacturers.nameZh,
    manufacturerNameEn: pumpManufacturers.nameEn,
    patientName: patients.name,
    bed: patients.bed,
    inpatientNumber: patients.inpatientNumber,
    patientDepartmentCode: patients.departmentCode,
    departmentName: departmentNameColumn(lang),
    lastTubeChangeAt: lastTubeChange.mapWith(pumpTubeChanges.changedAt),
  };
}
type BindingRow = Awaited<ReturnType<typeof selectBindings>>[number];

/** What a caller may see of bindings: the up-pump department, the patient's department now or the pump's. */
function bindingScope(session: Pick<SessionUser, 'scope'>): SQL | undefined {
  if (session.scope.all) return undefined;
  return or(
    departmentScopeCondition(session.scope, pumpBindings.departmentCode),
    departmentScopeCondition(session.scope, patients.departmentCode),
    departmentScopeCondition(session.scope, insulinPumps.departmentCode),
  );
}

/** The caller's bindings of live patients, narrowed by `where`. */
function visibleBindings(session: Pick<SessionUser, 'tenantId' | 'scope'>, where?: SQL) {
  return and(
    eq(pumpBindings.tenantId, session.tenantId),
    isNull(patients.deletedAt),
    bindingScope(session),
    where,
  );
}

function selectBindings(
  db: DbOrTx,
  session: Pick<SessionUser, 'tenantId' | 'scope'>,
  lang: Lang,
  where?: SQL,
) {
  return db
    .select(bindingColumns(lang))
    .from(pumpBindings)
    .innerJoin(insulinPumps, on.pump)
    .innerJoin(pumpManufacturers, on.maker)
    .innerJoin(patients, on.patient)
    .leftJoin(departments, on.department)
    .where(visibleBindings(session, where));
}

function toBinding(row: BindingRow, now: Date, clock: TubeChangeClock, lang: Lang): PumpBinding {
  const b = row.binding;
  const next = b.downAt
    ? null
    : nextTubeChange(
        { upAt: b.upAt, lastTubeChangeAt: row.lastTubeChangeAt },
        clock.days,
        now,
        clock.timeZone,
      );
  return {
    id: b.id,
    pumpId: b.pumpId,
    serialNumber: row.serialNumber,
    manufacturerName: localName({ nameZh: row.manufacturerNameZh, nameEn: row.manufacturerNameEn }, lang),
    pumpType: row.pumpType,
    pumpCode: row.pumpCode,
    patientId: b.patientId,
    patientName: row.patientName,
    bed: row.bed,
    inpatientNumber: row.inpatientNumber,
    departmentCode: b.departmentCode,
    departmentName: row.departmentName ?? b.departmentCode,
    upAt: b.upAt.toISOString(),
    executorId: b.executorId,
    executorName: b.executorName,
    responsibleDoctorId: b.responsibleDoctorId,
    responsibleDoctorName: b.responsibleDoctorName,
    responsibleNurseId: b.responsibleNurseId,
    responsibleNurseName: b.responsibleNurseName,
    coManagingDoctorId: b.coManagingDoctorId,
    coManagingDoctorName: b.coManagingDoctorName,
    note: b.note,
    downAt: iso(b.downAt),
    downByName: b.downByName,
    downReason: b.downReason,
    wearTime: pumpWearTime(b.upAt, b.downAt, now),
    lastTubeChangeAt: iso(row.lastTubeChangeAt),
    nextTubeChangeAt: next ? next.dueAt.toISOString() : null,
    tubeChangeOverdue: next?.overdue ?? false,
    battery: row.battery,
    batteryReportedAt: iso(row.batteryReportedAt),
    dose: row.dose,
    doseReportedAt: iso(row.doseReportedAt),
    version: b.version,
  };
}

async function bindingView(db: DbOrTx, session: SessionUser, id: number, options: BindingWriteOptions) {
  const [row] = await selectBindings(db, session, options.lang, eq(pumpBindings.id, id));
  if (!row) throw recordNotFound();
  return toBinding(row, options.now, await tubeChangeClock(db, session.tenantId), options.lang);
}

export interface PumpPatientsQuery {
  queryCondition?: string;
  departmentCode?: string;
  page: number;
  size: number;
}

/**
 * `GET /v1/pumpBinding/page`: who wears which pump now, in ward order (department, bed), narrowed by
 * patient name, bed, inpatient number or serial number and by department (the patient's now).
 */
export async function pagePumpPatients(
  db: Database,
  session: SessionUser,
  query: PumpPatientsQuery,
  lang: Lang,
  now: Date,
) {
  const text = query.queryCondition?.trim();
  const pattern = text ? containsPattern(text) : undefined;
  const where = and(
    isNull(pumpBindings.downAt),
    query.departmentCode ? eq(patients.departmentCode, query.departmentCode) : undefined,
    pattern
      ? or(
          ilike(patients.name, pattern),
          ilike(patients.bed, pattern),
          ilike(patients.inpatientNumber, pattern),
          ilike(insulinPumps.serialNumber, pattern),
        )
      : undefined,
  );
  const clock = await tubeChangeClock(db, session.tenantId);
  const page = await paginate(
    query,
    (limit, offset) =>
      selectBindings(db, session, lang, where)
        .orderBy(asc(patients.departmentCode), asc(patients.bed), asc(patients.name), asc(pumpBindings.id))
        .limit(limit)
        .offset(offset),
    async () => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(pumpBindings)
        .innerJoin(insulinPumps, on.pump)
        .innerJoin(patients, on.patient)
        .where(visibleBindings(session, where));
      return row?.n ?? 0;
    },
  );
  return mapPage(page, (row) => toBinding(row, now, clock, lang));
}

function toTubeChange(row: typeof pumpTubeChanges.$inferSelect): PumpTubeChange {
  return {
    id: row.id,
    bindingId: row.bindingId,
    changedAt: row.changedAt.toISOString(),
    executorId: row.executorId,
    executorName: row.executorName,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

function toBasalProfile(row: typeof pumpBasalProfiles.$inferSelect): PumpBasalProfile {
  return {
    id: row.id,
    bindingId: row.bindingId,
    effectiveAt: row.effectiveAt.toISOString(),
    segments: row.segments,
    dailyTotal: basalDailyTotal(row.segments),
    setById: row.setById,
    setByName: row.setByName,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * `GET /v1/pumpBinding/patient/{id}`: the tab "Insulin pump": the binding worn now with its tube
 * changes and basal profiles (the one in force: the latest whose time has come), and every binding of
 * the patient, latest first.
 */
export async function pumpPatient(
  db: Database,
  session: SessionUser,
  patientId: number,
  lang: Lang,
  now: Date,
): Promise<PumpPatient> {
  const patient = await patientInScope(db, session, patientId);
  const clock = await tubeChangeClock(db, session.tenantId);
  const rows = await selectBindings(
    db,
    { tenantId: session.tenantId, scope: { all: true } },
    lang,
    eq(pumpBindings.patientId, patient.id),
  ).orderBy(desc(pumpBindings.upAt), desc(pumpBindings.id));
  const bindings = rows.map((row) => toBinding(row, now, clock, lang));
  const current = bindings.find((b) => !b.downAt) ?? null;
  let tubeChanges: PumpTubeChange[] = [];
  let basalProfiles: PumpBasalProfile[] = [];
  if (current) {
    const [changes, profiles] = await Promise.all([
      db
        .select()
        .from(pumpTubeChanges)
        .where(and(eq(pumpTubeChanges.tenantId, session.tenantId), eq(pumpTubeChanges.bindingId, current.id)))
        .orderBy(desc(pumpTubeChanges.changedAt), desc(pumpTubeChanges.id)),
      db
        .select()
        .from(pumpBasalProfiles)
        .where(
          and(eq(pumpBasalProfiles.tenantId, session.tenantId), eq(pumpBasalProfiles.bindingId, current.id)),
        )
        .orderBy(desc(pumpBasalProfiles.effectiveAt), desc(pumpBasalProfiles.id)),
    ]);
    tubeChanges = changes.map(toTubeChange);
    basalProfiles = profiles.map(toBasalProfile);
  }
  return {
    current,
    tubeChangeDays: clock.days,
    tubeChanges,
    basalProfile: basalProfiles.find((p) => Date.parse(p.effectiveAt) <= now.getTime()) ?? null,
    basalProfiles,
    bindings,
    inHospital: patient.status === 'inHospital',
    admittedAt: patient.admittedAt.toISOString(),
    dischargedAt: iso(patient.dischargedAt),
  };
}

/**
 * `GET /v1/pumpBinding/options/{patientId}`: what the up-pump dialog offers: enabled pumps of the
 * caller's departments that nobody wears (the patient's ward first), the ward's doctors, nurses and staff.
 */
export async function bindingOptions(
  db: Database,
  session: SessionUser,
  patientId: number,
  lang: Lang,
  now: Date,
): Promise<PumpBindingOptions> {
  const patient = await patientInScope(db, session, patientId);
  const today = dateIn(now, await hospitalTimeZone(db, session.tenantId));
  const [pumps, doctors, nurses, staff] = await Promise.all([
    db
      .select({
        id: insulinPumps.id,
        serialNumber: insulinPumps.serialNumber,
        type: insulinPumps.type,
        battery: insulinPumps.batteryPercent,
        dose: insulinPumps.remainingDose,
        departmentCode: insulinPumps.departmentCode,
        nameZh: pumpManufacturers.nameZh,
        nameEn: pumpManufacturers.nameEn,
      })
      .from(insulinPumps)
      .innerJoin(pumpManufacturers, on.maker)
      .where(
        and(
          eq(insulinPumps.tenantId, session.tenantId),
          isNull(insulinPumps.deletedAt),
          eq(insulinPumps.isActive, true),
          departmentScopeCondition(session.scope, insulinPumps.departmentCode),
          sql`not exists (select 1 from pump_bindings ob where ob.tenant_id = ${insulinPumps.tenantId}
                and ob.pump_id = ${insulinPumps.id} and ob.down_at is null)`,
        ),
      )
      .orderBy(
        sql`${insulinPumps.departmentCode} <> ${patient.departmentCode}`,
        asc(insulinPumps.departmentCode),
        asc(insulinPumps.serialNumber),
      ),
    staffWithRole(db, session.tenantId, patient.departmentCode, today, 'doctor'),
    staffWithRole(db, session.tenantId, patient.departmentCode, today, 'nurse'),
    departmentStaff(db, session.tenantId, patient.departmentCode, today),
  ]);
  const people = (list: { id: number; nickName: string; userName: string }[]) =>
    list.map((u) => ({ id: u.id, name: personName(u) }));
  return {
    pumps: pumps.map((p) => ({
      id: p.id,
      serialNumber: p.serialNumber,
      manufacturerName: localName({ nameZh: p.nameZh, nameEn: p.nameEn }, lang),
      type: p.type,
      battery: p.battery,
      dose: p.dose,
    })),
    doctors: people(doctors),
    nurses: people(nurses),
    staff: people(staff),
  };
}

// ---------------------------------------------------------------- changes

function check(schema: Parameters<typeof localizedIssues>[0], data: unknown) {
  if (localizedIssues(schema, data, 'en-US').length) throw new ValidationFailure(schema, data, 'body');
}

/** The names of the people an up-pump names, each a staff member of the patient's department (400 on the field otherwise). */
async function peopleOf(
  tx: DbOrTx,
  session: SessionUser,
  patient: PatientRow,
  input: PumpUpInput,
  options: BindingWriteOptions,
) {
  const fields = ['executorId', 'responsibleDoctorId', 'responsibleNurseId', 'coManagingDoctorId'] as const;
  const ids = [...new Set(fields.map((f) => input[f]).filter((id): id is number => typeof id === 'number'))];
  const today = dateIn(options.now, await hospitalTimeZone(tx, session.tenantId));
  const staff = await departmentStaff(tx, session.tenantId, patient.departmentCode, today, ids);
  const names = new Map(staff.map((s) => [s.id, personName(s)]));
  if (!names.has(session.userId)) names.set(session.userId, session.nickName || session.userName);
  const nameOf = (field: (typeof fields)[number]) => {
    const id = input[field];
    if (id == null) return { id: null, name: null };
    const name = names.get(id);
    if (name === undefined) {
      throw fieldError(
        options.lang,
        field,
        field === 'executorId' ? 'pump.executor.required' : 'pump.person.unknown',
      );
    }
    return { id, name };
  };
  return {
    executor: nameOf('executorId') as { id: number; name: string },
    doctor: nameOf('responsibleDoctorId'),
    nurse: nameOf('responsibleNurseId'),
    coManaging: nameOf('coManagingDoctorId'),
  };
}

/** The open binding of a pump or of a patient, for the 409's wording. */
async function openBindingOf(db: DbOrTx, tenantId: string, by: { pumpId?: number; patientId?: number }) {
  const [row] = await db
    .select({ patientName: patients.name, serialNumber: insulinPumps.serialNumber })
    .from(pumpBindings)
    .innerJoin(patients, on.patient)
    .innerJoin(insulinPumps, on.pump)
    .where(
      and(
        eq(pumpBindings.tenantId, tenantId),
        isNull(pumpBindings.downAt),
        by.pumpId ? eq(pumpBindings.pumpId, by.pumpId) : undefined,
        by.patientId ? eq(pumpBindings.patientId, by.patientId) : undefined,
      ),
    );
  return row;
}

const pumpBusy = (patient: string) => new AppError(409, 'pump.binding.pumpBusy', { patient });
const patientBusy = (serial: string) => new AppError(409, 'pump.binding.patientBusy', { serial });

const bindingAudit = (row: typeof pumpBindings.$inferSelect) => ({
  id: row.id,
  pumpId: row.pumpId,
  patientId: row.patientId,
  departmentCode: row.departmentCode,
  upAt: row.upAt.toISOString(),
  executorId: row.executorId,
  executorName: row.executorName,
  responsibleDoctorName: row.responsibleDoctorName,
  responsibleNurseName: row.responsibleNurseName,
  coManagingDoctorName: row.coManagingDoctorName,
  note: row.note,
  downAt: iso(row.downAt),
  downByName: row.downByName,
  downReason: row.downReason,
  version: row.version,
});

/**
 * `POST /v1/pumpBinding` (up-pump): the patient in scope and in hospital, the time within the stay;
 * the pump live, enabled and in the caller's departments; neither already in an open binding (409
 * naming who wears the pump, or which pump the patient wears).
 */
export async function upPump(
  db: Database,
  session: SessionUser,
  input: PumpUpInput,
  options: BindingWriteOptions,
) {
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const patient = await patientInScope(tx, session, input.patientId, { forUpdate: true });
      if (patient.status !== 'inHospital') throw new AppError(409, 'pump.binding.notInHospital');
      check(
        pumpUpSchemaFor({
          now: () => options.now,
          admittedAt: patient.admittedAt,
          dischargedAt: patient.dischargedAt,
        }),
        input,
      );
      const [pump] = await tx
        .select()
        .from(insulinPumps)
        .where(
          and(
            eq(insulinPumps.tenantId, session.tenantId),
            eq(insulinPumps.id, input.pumpId),
            isNull(insulinPumps.deletedAt),
            departmentScopeCondition(session.scope, insulinPumps.departmentCode),
          ),
        )
        .for('update');
      if (!pump) throw fieldError(options.lang, 'pumpId', 'pump.binding.pumpUnknown');
      if (!pump.isActive) throw new AppError(409, 'pump.binding.pumpStopped');
      const pumpHolder = await openBindingOf(tx, session.tenantId, { pumpId: pump.id });
      if (pumpHolder) throw pumpBusy(pumpHolder.patientName);
      const worn = await openBindingOf(tx, session.tenantId, { patientId: patient.id });
      if (worn) throw patientBusy(worn.serialNumber);
      const people = await peopleOf(tx, session, patient, input, options);
      const [row] = await tx
        .insert(pumpBindings)
        .values({
          tenantId: session.tenantId,
          pumpId: pump.id,
          patientId: patient.id,
          admissionId: patient.admissionId,
          departmentCode: patient.departmentCode,
          upAt: new Date(input.upAt),
          executorId: people.executor.id,
          executorName: people.executor.name,
          responsibleDoctorId: people.doctor.id,
          responsibleDoctorName: people.doctor.name,
          responsibleNurseId: people.nurse.id,
          responsibleNurseName: people.nurse.name,
          coManagingDoctorId: people.coManaging.id,
          coManagingDoctorName: people.coManaging.name,
          note: input.note ? input.note : null,
          createdBy: session.userId,
          createdAt: options.now,
          updatedAt: options.now,
        })
        .returning();
      await writeAudit(
        tx,
        {
          ...auditActor(session),
          action: 'upPump',
          entity: 'pumpBinding',
          entityId: row!.id,
          patientId: patient.id,
          after: { ...bindingAudit(row!), serialNumber: pump.serialNumber },
        },
        options.meta,
      );
      return row!.id;
    });
  } catch (error) {
    // two up-pumps that passed the checks at once: the partial unique indexes let one through
    if (uniqueViolationOf(error, 'pump_bindings_open_pump_uq')) {
      throw pumpBusy(
        (await openBindingOf(db, session.tenantId, { pumpId: input.pumpId }))?.patientName ?? '',
      );
    }
    if (uniqueViolationOf(error, 'pump_bindings_open_patient_uq')) {
      throw patientBusy(
        (await openBindingOf(db, session.tenantId, { patientId: input.patientId }))?.serialNumber ?? '',
      );
    }
    throw error;
  }
  return bindingView(db, session, id, options);
}

/** A binding in the caller's scope, locked for the change (404 otherwise). */
async function lockedBinding(tx: DbOrTx, session: SessionUser, id: number) {
  const [found] = await tx
    .select({ binding: pumpBindings })
    .from(pumpBindings)
    .innerJoin(insulinPumps, on.pump)
    .innerJoin(patients, on.patient)
    .where(visibleBindings(session, eq(pumpBindings.id, id)))
    .for('update', { of: pumpBindings });
  if (!found) throw recordNotFound();
  return found.binding;
}

/** `PUT /v1/pumpBinding/down` (down-pump): an open binding at its version; the time after the up-pump. */
export async function downPump(
  db: Database,
  session: SessionUser,
  input: PumpDownInput,
  options: BindingWriteOptions,
) {
  await db.transaction(async (tx) => {
    const binding = await lockedBinding(tx, session, input.bindingId);
    if (binding.downAt) throw new AppError(409, 'pump.binding.ended');
    if (binding.version !== input.version) throw new AppError(409, 'error.conflict');
    check(pumpDownSchemaFor({ now: () => options.now, upAt: binding.upAt }), input);
    const [row] = await tx
      .update(pumpBindings)
      .set({
        downAt: new Date(input.downAt),
        downById: session.userId,
        downByName: session.nickName || session.userName,
        downReason: input.reason ? input.reason : null,
        version: binding.version + 1,
        updatedAt: options.now,
      })
      .where(and(eq(pumpBindings.tenantId, session.tenantId), eq(pumpBindings.id, binding.id)))
      .returning();
    await writeAudit(
      tx,
      {
        ...auditActor(session),
        action: 'downPump',
        entity: 'pumpBinding',
        entityId: binding.id,
        patientId: binding.patientId,
        before: bindingAudit(binding),
        after: bindingAudit(row!),
        reason: input.reason || null,
      },
      options.meta,
    );
  });
  return bindingView(db, session, input.bindingId, options);
}

/** `POST /v1/pumpBinding/tubeChange`: after the up-pump, not in the future, not after the down-pump. */
export async function changeTube(
  db: Database,
  session: SessionUser,
  input: PumpTubeChangeInput,
  options: BindingWriteOptions,
): Promise<PumpTubeChange> {
  return db.transaction(async (tx) => {
    const binding = await lockedBinding(tx, session, input.bindingId);
    check(
      pumpTubeChangeSchemaFor({ now: () => options.now, upAt: binding.upAt, downAt: binding.downAt }),
      input,
    );
    const [row] = await tx
      .insert(pumpTubeChanges)
      .values({
        tenantId: session.tenantId,
        bindingId: binding.id,
        changedAt: new Date(input.changedAt),
        executorId: session.userId,
        executorName: session.nickName || session.userName,
        note: input.note ? input.note : null,
        createdAt: options.now,
      })
      .returning();
    const view = toTubeChange(row!);
    await writeAudit(
      tx,
      {
        ...auditActor(session),
        action: 'create',
        entity: 'pumpTubeChange',
        entityId: row!.id,
        patientId: binding.patientId,
        after: view,
      },
      options.meta,
    );
    return view;
  });
}

/** `POST /v1/pumpBinding/basalProfile`: a new profile of the binding (the earlier ones stay as history). */
export async function setBasalProfile(
  db: Database,
  session: SessionUser,
  input: PumpBasalProfileInput,
  options: BindingWriteOptions,
): Promise<PumpBasalProfile> {
  return db.transaction(async (tx) => {
    const binding = await lockedBinding(tx, session, input.bindingId);
    check(
      pumpBasalProfileSchemaFor({ now: () => options.now, upAt: binding.upAt, downAt: binding.downAt }),
      input,
    );
    const [row] = await tx
      .insert(pumpBasalProfiles)
      .values({
        tenantId: session.tenantId,
        bindingId: binding.id,
        effectiveAt: new Date(input.effectiveAt),
        segments: input.segments.map((s) => ({ start: s.start, rate: s.rate })),
        setById: session.userId,
        setByName: session.nickName || session.userName,
        note: input.note ? input.note : null,
        createdAt: options.now,
      })
      .returning();
    const view = toBasalProfile(row!);
    await writeAudit(
      tx,
      {
        ...auditActor(session),
        action: 'create',
        entity: 'pumpBasalProfile',
        entityId: row!.id,
        patientId: binding.patientId,
        after: view,
      },
      options.meta,
    );
    return view;
  });
}
