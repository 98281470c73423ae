/**
 * Medication orders of a patient (issue 17, 用药医嘱): ordered by a doctor (drugs of the catalogue with
 * their dose, an insulin period, the number of administrations), active until stopped (who, when,
 * why), deleted in error with a reason. Scope goes by the patient (or the order's department at the
 * time), as for insulin records; every change is versioned (stale → 409), audited with before, after
 * and reason, and announced on the `orders` live topic in the same transaction. Each order's view
 * counts the insulin records given against it (`insulin_records.medication_order_id`). Rules live in
 * the domain (`medication/entry.ts`); this file checks them against the hospital's lists and writes.
 */
import {
  type AdviceOptionType,
  type Lang,
  localName,
  type MedicationOrderCreate,
  type MedicationOrderQuery,
  medicationOrderCreateSchemaFor,
} from '@glucocare/domain';
import type {
  AdviceOptionView,
  MedicationDrugOptionView,
  MedicationOrderView,
} from '@glucocare/domain/responses';
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { departments, drugCategories, drugs, medicationOrders, patients } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { assertValid } from '../../http/validation';
import { paginate } from '../../lib/page';
import { containsPattern } from '../../lib/query';
import { departmentScopeCondition } from '../../lib/scope';
import { updateVersioned } from '../../lib/versioned';
import { auditPatientRecord, type RequestMeta } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { departmentNameColumn } from '../departments/service';
import { activePeriods } from '../insulin/service';
import { publishLive } from '../live/publish';
import { fieldError } from '../measurements/context';
import { assertRecordInScope, patientInScope } from '../patients/access';
import { listGlucosePeriods } from '../periods/service';
import type { ConfigReader } from '../settings/config-cache';
import { hospitalTimeZone } from '../settings/time-zone';

type Row = typeof medicationOrders.$inferSelect;

export interface MedicationWriteOptions {
  lang: Lang;
  meta: RequestMeta;
  now: Date;
}

/** Insulin records given against the order (not deleted): how many and the latest time. */
const givenCount = sql<number>`(select count(*)::int from insulin_records ir
  where ir.tenant_id = ${medicationOrders.tenantId} and ir.patient_id = ${medicationOrders.patientId}
    and ir.medication_order_id = ${medicationOrders.id} and ir.deleted_at is null)`;
const lastGivenAt = sql<string | null>`(select max(ir.given_at) from insulin_records ir
  where ir.tenant_id = ${medicationOrders.tenantId} and ir.patient_id = ${medicationOrders.patientId}
    and ir.medication_order_id = ${medicationOrders.id} and ir.deleted_at is null)`;

function orderColumns(lang: Lang) {
  return {
    order: medicationOrders,
    patientName: patients.name,
    bed: patients.bed,
    inpatientNumber: patients.inpatientNumber,
    departmentName: departmentNameColumn(lang),
    givenCount,
    lastGivenAt,
  };
}

const on = {
  patient: and(eq(patients.tenantId, medicationOrders.tenantId), eq(patients.id, medicationOrders.patientId)),
  department: and(
    eq(departments.tenantId, medicationOrders.tenantId),
    eq(departments.code, medicationOrders.departmentCode),
  ),
};

/** What a caller may see: the order's department or the patient's department now lies in the scope. */
function orderScope(session: Pick<SessionUser, 'scope'>): SQL | undefined {
  if (session.scope.all) return undefined;
  return or(
    departmentScopeCondition(session.scope, medicationOrders.departmentCode),
    departmentScopeCondition(session.scope, patients.departmentCode),
  );
}

function selectOrders(db: DbOrTx, session: Pick<SessionUser, 'tenantId' | 'scope'>, lang: Lang, where?: SQL) {
  return db
    .select(orderColumns(lang))
    .from(medicationOrders)
    .innerJoin(patients, on.patient)
    .leftJoin(departments, on.department)
    .where(
      and(
        eq(medicationOrders.tenantId, session.tenantId),
        isNull(patients.deletedAt),
        orderScope(session),
        where,
      ),
    );
}
type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

const iso = (value: Date | string | null) => (value == null ? null : new Date(value).toISOString());

function toView(row: OrderRow, lang: Lang): MedicationOrderView {
  const o = row.order;
  return {
    id: o.id,
    patientId: o.patientId,
    patientName: row.patientName,
    bed: row.bed,
    inpatientNumber: row.inpatientNumber,
    departmentCode: o.departmentCode,
    departmentName: row.departmentName ?? o.departmentCode,
    name: o.name,
    orderType: o.orderType as MedicationOrderView['orderType'],
    drugs: o.drugs.map((d) => ({
      drugId: d.drugId,
      drugCode: d.drugCode,
      drugName: localName({ nameZh: d.drugNameZh, nameEn: d.drugNameEn }, lang) || d.drugCode,
      unit: d.unit,
      quantity: d.quantity,
    })),
    periodCode: o.periodCode,
    periodName: localName({ nameZh: o.periodNameZh, nameEn: o.periodNameEn }, lang) || o.periodCode,
    quantity: o.quantity,
    givenCount: Number(row.givenCount),
    lastGivenAt: iso(row.lastGivenAt),
    startTime: o.beginAt.toISOString(),
    note: o.note,
    status: o.status as MedicationOrderView['status'],
    orderedById: o.orderedBy,
    orderedBy: o.orderedByName,
    orderedAt: o.createdAt.toISOString(),
    stoppedAt: iso(o.stoppedAt),
    stoppedBy: o.stoppedByName,
    stopReason: o.stopReason,
    version: o.version,
    deletedAt: iso(o.deletedAt),
    deleteReason: o.deleteReason,
  };
}

/** One order as the caller may see it (deleted ones included), or 404. */
async function viewOf(
  db: DbOrTx,
  session: SessionUser,
  id: number,
  lang: Lang,
): Promise<MedicationOrderView> {
  const [row] = await selectOrders(db, session, lang, eq(medicationOrders.id, id));
  if (!row) throw recordNotFound();
  return toView(row, lang);
}

/** `GET /v1/medicationAdvice?id=`. */
export const medicationOrderInScope = viewOf;

const audit = (
  tx: DbOrTx,
  session: SessionUser,
  action: string,
  row: Row,
  change: { before?: unknown; after?: unknown; reason?: string },
  meta: RequestMeta,
) => auditPatientRecord(tx, session, { entity: 'medicationOrder', action }, row, change, meta);

/** Tells the screens showing the order's ward and patient (the live `orders` topic). */
async function announce(tx: DbOrTx, tenantId: string, row: Row, patientDepartment: string) {
  const codes = new Set([row.departmentCode, patientDepartment]);
  await publishLive(
    tx,
    tenantId,
    [...codes].map((departmentCode) => ({
      topic: 'orders' as const,
      departmentCode,
      patientId: row.patientId,
    })),
  );
}

/** The ordered drugs with their catalogue names and units: each must be an enabled drug of the tenant. */
async function resolveDrugs(tx: DbOrTx, tenantId: string, input: MedicationOrderCreate, lang: Lang) {
  const ids = input.drugs.map((d) => d.drugId);
  const found = await tx
    .select({ id: drugs.id, code: drugs.code, nameZh: drugs.nameZh, nameEn: drugs.nameEn, unit: drugs.unit })
    .from(drugs)
    .where(
      and(
        eq(drugs.tenantId, tenantId),
        inArray(drugs.id, ids),
        isNull(drugs.deletedAt),
        eq(drugs.isActive, true),
      ),
    );
  const byId = new Map(found.map((d) => [d.id, d]));
  const missing = input.drugs.findIndex((d) => !byId.has(d.drugId));
  if (missing >= 0) throw fieldError(lang, `drugs.${missing}.drugId`, 'medication.drug.unknown');
  return input.drugs.map((line) => {
    const drug = byId.get(line.drugId)!;
    return {
      drugId: drug.id,
      drugCode: drug.code,
      drugNameZh: drug.nameZh,
      drugNameEn: drug.nameEn,
      unit: drug.unit,
      quantity: line.quantity,
    };
  });
}

/** `POST /v1/medicationAdvice`: a new active order of a patient in the caller's scope, ordered by the caller. */
export async function createMedicationOrder(
  tx: DbOrTx,
  session: SessionUser,
  input: MedicationOrderCreate,
  options: MedicationWriteOptions,
): Promise<MedicationOrderView> {
  const patient = await patientInScope(tx, session, input.patientId, { forUpdate: true });
  const periods = await activePeriods(tx, session.tenantId);
  assertValid(medicationOrderCreateSchemaFor({ periods: periods.map((p) => p.code) }), input);
  const period = periods.find((p) => p.code === input.period)!;
  const drugLines = await resolveDrugs(tx, session.tenantId, input, options.lang);
  const [row] = await tx
    .insert(medicationOrders)
    .values({
      tenantId: session.tenantId,
      patientId: patient.id,
      admissionId: patient.admissionId,
      departmentCode: patient.departmentCode,
      name: input.name,
      orderType: input.orderType,
      drugs: drugLines,
      periodCode: period.code,
      periodNameZh: period.nameZh,
      periodNameEn: period.nameEn,
      quantity: input.quantity,
      beginAt: new Date(input.startTime),
      note: input.note ? input.note : null,
      orderedBy: session.userId,
      orderedByName: session.nickName || session.userName,
      createdBy: session.userId,
      updatedBy: session.userId,
      createdAt: options.now,
      updatedAt: options.now,
    })
    .returning();
  const view = await viewOf(tx, session, row!.id, options.lang);
  await audit(tx, session, 'create', row!, { after: view }, options.meta);
  await announce(tx, session.tenantId, row!, patient.departmentCode);
  return view;
}

/**
 * An order for a change, locked, with its patient's department: 404 outside the tenant, for a deleted
 * order or patient, or when neither the patient's department nor the order's lies in the caller's scope.
 */
async function lockedOrder(tx: DbOrTx, session: SessionUser, id: number) {
  const [row] = await tx
    .select()
    .from(medicationOrders)
    .where(and(eq(medicationOrders.tenantId, session.tenantId), eq(medicationOrders.id, id)))
    .for('update');
  if (!row || row.deletedAt) throw recordNotFound();
  const patientDepartment = await assertRecordInScope(tx, session, row);
  return { row, patientDepartment };
}

/** A stop or a deletion: the version read, the change, its audit row and its announcement. */
async function changeOrder(
  tx: DbOrTx,
  session: SessionUser,
  input: { id: number; version: number; reason: string },
  options: MedicationWriteOptions,
  change: { action: 'stop' | 'delete'; values: Partial<Row>; refuseStopped: boolean },
) {
  const { row, patientDepartment } = await lockedOrder(tx, session, input.id);
  if (change.refuseStopped && row.status === 'stopped') throw new AppError(409, 'medication.stopped');
  if (row.version !== input.version) throw new AppError(409, 'error.conflict');
  const before = await viewOf(tx, session, row.id, options.lang);
  const updated = await updateVersioned(
    tx,
    medicationOrders,
    { tenantId: session.tenantId, id: row.id },
    row.version,
    { ...change.values, updatedBy: session.userId },
  );
  const after = await viewOf(tx, session, row.id, options.lang);
  await audit(tx, session, change.action, updated, { before, after, reason: input.reason }, options.meta);
  await announce(tx, session.tenantId, updated, patientDepartment);
  return after;
}

/** `PUT /v1/medicationAdvice/suspend`: stops an active order (who, when, why); a stopped one → 409. */
export function stopMedicationOrder(
  tx: DbOrTx,
  session: SessionUser,
  input: { id: number; version: number; reason: string },
  options: MedicationWriteOptions,
) {
  return changeOrder(tx, session, input, options, {
    action: 'stop',
    refuseStopped: true,
    values: {
      status: 'stopped',
      stoppedAt: options.now,
      stoppedBy: session.userId,
      stoppedByName: session.nickName || session.userName,
      stopReason: input.reason,
    },
  });
}

/** `DELETE /v1/medicationAdvice/{id}`: an order entered in error, marked deleted with the reason. */
export function deleteMedicationOrder(
  tx: DbOrTx,
  session: SessionUser,
  input: { id: number; version: number; reason: string },
  options: MedicationWriteOptions,
) {
  return changeOrder(tx, session, input, options, {
    action: 'delete',
    refuseStopped: false,
    values: { deletedAt: options.now, deletedBy: session.userId, deleteReason: input.reason },
  });
}

/**
 * `GET /v1/medicationAdvice/page`: the caller's orders (deleted ones left out), narrowed by department
 * (within the scope), status, patient, a keyword on the patient's name or inpatient number or a drug's
 * code or name, and the start days of the hospital calendar; latest start first.
 */
export async function medicationOrderPage(
  db: DbOrTx,
  session: SessionUser,
  query: MedicationOrderQuery,
  lang: Lang,
) {
  const timeZone = await hospitalTimeZone(db, session);
  const text = query.queryCondition?.trim();
  const pattern = text ? containsPattern(text) : null;
  const where = and(
    isNull(medicationOrders.deletedAt),
    query.departmentCode ? eq(medicationOrders.departmentCode, query.departmentCode) : undefined,
    query.status ? eq(medicationOrders.status, query.status) : undefined,
    query.patientId ? eq(medicationOrders.patientId, query.patientId) : undefined,
    query.beginDate
      ? sql`${medicationOrders.beginAt} >= (${query.beginDate}::date)::timestamp at time zone ${timeZone}`
      : undefined,
    query.endDate
      ? sql`${medicationOrders.beginAt} < (${query.endDate}::date + 1)::timestamp at time zone ${timeZone}`
      : undefined,
    pattern
      ? sql`(${patients.name} ilike ${pattern} or ${patients.inpatientNumber} ilike ${pattern}
          or ${medicationOrders.name} ilike ${pattern}
          or exists (select 1 from jsonb_array_elements(${medicationOrders.drugs}) d
            where d->>'drugCode' ilike ${pattern} or d->>'drugNameZh' ilike ${pattern}
              or d->>'drugNameEn' ilike ${pattern}))`
      : undefined,
  );
  const page = await paginate(
    query,
    (limit, offset) =>
      selectOrders(db, session, lang, where)
        .orderBy(desc(medicationOrders.beginAt), desc(medicationOrders.id))
        .limit(limit)
        .offset(offset),
    async () => {
      const [{ total }] = (await db
        .select({ total: count() })
        .from(medicationOrders)
        .innerJoin(patients, on.patient)
        .where(
          and(
            eq(medicationOrders.tenantId, session.tenantId),
            isNull(patients.deletedAt),
            orderScope(session),
            where,
          ),
        )) as [{ total: number }];
      return total;
    },
  );
  return { ...page, records: page.records.map((row) => toView(row, lang)) };
}

/**
 * `GET /v1/options?adviceType=`: the period options of an order — the enabled insulin periods for a
 * medication order, the enabled glucose periods (cached with the tenant's configuration) for a
 * monitoring order — in their order.
 */
export async function adviceOptions(
  db: DbOrTx,
  tenant: ConfigReader,
  adviceType: AdviceOptionType,
  lang: Lang,
): Promise<AdviceOptionView[]> {
  const zh = lang === 'zh-CN';
  const rows =
    adviceType === 'medication'
      ? await activePeriods(db, tenant.tenantId)
      : (await listGlucosePeriods(db, tenant)).filter((p) => p.isActive);
  return rows.map((p) => ({
    code: p.code,
    name: zh ? p.nameZh : p.nameEn,
    startTime: p.startTime ?? null,
    endTime: p.endTime ?? null,
  }));
}

/** `GET /v1/medicationAdvice/drugOptions`: the enabled drugs of the tenant (the order dialog's picker), by category then code. */
export async function medicationDrugOptions(
  db: DbOrTx,
  tenantId: string,
  lang: Lang,
): Promise<MedicationDrugOptionView[]> {
  const rows = await db
    .select({
      id: drugs.id,
      code: drugs.code,
      nameZh: drugs.nameZh,
      nameEn: drugs.nameEn,
      unit: drugs.unit,
      specification: drugs.specification,
      categoryCode: drugCategories.code,
    })
    .from(drugs)
    .leftJoin(
      drugCategories,
      and(eq(drugCategories.tenantId, drugs.tenantId), eq(drugCategories.id, drugs.categoryId)),
    )
    .where(and(eq(drugs.tenantId, tenantId), isNull(drugs.deletedAt), eq(drugs.isActive, true)))
    .orderBy(asc(drugCategories.sort), asc(drugs.code));
  return rows.map((d) => ({
    id: d.id,
    code: d.code,
    name: localName(d, lang) || d.code,
    unit: d.unit,
    specification: d.specification,
    categoryCode: d.categoryCode,
  }));
}
