import {
  type DrugCategoryCreate,
  type DrugCategoryUpdate,
  type DrugCreate,
  type DrugUpdate,
  type Lang,
  localName,
  namesView,
} from '@glucocare/domain';
import { and, asc, count, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { drugCategories, drugs } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { storedNames } from '../../lib/names';
import { containsPattern } from '../../lib/query';
import { updateVersioned } from '../../lib/versioned';
import { auditActor as actor, type RequestMeta, writeAudit } from '../audit/service';
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
    .where(and(eq(drugs.tenantId, tenantId), isNull(drugs.deletedAt)))
    .groupBy(drugs.categoryId);
  return new Map(rows.filter((r) => r.categoryId != null).map((r) => [r.categoryId as number, r.n]));
}

export async function listCategories(
  db: Database,
  tenantId: string,
  lang: Lang,
): Promise<DrugCategoryRecord[]> {
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(drugCategories)
      .where(eq(drugCategories.tenantId, tenantId))
      .orderBy(asc(drugCategories.sort), asc(drugCategories.code)),
    drugCounts(db, tenantId),
  ]);
  return rows.map((row) => toCategory(row, counts.get(row.id) ?? 0, lang));
}

async function findCategory(db: DbOrTx, tenantId: string, id: number): Promise<CategoryRow> {
  const [row] = await db
    .select()
    .from(drugCategories)
    .where(and(eq(drugCategories.tenantId, tenantId), eq(drugCategories.id, id)));
  if (!row) throw recordNotFound();
  return row;
}

async function checkCategoryCodeFree(db: DbOrTx, tenantId: string, code: string, selfId?: number) {
  const [clash] = await db
    .select({ id: drugCategories.id })
    .from(drugCategories)
    .where(and(eq(drugCategories.tenantId, tenantId), eq(drugCategories.code, code)));
  if (clash && clash.id !== selfId) throw new AppError(409, 'drugCategory.codeTaken');
}

export async function createCategory(
  db: Database,
  session: SessionUser,
  input: DrugCategoryCreate,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    await checkCategoryCodeFree(tx, session.tenantId, input.code);
    const [row] = await tx
      .insert(drugCategories)
      .values({
        tenantId: session.tenantId,
        code: input.code,
        ...storedNames(input, lang),
        sort: input.sort ?? 0,
      })
      .returning();
    const after = toCategory(row, 0, lang);
    await writeAudit(
      tx,
      { ...actor(session), action: 'create', entity: 'drugCategory', entityId: row.id, after },
      meta,
    );
    return after;
  });
}

export async function updateCategory(
  db: Database,
  session: SessionUser,
  input: DrugCategoryUpdate,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    const current = await findCategory(tx, session.tenantId, input.id);
    if (current.version !== input.version) throw new AppError(409, 'error.conflict');
    await checkCategoryCodeFree(tx, session.tenantId, input.code, input.id);
    const row = await updateVersioned(
      tx,
      drugCategories,
      { tenantId: session.tenantId, id: input.id },
      input.version,
      {
        code: input.code,
        ...storedNames(input, lang, current),
        sort: input.sort ?? current.sort,
      },
    );
    const drugCount = (await drugCounts(tx, session.tenantId)).get(row.id) ?? 0;
    const after = toCategory(row, drugCount, lang);
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'update',
        entity: 'drugCategory',
        entityId: row.id,
        before: toCategory(current, drugCount, lang),
        after,
      },
      meta,
    );
    return after;
  });
}

/** Refused (409) while a drug that is not deleted belongs to the category. */
export async function deleteCategory(
  db: Database,
  session: SessionUser,
  id: number,
  meta: RequestMeta,
  lang: Lang,
) {
  await db.transaction(async (tx) => {
    const current = await findCategory(tx, session.tenantId, id);
    const inUse = (await drugCounts(tx, session.tenantId)).get(id) ?? 0;
    if (inUse > 0) throw new AppError(409, 'drugCategory.inUse', undefined, { drugs: inUse });
    // deleted drugs keep their rows; they lose the category they no longer show
    await tx
      .update(drugs)
      .set({ categoryId: null })
      .where(and(eq(drugs.tenantId, session.tenantId), eq(drugs.categoryId, id)));
    await tx
      .delete(drugCategories)
      .where(and(eq(drugCategories.tenantId, session.tenantId), eq(drugCategories.id, id)));
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'delete',
        entity: 'drugCategory',
        entityId: id,
        before: toCategory(current, 0, lang),
      },
      meta,
    );
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

/** Drugs that are not deleted, with their category, filtered by `where`. */
function selectDrugs(db: DbOrTx, tenantId: string, where?: SQL) {
  return db
    .select(drugColumns)
    .from(drugs)
    .leftJoin(
      drugCategories,
      and(eq(drugCategories.tenantId, drugs.tenantId), eq(drugCategories.id, drugs.categoryId)),
    )
    .where(and(eq(drugs.tenantId, tenantId), isNull(drugs.deletedAt), where));
}

export async function pageDrugs(
  db: Database,
  tenantId: string,
  query: { queryCondition?: string; categoryCode?: string; isActive?: boolean; page: number; size: number },
  lang: Lang,
) {
  const text = query.queryCondition?.trim();
  const pattern = text ? containsPattern(text) : undefined;
  const where = and(
    pattern
      ? or(
          ilike(drugs.code, pattern),
          ilike(drugs.shortCode, pattern),
          ilike(drugs.nameZh, pattern),
          ilike(drugs.nameEn, pattern),
        )
      : undefined,
    query.categoryCode ? eq(drugCategories.code, query.categoryCode) : undefined,
    query.isActive === undefined ? undefined : eq(drugs.isActive, query.isActive),
  );
  const [rows, [{ total }]] = await Promise.all([
    selectDrugs(db, tenantId, where)
      .orderBy(asc(drugs.code))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db
      .select({ total: count() })
      .from(drugs)
      .leftJoin(
        drugCategories,
        and(eq(drugCategories.tenantId, drugs.tenantId), eq(drugCategories.id, drugs.categoryId)),
      )
      .where(and(eq(drugs.tenantId, tenantId), isNull(drugs.deletedAt), where)),
  ]);
  return { records: rows.map((row) => toDrug(row, lang)), total, page: query.page, size: query.size };
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

async function checkDrugCodeFree(db: DbOrTx, tenantId: string, code: string, selfId?: number) {
  const [clash] = await db
    .select({ id: drugs.id })
    .from(drugs)
    .where(and(eq(drugs.tenantId, tenantId), eq(drugs.code, code), isNull(drugs.deletedAt)));
  if (clash && clash.id !== selfId) throw new AppError(409, 'drug.codeTaken');
}

/** The id of the category with this code; 400 when the tenant has none such. */
async function categoryIdOf(db: DbOrTx, tenantId: string, code: string | null | undefined) {
  const wanted = blankToNull(code);
  if (!wanted) return null;
  const [row] = await db
    .select({ id: drugCategories.id })
    .from(drugCategories)
    .where(and(eq(drugCategories.tenantId, tenantId), eq(drugCategories.code, wanted)));
  if (!row) throw new AppError(400, 'drugCategory.unknown', { code: wanted });
  return row.id;
}

function drugValues(input: DrugCreate, categoryId: number | null, lang: Lang, current?: DrugRecord) {
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
  db: Database,
  session: SessionUser,
  input: DrugCreate,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    await checkDrugCodeFree(tx, session.tenantId, input.code);
    const categoryId = await categoryIdOf(tx, session.tenantId, input.categoryCode);
    const [row] = await tx
      .insert(drugs)
      .values({
        tenantId: session.tenantId,
        ...drugValues(input, categoryId, lang),
        isActive: input.isActive ?? true,
      })
      .returning({ id: drugs.id });
    const after = await findDrug(tx, session.tenantId, row.id, lang);
    await writeAudit(
      tx,
      { ...actor(session), action: 'create', entity: 'drug', entityId: row.id, after },
      meta,
    );
    return after;
  });
}

export async function updateDrug(
  db: Database,
  session: SessionUser,
  input: DrugUpdate,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    const current = await findDrug(tx, session.tenantId, input.id, lang);
    if (current.version !== input.version) throw new AppError(409, 'error.conflict');
    await checkDrugCodeFree(tx, session.tenantId, input.code, input.id);
    const categoryId = await categoryIdOf(tx, session.tenantId, input.categoryCode);
    const [row] = await tx
      .update(drugs)
      .set({
        ...drugValues(input, categoryId, lang, current),
        isActive: input.isActive ?? current.isActive,
        version: current.version + 1,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(drugs.tenantId, session.tenantId),
          eq(drugs.id, input.id),
          eq(drugs.version, input.version),
          isNull(drugs.deletedAt),
        ),
      )
      .returning({ id: drugs.id });
    if (!row) throw new AppError(409, 'error.conflict');
    const after = await findDrug(tx, session.tenantId, row.id, lang);
    await writeAudit(
      tx,
      { ...actor(session), action: 'update', entity: 'drug', entityId: row.id, before: current, after },
      meta,
    );
    return after;
  });
}

/** Soft delete: the row stays (orders will refer to it), it leaves every list and its code is free again. */
export async function deleteDrug(
  db: Database,
  session: SessionUser,
  id: number,
  meta: RequestMeta,
  lang: Lang,
) {
  await db.transaction(async (tx) => {
    const current = await findDrug(tx, session.tenantId, id, lang);
    const now = new Date();
    await tx
      .update(drugs)
      .set({ deletedAt: now, deletedBy: session.userId, version: current.version + 1, updatedAt: now })
      .where(and(eq(drugs.tenantId, session.tenantId), eq(drugs.id, id)));
    await writeAudit(
      tx,
      { ...actor(session), action: 'delete', entity: 'drug', entityId: id, before: current },
      meta,
    );
  });
}
