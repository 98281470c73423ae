import type {
  InspectionItemCreate,
  InspectionItemUpdate,
  InspectionPackageCreate,
  InspectionPackageUpdate,
  Lang,
  SettingStatusInput,
} from '@glucocare/domain';
import { namesView, translate } from '@glucocare/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { inspectionItems as items, mappingItems, inspectionPackages as packages } from '../../db/schema';
import { AppError } from '../../http/errors';
import { storedNames } from '../../lib/names';
import { defineResource, type VersionedKey } from '../../lib/resource';
import type { RequestMeta } from '../audit/service';
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

/** Packages: codes unique in the tenant, removed outright once no item belongs to them. */
const packageResource = defineResource({
  table: packages,
  entity: 'inspectionPackage',
  deletion: 'hard',
  unique: { fields: ['code'], message: 'inspection.package.codeTaken' },
  filters: { isActive: packages.isActive },
  orderBy: [asc(packages.sort), asc(packages.code)],
  auditView: (row) => packageView(row, 'en-US'),
});

/** Items: codes unique in the tenant, removed outright once no mapping points at them. */
const itemResource = defineResource({
  table: items,
  entity: 'inspectionItem',
  deletion: 'hard',
  unique: { fields: ['code'], message: 'inspection.item.codeTaken' },
  orderBy: [asc(items.sort), asc(items.code)],
  auditView: (row) => itemView(row, 'en-US'),
});

async function itemCounts(db: DbOrTx, tenantId: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ packageId: items.packageId, n: count() })
    .from(items)
    .where(itemResource.where({ tenantId }))
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
      .where(packageResource.where({ tenantId }, packageResource.listConditions({ isActive })))
      .orderBy(...packageResource.declaration.orderBy),
    itemCounts(db, tenantId),
  ]);
  return rows.map((row) => ({ ...packageView(row, lang), itemCount: counts.get(row.id) ?? 0 }));
}

async function withCount(db: DbOrTx, row: PackageRow, lang: Lang) {
  return { ...packageView(row, lang), itemCount: (await itemCounts(db, row.tenantId)).get(row.id) ?? 0 };
}

export async function createPackage(
  db: Database,
  session: SessionUser,
  input: InspectionPackageCreate,
  meta: RequestMeta,
  lang: Lang,
) {
  const row = await packageResource.create(
    db,
    session,
    {
      code: input.code,
      ...storedNames(input, lang),
      sort: input.sort ?? 0,
      isActive: input.isActive ?? true,
    },
    meta,
  );
  return { ...packageView(row, lang), itemCount: 0 };
}

export async function updatePackage(
  db: Database,
  session: SessionUser,
  input: InspectionPackageUpdate,
  meta: RequestMeta,
  lang: Lang,
) {
  const { row } = await packageResource.update(
    db,
    session,
    input,
    (current) => ({
      code: input.code,
      ...storedNames(input, lang, current),
      sort: input.sort ?? current.sort,
      isActive: input.isActive ?? current.isActive,
    }),
    meta,
  );
  return withCount(db, row, lang);
}

export async function setPackageStatus(
  db: Database,
  session: SessionUser,
  input: SettingStatusInput,
  meta: RequestMeta,
  lang: Lang,
) {
  return withCount(db, await packageResource.setStatus(db, session, input, meta), lang);
}

/** Refused (409) while items belong to the package. */
export async function deletePackage(
  db: Database,
  session: SessionUser,
  key: VersionedKey,
  meta: RequestMeta,
) {
  await packageResource.remove(db, session, key, meta, async (tx) => {
    const inside = (await itemCounts(tx, session.tenantId)).get(key.id) ?? 0;
    if (inside > 0) throw new AppError(409, 'inspection.package.hasItems', undefined, { items: inside });
  });
}

// ---------------------------------------------------------------- items

/** Items of one package (or of all, when none is given), by package order, then sort and code. */
export async function listItems(db: Database, tenantId: string, packageId: number | undefined, lang: Lang) {
  const rows = await db
    .select({ item: items })
    .from(items)
    .innerJoin(packages, and(eq(packages.tenantId, items.tenantId), eq(packages.id, items.packageId)))
    .where(
      itemResource.where({ tenantId }, packageId === undefined ? undefined : eq(items.packageId, packageId)),
    )
    .orderBy(...packageResource.declaration.orderBy, ...itemResource.declaration.orderBy);
  return rows.map((row) => itemView(row.item, lang));
}

/** 400 on `packageId` when it names no package of the tenant (another tenant's included). */
async function assertPackage(db: DbOrTx, tenantId: string, packageId: number, lang: Lang) {
  const [row] = await db
    .select({ id: packages.id })
    .from(packages)
    .where(packageResource.where({ tenantId }, eq(packages.id, packageId)));
  if (row) return;
  throw new AppError(400, 'inspection.package.unknown', undefined, {
    errors: [{ field: 'packageId', message: translate(lang, 'inspection.package.unknown') }],
  });
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
    const row = await itemResource.create(
      tx,
      session,
      { ...itemValues(input, lang), sort: input.sort ?? 0, isActive: input.isActive ?? true },
      meta,
    );
    return itemView(row, lang);
  });
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
    const { before, row } = await itemResource.update(
      tx,
      session,
      input,
      (current) => ({
        ...itemValues(input, lang, current),
        sort: input.sort ?? current.sort,
        isActive: input.isActive ?? current.isActive,
      }),
      meta,
      () => assertPackage(tx, session.tenantId, input.packageId, lang),
    );
    if (before.code !== row.code) await repointMappings(tx, session, before.code, row.code, meta);
    return itemView(row, lang);
  });
}

export async function setItemStatus(
  db: Database,
  session: SessionUser,
  input: SettingStatusInput,
  meta: RequestMeta,
  lang: Lang,
) {
  return itemView(await itemResource.setStatus(db, session, input, meta), lang);
}

/** Refused (409) while a mapping item points at the item's code. */
export async function deleteItem(db: Database, session: SessionUser, key: VersionedKey, meta: RequestMeta) {
  await itemResource.remove(db, session, key, meta, async (tx, current) => {
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
  });
}
