import type { AgeBracketCreate, AgeBracketUpdate, Lang } from '@glucocare/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { ageBrackets, crisisRules } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { defineResource, type VersionedKey } from '../../lib/resource';
import { updateVersioned } from '../../lib/versioned';
import { auditActor as actor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { assertClassificationConsistent } from './classification-settings';

type BracketRow = typeof ageBrackets.$inferSelect;

function auditView(row: BracketRow) {
  return {
    id: row.id,
    name: row.name,
    minAge: row.minAge,
    maxAge: row.maxAge,
    sort: row.sort,
    version: row.version,
  };
}

function bracketView(row: BracketRow, settingCount: number) {
  return { ...auditView(row), settingCount, updatedAt: row.updatedAt.toISOString() };
}
export type BracketView = ReturnType<typeof bracketView>;

/** Age brackets: removed outright once no age setting uses them. */
const bracketResource = defineResource({
  table: ageBrackets,
  entity: 'ageBracket',
  deletion: 'hard',
  orderBy: [asc(ageBrackets.sort), asc(ageBrackets.minAge), asc(ageBrackets.maxAge)],
  auditView,
});

async function settingsUsing(db: DbOrTx, tenantId: string, id: number) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(crisisRules)
    .where(and(eq(crisisRules.tenantId, tenantId), eq(crisisRules.ageBracketId, id)));
  return n;
}

/** The brackets by sort, then age; each with the number of age settings using it. */
export async function listBrackets(db: Database, tenantId: string): Promise<BracketView[]> {
  const [rows, usage] = await Promise.all([
    db
      .select()
      .from(ageBrackets)
      .where(bracketResource.where({ tenantId }))
      .orderBy(...bracketResource.declaration.orderBy),
    db
      .select({ id: crisisRules.ageBracketId, n: count() })
      .from(crisisRules)
      .where(eq(crisisRules.tenantId, tenantId))
      .groupBy(crisisRules.ageBracketId),
  ]);
  const counts = new Map(usage.map((u) => [u.id, u.n]));
  return rows.map((row) => bracketView(row, counts.get(row.id) ?? 0));
}

export async function createBracket(
  db: Database,
  session: SessionUser,
  input: AgeBracketCreate,
  meta: RequestMeta,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(ageBrackets)
      .values({
        tenantId: session.tenantId,
        name: input.name,
        minAge: input.minAge,
        maxAge: input.maxAge,
        sort: input.sort ?? 0,
      })
      .returning();
    await writeAudit(
      tx,
      { ...actor(session), action: 'create', entity: 'ageBracket', entityId: row.id, after: auditView(row) },
      meta,
    );
    return bracketView(row, 0);
  });
}

/**
 * Changes a bracket (version-checked). Its ages are those of every age setting using it, so the
 * classification settings are checked again (overlapping brackets of a department are refused).
 */
export async function updateBracket(
  db: Database,
  session: SessionUser,
  input: AgeBracketUpdate,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(ageBrackets)
      .where(bracketResource.where({ tenantId: session.tenantId }, eq(ageBrackets.id, input.id)));
    if (!current) throw recordNotFound();
    const row = await updateVersioned(
      tx,
      ageBrackets,
      { tenantId: session.tenantId, id: current.id },
      input.version,
      {
        name: input.name,
        minAge: input.minAge,
        maxAge: input.maxAge,
        sort: input.sort ?? current.sort,
      },
    );
    await assertClassificationConsistent(tx, session.tenantId, { lang });
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'update',
        entity: 'ageBracket',
        entityId: row.id,
        before: auditView(current),
        after: auditView(row),
      },
      meta,
    );
    return bracketView(row, await settingsUsing(tx, session.tenantId, row.id));
  });
}

/** Deletes a bracket; 409 while age settings use it. */
export async function deleteBracket(
  db: Database,
  session: SessionUser,
  key: VersionedKey & { reason?: string },
  meta: RequestMeta,
) {
  await bracketResource.remove(db, session, key, meta, async (tx) => {
    const used = await settingsUsing(tx, session.tenantId, key.id);
    if (used > 0) throw new AppError(409, 'crisis.ageBracket.inUse', { count: used }, { settings: used });
  });
}
