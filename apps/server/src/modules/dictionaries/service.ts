import type { DictEntrySave, Lang } from '@glucocare/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { dictEntries } from '../../db/schema';
import { mapPage } from '../../lib/page';
import { defineResource, type VersionedKey } from '../../lib/resource';
import type { RequestMeta } from '../audit/service';
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

/** Dictionary entries: unique by type and code among live entries, deleted by marking. */
const dictionary = defineResource({
  table: dictEntries,
  entity: 'dictEntry',
  deletion: 'soft',
  unique: { fields: ['type', 'code'], message: 'dict.codeTaken' },
  search: [dictEntries.code, dictEntries.nameZh, dictEntries.nameEn],
  filters: { type: dictEntries.type, isActive: dictEntries.isActive },
  orderBy: [asc(dictEntries.type), asc(dictEntries.sort), asc(dictEntries.code)],
  auditView,
});

/** Enabled entries of a type, by sort then code (clinical screens' pickers). */
export async function entriesOfType(db: Database, tenantId: string, type: string, lang: Lang) {
  const rows = await db
    .select()
    .from(dictEntries)
    .where(dictionary.where({ tenantId }, and(eq(dictEntries.type, type), eq(dictEntries.isActive, true))))
    .orderBy(...dictionary.declaration.orderBy);
  return rows.map((row) => toRecord(row, lang));
}

export async function pageEntries(
  db: Database,
  tenantId: string,
  query: { type?: string; queryCondition?: string; isActive?: boolean; page: number; size: number },
  lang: Lang,
) {
  return mapPage(await dictionary.list(db, { tenantId }, query), (row) => toRecord(row, lang));
}

/** The dictionary types in use, with how many entries each has. */
export async function dictionaryTypes(db: Database, tenantId: string) {
  return db
    .select({ type: dictEntries.type, count: count() })
    .from(dictEntries)
    .where(dictionary.where({ tenantId }))
    .groupBy(dictEntries.type)
    .orderBy(asc(dictEntries.type));
}

/** POST /v1/dict: creates an entry (no `id`) or updates one (`id` and the current `version`). */
export async function saveEntry(
  db: DbOrTx,
  session: SessionUser,
  input: DictEntrySave,
  meta: RequestMeta,
  lang: Lang,
) {
  const fields = {
    type: input.type,
    code: input.code,
    nameZh: input.nameZh,
    nameEn: input.nameEn,
    value: storedValue(input.value),
  };
  if (input.id === undefined) {
    const row = await dictionary.create(
      db,
      session,
      { ...fields, sort: input.sort ?? 0, isActive: input.isActive ?? true },
      meta,
    );
    return toRecord(row, lang);
  }
  const { row } = await dictionary.update(
    db,
    session,
    // the body schema requires the version with an id; 0 is never a version, so its absence is stale
    { id: input.id, version: input.version ?? 0 },
    (current) => ({
      ...fields,
      sort: input.sort ?? current.sort,
      isActive: input.isActive ?? current.isActive,
    }),
    meta,
  );
  return toRecord(row, lang);
}

/** Deleted by marking: records that stored the entry's code can still show its name. */
export async function deleteEntry(
  db: Database,
  session: SessionUser,
  key: VersionedKey & { reason?: string },
  meta: RequestMeta,
) {
  await dictionary.remove(db, session, key, meta);
}
