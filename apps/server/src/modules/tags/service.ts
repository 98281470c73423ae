import { type Lang, localName, namesFromBody, type TagOptionInput } from '@glucocare/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tagOptions } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { auditActor as actor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';

type TagRow = typeof tagOptions.$inferSelect;

/** A tag: its text (what patients store), its name in `lang` and its two names. */
const view = (row: TagRow, lang: Lang) => ({
  id: row.id,
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

function tagNames(input: TagOptionInput, lang: Lang) {
  const names = namesFromBody({ name: input.tag, nameZh: input.tagZh, nameEn: input.tagEn }, lang);
  return { tagZh: names.nameZh, tagEn: names.nameEn };
}

/** The tags the inpatient list offers, by sort then creation. */
export async function listTags(db: Database, tenantId: string, lang: Lang) {
  const rows = await db
    .select()
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
      .returning();
    await writeAudit(
      tx,
      { ...actor(session), action: 'create', entity: 'tagOption', entityId: row.id, after: view(row, lang) },
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
      .returning();
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
