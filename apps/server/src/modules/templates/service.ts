import {
  type Lang,
  ORDER_TYPES,
  type OrderTemplateCreate,
  type OrderTemplateUpdate,
  translate,
} from '@glucocare/domain';
import { and, asc, count, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { orderTemplates } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { containsPattern } from '../../lib/query';
import { updateVersioned } from '../../lib/versioned';
import { auditActor as actor, type RequestMeta, writeAudit } from '../audit/service';
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

const live = (tenantId: string, where?: SQL) =>
  and(eq(orderTemplates.tenantId, tenantId), isNull(orderTemplates.deletedAt), where);

export async function pageTemplates(
  db: Database,
  tenantId: string,
  query: { queryCondition?: string; adviceType?: OrderType; isActive?: boolean; page: number; size: number },
  lang: Lang,
) {
  const text = query.queryCondition?.trim();
  const pattern = text ? containsPattern(text) : undefined;
  const where = live(
    tenantId,
    and(
      pattern
        ? or(ilike(orderTemplates.name, pattern), sql`${orderTemplates.content}::text ilike ${pattern}`)
        : undefined,
      query.adviceType ? eq(orderTemplates.adviceType, query.adviceType) : undefined,
      query.isActive === undefined ? undefined : eq(orderTemplates.isActive, query.isActive),
    ),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(orderTemplates)
      .where(where)
      .orderBy(asc(orderTemplates.adviceType), asc(orderTemplates.name), asc(orderTemplates.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(orderTemplates).where(where),
  ]);
  return { records: rows.map((row) => toRecord(row, lang)), total, page: query.page, size: query.size };
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
      live(
        tenantId,
        and(
          eq(orderTemplates.isActive, true),
          adviceType ? eq(orderTemplates.adviceType, adviceType) : undefined,
        ),
      ),
    )
    .orderBy(asc(orderTemplates.adviceType), asc(orderTemplates.name), asc(orderTemplates.id));
  return rows.map((row) => toRecord(row, lang));
}

async function findTemplate(db: DbOrTx, tenantId: string, id: number): Promise<TemplateRow> {
  const [row] = await db
    .select()
    .from(orderTemplates)
    .where(live(tenantId, eq(orderTemplates.id, id)));
  if (!row) throw recordNotFound();
  return row;
}

async function checkNameFree(db: DbOrTx, tenantId: string, type: string, name: string, selfId?: number) {
  const [clash] = await db
    .select({ id: orderTemplates.id })
    .from(orderTemplates)
    .where(live(tenantId, and(eq(orderTemplates.adviceType, type), eq(orderTemplates.name, name))));
  if (clash && clash.id !== selfId) throw new AppError(409, 'template.nameTaken');
}

export async function createTemplate(
  db: Database,
  session: SessionUser,
  input: OrderTemplateCreate,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    await checkNameFree(tx, session.tenantId, input.type, input.name);
    const [row] = await tx
      .insert(orderTemplates)
      .values({
        tenantId: session.tenantId,
        name: input.name,
        adviceType: input.type,
        content: input.content,
        isActive: input.isActive ?? true,
      })
      .returning();
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'create',
        entity: 'orderTemplate',
        entityId: row.id,
        after: auditView(row),
      },
      meta,
    );
    return toRecord(row, lang);
  });
}

export async function updateTemplate(
  db: Database,
  session: SessionUser,
  input: OrderTemplateUpdate,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    const current = await findTemplate(tx, session.tenantId, input.id);
    if (current.version !== input.version) throw new AppError(409, 'error.conflict');
    await checkNameFree(tx, session.tenantId, input.type, input.name, input.id);
    const row = await updateVersioned(
      tx,
      orderTemplates,
      { tenantId: session.tenantId, id: input.id },
      input.version,
      {
        name: input.name,
        adviceType: input.type,
        content: input.content,
        isActive: input.isActive ?? current.isActive,
      },
    );
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'update',
        entity: 'orderTemplate',
        entityId: row.id,
        before: auditView(current),
        after: auditView(row),
      },
      meta,
    );
    return toRecord(row, lang);
  });
}

/** Enable or stop a template: a stopped template stays listed for administration but leaves the pickers. */
export async function setTemplateStatus(
  db: Database,
  session: SessionUser,
  input: { id: number; isActive: boolean },
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    const current = await findTemplate(tx, session.tenantId, input.id);
    const [row] = await tx
      .update(orderTemplates)
      .set({ isActive: input.isActive, version: current.version + 1, updatedAt: new Date() })
      .where(live(session.tenantId, eq(orderTemplates.id, input.id)))
      .returning();
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: input.isActive ? 'enable' : 'disable',
        entity: 'orderTemplate',
        entityId: row.id,
        before: { isActive: current.isActive },
        after: { isActive: row.isActive },
      },
      meta,
    );
    return toRecord(row, lang);
  });
}

/** Soft delete: orders made from the template will keep pointing at it. */
export async function deleteTemplate(db: Database, session: SessionUser, id: number, meta: RequestMeta) {
  await db.transaction(async (tx) => {
    const current = await findTemplate(tx, session.tenantId, id);
    const now = new Date();
    await tx
      .update(orderTemplates)
      .set({ deletedAt: now, deletedBy: session.userId, version: current.version + 1, updatedAt: now })
      .where(live(session.tenantId, eq(orderTemplates.id, id)));
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'delete',
        entity: 'orderTemplate',
        entityId: id,
        before: auditView(current),
      },
      meta,
    );
  });
}
