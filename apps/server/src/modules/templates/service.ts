import {
  type Lang,
  ORDER_TYPES,
  type OrderTemplateCreate,
  type OrderTemplateUpdate,
  translate,
} from '@glucocare/domain';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderTemplates } from '../../db/schema';
import { mapPage } from '../../lib/page';
import { containsPattern } from '../../lib/query';
import { defineResource, type VersionedKey } from '../../lib/resource';
import type { RequestMeta } from '../audit/service';
import type { SessionUser } from '../auth/sessions';

export type OrderType = (typeof ORDER_TYPES)[number];
type TemplateRow = typeof orderTemplates.$inferSelect;

/** The three order types (§9) with their names in a language, in the spec's order. */
export function orderTypes(lang: Lang) {
  return ORDER_TYPES.map((code) => ({ code, name: translate(lang, `orderType.${code}`) }));
}

function toRecord(row: TemplateRow, lang: Lang) {
  return {
    id: row.id,
    name: row.name,
    type: row.adviceType as OrderType,
    typeName: translate(lang, `orderType.${row.adviceType as OrderType}`),
    content: row.content,
    isActive: row.isActive,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type TemplateRecord = ReturnType<typeof toRecord>;

/** What an audit row keeps of a template (the type name depends on the reader's language). */
function auditView(row: TemplateRow) {
  const { typeName: _typeName, ...rest } = toRecord(row, 'en-US');
  return rest;
}

/** Order templates: a name is unique within its order type among live templates, deleted by marking. */
const templates = defineResource({
  table: orderTemplates,
  entity: 'orderTemplate',
  deletion: 'soft',
  unique: { fields: ['adviceType', 'name'], message: 'template.nameTaken' },
  filters: { adviceType: orderTemplates.adviceType, isActive: orderTemplates.isActive },
  orderBy: [asc(orderTemplates.adviceType), asc(orderTemplates.name), asc(orderTemplates.id)],
  auditView,
});

export async function pageTemplates(
  db: Database,
  tenantId: string,
  query: { queryCondition?: string; adviceType?: OrderType; isActive?: boolean; page: number; size: number },
  lang: Lang,
) {
  const text = query.queryCondition?.trim();
  const pattern = text ? containsPattern(text) : undefined;
  // the free text also looks inside the content items (a JSON array), which a column search cannot
  const inContent = pattern
    ? or(ilike(orderTemplates.name, pattern), sql`${orderTemplates.content}::text ilike ${pattern}`)
    : undefined;
  const page = await templates.list(db, { tenantId }, { ...query, queryCondition: undefined }, inContent);
  return mapPage(page, (row) => toRecord(row, lang));
}

/** Enabled templates (of one type, when given), for the order form's template picker. */
export async function enabledTemplates(
  db: Database,
  tenantId: string,
  adviceType: OrderType | undefined,
  lang: Lang,
) {
  const rows = await db
    .select()
    .from(orderTemplates)
    .where(
      templates.where(
        { tenantId },
        and(eq(orderTemplates.isActive, true), templates.listConditions({ adviceType })),
      ),
    )
    .orderBy(...templates.declaration.orderBy);
  return rows.map((row) => toRecord(row, lang));
}

export async function createTemplate(
  db: Database,
  session: SessionUser,
  input: OrderTemplateCreate,
  meta: RequestMeta,
  lang: Lang,
) {
  const row = await templates.create(
    db,
    session,
    { name: input.name, adviceType: input.type, content: input.content, isActive: input.isActive ?? true },
    meta,
  );
  return toRecord(row, lang);
}

export async function updateTemplate(
  db: Database,
  session: SessionUser,
  input: OrderTemplateUpdate,
  meta: RequestMeta,
  lang: Lang,
) {
  const { row } = await templates.update(
    db,
    session,
    input,
    (current) => ({
      name: input.name,
      adviceType: input.type,
      content: input.content,
      isActive: input.isActive ?? current.isActive,
    }),
    meta,
  );
  return toRecord(row, lang);
}

/** Enable or stop a template: a stopped template stays listed for administration but leaves the pickers. */
export async function setTemplateStatus(
  db: Database,
  session: SessionUser,
  input: VersionedKey & { isActive: boolean },
  meta: RequestMeta,
  lang: Lang,
) {
  return toRecord(await templates.setStatus(db, session, input, meta), lang);
}

/** Soft delete: orders made from the template will keep pointing at it. */
export async function deleteTemplate(
  db: Database,
  session: SessionUser,
  key: VersionedKey & { reason?: string },
  meta: RequestMeta,
) {
  await templates.remove(db, session, key, meta);
}
