import { createHash } from 'node:crypto';
import {
  type GluEventCreate,
  type GluEventItemSave,
  type GluEventUpdate,
  type Lang,
  namesView,
} from '@glucocare/domain';
import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { gluEventItems, gluEvents } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { storedNames } from '../../lib/names';
import type { VersionedKey } from '../../lib/resource';
import { updateVersioned } from '../../lib/versioned';
import { auditActor as actor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';

type EventRow = typeof gluEvents.$inferSelect;

/** Where an item's icon is served, relative to the API base (`/app-service`); the version busts caches. */
export const iconPath = (id: number, version: number) => `/v1/glu/event/item/${id}/icon?v=${version}`;

function toEvent(row: EventRow, lang: Lang) {
  return {
    id: row.id,
    code: row.code,
    ...namesView(row, lang),
    sort: row.sort,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Item columns without the icon itself (it can weigh 2 MB): only whether there is one. */
const itemColumns = {
  id: gluEventItems.id,
  eventId: gluEventItems.eventId,
  code: gluEventItems.code,
  nameZh: gluEventItems.nameZh,
  nameEn: gluEventItems.nameEn,
  sort: gluEventItems.sort,
  isActive: gluEventItems.isActive,
  hasIcon: sql<boolean>`${gluEventItems.icon} is not null`,
  version: gluEventItems.version,
  createdAt: gluEventItems.createdAt,
  updatedAt: gluEventItems.updatedAt,
};

// Glucose events and items are not `defineResource` declarations: an item's audit row names its event
// (a second read), the list is events with their items nested, and items carry sanitised SVG icons.
// Their status changes and deletes still go through the versioned write.
const liveEvent = (tenantId: string, where?: SQL) =>
  and(eq(gluEvents.tenantId, tenantId), isNull(gluEvents.deletedAt), where);
const liveItem = (tenantId: string, where?: SQL) =>
  and(eq(gluEventItems.tenantId, tenantId), isNull(gluEventItems.deletedAt), where);

function selectItems(db: DbOrTx, tenantId: string, where?: SQL) {
  return db.select(itemColumns).from(gluEventItems).where(liveItem(tenantId, where));
}
type ItemRow = Awaited<ReturnType<typeof selectItems>>[number];

function toItem(row: ItemRow, lang: Lang) {
  return {
    id: row.id,
    eventId: row.eventId,
    code: row.code,
    ...namesView(row, lang),
    sort: row.sort,
    isActive: row.isActive,
    hasIcon: row.hasIcon,
    iconUrl: row.hasIcon ? iconPath(row.id, row.version) : null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type EventItemRecord = ReturnType<typeof toItem>;

/** What an audit row keeps of an item: its fields and the SHA-256 of its icon, not the icon. */
async function itemAuditView(db: DbOrTx, tenantId: string, row: ItemRow, lang: Lang) {
  const { iconUrl: _iconUrl, ...rest } = toItem(row, lang);
  const [{ iconSha256 }] = await db
    .select({
      iconSha256: sql<string | null>`encode(sha256(convert_to(${gluEventItems.icon}, 'UTF8')), 'hex')`,
    })
    .from(gluEventItems)
    .where(and(eq(gluEventItems.tenantId, tenantId), eq(gluEventItems.id, row.id)));
  return { ...rest, iconSha256 };
}

/** Events with their items, both by sort then code; `activeOnly` leaves stopped items out. */
export async function listEvents(db: Database, tenantId: string, activeOnly: boolean, lang: Lang) {
  const [events, items] = await Promise.all([
    db
      .select()
      .from(gluEvents)
      .where(liveEvent(tenantId))
      .orderBy(asc(gluEvents.sort), asc(gluEvents.code), asc(gluEvents.id)),
    selectItems(db, tenantId, activeOnly ? eq(gluEventItems.isActive, true) : undefined).orderBy(
      asc(gluEventItems.sort),
      asc(gluEventItems.code),
      asc(gluEventItems.id),
    ),
  ]);
  return events.map((event) => ({
    ...toEvent(event, lang),
    items: items.filter((item) => item.eventId === event.id).map((item) => toItem(item, lang)),
  }));
}

async function findEvent(db: DbOrTx, tenantId: string, id: number): Promise<EventRow> {
  const [row] = await db
    .select()
    .from(gluEvents)
    .where(liveEvent(tenantId, eq(gluEvents.id, id)));
  if (!row) throw recordNotFound();
  return row;
}

async function checkEventCodeFree(db: DbOrTx, tenantId: string, code: string, selfId?: number) {
  const [clash] = await db
    .select({ id: gluEvents.id })
    .from(gluEvents)
    .where(liveEvent(tenantId, eq(gluEvents.code, code)));
  if (clash && clash.id !== selfId) throw new AppError(409, 'event.codeTaken');
}

async function liveItemCount(db: DbOrTx, tenantId: string, eventId: number) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(gluEventItems)
    .where(liveItem(tenantId, eq(gluEventItems.eventId, eventId)));
  return n;
}

export async function createEvent(
  db: Database,
  session: SessionUser,
  input: GluEventCreate,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    await checkEventCodeFree(tx, session.tenantId, input.code);
    const [row] = await tx
      .insert(gluEvents)
      .values({
        tenantId: session.tenantId,
        code: input.code,
        ...storedNames(input, lang),
        sort: input.sort ?? 0,
      })
      .returning();
    const after = toEvent(row, lang);
    await writeAudit(
      tx,
      { ...actor(session), action: 'create', entity: 'gluEvent', entityId: row.id, after },
      meta,
    );
    return { ...after, items: [] as EventItemRecord[] };
  });
}

export async function updateEvent(
  db: Database,
  session: SessionUser,
  input: GluEventUpdate,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    const current = await findEvent(tx, session.tenantId, input.id);
    if (current.version !== input.version) throw new AppError(409, 'error.conflict');
    await checkEventCodeFree(tx, session.tenantId, input.code, input.id);
    const row = await updateVersioned(
      tx,
      gluEvents,
      { tenantId: session.tenantId, id: input.id },
      input.version,
      {
        code: input.code,
        ...storedNames(input, lang, current),
        sort: input.sort ?? current.sort,
      },
    );
    const after = toEvent(row, lang);
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'update',
        entity: 'gluEvent',
        entityId: row.id,
        before: toEvent(current, lang),
        after,
      },
      meta,
    );
    const items = await selectItems(tx, session.tenantId, eq(gluEventItems.eventId, row.id)).orderBy(
      asc(gluEventItems.sort),
      asc(gluEventItems.code),
    );
    return { ...after, items: items.map((item) => toItem(item, lang)) };
  });
}

/** Refused (409) while the event has items; deleted by marking (patient events will refer to it). */
export async function deleteEvent(
  db: Database,
  session: SessionUser,
  { id, version, reason }: VersionedKey & { reason?: string },
  meta: RequestMeta,
  lang: Lang,
) {
  await db.transaction(async (tx) => {
    const current = await findEvent(tx, session.tenantId, id);
    const items = await liveItemCount(tx, session.tenantId, id);
    if (items > 0) throw new AppError(409, 'event.hasItems', undefined, { items });
    await updateVersioned(tx, gluEvents, { tenantId: session.tenantId, id }, version, {
      deletedAt: new Date(),
      deletedBy: session.userId,
    });
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'delete',
        entity: 'gluEvent',
        entityId: id,
        before: toEvent(current, lang),
        reason: reason || null,
      },
      meta,
    );
  });
}

// ---------------------------------------------------------------- items

async function findItem(db: DbOrTx, tenantId: string, id: number): Promise<ItemRow> {
  const [row] = await selectItems(db, tenantId, eq(gluEventItems.id, id));
  if (!row) throw recordNotFound();
  return row;
}

async function checkItemCodeFree(
  db: DbOrTx,
  tenantId: string,
  eventId: number,
  code: string,
  selfId?: number,
) {
  const [clash] = await db
    .select({ id: gluEventItems.id })
    .from(gluEventItems)
    .where(liveItem(tenantId, and(eq(gluEventItems.eventId, eventId), eq(gluEventItems.code, code))));
  if (clash && clash.id !== selfId) throw new AppError(409, 'event.item.codeTaken');
}

/** The event an item is put under must exist in the tenant (another tenant's id: the same 400). */
async function checkEventExists(db: DbOrTx, tenantId: string, eventId: number) {
  const [row] = await db
    .select({ id: gluEvents.id })
    .from(gluEvents)
    .where(liveEvent(tenantId, eq(gluEvents.id, eventId)));
  if (!row) throw new AppError(400, 'event.unknown');
}

/**
 * POST /glu/event/item/save: creates (no `id`) or updates an item. `icon` has been sanitised by the
 * route's schema: text sets it, null removes it, absent keeps it.
 */
export async function saveItem(
  db: Database,
  session: SessionUser,
  input: GluEventItemSave,
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    const tenantId = session.tenantId;
    if (input.id === undefined) {
      await checkEventExists(tx, tenantId, input.eventId);
      await checkItemCodeFree(tx, tenantId, input.eventId, input.code);
      const [created] = await tx
        .insert(gluEventItems)
        .values({
          tenantId,
          eventId: input.eventId,
          code: input.code,
          ...storedNames(input, lang),
          sort: input.sort ?? 0,
          isActive: input.isActive ?? true,
          icon: input.icon ?? null,
        })
        .returning({ id: gluEventItems.id });
      const row = await findItem(tx, tenantId, created.id);
      await writeAudit(
        tx,
        {
          ...actor(session),
          action: 'create',
          entity: 'gluEventItem',
          entityId: row.id,
          after: await itemAuditView(tx, tenantId, row, lang),
        },
        meta,
      );
      return toItem(row, lang);
    }
    const current = await findItem(tx, tenantId, input.id);
    if (current.version !== input.version) throw new AppError(409, 'error.conflict');
    const before = await itemAuditView(tx, tenantId, current, lang);
    await checkEventExists(tx, tenantId, input.eventId);
    await checkItemCodeFree(tx, tenantId, input.eventId, input.code, input.id);
    await updateVersioned(tx, gluEventItems, { tenantId, id: input.id }, current.version, {
      eventId: input.eventId,
      code: input.code,
      ...storedNames(input, lang, current),
      sort: input.sort ?? current.sort,
      isActive: input.isActive ?? current.isActive,
      ...(input.icon === undefined ? {} : { icon: input.icon }),
    });
    const row = await findItem(tx, tenantId, input.id);
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'update',
        entity: 'gluEventItem',
        entityId: row.id,
        before,
        after: await itemAuditView(tx, tenantId, row, lang),
      },
      meta,
    );
    return toItem(row, lang);
  });
}

/** POST /glu/event/item/enbale: enable or stop an item. */
export async function setItemStatus(
  db: Database,
  session: SessionUser,
  input: VersionedKey & { isActive: boolean },
  meta: RequestMeta,
  lang: Lang,
) {
  return db.transaction(async (tx) => {
    const current = await findItem(tx, session.tenantId, input.id);
    await updateVersioned(tx, gluEventItems, { tenantId: session.tenantId, id: input.id }, input.version, {
      isActive: input.isActive,
    });
    const row = await findItem(tx, session.tenantId, input.id);
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: input.isActive ? 'enable' : 'disable',
        entity: 'gluEventItem',
        entityId: row.id,
        before: { isActive: current.isActive },
        after: { isActive: row.isActive },
      },
      meta,
    );
    return toItem(row, lang);
  });
}

/** Deleted by marking: patient glucose events recorded with the item keep its name and icon. */
export async function deleteItem(
  db: Database,
  session: SessionUser,
  { id, version, reason }: VersionedKey & { reason?: string },
  meta: RequestMeta,
  lang: Lang,
) {
  await db.transaction(async (tx) => {
    const current = await findItem(tx, session.tenantId, id);
    const before = await itemAuditView(tx, session.tenantId, current, lang);
    await updateVersioned(tx, gluEventItems, { tenantId: session.tenantId, id }, version, {
      deletedAt: new Date(),
      deletedBy: session.userId,
    });
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'delete',
        entity: 'gluEventItem',
        entityId: id,
        before,
        reason: reason || null,
      },
      meta,
    );
  });
}

/** The sanitised SVG of an item that has an icon, with a validator for caches. */
export async function itemIcon(db: Database, tenantId: string, id: number) {
  const [row] = await db
    .select({ icon: gluEventItems.icon, version: gluEventItems.version })
    .from(gluEventItems)
    .where(liveItem(tenantId, eq(gluEventItems.id, id)));
  if (!row?.icon) throw recordNotFound();
  const etag = `"${createHash('sha256').update(row.icon).digest('base64url').slice(0, 27)}"`;
  return { svg: row.icon, etag };
}
