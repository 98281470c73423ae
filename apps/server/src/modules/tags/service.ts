import type { TagOptionInput } from '@glucocare/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tagOptions } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { auditActor as actor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';

type TagRow = typeof tagOptions.$inferSelect;

const view = (row: TagRow) => ({ id: row.id, tag: row.tag, color: row.color, sort: row.sort });
const mine = (tenantId: string, where?: SQL) => and(eq(tagOptions.tenantId, tenantId), where);

/** The tags the inpatient list offers, by sort then creation. */
export async function listTags(db: Database, tenantId: string) {
  const rows = await db
    .select()
    .from(tagOptions)
    .where(mine(tenantId))
    .orderBy(asc(tagOptions.sort), asc(tagOptions.id));
  return rows.map(view);
}

export async function createTag(
  db: Database,
  session: SessionUser,
  input: TagOptionInput,
  meta: RequestMeta,
) {
  return db.transaction(async (tx) => {
    const tenantId = session.tenantId;
    const [clash] = await tx
      .select({ id: tagOptions.id })
      .from(tagOptions)
      .where(mine(tenantId, eq(tagOptions.tag, input.tag)));
    if (clash) throw new AppError(409, 'settings.tag.taken');
    // without a sort the tag goes last, where the administrator expects to find what they just added
    const sort =
      input.sort ??
      (
        await tx
          .select({ next: sql<number>`coalesce(max(${tagOptions.sort}), -1)::int + 1` })
          .from(tagOptions)
          .where(mine(tenantId))
      )[0].next;
    const [row] = await tx
      .insert(tagOptions)
      .values({ tenantId, tag: input.tag, color: input.color ?? null, sort })
      .returning();
    await writeAudit(
      tx,
      { ...actor(session), action: 'create', entity: 'tagOption', entityId: row.id, after: view(row) },
      meta,
    );
    return view(row);
  });
}

/** Removes a tag from the offer; patients keep the tag text they were given. */
export async function deleteTag(db: Database, session: SessionUser, tag: string, meta: RequestMeta) {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .delete(tagOptions)
      .where(mine(session.tenantId, eq(tagOptions.tag, tag)))
      .returning();
    if (!current) throw recordNotFound();
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'delete',
        entity: 'tagOption',
        entityId: current.id,
        before: view(current),
      },
      meta,
    );
  });
}
