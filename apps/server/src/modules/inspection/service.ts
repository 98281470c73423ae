import type {
  InspectionItemCreate,
  InspectionItemUpdate,
  InspectionPackageCreate,
  InspectionPackageUpdate,
  Lang,
  SettingStatusInput,
} from '@glucocare/domain';
import { namesView, translate } from '@glucocare/domain';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { inspectionItems as items, mappingItems, inspectionPackages as packages } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { storedNames } from '../../lib/names';
import type { VersionedKey } from '../../lib/resource';
import { deleteVersioned, updateVersioned } from '../../lib/versioned';
import { auditActor as actor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { repointMappings } from './mapping';

/**
 * Inspection (laboratory) packages and their items (§3). Items are what lab results and mapping items
 * point at; an item a mapping targets cannot be deleted, a package with items neither.
 */

type PackageRow = typeof packages.$inferSelect;
type ItemRow = typeof items.$inferSelect;

function packageView(row: PackageRow, lang: Lang) {
  return {
    id: row.id,
    code: row.code,
    ...namesView(row, lang),
    sort: row.sort,
    isActive: row.isActive,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function itemView(row: ItemRow, lang: Lang) {
  return {
    id: row.id,
    packageId: row.packageId,
    code: row.code,
    ...namesView(row, lang),
    unit: row.unit,
    referenceLow: row.referenceLow,
    referenceHigh: row.referenceHigh,
    sort: row.sort,
    isActive: row.isActive,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const myPackages = (tenantId: string, where?: SQL) => and(eq(packages.tenantId, tenantId), where);
const myItems = (tenantId: string, where?: SQL) => and(eq(items.tenantId, tenantId), where);

async function itemCounts(db: DbOrTx, tenantId: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ packageId: items.packageId, n: count() })
    .from(items)
    .where(myItems(tenantId))
    .groupBy(items.packageId);
  return new Map(rows.map((row) => [row.packageId, row.n]));
}

/** Every package by sort then code, each with the number of items in it. */
export async function listPackages(
  db: Database,
  tenantId: string,
  isActive: boolean | undefined,
  lang: Lang,
) {
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(packages)
      .where(myPackages(tenantId, isActive === undefined ? undefined : eq(packages.isActive, isActive)))
      .orderBy(asc(packages.sort), asc(packages.code)),
    itemCounts(db, tenantId),
  ]);
  return rows.map((row) => ({ ...packageView(row, lang), itemCount: counts.get(row.id) ?? 0 }));
}

async function findPackage(db: DbOrTx, tenantId: string, id: number) {
  const [row] = await db
    .select()
    .from(packages)
    .where(myPackages(tenantId, eq(packages.id, id)));
  if (!row) throw recordNotFound();
  return row;
}

async function withCount(db: DbOrTx, row: PackageRow, lang: Lang) {
  return { ...packageView(row, lang), itemCount: (await itemCounts(db, row.tenantId)).get(row.id) ?? 0 };
}

async function assertPackageCodeFree(db: DbOrTx, tenantId: string, code: string, selfId?: number) {
  const [clash] = await db
    .select({ id: packages.id })
    .from(packages)
    .where(myPackages(tenantId, eq(packages.code, code)));
  if (clash && clash.id !== selfId) throw new AppError(409, 'inspection.package.codeTaken');
}

export async function createPackage(
  db: Database,
  session: SessionUser,
  input: InspectionPackageCreate,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    await assertPackageCodeFree(tx, session.tenantId, input.code);
    const [row] = await tx
      .insert(packages)
      .values({
        tenantId: session.tenantId,
        code: input.code,
        ...storedNames(input, lang),
        sort: input.sort ?? 0,
        isActive: input.isActive ?? true,
      })
      .returning();
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'create',
        entity: 'inspectionPackage',
        entityId: row.id,
        after: packageView(row, lang),
      },
      meta,
    );
    return { ...packageView(row, lang), itemCount: 0 };
  });
}

/** Applies a change to a package whose `version` the caller read (stale → 409), with its audit row. */
async function changePackage(
  tx: DbOrTx,
  session: SessionUser,
  current: PackageRow,
  version: number,
  change: Partial<typeof packages.$inferInsert>,
  action: string,
  meta: RequestMeta,
  lang: Lang,
) {
  const row = await updateVersioned(
    tx,
    packages,
    { tenantId: session.tenantId, id: current.id },
    version,
    change,
  );
  await writeAudit(
    tx,
    {
      ...actor(session),
      action,
      entity: 'inspectionPackage',
      entityId: row.id,
      before: packageView(current, lang),
      after: packageView(row, lang),
    },
    meta,
  );
  return withCount(tx, row, lang);
}

export async function updatePackage(
  db: Database,
  session: SessionUser,
  input: InspectionPackageUpdate,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    const current = await findPackage(tx, session.tenantId, input.id);
    await assertPackageCodeFree(tx, session.tenantId, input.code, input.id);
    const change = {
      code: input.code,
      ...storedNames(input, lang, current),
      sort: input.sort ?? current.sort,
      isActive: input.isActive ?? current.isActive,
    };
    return changePackage(tx, session, current, input.version, change, 'update', meta, lang);
  });
}

export async function setPackageStatus(
  db: Database,
  session: SessionUser,
  input: SettingStatusInput,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    const current = await findPackage(tx, session.tenantId, input.id);
    const action = input.isActive ? 'enable' : 'disable';
    return changePackage(
      tx,
      session,
      current,
      input.version,
      { isActive: input.isActive },
      action,
      meta,
      lang,
    );
  });
}

export async function deletePackage(
  db: Database,
  session: SessionUser,
  { id, version }: VersionedKey,
  meta: RequestMeta,
  lang: Lang,
) {
  await db.transaction(async (tx) => {
    const current = await findPackage(tx, session.tenantId, id);
    const inside = (await itemCounts(tx, session.tenantId)).get(id) ?? 0;
    if (inside > 0) throw new AppError(409, 'inspection.package.hasItems', undefined, { items: inside });
    await deleteVersioned(tx, packages, { tenantId: session.tenantId, id }, version);
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'delete',
        entity: 'inspectionPackage',
        entityId: id,
        before: packageView(current, lang),
      },
      meta,
    );
  });
}

// ---------------------------------------------------------------- items

/** Items of one package (or of all, when none is given), by package order, then sort and code. */
export async function listItems(db: Database, tenantId: string, packageId: number | undefined, lang: Lang) {
  const rows = await db
    .select({ item: items })
    .from(items)
    .innerJoin(packages, and(eq(packages.tenantId, items.tenantId), eq(packages.id, items.packageId)))
    .where(myItems(tenantId, packageId === undefined ? undefined : eq(items.packageId, packageId)))
    .orderBy(asc(packages.sort), asc(packages.code), asc(items.sort), asc(items.code));
  return rows.map((row) => itemView(row.item, lang));
}

async function findItem(db: DbOrTx, tenantId: string, id: number) {
  const [row] = await db
    .select()
    .from(items)
    .where(myItems(tenantId, eq(items.id, id)));
  if (!row) throw recordNotFound();
  return row;
}

/** 400 on `packageId` when it names no package of the tenant (another tenant's included). */
async function assertPackage(db: DbOrTx, tenantId: string, packageId: number, lang: Lang) {
  const [row] = await db
    .select({ id: packages.id })
    .from(packages)
    .where(myPackages(tenantId, eq(packages.id, packageId)));
  if (row) return;
  throw new AppError(400, 'inspection.package.unknown', undefined, {
    errors: [{ field: 'packageId', message: translate(lang, 'inspection.package.unknown') }],
  });
}

async function assertItemCodeFree(db: DbOrTx, tenantId: string, code: string, selfId?: number) {
  const [clash] = await db
    .select({ id: items.id })
    .from(items)
    .where(myItems(tenantId, eq(items.code, code)));
  if (clash && clash.id !== selfId) throw new AppError(409, 'inspection.item.codeTaken');
}

const itemValues = (input: InspectionItemCreate, lang: Lang, current?: ItemRow) => ({
  packageId: input.packageId,
  code: input.code,
  ...storedNames(input, lang, current),
  unit: input.unit ? input.unit : null,
  referenceLow: input.referenceLow ?? null,
  referenceHigh: input.referenceHigh ?? null,
});

export async function createItem(
  db: Database,
  session: SessionUser,
  input: InspectionItemCreate,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    await assertPackage(tx, session.tenantId, input.packageId, lang);
    await assertItemCodeFree(tx, session.tenantId, input.code);
    const [row] = await tx
      .insert(items)
      .values({
        tenantId: session.tenantId,
        ...itemValues(input, lang),
        sort: input.sort ?? 0,
        isActive: input.isActive ?? true,
      })
      .returning();
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'create',
        entity: 'inspectionItem',
        entityId: row.id,
        after: itemView(row, lang),
      },
      meta,
    );
    return itemView(row, lang);
  });
}

async function changeItem(
  tx: DbOrTx,
  session: SessionUser,
  current: ItemRow,
  version: number,
  change: Partial<typeof items.$inferInsert>,
  action: string,
  meta: RequestMeta,
  lang: Lang,
) {
  const row = await updateVersioned(
    tx,
    items,
    { tenantId: session.tenantId, id: current.id },
    version,
    change,
  );
  await writeAudit(
    tx,
    {
      ...actor(session),
      action,
      entity: 'inspectionItem',
      entityId: row.id,
      before: itemView(current, lang),
      after: itemView(row, lang),
    },
    meta,
  );
  return itemView(row, lang);
}

/**
 * Mapping items refer to an item by code, so a code in use by a mapping moves with it: the mappings are
 * repointed in the same transaction (an HL7 result keeps landing on the item it was mapped to).
 */
export async function updateItem(
  db: Database,
  session: SessionUser,
  input: InspectionItemUpdate,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    const current = await findItem(tx, session.tenantId, input.id);
    await assertPackage(tx, session.tenantId, input.packageId, lang);
    await assertItemCodeFree(tx, session.tenantId, input.code, input.id);
    const change = {
      ...itemValues(input, lang, current),
      sort: input.sort ?? current.sort,
      isActive: input.isActive ?? current.isActive,
    };
    const saved = await changeItem(tx, session, current, input.version, change, 'update', meta, lang);
    if (current.code !== input.code) await repointMappings(tx, session, current.code, input.code, meta);
    return saved;
  });
}

export async function setItemStatus(
  db: Database,
  session: SessionUser,
  input: SettingStatusInput,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    const current = await findItem(tx, session.tenantId, input.id);
    const action = input.isActive ? 'enable' : 'disable';
    return changeItem(tx, session, current, input.version, { isActive: input.isActive }, action, meta, lang);
  });
}

export async function deleteItem(
  db: Database,
  session: SessionUser,
  { id, version }: VersionedKey,
  meta: RequestMeta,
  lang: Lang,
) {
  await db.transaction(async (tx) => {
    const current = await findItem(tx, session.tenantId, id);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(mappingItems)
      .where(
        and(
          eq(mappingItems.tenantId, session.tenantId),
          eq(mappingItems.targetKind, 'inspection'),
          eq(mappingItems.targetCode, current.code),
        ),
      );
    if (n > 0) throw new AppError(409, 'inspection.item.mapped', undefined, { mappings: n });
    await deleteVersioned(tx, items, { tenantId: session.tenantId, id }, version);
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'delete',
        entity: 'inspectionItem',
        entityId: id,
        before: itemView(current, lang),
      },
      meta,
    );
  });
}
