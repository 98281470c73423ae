/**
 * Insulin records of a patient (issue 16): entry, correction, soft delete and restore with a reason,
 * confirmation by a nurse, the patient's list and day × insulin-period grid with daily totals, and
 * what the entry dialog needs. Scope goes by the patient (or the record's department at the time), as
 * for readings; every change is versioned (stale → 409) and audited with before, after and reason.
 * Rules live in the domain (`insulin/entry.ts`, `insulin/totals.ts`); this file checks them against the
 * hospital's lists (insulin periods, insulin drugs, the ward's doctors and staff) and writes.
 */
import {
  addDays,
  type InsulinContext,
  type InsulinCorrection,
  type InsulinEntry,
  insulinCorrectionSchemaFor,
  insulinDailyTotals,
  insulinEntrySchemaFor,
  isInsulinCategory,
  type Lang,
  localName,
  wallClockAt,
} from '@glucocare/domain';
import type {
  InsulinEntryOptionsView,
  InsulinPivotView,
  InsulinRecordView,
} from '@glucocare/domain/responses';
import { and, asc, count, desc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  drugCategories,
  drugs,
  insulinPeriods,
  insulinRecords,
  patients,
  roles,
  userRoles,
} from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { assertValid } from '../../http/validation';
import {
  type AuditEntry,
  auditActor,
  auditPatientRecord,
  type RequestMeta,
  writeAudits,
} from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { inScope } from '../departments/service';
import { departmentStaff, fieldError } from '../measurements/context';
import { dayRangeCondition } from '../measurements/read';
import { orderForDose, orderNames } from '../medication/link';
import { assertRecordInScope, type PatientRow, patientInScope } from '../patients/access';
import { dateIn, hospitalTimeZone } from '../settings/time-zone';

type Row = typeof insulinRecords.$inferSelect;

export interface InsulinWriteOptions {
  lang: Lang;
  meta: RequestMeta;
  now: Date;
}

/** The names of the medication orders some records were given against (id → name). */
export type OrderNames = ReadonlyMap<number, string>;
const noOrders: OrderNames = new Map();

/** The names of the orders `rows` name, read once for them all. */
const namesFor = (db: DbOrTx, tenantId: string, rows: Row[]) =>
  orderNames(
    db,
    tenantId,
    rows.map((row) => row.medicationOrderId),
  );

/** The response shape of a record, names in `lang` (the order's name from `orders`). */
export function toInsulinView(row: Row, lang: Lang, orders: OrderNames = noOrders): InsulinRecordView {
  return {
    id: row.id,
    patientId: row.patientId,
    admissionId: row.admissionId,
    departmentCode: row.departmentCode,
    drugId: row.drugId,
    drugName: localName({ nameZh: row.drugNameZh, nameEn: row.drugNameEn }, lang),
    dose: row.dose,
    unit: row.unit,
    basalDose: row.basalDose,
    bolusDose: row.bolusDose,
    correctionDose: row.correctionDose,
    periodCode: row.periodCode,
    periodName: localName({ nameZh: row.periodNameZh, nameEn: row.periodNameEn }, lang) || row.periodCode,
    givenAt: row.givenAt.toISOString(),
    doctorId: row.doctorId,
    doctorName: row.doctorName,
    nurseId: row.nurseId,
    nurseName: row.nurseName,
    status: row.status,
    confirmedById: row.confirmedBy,
    confirmedBy: row.confirmedByName,
    confirmedAt: row.confirmedAt ? row.confirmedAt.toISOString() : null,
    note: row.note,
    medicationOrderId: row.medicationOrderId,
    medicationOrderName: row.medicationOrderId == null ? null : (orders.get(row.medicationOrderId) ?? null),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
    deleteReason: row.deleteReason,
  };
}

/** Enabled insulin periods of a tenant, in sort order. */
export function activePeriods(db: DbOrTx, tenantId: string) {
  return db
    .select()
    .from(insulinPeriods)
    .where(and(eq(insulinPeriods.tenantId, tenantId), eq(insulinPeriods.isActive, true)))
    .orderBy(asc(insulinPeriods.sort), asc(insulinPeriods.id));
}

/** Enabled, not deleted drugs of an insulin category (domain `isInsulinCategory`); `ids` narrows. */
async function insulinDrugs(db: DbOrTx, tenantId: string, ids?: number[]) {
  const rows = await db
    .select({
      id: drugs.id,
      nameZh: drugs.nameZh,
      nameEn: drugs.nameEn,
      specification: drugs.specification,
      categoryCode: drugCategories.code,
    })
    .from(drugs)
    .innerJoin(
      drugCategories,
      and(eq(drugCategories.tenantId, drugs.tenantId), eq(drugCategories.id, drugs.categoryId)),
    )
    .where(
      and(
        eq(drugs.tenantId, tenantId),
        isNull(drugs.deletedAt),
        eq(drugs.isActive, true),
        like(sql`upper(${drugCategories.code})`, 'INS%'),
        ids ? inArray(drugs.id, ids) : undefined,
      ),
    )
    .orderBy(asc(drugCategories.sort), asc(drugs.code));
  return rows.filter((row) => isInsulinCategory(row.categoryCode));
}

export const personName = (user: { nickName: string; userName: string }) => user.nickName || user.userName;

/** Staff of the patient's department holding a role (`doctor`, `nurse`); `ids` narrows. */
export async function staffWithRole(
  db: DbOrTx,
  tenantId: string,
  departmentCode: string,
  today: string,
  role: string,
  ids?: number[],
) {
  const staff = await departmentStaff(db, tenantId, departmentCode, today, ids);
  if (!staff.length) return [];
  const holders = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, and(eq(roles.tenantId, userRoles.tenantId), eq(roles.id, userRoles.roleId)))
    .where(
      and(
        eq(userRoles.tenantId, tenantId),
        eq(roles.code, role),
        inArray(
          userRoles.userId,
          staff.map((s) => s.id),
        ),
      ),
    );
  const ids2 = new Set(holders.map((h) => h.userId));
  return staff.filter((s) => ids2.has(s.id));
}

type Values = Omit<InsulinEntry, 'patientId'>;

/**
 * The values of a record to write, with the names looked up: the drug must be an enabled insulin,
 * the doctor a doctor of the patient's department, the nurse (default: the signed-in user) staff of
 * it. What a correction keeps as it was (drug, period, doctor, nurse) keeps its stored name.
 */
async function resolveValues(
  tx: DbOrTx,
  session: SessionUser,
  { patientId, departmentCode }: { patientId: number; departmentCode: string },
  input: Values,
  options: InsulinWriteOptions,
  current?: Row,
) {
  const timeZone = await hospitalTimeZone(tx, session.tenantId);
  const today = dateIn(options.now, timeZone);
  let drug =
    current && current.drugId === input.drugId
      ? { nameZh: current.drugNameZh, nameEn: current.drugNameEn }
      : null;
  if (drug === null) {
    const [found] = await insulinDrugs(tx, session.tenantId, [input.drugId]);
    if (!found) throw fieldError(options.lang, 'drugId', 'insulin.drug.notInsulin');
    drug = { nameZh: found.nameZh, nameEn: found.nameEn };
  }
  let periodNames =
    current && current.periodCode === input.period
      ? { zh: current.periodNameZh, en: current.periodNameEn }
      : null;
  if (!periodNames) {
    const period = (await activePeriods(tx, session.tenantId)).find((p) => p.code === input.period);
    if (!period) throw fieldError(options.lang, 'period', 'insulin.period.unknown');
    periodNames = { zh: period.nameZh, en: period.nameEn };
  }
  let doctorName = current && current.doctorId === input.doctorId ? current.doctorName : null;
  if (doctorName === null) {
    const [doctor] = await staffWithRole(tx, session.tenantId, departmentCode, today, 'doctor', [
      input.doctorId,
    ]);
    if (!doctor) throw fieldError(options.lang, 'doctorId', 'insulin.doctor.unknown');
    doctorName = personName(doctor);
  }
  const nurseId = input.nurseId ?? current?.nurseId ?? session.userId;
  let nurseName = current && current.nurseId === nurseId ? current.nurseName : null;
  if (nurseName === null) {
    if (nurseId === session.userId && !input.nurseId) {
      nurseName = session.nickName || session.userName;
    } else {
      const [nurse] = await departmentStaff(tx, session.tenantId, departmentCode, today, [nurseId]);
      if (!nurse) throw fieldError(options.lang, 'nurseId', 'insulin.nurse.unknown');
      nurseName = personName(nurse);
    }
  }
  // the order the dose is given against; a correction that keeps order, drug and time as they were
  // keeps the link unchecked (the order may have been stopped since)
  const keptLink =
    current &&
    current.medicationOrderId === input.medicationOrderId &&
    current.drugId === input.drugId &&
    current.givenAt.getTime() === new Date(input.givenAt).getTime();
  const orders = new Map<number, string>();
  if (keptLink && current.medicationOrderId != null) {
    for (const [id, name] of await namesFor(tx, session.tenantId, [current])) orders.set(id, name);
  } else if (input.medicationOrderId != null) {
    const order = await orderForDose(
      tx,
      session.tenantId,
      {
        patientId,
        drugId: input.drugId,
        givenAt: new Date(input.givenAt),
        medicationOrderId: input.medicationOrderId,
      },
      options.lang,
    );
    orders.set(order.id, order.name);
  }
  const values = {
    drugId: input.drugId,
    drugNameZh: drug.nameZh,
    drugNameEn: drug.nameEn,
    dose: input.dose,
    unit: input.unit,
    basalDose: input.basalDose ?? null,
    bolusDose: input.bolusDose ?? null,
    correctionDose: input.correctionDose ?? null,
    periodCode: input.period,
    periodNameZh: periodNames.zh,
    periodNameEn: periodNames.en,
    givenAt: new Date(input.givenAt),
    doctorId: input.doctorId,
    doctorName,
    nurseId,
    nurseName,
    note: input.note ? input.note : null,
    medicationOrderId: input.medicationOrderId ?? null,
  };
  return { values, orders };
}

async function contextOf(tx: DbOrTx, tenantId: string, patient: PatientRow, now: Date, keep?: string) {
  const periods = (await activePeriods(tx, tenantId)).map((p) => p.code);
  const context: InsulinContext = {
    now: () => now,
    admittedAt: patient.admittedAt,
    dischargedAt: patient.status === 'discharged' ? patient.dischargedAt : null,
    periods: keep && !periods.includes(keep) ? [...periods, keep] : periods,
  };
  return context;
}

/**
 * `POST /v1/insulinRecord`: one dose entered on the patient tab (unconfirmed); also the write of a dose
 * a meter uploaded (`device`: its serial and record number, the upload's natural key).
 */
export async function createInsulinRecord(
  tx: DbOrTx,
  session: SessionUser,
  input: InsulinEntry,
  options: InsulinWriteOptions,
  device?: { serial: string; recordNo: string },
): Promise<InsulinRecordView> {
  const patient = await patientInScope(tx, session, input.patientId, { forUpdate: true });
  assertValid(insulinEntrySchemaFor(await contextOf(tx, session.tenantId, patient, options.now)), input);
  const { patientId: _patientId, ...values } = input;
  const { values: resolved, orders } = await resolveValues(
    tx,
    session,
    { patientId: patient.id, departmentCode: patient.departmentCode },
    values,
    options,
  );
  const [row] = await tx
    .insert(insulinRecords)
    .values({
      tenantId: session.tenantId,
      patientId: patient.id,
      admissionId: patient.admissionId,
      departmentCode: patient.departmentCode,
      ...resolved,
      deviceSerial: device?.serial ?? null,
      deviceRecordNo: device?.recordNo ?? null,
      createdBy: session.userId,
      updatedBy: session.userId,
      createdAt: options.now,
      updatedAt: options.now,
    })
    .returning();
  const view = toInsulinView(row!, options.lang, orders);
  await audit(tx, session, 'create', row!, { after: view }, options.meta);
  return view;
}

const audit = (
  tx: DbOrTx,
  session: SessionUser,
  action: string,
  row: Row,
  change: { before?: unknown; after?: unknown; reason?: string },
  meta: RequestMeta,
) => auditPatientRecord(tx, session, { entity: 'insulinRecord', action }, row, change, meta);

/**
 * A record for a change, locked, with its patient: 404 outside the tenant, for a deleted patient, or
 * when neither the patient's department nor the record's lies in the caller's scope.
 */
async function lockedRecord(tx: DbOrTx, session: SessionUser, ids: number[]) {
  const rows = await tx
    .select()
    .from(insulinRecords)
    .where(and(eq(insulinRecords.tenantId, session.tenantId), inArray(insulinRecords.id, ids)))
    .orderBy(asc(insulinRecords.id))
    .for('update');
  if (rows.length !== new Set(ids).size) throw recordNotFound();
  const patientIds = [...new Set(rows.map((r) => r.patientId))];
  const found = await tx
    .select()
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, session.tenantId),
        inArray(patients.id, patientIds),
        isNull(patients.deletedAt),
      ),
    );
  const byId = new Map(found.map((p) => [p.id, p]));
  return rows.map((row) => {
    const patient = byId.get(row.patientId);
    if (!patient) throw recordNotFound();
    if (!inScope(session.scope, patient.departmentCode) && !inScope(session.scope, row.departmentCode)) {
      throw recordNotFound();
    }
    return { row, patient };
  });
}

function assertChangeable(row: Row, version: number) {
  if (row.status === 'confirmed') throw new AppError(409, 'insulin.confirmed');
  if (row.version !== version) throw new AppError(409, 'error.conflict');
}

async function updateRecord(
  tx: DbOrTx,
  session: SessionUser,
  row: Row,
  values: Partial<Row>,
  now: Date,
): Promise<Row> {
  const [updated] = await tx
    .update(insulinRecords)
    .set({ ...values, version: row.version + 1, updatedAt: now, updatedBy: session.userId })
    .where(
      and(
        eq(insulinRecords.tenantId, session.tenantId),
        eq(insulinRecords.id, row.id),
        eq(insulinRecords.version, row.version),
      ),
    )
    .returning();
  if (!updated) throw new AppError(409, 'error.conflict');
  return updated;
}

/**
 * `PUT /v1/insulinRecord`: corrects an unconfirmed, not deleted record (current version, reason).
 * The whole record is sent; what stayed as it was is not checked against today's lists again.
 */
export async function correctInsulinRecord(
  tx: DbOrTx,
  session: SessionUser,
  input: InsulinCorrection,
  options: InsulinWriteOptions,
): Promise<InsulinRecordView> {
  const { row, patient } = (await lockedRecord(tx, session, [input.id]))[0]!;
  if (row.deletedAt) throw new AppError(409, 'insulin.alreadyDeleted');
  assertChangeable(row, input.version);
  const context = await contextOf(tx, session.tenantId, patient, options.now, row.periodCode);
  if (new Date(input.givenAt).getTime() === row.givenAt.getTime()) {
    context.admittedAt = null;
    context.dischargedAt = null;
  }
  assertValid(insulinCorrectionSchemaFor(context), input);
  const { id: _id, version: _version, reason, ...values } = input;
  const { values: resolved, orders } = await resolveValues(
    tx,
    session,
    { patientId: row.patientId, departmentCode: row.departmentCode },
    values,
    options,
    row,
  );
  const updated = await updateRecord(tx, session, row, resolved, options.now);
  const view = toInsulinView(updated, options.lang, orders);
  await audit(
    tx,
    session,
    'update',
    updated,
    {
      before: toInsulinView(row, options.lang, await namesFor(tx, session.tenantId, [row])),
      after: view,
      reason,
    },
    options.meta,
  );
  return view;
}

/** `PUT /v1/insulinRecord/changeStatus`: soft delete (`isActive: false`) or restore, with a reason. */
export async function changeInsulinStatus(
  tx: DbOrTx,
  session: SessionUser,
  input: { recordId: number; isActive: boolean; reason: string; version: number },
  options: InsulinWriteOptions,
): Promise<InsulinRecordView> {
  const { row } = (await lockedRecord(tx, session, [input.recordId]))[0]!;
  if (input.isActive && !row.deletedAt) throw new AppError(409, 'insulin.notDeleted');
  if (!input.isActive && row.deletedAt) throw new AppError(409, 'insulin.alreadyDeleted');
  assertChangeable(row, input.version);
  const values = input.isActive
    ? { deletedAt: null, deletedBy: null, deleteReason: null }
    : { deletedAt: options.now, deletedBy: session.userId, deleteReason: input.reason };
  const updated = await updateRecord(tx, session, row, values, options.now);
  const orders = await namesFor(tx, session.tenantId, [row]);
  const view = toInsulinView(updated, options.lang, orders);
  await audit(
    tx,
    session,
    input.isActive ? 'restore' : 'delete',
    updated,
    { before: toInsulinView(row, options.lang, orders), after: view, reason: input.reason },
    options.meta,
  );
  return view;
}

/**
 * `PUT /v1/insulinRecord/confirm`: the signed-in nurse confirms doses as given (who and when). All or
 * nothing: a deleted or already confirmed record → 409 naming it. The records are locked and checked,
 * then confirmed by one UPDATE (and audited by one INSERT), however many there are.
 */
export async function confirmInsulinRecords(
  tx: DbOrTx,
  session: SessionUser,
  ids: number[],
  options: InsulinWriteOptions,
): Promise<InsulinRecordView[]> {
  const locked = await lockedRecord(tx, session, [...new Set(ids)]);
  for (const { row } of locked) {
    if (row.deletedAt) throw new AppError(409, 'insulin.alreadyDeleted');
    if (row.status === 'confirmed') throw new AppError(409, 'insulin.alreadyConfirmed', { id: row.id });
  }
  const lockedIds = locked.map(({ row }) => row.id);
  const updated = await tx
    .update(insulinRecords)
    .set({
      status: 'confirmed',
      confirmedBy: session.userId,
      confirmedByName: session.nickName || session.userName,
      confirmedAt: options.now,
      version: sql`${insulinRecords.version} + 1`,
      updatedAt: options.now,
      updatedBy: session.userId,
    })
    .where(
      and(
        eq(insulinRecords.tenantId, session.tenantId),
        sql`${insulinRecords.id} = any(${sql.param(lockedIds)}::bigint[])`,
        eq(insulinRecords.status, 'unconfirmed'),
        isNull(insulinRecords.deletedAt),
      ),
    )
    .returning();
  // the rows are locked: anything else would be a bug, and must not confirm part of the request
  if (updated.length !== locked.length) throw new AppError(409, 'error.conflict');
  const byId = new Map(updated.map((row) => [row.id, row]));
  const orders = await namesFor(tx, session.tenantId, updated);
  const views: InsulinRecordView[] = [];
  const entries: AuditEntry[] = [];
  for (const { row } of locked) {
    const after = byId.get(row.id)!;
    const view = toInsulinView(after, options.lang, orders);
    views.push(view);
    entries.push({
      ...auditActor(session),
      action: 'confirm',
      entity: 'insulinRecord',
      entityId: row.id,
      patientId: row.patientId,
      before: toInsulinView(row, options.lang, orders),
      after: view,
    });
  }
  await writeAudits(tx, entries, options.meta);
  return views;
}

/** One record by id (deleted ones included) in the caller's scope; 404 otherwise. */
export async function insulinRecordInScope(db: DbOrTx, session: SessionUser, id: number, lang: Lang) {
  const [row] = await db
    .select()
    .from(insulinRecords)
    .where(and(eq(insulinRecords.tenantId, session.tenantId), eq(insulinRecords.id, id)));
  if (!row) throw recordNotFound();
  await assertRecordInScope(db, session, row);
  return toInsulinView(row, lang, await namesFor(db, session.tenantId, [row]));
}

export interface InsulinDays {
  beginDate: string;
  endDate: string;
}

function patientRecords(tenantId: string, patientId: number, days: InsulinDays, timeZone: string) {
  return and(
    eq(insulinRecords.tenantId, tenantId),
    eq(insulinRecords.patientId, patientId),
    dayRangeCondition(days.beginDate, days.endDate, timeZone, insulinRecords.givenAt),
  );
}

/** A patient's records of some days, latest first, paged (deleted ones only when asked). */
export async function insulinRecordsPage(
  db: DbOrTx,
  tenantId: string,
  patientId: number,
  query: InsulinDays & { page: number; size: number; includeDeleted: boolean; lang: Lang },
) {
  const timeZone = await hospitalTimeZone(db, tenantId);
  const where = and(
    patientRecords(tenantId, patientId, query, timeZone),
    query.includeDeleted ? undefined : isNull(insulinRecords.deletedAt),
  );
  const rows = await db
    .select()
    .from(insulinRecords)
    .where(where)
    .orderBy(desc(insulinRecords.givenAt), desc(insulinRecords.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [{ total }] = (await db.select({ total: count() }).from(insulinRecords).where(where)) as [
    { total: number },
  ];
  const orders = await namesFor(db, tenantId, rows);
  return {
    records: rows.map((r) => toInsulinView(r, query.lang, orders)),
    total,
    page: query.page,
    size: query.size,
  };
}

/** The days from `last` back to `first` (YYYY-MM-DD), latest first; none when `first` is later. */
function daysBack(first: string, last: string): string[] {
  const out: string[] = [];
  for (let day = last; day >= first; day = addDays(day, -1)) out.push(day);
  return out;
}

/**
 * A patient's day × insulin-period grid (every day of the range up to today, latest first) with each day's totals
 * (domain `insulinDailyTotals`, per kg with the patient's weight). Columns: the enabled periods, then
 * any other period a record of these days carries.
 */
export async function insulinPivot(
  db: DbOrTx,
  tenantId: string,
  patient: PatientRow,
  days: InsulinDays,
  lang: Lang,
  now: Date,
): Promise<InsulinPivotView> {
  const timeZone = await hospitalTimeZone(db, tenantId);
  const today = dateIn(now, timeZone);
  const lastDay = [days.endDate, today].sort()[0]!;
  const rows = await db
    .select()
    .from(insulinRecords)
    .where(and(patientRecords(tenantId, patient.id, days, timeZone), isNull(insulinRecords.deletedAt)))
    .orderBy(asc(insulinRecords.givenAt), asc(insulinRecords.id));
  const zh = lang === 'zh-CN';
  const periods = (await activePeriods(db, tenantId)).map((p) => ({
    code: p.code,
    name: zh ? p.nameZh : p.nameEn,
    startTime: p.startTime as string | null,
    endTime: p.endTime as string | null,
  }));
  for (const row of rows) {
    if (!periods.some((p) => p.code === row.periodCode)) {
      periods.push({
        code: row.periodCode,
        name: localName({ nameZh: row.periodNameZh, nameEn: row.periodNameEn }, lang) || row.periodCode,
        startTime: null,
        endTime: null,
      });
    }
  }
  const dayOf = (row: Row) => wallClockAt(row.givenAt, timeZone).slice(0, 10);
  const weightKg = patient.weightKg ?? null;
  const totals = new Map(
    insulinDailyTotals(
      rows.map((row) => ({ ...row, date: dayOf(row) })),
      weightKg,
    ).map((t) => [t.date, t]),
  );
  const orders = await namesFor(db, tenantId, rows);
  const byDay = new Map<string, Record<string, InsulinRecordView[]>>();
  for (const row of rows) {
    const day = dayOf(row);
    const cells = byDay.get(day) ?? {};
    cells[row.periodCode] = [...(cells[row.periodCode] ?? []), toInsulinView(row, lang, orders)];
    byDay.set(day, cells);
  }
  return {
    periods,
    weightKg,
    rows: daysBack(days.beginDate, lastDay).map((date) => ({
      date,
      cells: byDay.get(date) ?? {},
      totals: totals.get(date) ?? null,
    })),
  };
}

/** What the entry dialog needs: insulin drugs, enabled insulin periods, the ward's doctors and nurses. */
export async function insulinEntryOptions(
  db: DbOrTx,
  tenantId: string,
  patient: PatientRow,
  lang: Lang,
  now: Date,
): Promise<InsulinEntryOptionsView> {
  const timeZone = await hospitalTimeZone(db, tenantId);
  const today = dateIn(now, timeZone);
  const drugRows = await insulinDrugs(db, tenantId);
  const periods = await activePeriods(db, tenantId);
  const doctors = await staffWithRole(db, tenantId, patient.departmentCode, today, 'doctor');
  const nurses = await staffWithRole(db, tenantId, patient.departmentCode, today, 'nurse');
  const zh = lang === 'zh-CN';
  return {
    drugs: drugRows.map((d) => ({
      id: d.id,
      name: localName(d, lang),
      categoryCode: d.categoryCode,
      specification: d.specification,
    })),
    periods: periods.map((p) => ({
      code: p.code,
      name: zh ? p.nameZh : p.nameEn,
      startTime: p.startTime,
      endTime: p.endTime,
    })),
    doctors: doctors.map((u) => ({ id: u.id, name: personName(u) })),
    nurses: nurses.map((u) => ({ id: u.id, name: personName(u) })),
    timeZone,
    admittedAt: patient.admittedAt.toISOString(),
    dischargedAt: patient.dischargedAt ? patient.dischargedAt.toISOString() : null,
    inHospital: patient.status === 'inHospital',
    weightKg: patient.weightKg ?? null,
  };
}
