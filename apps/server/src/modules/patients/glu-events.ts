import { joinedNamesView, type Lang, type PatientGluEventSave } from '@glucocare/domain';
import type { PatientGluEventView } from '@glucocare/domain/responses';
import { and, count, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { gluEventItems, gluEvents, patientGluEvents } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { auditActor as actor, writeAudit } from '../audit/service';
import { iconPath } from '../events/service';
import { patientInScope } from './access';
import { fieldError, type PatientContext } from './service';

const columns = {
  row: patientGluEvents,
  eventCode: gluEvents.code,
  eventNameZh: gluEvents.nameZh,
  eventNameEn: gluEvents.nameEn,
  itemCode: gluEventItems.code,
  itemNameZh: gluEventItems.nameZh,
  itemNameEn: gluEventItems.nameEn,
  itemVersion: gluEventItems.version,
  hasIcon: sql<boolean>`${gluEventItems.icon} is not null`,
};

/** Live glucose events of a patient (the names of deleted events and options stay readable). */
function selectEvents(db: DbOrTx, tenantId: string, where: SQL | undefined) {
  return db
    .select(columns)
    .from(patientGluEvents)
    .leftJoin(
      gluEvents,
      and(eq(gluEvents.tenantId, patientGluEvents.tenantId), eq(gluEvents.id, patientGluEvents.eventId)),
    )
    .leftJoin(
      gluEventItems,
      and(
        eq(gluEventItems.tenantId, patientGluEvents.tenantId),
        eq(gluEventItems.id, patientGluEvents.itemId),
      ),
    )
    .where(and(eq(patientGluEvents.tenantId, tenantId), isNull(patientGluEvents.deletedAt), where));
}
type EventRow = Awaited<ReturnType<typeof selectEvents>>[number];

function toView(r: EventRow, lang: Lang): PatientGluEventView {
  const event = joinedNamesView({ nameZh: r.eventNameZh, nameEn: r.eventNameEn }, lang);
  const item = joinedNamesView({ nameZh: r.itemNameZh, nameEn: r.itemNameEn }, lang);
  return {
    id: r.row.id,
    patientId: r.row.patientId,
    eventId: r.row.eventId,
    eventCode: r.eventCode,
    eventName: event.name,
    eventNameZh: event.nameZh,
    eventNameEn: event.nameEn,
    itemId: r.row.itemId,
    itemCode: r.itemCode,
    itemName: item.name,
    itemNameZh: item.nameZh,
    itemNameEn: item.nameEn,
    iconUrl: r.row.itemId && r.hasIcon && r.itemVersion ? iconPath(r.row.itemId, r.itemVersion) : null,
    occurredAt: r.row.occurredAt.toISOString(),
    note: r.row.note,
    createdBy: r.row.createdBy,
    createdAt: r.row.createdAt.toISOString(),
  };
}

const newestFirst = sql`${patientGluEvents.occurredAt} desc, ${patientGluEvents.id} desc`;

/** GET /v1/patient/glu/event/page/{patientId}: a patient's glucose events, newest first, paged. */
export async function pagePatientEvents(ctx: PatientContext, patientId: number, page: number, size: number) {
  await patientInScope(ctx.db, ctx.session, patientId);
  const mine = eq(patientGluEvents.patientId, patientId);
  const [rows, [{ total }]] = await Promise.all([
    selectEvents(ctx.db, ctx.session.tenantId, mine)
      .orderBy(newestFirst)
      .limit(size)
      .offset((page - 1) * size),
    ctx.db
      .select({ total: count() })
      .from(patientGluEvents)
      .where(
        and(eq(patientGluEvents.tenantId, ctx.session.tenantId), isNull(patientGluEvents.deletedAt), mine),
      ),
  ]);
  return { records: rows.map((row) => toView(row, ctx.lang)), total, page, size };
}

/** GET /v1/patient/glu/event/list: a patient's glucose events within [from, until), oldest first (charts). */
export async function listPatientEvents(ctx: PatientContext, patientId: number, from?: Date, until?: Date) {
  await patientInScope(ctx.db, ctx.session, patientId);
  const rows = await selectEvents(
    ctx.db,
    ctx.session.tenantId,
    and(
      eq(patientGluEvents.patientId, patientId),
      from ? gte(patientGluEvents.occurredAt, from) : undefined,
      until ? lt(patientGluEvents.occurredAt, until) : undefined,
    ),
  ).orderBy(sql`${patientGluEvents.occurredAt}, ${patientGluEvents.id}`);
  return rows.map((row) => toView(row, ctx.lang));
}

/** The event must be live; the option, when given, live, enabled and the event's own. */
async function checkEventAndItem(ctx: PatientContext, db: DbOrTx, eventId: number, itemId: number | null) {
  const tenantId = ctx.session.tenantId;
  const [event] = await db
    .select({ id: gluEvents.id })
    .from(gluEvents)
    .where(and(eq(gluEvents.tenantId, tenantId), eq(gluEvents.id, eventId), isNull(gluEvents.deletedAt)));
  if (!event) throw fieldError(ctx, 400, 'eventId', 'patients.gluEvent.eventUnknown');
  if (itemId === null) return;
  const [item] = await db
    .select({ eventId: gluEventItems.eventId, isActive: gluEventItems.isActive })
    .from(gluEventItems)
    .where(
      and(
        eq(gluEventItems.tenantId, tenantId),
        eq(gluEventItems.id, itemId),
        isNull(gluEventItems.deletedAt),
      ),
    );
  if (!item?.isActive) throw fieldError(ctx, 400, 'itemId', 'patients.gluEvent.itemUnknown');
  if (item.eventId !== eventId) throw fieldError(ctx, 400, 'itemId', 'patients.gluEvent.itemMismatch');
}

async function findEvent(ctx: PatientContext, db: DbOrTx, id: number) {
  const [row] = await selectEvents(db, ctx.session.tenantId, eq(patientGluEvents.id, id));
  if (!row) throw recordNotFound();
  return row;
}

/**
 * POST /v1/patient/glu/event/save: records a glucose event of a patient of the caller's departments,
 * or (with `id`) changes one; audited. The table keeps no version, so an edit is last-writer-wins
 * (the audit row keeps what was there before).
 */
export async function savePatientEvent(ctx: PatientContext, input: PatientGluEventSave) {
  const { session } = ctx;
  const itemId = input.itemId ?? null;
  return ctx.db.transaction(async (tx) => {
    await patientInScope(tx, session, input.patientId, { forUpdate: true });
    await checkEventAndItem(ctx, tx, input.eventId, itemId);
    const values = {
      eventId: input.eventId,
      itemId,
      occurredAt: new Date(input.occurredAt),
      note: input.note ? input.note : null,
    };
    let id: number;
    let before: PatientGluEventView | null = null;
    if (input.id) {
      const current = await findEvent(ctx, tx, input.id);
      if (current.row.patientId !== input.patientId) throw recordNotFound();
      before = toView(current, ctx.lang);
      await tx
        .update(patientGluEvents)
        .set(values)
        .where(and(eq(patientGluEvents.tenantId, session.tenantId), eq(patientGluEvents.id, input.id)));
      id = input.id;
    } else {
      const [row] = await tx
        .insert(patientGluEvents)
        .values({
          tenantId: session.tenantId,
          patientId: input.patientId,
          ...values,
          createdBy: session.userId,
        })
        .returning({ id: patientGluEvents.id });
      id = row!.id;
    }
    const after = toView(await findEvent(ctx, tx, id), ctx.lang);
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: input.id ? 'update' : 'create',
        entity: 'patientGluEvent',
        entityId: id,
        patientId: input.patientId,
        before,
        after,
      },
      ctx.meta,
    );
    return after;
  });
}

/** DELETE /v1/patient/glu/event?id: soft delete of a glucose event of a patient in the caller's scope. */
export async function deletePatientEvent(ctx: PatientContext, id: number) {
  const { session } = ctx;
  await ctx.db.transaction(async (tx) => {
    const current = await findEvent(ctx, tx, id);
    await patientInScope(tx, session, current.row.patientId, { forUpdate: true });
    const done = await tx
      .update(patientGluEvents)
      .set({ deletedAt: ctx.now, deletedBy: session.userId })
      .where(
        and(
          eq(patientGluEvents.tenantId, session.tenantId),
          eq(patientGluEvents.id, id),
          isNull(patientGluEvents.deletedAt),
        ),
      )
      .returning({ id: patientGluEvents.id });
    if (!done.length) throw new AppError(409, 'error.conflict');
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'delete',
        entity: 'patientGluEvent',
        entityId: id,
        patientId: current.row.patientId,
        before: toView(current, ctx.lang),
      },
      ctx.meta,
    );
  });
}
