import {
  type DrugCategoryCreate,
  type DrugCategoryUpdate,
  type DrugCreate,
  type DrugUpdate,
  type Lang,
  localName,
  namesView,
  type TwoNames,
} from '@glucocare/domain';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { drugCategories, drugs } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { storedNames } from '../../lib/names';
import { mapPage, paginate } from '../../lib/page';
import { defineResource, type VersionedKey } from '../../lib/resource';
import type { RequestMeta } from '../audit/service';
import type { SessionUser } from '../auth/sessions';

type CategoryRow = typeof drugCategories.$inferSelect;

/** '' and null both mean "none" in optional text. */
const blankToNull = (value: string | null | undefined) => (value ? value : null);

function toCategory(row: CategoryRow, drugCount: number, lang: Lang) {
  return {
    id: row.id,
    code: row.code,
    ...namesView(row, lang),
    sort: row.sort,
    drugCount,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}
export type DrugCategoryRecord = ReturnType<typeof toCategory>;

/** Drugs in use per category (deleted drugs do not count). */
async function drugCounts(db: DbOrTx, tenantId: string): Promise<Map<number, number>> {
  const rows = await db
    .select({ categoryId: drugs.categoryId, n: count() })
    .from(drugs)
    .where(drugResource.where({ tenantId }))
    .groupBy(drugs.categoryId);
  return new Map(rows.filter((r) => r.categoryId != null).map((r) => [r.categoryId as number, r.n]));
}

/** Drug categories: codes unique in the tenant, removed outright once no drug uses them. */
const categoryResource = defineResource({
  table: drugCategories,
  entity: 'drugCategory',
  deletion: 'hard',
  unique: { fields: ['code'], message: 'drugCategory.codeTaken' },
  orderBy: [asc(drugCategories.sort), asc(drugCategories.code)],
  auditView: (row) => {
    const { drugCount: _count, ...rest } = toCategory(row, 0, 'en-US');
    return rest;
  },
});

export async function listCategories(
  db: Database,
  tenantId: string,
  lang: Lang,
): Promise<DrugCategoryRecord[]> {
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(drugCategories)
      .where(categoryResource.where({ tenantId }))
      .orderBy(...categoryResource.declaration.orderBy),
    drugCounts(db, tenantId),
  ]);
  return rows.map((row) => toCategory(row, counts.get(row.id) ?? 0, lang));
}

export async function createCategory(
  db: Database,
  session: SessionUser,
  input: DrugCategoryCreate,
  meta: RequestMeta,
  lang: Lang,
) {
  const row = await categoryResource.create(
    db,
    session,
    { code: input.code, ...storedNames(input, lang), sort: input.sort ?? 0 },
    meta,
  );
  return toCategory(row, 0, lang);
}

export async function updateCategory(
  db: Database,
  session: SessionUser,
  input: DrugCategoryUpdate,
  meta: RequestMeta,
  lang: Lang,
) {
  const { row } = await categoryResource.update(
    db,
    session,
    input,
    (current) => ({
      code: input.code,
      ...storedNames(input, lang, current),
      sort: input.sort ?? current.sort,
    }),
    meta,
  );
  const drugCount = (await drugCounts(db, session.tenantId)).get(row.id) ?? 0;
  return toCategory(row, drugCount, lang);
}

/** Refused (409) while a drug that is not deleted belongs to the category. */
export async function deleteCategory(
  db: Database,
  session: SessionUser,
  key: VersionedKey & { reason?: string },
  meta: RequestMeta,
) {
  await categoryResource.remove(db, session, key, meta, async (tx) => {
    const inUse = (await drugCounts(tx, session.tenantId)).get(key.id) ?? 0;
    if (inUse > 0) throw new AppError(409, 'drugCategory.inUse', undefined, { drugs: inUse });
    // deleted drugs keep their rows; they lose the category they no longer show
    await tx
      .update(drugs)
      .set({ categoryId: null })
      .where(and(eq(drugs.tenantId, session.tenantId), eq(drugs.categoryId, key.id)));
  });
}

// ---------------------------------------------------------------- drugs

const drugColumns = {
  id: drugs.id,
  code: drugs.code,
  shortCode: drugs.shortCode,
  nameZh: drugs.nameZh,
  nameEn: drugs.nameEn,
  unit: drugs.unit,
  categoryId: drugs.categoryId,
  categoryCode: drugCategories.code,
  categoryNameZh: drugCategories.nameZh,
  categoryNameEn: drugCategories.nameEn,
  specification: drugs.specification,
  isActive: drugs.isActive,
  version: drugs.version,
  createdAt: drugs.createdAt,
  updatedAt: drugs.updatedAt,
};
type DrugRow = Awaited<ReturnType<typeof selectDrugs>>[number];

function toDrug(row: DrugRow, lang: Lang) {
  const category = { nameZh: row.categoryNameZh, nameEn: row.categoryNameEn };
  return {
    id: row.id,
    code: row.code,
    shortCode: row.shortCode,
    ...namesView(row, lang),
    unit: row.unit,
    categoryCode: row.categoryCode,
    categoryName: row.categoryCode ? localName(category, lang) : null,
    categoryNameZh: category.nameZh,
    categoryNameEn: category.nameEn,
    specification: row.specification,
    isActive: row.isActive,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type DrugRecord = ReturnType<typeof toDrug>;

/** Drugs: codes unique among the tenant's live drugs, deleted by marking (orders will refer to them). */
const drugResource = defineResource({
  table: drugs,
  entity: 'drug',
  deletion: 'soft',
  unique: { fields: ['code'], message: 'drug.codeTaken' },
  search: [drugs.code, drugs.shortCode, drugs.nameZh, drugs.nameEn],
  // the category filter reads the joined category's code (see selectDrugs)
  filters: { categoryCode: drugCategories.code, isActive: drugs.isActive },
  orderBy: [asc(drugs.code)],
  auditView: (row) => ({
    id: row.id,
    code: row.code,
    shortCode: row.shortCode,
    ...namesView(row, 'en-US'),
    unit: row.unit,
    categoryId: row.categoryId,
    specification: row.specification,
    isActive: row.isActive,
    version: row.version,
  }),
});

const withCategory = and(
  eq(drugCategories.tenantId, drugs.tenantId),
  eq(drugCategories.id, drugs.categoryId),
);

/** Drugs that are not deleted, with their category, filtered by `where`. */
function selectDrugs(db: DbOrTx, tenantId: string, where?: SQL) {
  return db
    .select(drugColumns)
    .from(drugs)
    .leftJoin(drugCategories, withCategory)
    .where(drugResource.where({ tenantId }, where));
}

export async function pageDrugs(
  db: Database,
  tenantId: string,
  query: { queryCondition?: string; categoryCode?: string; isActive?: boolean; page: number; size: number },
  lang: Lang,
) {
  const where = drugResource.listConditions(query);
  const page = await paginate(
    query,
    (limit, offset) =>
      selectDrugs(db, tenantId, where)
        .orderBy(...drugResource.declaration.orderBy)
        .limit(limit)
        .offset(offset),
    () =>
      db
        .select({ total: count() })
        .from(drugs)
        .leftJoin(drugCategories, withCategory)
        .where(drugResource.where({ tenantId }, where))
        .then(([row]) => row.total),
  );
  return mapPage(page, (row) => toDrug(row, lang));
}

/** Every enabled drug, for pickers: by category order, then name (in the request's language). */
export async function enabledDrugs(db: Database, tenantId: string, lang: Lang): Promise<DrugRecord[]> {
  const [first, second] = lang === 'zh-CN' ? [drugs.nameZh, drugs.nameEn] : [drugs.nameEn, drugs.nameZh];
  const rows = await selectDrugs(db, tenantId, eq(drugs.isActive, true)).orderBy(
    asc(drugCategories.sort),
    asc(sql`coalesce(${first}, ${second})`),
    asc(drugs.code),
  );
  return rows.map((row) => toDrug(row, lang));
}

async function findDrug(db: DbOrTx, tenantId: string, id: number, lang: Lang): Promise<DrugRecord> {
  const [row] = await selectDrugs(db, tenantId, eq(drugs.id, id));
  if (!row) throw recordNotFound();
  return toDrug(row, lang);
}

/** The id of the category with this code; 400 when the tenant has none such. */
async function categoryIdOf(db: DbOrTx, tenantId: string, code: string | null | undefined) {
  const wanted = blankToNull(code);
  if (!wanted) return null;
  const [row] = await db
    .select({ id: drugCategories.id })
    .from(drugCategories)
    .where(categoryResource.where({ tenantId }, eq(drugCategories.code, wanted)));
  if (!row) throw new AppError(400, 'drugCategory.unknown', { code: wanted });
  return row.id;
}

function drugValues(input: DrugCreate, categoryId: number | null, lang: Lang, current?: TwoNames) {
  return {
    code: input.code,
    shortCode: blankToNull(input.shortCode),
    ...storedNames(input, lang, current),
    unit: input.unit,
    categoryId,
    specification: blankToNull(input.specification),
  };
}

export async function createDrug(
  db: DbOrTx,
  session: SessionUser,
  input: DrugCreate,
  meta: RequestMeta,
  lang: Lang,
) {
  const row = await db.transaction(async (tx) => {
    const categoryId = await categoryIdOf(tx, session.tenantId, input.categoryCode);
    const values = { ...drugValues(input, categoryId, lang), isActive: input.isActive ?? true };
    return drugResource.create(tx, session, values, meta);
  });
  return findDrug(db, session.tenantId, row.id, lang);
}

export async function updateDrug(
  db: Database,
  session: SessionUser,
  input: DrugUpdate,
  meta: RequestMeta,
  lang: Lang,
) {
  const { row } = await drugResource.update(
    db,
    session,
    input,
    async (current, tx) => ({
      ...drugValues(input, await categoryIdOf(tx, session.tenantId, input.categoryCode), lang, current),
      isActive: input.isActive ?? current.isActive,
    }),
    meta,
  );
  return findDrug(db, session.tenantId, row.id, lang);
}

/** Soft delete: the row stays (orders will refer to it), it leaves every list and its code is free again. */
export async function deleteDrug(
  db: Database,
  session: SessionUser,
  key: VersionedKey & { reason?: string },
  meta: RequestMeta,
) {
  await drugResource.remove(db, session, key, meta);
}
