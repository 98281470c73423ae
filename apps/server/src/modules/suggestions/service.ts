import {
  type Lang,
  SUGGESTION_CATEGORIES,
  type SuggestionCategory,
  type SuggestionCreate,
  type SuggestionUpdate,
  translate,
} from '@glucocare/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { managementSuggestions as suggestions } from '../../db/schema';
import { mapPage } from '../../lib/page';
import { defineResource, type VersionedKey } from '../../lib/resource';
import type { RequestMeta } from '../audit/service';
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

/** Management suggestions: deleted outright (a virtual-ward record keeps the text it was given, not a reference). */
const suggestionResource = defineResource({
  table: suggestions,
  entity: 'suggestion',
  deletion: 'hard',
  search: [suggestions.title, suggestions.content],
  filters: { category: suggestions.category, isActive: suggestions.isActive },
  orderBy: [asc(suggestions.category), asc(suggestions.sort), asc(suggestions.id)],
  auditView,
});

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
  return mapPage(await suggestionResource.list(db, { tenantId }, query), (row) => toRecord(row, lang));
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
      suggestionResource.where(
        { tenantId },
        and(eq(suggestions.isActive, true), suggestionResource.listConditions({ category })),
      ),
    )
    .orderBy(...suggestionResource.declaration.orderBy);
  return rows.map((row) => toRecord(row, lang));
}

export async function createSuggestion(
  db: Database,
  session: SessionUser,
  input: SuggestionCreate,
  meta: RequestMeta,
  lang: Lang,
) {
  const row = await suggestionResource.create(
    db,
    session,
    {
      title: input.title,
      content: input.content,
      category: input.category,
      sort: input.sort ?? 0,
      isActive: input.isActive ?? true,
    },
    meta,
  );
  return toRecord(row, lang);
}

export async function updateSuggestion(
  db: Database,
  session: SessionUser,
  input: SuggestionUpdate,
  meta: RequestMeta,
  lang: Lang,
) {
  const { row } = await suggestionResource.update(
    db,
    session,
    input,
    (current) => ({
      title: input.title,
      content: input.content,
      category: input.category,
      sort: input.sort ?? current.sort,
      isActive: input.isActive ?? current.isActive,
    }),
    meta,
  );
  return toRecord(row, lang);
}

/** Deleted outright: a virtual-ward record keeps the text it was given, not a reference. */
export async function deleteSuggestion(
  db: Database,
  session: SessionUser,
  key: VersionedKey & { reason?: string },
  meta: RequestMeta,
) {
  await suggestionResource.remove(db, session, key, meta);
}
