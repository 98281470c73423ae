/**
 * Medical orders of a patient (issue 17, 医嘱): order, edit (versioned, with a reason), stop (停嘱: who,
 * when, why), delete an order entered in error (kept, marked, with a reason), one order, a patient's
 * orders and what the order dialog offers. Rules live in the domain (`orders/medical.ts`); this file
 * checks them against the hospital's lists (order templates, advice frequencies, glucose periods) and
 * the stay, writes, audits and announces the change (topic `orders`) in the same transaction.
 * Scope goes by the patient, or the order's department when ordered (as for insulin records): outside
 * it, 404 as for a missing id.
 */
import {
  intervalOf,
  type Lang,
  localizedIssues,
  localName,
  type MedicalOrderContext,
  type MedicalOrderCreate,
  type MedicalOrderDelete,
  type MedicalOrderEdit,
  type MedicalOrderListQuery,
  type MedicalOrderStop,
  MONITOR_INTERVAL_HOURS,
  MONITOR_ITEM_NAMES,
  MONITOR_ITEMS,
  MONITOR_PRESETS,
  MONITORING_CLASS,
  medicalOrderCreateSchemaFor,
  medicalOrderEditSchemaFor,
  ORDER_CLASS_NAMES,
  ORDER_CLASSES,
  type OrderClass,
  type OrderType,
  orderEndAt,
  presetOf,
  translate,
} from '@glucocare/domain';
import type { PatientOrderOptionsView, PatientOrderView } from '@glucocare/domain/responses';
import { and, asc, desc, eq, gte, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { adviceFrequencies, glucosePeriods, orderTemplates, patientOrders, patients } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { ValidationFailure } from '../../http/validation';
import { auditActor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { inScope } from '../departments/service';
import { publishLive } from '../live/publish';
import { fieldError } from '../measurements/context';
import { type PatientRow, patientInScope } from '../patients/access';

type Row = typeof patientOrders.$inferSelect;
type PeriodNames = Map<string, { nameZh: string; nameEn: string; sort: number }>;

export interface OrderWriteOptions {
  lang: Lang;
  meta: RequestMeta;
  now: Date;
}

/** Every glucose period of a tenant (stopped ones too: stored orders name them), by code. */
async function periodNames(db: DbOrTx, tenantId: string): Promise<PeriodNames> {
  const rows = await db
    .select({
      code: glucosePeriods.code,
      nameZh: glucosePeriods.nameZh,
      nameEn: glucosePeriods.nameEn,
      sort: glucosePeriods.sort,
      isActive: glucosePeriods.isActive,
    })
    .from(glucosePeriods)
    .where(eq(glucosePeriods.tenantId, tenantId))
    .orderBy(asc(glucosePeriods.sort), asc(glucosePeriods.id));
  return new Map(rows.map((row) => [row.code, row]));
}

async function enabledPeriodCodes(db: DbOrTx, tenantId: string) {
  const rows = await db
    .select({ code: glucosePeriods.code })
    .from(glucosePeriods)
    .where(and(eq(glucosePeriods.tenantId, tenantId), eq(glucosePeriods.isActive, true)))
    .orderBy(asc(glucosePeriods.sort), asc(glucosePeriods.id));
  return rows.map((row) => row.code);
}

/** The response shape of an order, names in `lang`; periods in the day's order of the period list. */
export function toOrderView(row: Row, lang: Lang, periods: PeriodNames): PatientOrderView {
  const classification = row.classification as OrderClass;
  const adviceType = row.orderType as OrderType;
  const monitoring = classification === MONITORING_CLASS;
  const item = MONITOR_ITEMS.find((code) => code === row.category);
  const sortOf = (code: string) => periods.get(code)?.sort ?? Number.MAX_SAFE_INTEGER;
  const orderedPeriods = row.monitorPeriods
    ? [...row.monitorPeriods].sort((a, b) => sortOf(a) - sortOf(b))
    : null;
  return {
    id: row.id,
    patientId: row.patientId,
    admissionId: row.admissionId,
    departmentCode: row.departmentCode,
    name: row.name,
    classification,
    classificationName: ORDER_CLASS_NAMES[classification]?.[lang] ?? row.classification,
    adviceType,
    adviceTypeName: translate(lang, `orderType.${adviceType}`),
    category: row.category,
    categoryName: monitoring && item ? MONITOR_ITEM_NAMES[item][lang] : row.category,
    detail: row.detail,
    templateId: row.templateId,
    templateName: row.templateName,
    contents: row.contents,
    frequencyCode: row.frequencyCode,
    frequencyName: row.frequencyName,
    monitorPeriods: orderedPeriods
      ? orderedPeriods.map((code) => {
          const period = periods.get(code);
          return { code, name: period ? localName(period, lang) || code : code };
        })
      : null,
    monitorPreset: presetOf(row.monitorPeriods),
    monitorTimes: row.monitorTimes,
    monitorEveryHours: intervalOf(row.monitorTimes)?.hours ?? null,
    beginDate: row.beginAt.toISOString(),
    executeDate: row.executeAt ? row.executeAt.toISOString() : null,
    endDate: row.endAt ? row.endAt.toISOString() : null,
    testTime: row.testTime ? row.testTime.toISOString() : null,
    status: row.status === 'stopped' ? 'stopped' : 'active',
    orderedById: row.orderedBy,
    orderedBy: row.orderedByName,
    stoppedAt: row.stoppedAt ? row.stoppedAt.toISOString() : null,
    stoppedById: row.stoppedBy,
    stoppedBy: row.stoppedByName,
    stopReason: row.stopReason,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
    deleteReason: row.deleteReason,
  };
}

/** `GET /v1/patientAdvice/options`: classes, items, enabled glucose periods, presets, frequencies. */
export async function orderOptions(
  db: DbOrTx,
  tenantId: string,
  lang: Lang,
): Promise<PatientOrderOptionsView> {
  const [periods, frequencies] = await Promise.all([
    db
      .select()
      .from(glucosePeriods)
      .where(and(eq(glucosePeriods.tenantId, tenantId), eq(glucosePeriods.isActive, true)))
      .orderBy(asc(glucosePeriods.sort), asc(glucosePeriods.id)),
    db
      .select()
      .from(adviceFrequencies)
      .where(and(eq(adviceFrequencies.tenantId, tenantId), eq(adviceFrequencies.isActive, true)))
      .orderBy(asc(adviceFrequencies.sort), asc(adviceFrequencies.code)),
  ]);
  return {
    classes: ORDER_CLASSES.map((code) => ({ code, name: ORDER_CLASS_NAMES[code][lang] })),
    items: MONITOR_ITEMS.map((code) => ({ code, name: MONITOR_ITEM_NAMES[code][lang] })),
    periods: periods.map((p) => ({ code: p.code, name: localName(p, lang) || p.code })),
    presets: { sevenPoint: [...MONITOR_PRESETS.sevenPoint], fourPoint: [...MONITOR_PRESETS.fourPoint] },
    everyHours: [...MONITOR_INTERVAL_HOURS],
    frequencies: frequencies.map((f) => ({ code: f.code, name: f.name, executeTimes: f.executeTimes })),
  };
}

function check(schema: Parameters<typeof localizedIssues>[0], data: unknown) {
  if (localizedIssues(schema, data, 'en-US').length) throw new ValidationFailure(schema, data, 'body');
}

function assertInHospital(patient: PatientRow) {
  if (patient.status !== 'inHospital') throw new AppError(409, 'patientOrder.notInHospital');
}

type Values = Omit<MedicalOrderCreate, 'patientId'>;

/**
 * The columns of an order to write, with the names looked up: the template must be an enabled one of
 * the order's type and every content item one of its items; the frequency an enabled advice frequency.
 * A monitoring order scheduled by a frequency takes its execute times as clock times. What an edit
 * keeps as it was (template, items, frequency) keeps its stored name and is not checked again.
 */
async function resolveValues(tx: DbOrTx, tenantId: string, input: Values, lang: Lang, current?: Row) {
  let templateName: string | null = null;
  let allowedContents: string[] = [];
  if (current && current.templateId === input.templateId && current.orderType === input.adviceType) {
    templateName = current.templateName;
    allowedContents = [...current.contents];
  }
  const [template] = await tx
    .select()
    .from(orderTemplates)
    .where(
      and(
        eq(orderTemplates.tenantId, tenantId),
        eq(orderTemplates.id, input.templateId),
        isNull(orderTemplates.deletedAt),
      ),
    );
  const usable = template?.isActive && template.adviceType === input.adviceType;
  if (usable) allowedContents.push(...template.content);
  if (templateName === null) {
    if (!template?.isActive) throw fieldError(lang, 'templateId', 'patientOrder.template.unknown');
    if (!usable) throw fieldError(lang, 'templateId', 'patientOrder.template.typeMismatch');
    templateName = template.name;
  }
  const missing = input.contents.findIndex((item) => !allowedContents.includes(item));
  if (missing >= 0) throw fieldError(lang, `contents.${missing}`, 'patientOrder.contents.notInTemplate');

  const frequencyCode = input.frequencyCode ? input.frequencyCode : null;
  let frequencyName: string | null = null;
  let frequencyTimes: string[] = [];
  if (frequencyCode) {
    const [frequency] = await tx
      .select()
      .from(adviceFrequencies)
      .where(and(eq(adviceFrequencies.tenantId, tenantId), eq(adviceFrequencies.code, frequencyCode)));
    const kept = current?.frequencyCode === frequencyCode;
    if (!kept && !frequency?.isActive)
      throw fieldError(lang, 'frequencyCode', 'patientOrder.frequency.unknown');
    frequencyName = kept ? current.frequencyName : frequency!.name;
    frequencyTimes = frequency?.executeTimes ?? current?.monitorTimes ?? [];
  }

  const monitoring = input.classification === MONITORING_CLASS;
  const temporary = input.adviceType === 'temporary';
  const periods = input.monitorPeriods?.length ? input.monitorPeriods : null;
  let times = input.monitorTimes?.length ? [...input.monitorTimes].sort() : null;
  if (monitoring && !temporary && !periods && !times) {
    if (!frequencyTimes.length) throw fieldError(lang, 'frequencyCode', 'patientOrder.frequency.noTimes');
    times = [...frequencyTimes].sort();
  }
  const beginAt = new Date(input.beginDate);
  return {
    name: input.name,
    classification: input.classification,
    orderType: input.adviceType,
    category: input.category ? input.category : null,
    detail: input.detail ? input.detail : null,
    templateId: input.templateId,
    templateName,
    contents: input.contents,
    frequencyCode,
    frequencyName,
    monitorPeriods: monitoring ? periods : null,
    monitorTimes: monitoring ? times : null,
    beginAt,
    executeAt: input.executeDate ? new Date(input.executeDate) : null,
    endAt: orderEndAt(input.adviceType, beginAt),
    testTime: input.testTime ? new Date(input.testTime) : null,
  };
}

function stayOf(patient: PatientRow): MedicalOrderContext {
  return {
    admittedAt: patient.admittedAt,
    dischargedAt: patient.status === 'discharged' ? patient.dischargedAt : null,
  };
}

async function audit(
  tx: DbOrTx,
  session: SessionUser,
  action: string,
  row: Row,
  change: { before?: unknown; after?: unknown; reason?: string },
  meta: RequestMeta,
) {
  await writeAudit(
    tx,
    {
      ...auditActor(session),
      action,
      entity: 'patientOrder',
      entityId: row.id,
      patientId: row.patientId,
      ...change,
    },
    meta,
  );
  await publishLive(tx, session.tenantId, [
    { topic: 'orders', departmentCode: row.departmentCode, patientId: row.patientId },
  ]);
}

/** `POST /v1/patientAdvice`: a doctor orders for an in-hospital patient of the caller's scope. */
export async function createOrder(
  tx: DbOrTx,
  session: SessionUser,
  input: MedicalOrderCreate,
  options: OrderWriteOptions,
): Promise<PatientOrderView> {
  const patient = await patientInScope(tx, session, input.patientId, { forUpdate: true });
  assertInHospital(patient);
  const periods = await enabledPeriodCodes(tx, session.tenantId);
  check(medicalOrderCreateSchemaFor({ ...stayOf(patient), periods }), input);
  const { patientId: _patientId, ...values } = input;
  const resolved = await resolveValues(tx, session.tenantId, values, options.lang);
  const by = session.nickName || session.userName;
  const [row] = await tx
    .insert(patientOrders)
    .values({
      tenantId: session.tenantId,
      patientId: patient.id,
      admissionId: patient.admissionId,
      departmentCode: patient.departmentCode,
      ...resolved,
      status: 'active',
      orderedBy: session.userId,
      orderedByName: by,
      createdBy: session.userId,
      updatedBy: session.userId,
      createdAt: options.now,
      updatedAt: options.now,
    })
    .returning();
  const view = toOrderView(row!, options.lang, await periodNames(tx, session.tenantId));
  await audit(tx, session, 'create', row!, { after: view }, options.meta);
  return view;
}

/**
 * An order for a change, locked, with its patient: 404 outside the tenant, for a deleted patient, or
 * when neither the patient's department nor the order's lies in the caller's scope.
 */
async function lockedOrder(tx: DbOrTx, session: SessionUser, id: number) {
  const [row] = await tx
    .select()
    .from(patientOrders)
    .where(and(eq(patientOrders.tenantId, session.tenantId), eq(patientOrders.id, id)))
    .for('update');
  if (!row) throw recordNotFound();
  const patient = await patientOf(tx, session, row);
  return { row, patient };
}

async function patientOf(db: DbOrTx, session: SessionUser, row: Row) {
  const [patient] = await db
    .select()
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, session.tenantId),
        eq(patients.id, row.patientId),
        isNull(patients.deletedAt),
      ),
    );
  if (!patient) throw recordNotFound();
  if (!inScope(session.scope, patient.departmentCode) && !inScope(session.scope, row.departmentCode)) {
    throw recordNotFound();
  }
  return patient;
}

/** A deleted order → 409; a stopped one refuses `stopped` (edit) or names who stopped it (stop). */
function assertChangeable(row: Row, version: number, change: 'edit' | 'stop' | 'delete') {
  if (row.deletedAt) throw new AppError(409, 'patientOrder.deleted');
  if (row.status === 'stopped' && change === 'stop') {
    throw new AppError(409, 'patientOrder.alreadyStopped', { name: row.stoppedByName ?? '' });
  }
  if (row.status === 'stopped' && change === 'edit') throw new AppError(409, 'patientOrder.stopped');
  if (row.version !== version) throw new AppError(409, 'error.conflict');
}

async function updateOrder(tx: DbOrTx, session: SessionUser, row: Row, values: Partial<Row>, now: Date) {
  const [updated] = await tx
    .update(patientOrders)
    .set({ ...values, version: row.version + 1, updatedAt: now, updatedBy: session.userId })
    .where(
      and(
        eq(patientOrders.tenantId, session.tenantId),
        eq(patientOrders.id, row.id),
        eq(patientOrders.version, row.version),
      ),
    )
    .returning();
  if (!updated) throw new AppError(409, 'error.conflict');
  return updated;
}

/** A change written: the row updated at its version, audited with before, after and reason, announced. */
async function changeOrder(
  tx: DbOrTx,
  session: SessionUser,
  row: Row,
  action: 'update' | 'stop' | 'delete',
  values: Partial<Row>,
  reason: string,
  options: OrderWriteOptions,
) {
  const updated = await updateOrder(tx, session, row, values, options.now);
  const names = await periodNames(tx, session.tenantId);
  const view = toOrderView(updated, options.lang, names);
  const before = toOrderView(row, options.lang, names);
  await audit(tx, session, action, updated, { before, after: view, reason }, options.meta);
  return view;
}

/**
 * `PUT /v1/patientAdvice`: an active order edited whole at the version read, with a reason. The
 * patient must still be in hospital; a start time left as it was is not checked against the stay again,
 * and periods the order already has stay allowed after the hospital stops them.
 */
export async function editOrder(
  tx: DbOrTx,
  session: SessionUser,
  input: MedicalOrderEdit,
  options: OrderWriteOptions,
): Promise<PatientOrderView> {
  const { row, patient } = await lockedOrder(tx, session, input.id);
  assertChangeable(row, input.version, 'edit');
  assertInHospital(patient);
  const enabled = await enabledPeriodCodes(tx, session.tenantId);
  const kept = (row.monitorPeriods ?? []).filter((code) => !enabled.includes(code));
  const sameStart = new Date(input.beginDate).getTime() === row.beginAt.getTime();
  const context: MedicalOrderContext = {
    ...(sameStart ? {} : stayOf(patient)),
    periods: [...enabled, ...kept],
  };
  check(medicalOrderEditSchemaFor(context), input);
  const { id: _id, version: _version, reason, ...values } = input;
  const resolved = await resolveValues(tx, session.tenantId, values, options.lang, row);
  return changeOrder(tx, session, row, 'update', resolved, reason, options);
}

/** `PUT /v1/patientAdvice/suspend`: stops an active order (who, when, why). */
export async function stopOrder(
  tx: DbOrTx,
  session: SessionUser,
  input: MedicalOrderStop,
  options: OrderWriteOptions,
): Promise<PatientOrderView> {
  const { row } = await lockedOrder(tx, session, input.id);
  assertChangeable(row, input.version, 'stop');
  const values = {
    status: 'stopped',
    stoppedAt: options.now,
    stoppedBy: session.userId,
    stoppedByName: session.nickName || session.userName,
    stopReason: input.reason,
  };
  return changeOrder(tx, session, row, 'stop', values, input.reason, options);
}

/** `DELETE /v1/patientAdvice/{id}`: an order entered in error, marked deleted with the reason. */
export async function deleteOrder(
  tx: DbOrTx,
  session: SessionUser,
  id: number,
  input: MedicalOrderDelete,
  options: OrderWriteOptions,
): Promise<PatientOrderView> {
  const { row } = await lockedOrder(tx, session, id);
  assertChangeable(row, input.version, 'delete');
  const values = { deletedAt: options.now, deletedBy: session.userId, deleteReason: input.reason };
  return changeOrder(tx, session, row, 'delete', values, input.reason, options);
}

/** `GET /v1/patientAdvice?id=`: one order (a deleted one too) in the caller's scope; 404 otherwise. */
export async function orderInScope(db: DbOrTx, session: SessionUser, id: number, lang: Lang) {
  const [row] = await db
    .select()
    .from(patientOrders)
    .where(and(eq(patientOrders.tenantId, session.tenantId), eq(patientOrders.id, id)));
  if (!row) throw recordNotFound();
  await patientOf(db, session, row);
  return toOrderView(row, lang, await periodNames(db, session.tenantId));
}

/** `GET /v1/patientAdvice/list`: a patient's orders (not deleted), active first, latest start first. */
export async function listOrders(db: DbOrTx, session: SessionUser, query: MedicalOrderListQuery, lang: Lang) {
  const patient = await patientInScope(db, session, query.patientId);
  const rows = await db
    .select()
    .from(patientOrders)
    .where(
      and(
        eq(patientOrders.tenantId, session.tenantId),
        eq(patientOrders.patientId, patient.id),
        isNull(patientOrders.deletedAt),
        query.status === 'all' ? undefined : eq(patientOrders.status, query.status),
        query.classification ? eq(patientOrders.classification, query.classification) : undefined,
      ),
    )
    .orderBy(
      sql`${patientOrders.status} = 'active' desc`,
      desc(patientOrders.beginAt),
      desc(patientOrders.id),
    );
  const names = await periodNames(db, session.tenantId);
  return rows.map((row) => toOrderView(row, lang, names));
}

/**
 * The orders of a patient in force at some time of [from, to) (the printed record): not deleted,
 * begun before `to`, not stopped before `from`, a 24-hour order not ended before `from`, a temporary
 * one tested within the range; in start order.
 */
export async function ordersInForce(
  db: DbOrTx,
  tenantId: string,
  patientId: number,
  from: Date,
  to: Date,
  lang: Lang,
) {
  const rows = await db
    .select()
    .from(patientOrders)
    .where(
      and(
        eq(patientOrders.tenantId, tenantId),
        eq(patientOrders.patientId, patientId),
        isNull(patientOrders.deletedAt),
        lt(patientOrders.beginAt, to),
        or(isNull(patientOrders.stoppedAt), gte(patientOrders.stoppedAt, from)),
        or(isNull(patientOrders.endAt), gte(patientOrders.endAt, from)),
        or(
          ne(patientOrders.orderType, 'temporary'),
          isNull(patientOrders.testTime),
          and(gte(patientOrders.testTime, from), lt(patientOrders.testTime, to)),
        ),
      ),
    )
    .orderBy(asc(patientOrders.beginAt), asc(patientOrders.id));
  const names = await periodNames(db, tenantId);
  return rows.map((row) => toOrderView(row, lang, names));
}
