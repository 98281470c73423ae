import type { DictEntrySave, Lang } from '@glucocare/domain';
import { and, asc, count, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { dictEntries } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { containsPattern } from '../../lib/query';
import { updateVersioned } from '../../lib/versioned';
import { auditActor as actor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';

type EntryRow = typeof dictEntries.$inferSelect;

function toRecord(row: EntryRow, lang: Lang) {
  return {
    id: row.id,
    type: row.type,
    code: row.code,
    name: lang === 'zh-CN' ? row.nameZh : row.nameEn,
    nameZh: row.nameZh,
    nameEn: row.nameEn,
    value: row.value,
    sort: row.sort,
    isActive: row.isActive,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function auditView(row: EntryRow) {
  const { name: _name, ...rest } = toRecord(row, 'en-US');
  return rest;
}

/** A numeric value as stored: decimal text as typed, a JSON number as JavaScript writes it. */
function storedValue(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'number' ? String(value) : value.trim();
}

const live = (tenantId: string, where?: SQL) =>
  and(eq(dictEntries.tenantId, tenantId), isNull(dictEntries.deletedAt), where);
const order = [asc(dictEntries.type), asc(dictEntries.sort), asc(dictEntries.code)];

/** Enabled entries of a type, by sort then code (clinical screens' pickers). */
export async function entriesOfType(db: Database, tenantId: string, type: string, lang: Lang) {
  const rows = await db
    .select()
    .from(dictEntries)
    .where(live(tenantId, and(eq(dictEntries.type, type), eq(dictEntries.isActive, true))))
    .orderBy(...order);
  return rows.map((row) => toRecord(row, lang));
}

export async function pageEntries(
  db: Database,
  tenantId: string,
  query: { type?: string; queryCondition?: string; isActive?: boolean; page: number; size: number },
  lang: Lang,
) {
  const text = query.queryCondition?.trim();
  const pattern = text ? containsPattern(text) : undefined;
  const where = live(
    tenantId,
    and(
      query.type ? eq(dictEntries.type, query.type) : undefined,
      pattern
        ? or(
            ilike(dictEntries.code, pattern),
            ilike(dictEntries.nameZh, pattern),
            ilike(dictEntries.nameEn, pattern),
          )
        : undefined,
      query.isActive === undefined ? undefined : eq(dictEntries.isActive, query.isActive),
    ),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(dictEntries)
      .where(where)
      .orderBy(...order)
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(dictEntries).where(where),
  ]);
  return { records: rows.map((row) => toRecord(row, lang)), total, page: query.page, size: query.size };
}

/** The dictionary types in use, with how many entries each has. */
export async function dictionaryTypes(db: Database, tenantId: string) {
  return db
    .select({ type: dictEntries.type, count: count() })
    .from(dictEntries)
    .where(live(tenantId))
    .groupBy(dictEntries.type)
    .orderBy(asc(dictEntries.type));
}

async function findEntry(db: DbOrTx, tenantId: string, id: number): Promise<EntryRow> {
  const [row] = await db
    .select()
    .from(dictEntries)
    .where(live(tenantId, eq(dictEntries.id, id)));
  if (!row) throw recordNotFound();
  return row;
}

async function checkCodeFree(db: DbOrTx, tenantId: string, type: string, code: string, selfId?: number) {
  const [clash] = await db
    .select({ id: dictEntries.id })
    .from(dictEntries)
    .where(live(tenantId, and(eq(dictEntries.type, type), eq(dictEntries.code, code))));
  if (clash && clash.id !== selfId) throw new AppError(409, 'dict.codeTaken');
}

/** POST /v1/dict: creates an entry (no `id`) or updates one (`id` and the current `version`). */
export async function saveEntry(
  db: Database,
  session: SessionUser,
  input: DictEntrySave,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    const tenantId = session.tenantId;
    const fields = {
      type: input.type,
      code: input.code,
      nameZh: input.nameZh,
      nameEn: input.nameEn,
      value: storedValue(input.value),
    };
    if (input.id === undefined) {
      await checkCodeFree(tx, tenantId, input.type, input.code);
      const [row] = await tx
        .insert(dictEntries)
        .values({ tenantId, ...fields, sort: input.sort ?? 0, isActive: input.isActive ?? true })
        .returning();
      await writeAudit(
        tx,
        { ...actor(session), action: 'create', entity: 'dictEntry', entityId: row.id, after: auditView(row) },
        meta,
      );
      return toRecord(row, lang);
    }
    const current = await findEntry(tx, tenantId, input.id);
    if (current.version !== input.version) throw new AppError(409, 'error.conflict');
    await checkCodeFree(tx, tenantId, input.type, input.code, input.id);
    const row = await updateVersioned(
      tx,
      dictEntries,
      { tenantId: tenantId, id: input.id },
      current.version,
      {
        ...fields,
        sort: input.sort ?? current.sort,
        isActive: input.isActive ?? current.isActive,
      },
    );
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'update',
        entity: 'dictEntry',
        entityId: row.id,
        before: auditView(current),
        after: auditView(row),
      },
      meta,
    );
    return toRecord(row, lang);
  });
}

/** Deleted by marking: records that stored the entry's code can still show its name. */
export async function deleteEntry(db: Database, session: SessionUser, id: number, meta: RequestMeta) {
  await db.transaction(async (tx) => {
    const current = await findEntry(tx, session.tenantId, id);
    const now = new Date();
    await tx
      .update(dictEntries)
      .set({ deletedAt: now, deletedBy: session.userId, version: current.version + 1, updatedAt: now })
      .where(live(session.tenantId, eq(dictEntries.id, id)));
    await writeAudit(
      tx,
      { ...actor(session), action: 'delete', entity: 'dictEntry', entityId: id, before: auditView(current) },
      meta,
    );
  });
}
