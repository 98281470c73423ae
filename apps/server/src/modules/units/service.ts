import { isEditableUnitCategory, type UnitCategory, type UnitSave } from '@glucocare/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { units } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { auditActor as actor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';

type UnitRow = typeof units.$inferSelect;

const view = (row: UnitRow) => ({ id: row.id, category: row.category, code: row.code, name: row.name });
// Not a `defineResource` declaration yet: the units table has no version column (adding one needs a
// migration), so a delete cannot name the version it was made from; units are added and removed, never edited.
const mine = (tenantId: string, where?: SQL) => and(eq(units.tenantId, tenantId), where);

/** Units of a category (every category when none is given), by category, sort, then creation. */
export async function listUnits(db: Database, tenantId: string, category?: UnitCategory) {
  const rows = await db
    .select()
    .from(units)
    .where(mine(tenantId, category ? eq(units.category, category) : undefined))
    .orderBy(asc(units.category), asc(units.sort), asc(units.id));
  return rows.map(view);
}

/** Adds a unit to the DRUG or INSPECTION catalogue (the schema refuses the display categories). */
export async function createUnit(db: Database, session: SessionUser, input: UnitSave, meta: RequestMeta) {
  return db.transaction(async (tx) => {
    const tenantId = session.tenantId;
    const [clash] = await tx
      .select({ id: units.id })
      .from(units)
      .where(mine(tenantId, and(eq(units.category, input.category), eq(units.code, input.code))));
    if (clash) throw new AppError(409, 'settings.unit.taken');
    // new units go last in their category, so the catalogue keeps the order they were added in
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${units.sort}), -1)::int + 1` })
      .from(units)
      .where(mine(tenantId, eq(units.category, input.category)));
    const [row] = await tx
      .insert(units)
      .values({
        tenantId,
        category: input.category,
        code: input.code,
        name: input.name || input.code,
        sort: next,
      })
      .returning();
    await writeAudit(
      tx,
      { ...actor(session), action: 'create', entity: 'unit', entityId: row.id, after: view(row) },
      meta,
    );
    return view(row);
  });
}

async function findUnit(db: DbOrTx, tenantId: string, id: number): Promise<UnitRow> {
  const [row] = await db
    .select()
    .from(units)
    .where(mine(tenantId, eq(units.id, id)));
  if (!row) throw recordNotFound();
  return row;
}

/**
 * Removes a catalogue unit. Drugs and inspection items keep the unit text they were saved with, so
 * nothing refers to the row. The display units stay: each measured item needs exactly one.
 */
export async function deleteUnit(db: Database, session: SessionUser, id: number, meta: RequestMeta) {
  await db.transaction(async (tx) => {
    const current = await findUnit(tx, session.tenantId, id);
    if (!isEditableUnitCategory(current.category)) throw new AppError(400, 'settings.unit.displayFixed');
    await tx.delete(units).where(mine(session.tenantId, eq(units.id, id)));
    await writeAudit(
      tx,
      { ...actor(session), action: 'delete', entity: 'unit', entityId: id, before: view(current) },
      meta,
    );
  });
}
