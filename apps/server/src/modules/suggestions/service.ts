import {
  type Lang,
  SUGGESTION_CATEGORIES,
  type SuggestionCategory,
  type SuggestionCreate,
  type SuggestionUpdate,
  translate,
} from '@glucocare/domain';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { managementSuggestions as suggestions } from '../../db/schema';
import { recordNotFound } from '../../http/errors';
import { containsPattern } from '../../lib/query';
import { updateVersioned } from '../../lib/versioned';
import { auditActor as actor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';

type SuggestionRow = typeof suggestions.$inferSelect;

/** The suggestion categories with their names in a language. */
export function suggestionCategories(lang: Lang) {
  return SUGGESTION_CATEGORIES.map((code) => ({
    code,
    name: translate(lang, `suggestion.category.${code}`),
  }));
}

function toRecord(row: SuggestionRow, lang: Lang) {
  const category = row.category as SuggestionCategory;
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    category,
    categoryName: translate(lang, `suggestion.category.${category}`),
    sort: row.sort,
    isActive: row.isActive,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function auditView(row: SuggestionRow) {
  const { categoryName: _name, ...rest } = toRecord(row, 'en-US');
  return rest;
}

const mine = (tenantId: string, where?: SQL) => and(eq(suggestions.tenantId, tenantId), where);
const order = [asc(suggestions.category), asc(suggestions.sort), asc(suggestions.id)];

export async function pageSuggestions(
  db: Database,
  tenantId: string,
  query: {
    queryCondition?: string;
    category?: SuggestionCategory;
    isActive?: boolean;
    page: number;
    size: number;
  },
  lang: Lang,
) {
  const text = query.queryCondition?.trim();
  const pattern = text ? containsPattern(text) : undefined;
  const where = mine(
    tenantId,
    and(
      pattern ? or(ilike(suggestions.title, pattern), ilike(suggestions.content, pattern)) : undefined,
      query.category ? eq(suggestions.category, query.category) : undefined,
      query.isActive === undefined ? undefined : eq(suggestions.isActive, query.isActive),
    ),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(suggestions)
      .where(where)
      .orderBy(...order)
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(suggestions).where(where),
  ]);
  return { records: rows.map((row) => toRecord(row, lang)), total, page: query.page, size: query.size };
}

/** Enabled suggestions (of one category, when given): what the virtual ward's picker offers. */
export async function enabledSuggestions(
  db: Database,
  tenantId: string,
  category: SuggestionCategory | undefined,
  lang: Lang,
) {
  const rows = await db
    .select()
    .from(suggestions)
    .where(
      mine(
        tenantId,
        and(eq(suggestions.isActive, true), category ? eq(suggestions.category, category) : undefined),
      ),
    )
    .orderBy(...order);
  return rows.map((row) => toRecord(row, lang));
}

async function findSuggestion(db: DbOrTx, tenantId: string, id: number): Promise<SuggestionRow> {
  const [row] = await db
    .select()
    .from(suggestions)
    .where(mine(tenantId, eq(suggestions.id, id)));
  if (!row) throw recordNotFound();
  return row;
}

export async function createSuggestion(
  db: Database,
  session: SessionUser,
  input: SuggestionCreate,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(suggestions)
      .values({
        tenantId: session.tenantId,
        title: input.title,
        content: input.content,
        category: input.category,
        sort: input.sort ?? 0,
        isActive: input.isActive ?? true,
      })
      .returning();
    await writeAudit(
      tx,
      { ...actor(session), action: 'create', entity: 'suggestion', entityId: row.id, after: auditView(row) },
      meta,
    );
    return toRecord(row, lang);
  });
}

export async function updateSuggestion(
  db: Database,
  session: SessionUser,
  input: SuggestionUpdate,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    const current = await findSuggestion(tx, session.tenantId, input.id);
    const row = await updateVersioned(
      tx,
      suggestions,
      { tenantId: session.tenantId, id: input.id },
      input.version,
      {
        title: input.title,
        content: input.content,
        category: input.category,
        sort: input.sort ?? current.sort,
        isActive: input.isActive ?? current.isActive,
      },
    );
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'update',
        entity: 'suggestion',
        entityId: row.id,
        before: auditView(current),
        after: auditView(row),
      },
      meta,
    );
    return toRecord(row, lang);
  });
}

/** Deleted outright: a virtual-ward record keeps the text it was given, not a reference. */
export async function deleteSuggestion(db: Database, session: SessionUser, id: number, meta: RequestMeta) {
  await db.transaction(async (tx) => {
    const current = await findSuggestion(tx, session.tenantId, id);
    await tx.delete(suggestions).where(mine(session.tenantId, eq(suggestions.id, id)));
    await writeAudit(
      tx,
      { ...actor(session), action: 'delete', entity: 'suggestion', entityId: id, before: auditView(current) },
      meta,
    );
  });
}
