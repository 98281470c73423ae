import {
  type Lang,
  localName,
  namesFromBody,
  type TagOptionInput,
  type TagOptionUpdate,
} from '@glucocare/domain';
import { and, asc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { tagOptions } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { auditActor as actor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';

/**
 * A tag row with its version: the table has no version column (adding one takes a migration), so the
 * row version PostgreSQL keeps serves — `xmin`, the transaction that wrote the row, which every
 * update changes and nothing else does.
 */
const rowVersion = sql<number>`${tagOptions}.xmin::text::bigint`.mapWith(Number);
const tagColumns = { ...getTableColumns(tagOptions), version: rowVersion };
type TagRow = typeof tagOptions.$inferSelect & { version: number };

/** A tag: its text (what patients store), its name in `lang`, its two names and its version. */
const view = (row: TagRow, lang: Lang) => ({
  id: row.id,
  version: row.version,
  tag: row.tag,
  name: localName({ nameZh: row.tagZh, nameEn: row.tagEn }, lang) || row.tag,
  tagZh: row.tagZh,
  tagEn: row.tagEn,
  color: row.color,
  sort: row.sort,
});
// Not a `defineResource` declaration yet: tag_options has no version column (adding one needs a
// migration) and a tag is removed by its text, which is what the spec's path sends.
const mine = (tenantId: string, where?: SQL) => and(eq(tagOptions.tenantId, tenantId), where);

/** The names to store from a create or (over `current`) an update body (domain `namesFromBody`). */
function tagNames(input: Partial<TagOptionInput>, lang: Lang, current?: TagRow) {
  const names = namesFromBody(
    { name: input.tag, nameZh: input.tagZh, nameEn: input.tagEn },
    lang,
    current && { nameZh: current.tagZh, nameEn: current.tagEn },
  );
  return { tagZh: names.nameZh, tagEn: names.nameEn };
}

/** The tags the inpatient list offers, by sort then creation. */
export async function listTags(db: Database, tenantId: string, lang: Lang) {
  const rows = await db
    .select(tagColumns)
    .from(tagOptions)
    .where(mine(tenantId))
    .orderBy(asc(tagOptions.sort), asc(tagOptions.id));
  return rows.map((row) => view(row, lang));
}

export async function createTag(
  db: Database,
  session: SessionUser,
  input: TagOptionInput,
  meta: RequestMeta,
  lang: Lang,
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
      // the tag text is its name in the request's language, unless that name is given apart
      .values({ tenantId, tag: input.tag, ...tagNames(input, lang), color: input.color ?? null, sort })
      .returning(tagColumns);
    await writeAudit(
      tx,
      { ...actor(session), action: 'create', entity: 'tagOption', entityId: row.id, after: view(row, lang) },
      meta,
    );
    return view(row, lang);
  });
}

async function findTag(db: DbOrTx, tenantId: string, id: number): Promise<TagRow> {
  const [row] = await db
    .select(tagColumns)
    .from(tagOptions)
    .where(mine(tenantId, eq(tagOptions.id, id)));
  if (!row) throw recordNotFound();
  return row;
}

/**
 * Changes a tag's names, colour or sort (a field left out is kept) while it is still at `version`,
 * else 409; its text, which patients store, stays. It keeps one name at least.
 */
export async function updateTag(
  db: Database,
  session: SessionUser,
  input: TagOptionUpdate,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    const tenantId = session.tenantId;
    const current = await findTag(tx, tenantId, input.id);
    const names = tagNames(input, lang, current);
    if (!names.tagZh && !names.tagEn) throw new AppError(400, 'settings.tag.required');
    const [row] = await tx
      .update(tagOptions)
      .set({
        ...names,
        color: input.color === undefined ? current.color : input.color,
        sort: input.sort ?? current.sort,
      })
      .where(mine(tenantId, and(eq(tagOptions.id, input.id), sql`${rowVersion} = ${input.version}`)))
      .returning(tagColumns);
    if (!row) throw new AppError(409, 'error.conflict');
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'update',
        entity: 'tagOption',
        entityId: row.id,
        before: view(current, lang),
        after: view(row, lang),
      },
      meta,
    );
    return view(row, lang);
  });
}

/** Removes a tag from the offer; patients keep the tag text they were given. */
export async function deleteTag(
  db: Database,
  session: SessionUser,
  tag: string,
  meta: RequestMeta,
  lang: Lang,
) {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .delete(tagOptions)
      .where(mine(session.tenantId, eq(tagOptions.tag, tag)))
      .returning(tagColumns);
    if (!current) throw recordNotFound();
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'delete',
        entity: 'tagOption',
        entityId: current.id,
        before: view(current, lang),
      },
      meta,
    );
  });
}
