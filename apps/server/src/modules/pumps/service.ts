import {
  type InsulinPumpCreate,
  type InsulinPumpUpdate,
  type Lang,
  localName,
  type MessageKey,
  namesView,
  type PumpManufacturerCreate,
  type PumpManufacturerUpdate,
  type PumpReport,
  translate,
} from '@glucocare/domain';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { departments, insulinPumps, pumpManufacturers } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { storedNames } from '../../lib/names';
import { mapPage, paginate } from '../../lib/page';
import { defineResource, type VersionedKey } from '../../lib/resource';
import { auditActor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { departmentNameColumn, inScope } from '../departments/service';

/** '' and null both mean "none" in optional text. */
const blankToNull = (value: string | null | undefined) => (value ? value : null);
const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A 400 naming the field at fault, in the request's language. */
function fieldError(lang: Lang, field: string, key: MessageKey, params?: Record<string, string | number>) {
  return new AppError(400, key, params, { errors: [{ field, message: translate(lang, key, params) }] });
}

// ---------------------------------------------------------------- manufacturers

type ManufacturerRow = typeof pumpManufacturers.$inferSelect;

function toManufacturer(row: ManufacturerRow, pumpCount: number, lang: Lang) {
  return {
    id: row.id,
    code: row.code,
    ...namesView(row, lang),
    contact: row.contact,
    isActive: row.isActive,
    pumpCount,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type PumpManufacturerRecord = ReturnType<typeof toManufacturer>;

/**
 * Manufacturers: codes unique in the tenant, removed outright while no pump names them (deleted pumps
 * count: their rows keep the manufacturer for the history); stopped ones leave the pickers.
 */
const manufacturerResource = defineResource({
  table: pumpManufacturers,
  entity: 'pumpManufacturer',
  deletion: 'hard',
  unique: { fields: ['code'], message: 'pumpManufacturer.codeTaken' },
  search: [
    pumpManufacturers.code,
    pumpManufacturers.nameZh,
    pumpManufacturers.nameEn,
    pumpManufacturers.contact,
  ],
  filters: { isActive: pumpManufacturers.isActive },
  orderBy: [asc(pumpManufacturers.code)],
  auditView: (row) => {
    const { pumpCount: _count, createdAt: _c, updatedAt: _u, ...rest } = toManufacturer(row, 0, 'en-US');
    return rest;
  },
});

/** Pumps per manufacturer: live ones (what the list shows) or every row (what blocks a deletion). */
async function pumpCounts(db: DbOrTx, tenantId: string, options: { withDeleted?: boolean } = {}) {
  const rows = await db
    .select({ manufacturerId: insulinPumps.manufacturerId, n: count() })
    .from(insulinPumps)
    .where(options.withDeleted ? eq(insulinPumps.tenantId, tenantId) : pumpResource.where({ tenantId }))
    .groupBy(insulinPumps.manufacturerId);
  return new Map(rows.map((row) => [row.manufacturerId, row.n]));
}

export async function pageManufacturers(
  db: Database,
  tenantId: string,
  query: { queryCondition?: string; isActive?: boolean; page: number; size: number },
  lang: Lang,
) {
  const [page, counts] = await Promise.all([
    manufacturerResource.list(db, { tenantId }, query),
    pumpCounts(db, tenantId),
  ]);
  return mapPage(page, (row) => toManufacturer(row, counts.get(row.id) ?? 0, lang));
}

/** Enabled manufacturers (the pump form's picker), or every one with `isActive=false|true` given. */
export async function listManufacturers(
  db: Database,
  tenantId: string,
  query: { isActive?: boolean },
  lang: Lang,
): Promise<PumpManufacturerRecord[]> {
  const [rows, counts] = await Promise.all([
    manufacturerResource.all(db, { tenantId }, { isActive: query.isActive ?? true }),
    pumpCounts(db, tenantId),
  ]);
  return rows.map((row) => toManufacturer(row, counts.get(row.id) ?? 0, lang));
}

async function manufacturerView(db: DbOrTx, session: SessionUser, row: ManufacturerRow, lang: Lang) {
  return toManufacturer(row, (await pumpCounts(db, session.tenantId)).get(row.id) ?? 0, lang);
}

export async function createManufacturer(
  db: Database,
  session: SessionUser,
  input: PumpManufacturerCreate,
  meta: RequestMeta,
  lang: Lang,
) {
  const row = await manufacturerResource.create(
    db,
    session,
    {
      code: input.code,
      ...storedNames(input, lang),
      contact: blankToNull(input.contact),
      isActive: input.isActive ?? true,
    },
    meta,
  );
  return toManufacturer(row, 0, lang);
}

export async function updateManufacturer(
  db: Database,
  session: SessionUser,
  input: PumpManufacturerUpdate,
  meta: RequestMeta,
  lang: Lang,
) {
  const { row } = await manufacturerResource.update(
    db,
    session,
    input,
    (current) => ({
      code: input.code,
      ...storedNames(input, lang, current),
      contact: input.contact === undefined ? current.contact : blankToNull(input.contact),
      isActive: input.isActive ?? current.isActive,
    }),
    meta,
  );
  return manufacturerView(db, session, row, lang);
}

export async function setManufacturerStatus(
  db: Database,
  session: SessionUser,
  input: VersionedKey & { isActive: boolean },
  meta: RequestMeta,
  lang: Lang,
) {
  const row = await manufacturerResource.setStatus(db, session, input, meta);
  return manufacturerView(db, session, row, lang);
}

/** Refused (409) while any pump, deleted ones included, names the manufacturer: stop it instead. */
export async function deleteManufacturer(
  db: Database,
  session: SessionUser,
  key: VersionedKey & { reason?: string },
  meta: RequestMeta,
) {
  await manufacturerResource.remove(db, session, key, meta, async (tx) => {
    const inUse = (await pumpCounts(tx, session.tenantId, { withDeleted: true })).get(key.id) ?? 0;
    if (inUse > 0) throw new AppError(409, 'pumpManufacturer.inUse', undefined, { pumps: inUse });
  });
}

// ---------------------------------------------------------------- pumps

const pumpColumns = (lang: Lang) => ({
  id: insulinPumps.id,
  serialNumber: insulinPumps.serialNumber,
  manufacturerId: insulinPumps.manufacturerId,
  manufacturerCode: pumpManufacturers.code,
  manufacturerNameZh: pumpManufacturers.nameZh,
  manufacturerNameEn: pumpManufacturers.nameEn,
  type: insulinPumps.type,
  code: insulinPumps.code,
  departmentCode: insulinPumps.departmentCode,
  departmentName: departmentNameColumn(lang),
  isActive: insulinPumps.isActive,
  battery: insulinPumps.batteryPercent,
  batteryReportedAt: insulinPumps.batteryReportedAt,
  dose: insulinPumps.remainingDose,
  doseReportedAt: insulinPumps.doseReportedAt,
  version: insulinPumps.version,
  createdAt: insulinPumps.createdAt,
  updatedAt: insulinPumps.updatedAt,
});
type PumpRow = Awaited<ReturnType<typeof selectPumps>>[number];

function toPump(row: PumpRow, lang: Lang) {
  const manufacturer = { nameZh: row.manufacturerNameZh, nameEn: row.manufacturerNameEn };
  return {
    id: row.id,
    serialNumber: row.serialNumber,
    manufacturerId: row.manufacturerId,
    manufacturerCode: row.manufacturerCode,
    manufacturerName: localName(manufacturer, lang),
    manufacturerNameZh: manufacturer.nameZh,
    manufacturerNameEn: manufacturer.nameEn,
    type: row.type,
    code: row.code,
    departmentCode: row.departmentCode,
    departmentName: row.departmentName ?? '',
    isActive: row.isActive,
    battery: row.battery,
    batteryReportedAt: iso(row.batteryReportedAt),
    dose: row.dose,
    doseReportedAt: iso(row.doseReportedAt),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type InsulinPumpRecord = ReturnType<typeof toPump>;

/**
 * The pump register: serial numbers unique among the tenant's live pumps, each pump in a department
 * (outside the caller's departments it answers 404, as patients do), deleted by marking (bindings
 * will name it), its serial number then free again.
 */
const pumpResource = defineResource({
  table: insulinPumps,
  entity: 'insulinPump',
  deletion: 'soft',
  unique: { fields: ['serialNumber'], message: 'pump.serialNumberTaken' },
  search: [insulinPumps.serialNumber, insulinPumps.code, insulinPumps.type],
  filters: {
    departmentCode: insulinPumps.departmentCode,
    manufacturerId: insulinPumps.manufacturerId,
    isActive: insulinPumps.isActive,
  },
  department: insulinPumps.departmentCode,
  orderBy: [asc(insulinPumps.departmentCode), asc(insulinPumps.serialNumber)],
  auditView: (row) => ({
    id: row.id,
    serialNumber: row.serialNumber,
    manufacturerId: row.manufacturerId,
    type: row.type,
    code: row.code,
    departmentCode: row.departmentCode,
    isActive: row.isActive,
    version: row.version,
  }),
});

const joins = {
  manufacturer: and(
    eq(pumpManufacturers.tenantId, insulinPumps.tenantId),
    eq(pumpManufacturers.id, insulinPumps.manufacturerId),
  ),
  department: and(
    eq(departments.tenantId, insulinPumps.tenantId),
    eq(departments.code, insulinPumps.departmentCode),
  ),
};

/** The session's live pumps with manufacturer and department, narrowed by `where`. */
function selectPumps(db: DbOrTx, session: Pick<SessionUser, 'tenantId' | 'scope'>, lang: Lang, where?: SQL) {
  return db
    .select(pumpColumns(lang))
    .from(insulinPumps)
    .innerJoin(pumpManufacturers, joins.manufacturer)
    .leftJoin(departments, joins.department)
    .where(pumpResource.where(session, where));
}

export async function pagePumps(
  db: Database,
  _tenantId: string,
  query: {
    queryCondition?: string;
    departmentCode?: string;
    manufacturerId?: number;
    isActive?: boolean;
    page: number;
    size: number;
  },
  lang: Lang,
  session: SessionUser,
) {
  const where = pumpResource.listConditions(query);
  const page = await paginate(
    query,
    (limit, offset) =>
      selectPumps(db, session, lang, where)
        .orderBy(...pumpResource.declaration.orderBy)
        .limit(limit)
        .offset(offset),
    () => db.$count(insulinPumps, pumpResource.where(session, where)),
  );
  return mapPage(page, (row) => toPump(row, lang));
}

async function findPump(db: DbOrTx, session: SessionUser, id: number, lang: Lang) {
  const [row] = await selectPumps(db, session, lang, eq(insulinPumps.id, id));
  if (!row) throw recordNotFound();
  return toPump(row, lang);
}

/**
 * What a pump form may name: an enabled manufacturer (or the one the pump already has) and an
 * enabled department among the caller's; 400 on the field otherwise.
 */
async function checkReferences(
  db: DbOrTx,
  session: SessionUser,
  input: InsulinPumpCreate,
  lang: Lang,
  current?: { manufacturerId: number },
) {
  const [manufacturer] = await db
    .select({ isActive: pumpManufacturers.isActive })
    .from(pumpManufacturers)
    .where(manufacturerResource.where(session, eq(pumpManufacturers.id, input.manufacturerId)));
  if (!manufacturer || (!manufacturer.isActive && current?.manufacturerId !== input.manufacturerId)) {
    throw fieldError(lang, 'manufacturerId', 'pump.manufacturer.unknown');
  }
  const [department] = await db
    .select({ isActive: departments.isActive })
    .from(departments)
    .where(and(eq(departments.tenantId, session.tenantId), eq(departments.code, input.departmentCode)));
  if (!department?.isActive || !inScope(session.scope, input.departmentCode)) {
    throw fieldError(lang, 'departmentCode', 'pump.department.unknown');
  }
}

const pumpValues = (input: InsulinPumpCreate) => ({
  serialNumber: input.serialNumber,
  manufacturerId: input.manufacturerId,
  type: blankToNull(input.type),
  code: blankToNull(input.code),
  departmentCode: input.departmentCode,
});

export async function createPump(
  db: Database,
  session: SessionUser,
  input: InsulinPumpCreate,
  meta: RequestMeta,
  lang: Lang,
) {
  const row = await db.transaction(async (tx) => {
    await checkReferences(tx, session, input, lang);
    return pumpResource.create(tx, session, { ...pumpValues(input), isActive: input.isActive ?? true }, meta);
  });
  return findPump(db, session, row.id, lang);
}

export async function updatePump(
  db: Database,
  session: SessionUser,
  input: InsulinPumpUpdate,
  meta: RequestMeta,
  lang: Lang,
) {
  await pumpResource.update(
    db,
    session,
    input,
    (current) => ({ ...pumpValues(input), isActive: input.isActive ?? current.isActive }),
    meta,
    (tx, current) => checkReferences(tx, session, input, lang, current),
  );
  return findPump(db, session, input.id, lang);
}

export async function setPumpStatus(
  db: Database,
  session: SessionUser,
  input: VersionedKey & { isActive: boolean },
  meta: RequestMeta,
  lang: Lang,
) {
  await pumpResource.setStatus(db, session, input, meta);
  return findPump(db, session, input.id, lang);
}

/** Soft delete: the row stays (bindings will name it), leaves every list, and its serial number is free again. */
export async function deletePump(
  db: Database,
  session: SessionUser,
  key: VersionedKey & { reason?: string },
  meta: RequestMeta,
) {
  await pumpResource.remove(db, session, key, meta);
}

/**
 * A report of remaining battery and insulin, by serial number, among the caller's pumps (404 when none
 * such). Each value replaces the stored one only when its report is not older (reports may arrive out
 * of order); the values are kept as sent. A report is not an edit: the version stays, so a form
 * open on the pump can still be saved. Audit action `report` with what was sent.
 */
export async function reportPump(
  db: Database,
  session: SessionUser,
  input: PumpReport,
  meta: RequestMeta,
  lang: Lang,
) {
  const reportedAt = new Date(input.reportedAt);
  const id = await db.transaction(async (tx) => {
    const [pump] = await tx
      .select()
      .from(insulinPumps)
      .where(pumpResource.where(session, eq(insulinPumps.serialNumber, input.serialNumber)))
      .for('update');
    if (!pump) throw new AppError(404, 'pump.unknownSerial');
    const newer = (at: Date | null) => !at || at.getTime() <= reportedAt.getTime();
    const values: Partial<typeof insulinPumps.$inferInsert> = {};
    if (input.battery != null && newer(pump.batteryReportedAt)) {
      values.batteryPercent = input.battery;
      values.batteryReportedAt = reportedAt;
    }
    if (input.dose != null && newer(pump.doseReportedAt)) {
      values.remainingDose = input.dose;
      values.doseReportedAt = reportedAt;
    }
    if (Object.keys(values).length) {
      await tx
        .update(insulinPumps)
        .set(values)
        .where(and(eq(insulinPumps.tenantId, session.tenantId), eq(insulinPumps.id, pump.id)));
    }
    await writeAudit(
      tx,
      {
        ...auditActor(session),
        action: 'report',
        entity: 'insulinPump',
        entityId: pump.id,
        after: { battery: input.battery ?? null, dose: input.dose ?? null, reportedAt: input.reportedAt },
      },
      meta,
    );
    return pump.id;
  });
  return findPump(db, session, id, lang);
}
