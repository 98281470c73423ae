import {
  type DisplayItem,
  type DisplayUnit,
  displayUnitOf,
  ITEM_DISPLAY_UNITS,
  type ItemDisplayInput,
  toGlucoseUnit,
} from '@glucocare/domain';
import type { ItemDisplayView } from '@glucocare/domain/responses';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { units } from '../../db/schema';
import { auditActor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';

/**
 * The display unit of a measured item lives in the `units` table, one row per item category (GLU,
 * KET, UA): the web session reads the GLU row through `/v1/units/list?category=GLU`, so the item
 * display setting replaces that row rather than keeping a second copy of the choice.
 */

const viewOf = (item: DisplayItem, unit: DisplayUnit): ItemDisplayView => ({
  item,
  unit: unit.code,
  unitName: unit.name,
  precision: unit.precision,
});

/** The units an item can be shown in (a domain constant, the storage unit first). */
export function supportedUnits(item: DisplayItem) {
  return ITEM_DISPLAY_UNITS[item].map((unit) => ({
    code: unit.code,
    name: unit.name,
    precision: unit.precision,
  }));
}

/**
 * The unit a row stands for: by code, else by name (rows written before this setting existed may carry
 * only a name such as `mgDl`); a row the item does not support, or none, means the storage unit.
 */
function unitOfRow(item: DisplayItem, row: { code: string; name: string } | undefined): DisplayUnit {
  const supported = ITEM_DISPLAY_UNITS[item];
  if (!row) return supported[0];
  const byCode = displayUnitOf(item, row.code);
  if (byCode) return byCode;
  const byName = supported.find((unit) => unit.name === row.name || unit.rowName === row.name);
  if (byName) return byName;
  if (item === 'GLU') return displayUnitOf(item, toGlucoseUnit(row.name)) ?? supported[0];
  return supported[0];
}

async function currentUnit(db: DbOrTx, tenantId: string, item: DisplayItem): Promise<DisplayUnit> {
  const [row] = await db
    .select({ code: units.code, name: units.name })
    .from(units)
    .where(and(eq(units.tenantId, tenantId), eq(units.category, item)))
    .orderBy(asc(units.sort), asc(units.id))
    .limit(1);
  return unitOfRow(item, row);
}

export async function itemDisplaySetting(db: DbOrTx, tenantId: string, item: DisplayItem) {
  return viewOf(item, await currentUnit(db, tenantId, item));
}

/**
 * Replaces the item's display unit (the schema has checked that the item supports it), with an audit
 * row (entity `setting`, id `itemDisplay.<item>`). Changes of one item are serialised so the category
 * always keeps exactly one row.
 */
export async function changeItemDisplay(
  db: Database,
  session: SessionUser,
  input: ItemDisplayInput,
  meta: RequestMeta,
): Promise<ItemDisplayView> {
  const unit = displayUnitOf(input.item, input.unit);
  if (!unit) throw new Error(`unsupported unit ${input.unit} for ${input.item} passed validation`);
  return db.transaction(async (tx) => {
    const tenantId = session.tenantId;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`itemDisplay:${tenantId}:${input.item}`}))`);
    const before = viewOf(input.item, await currentUnit(tx, tenantId, input.item));
    await tx.delete(units).where(and(eq(units.tenantId, tenantId), eq(units.category, input.item)));
    await tx
      .insert(units)
      .values({ tenantId, category: input.item, code: unit.code, name: unit.rowName, sort: 0 });
    const after = viewOf(input.item, unit);
    await writeAudit(
      tx,
      {
        ...auditActor(session),
        action: 'update',
        entity: 'setting',
        entityId: `itemDisplay.${input.item}`,
        before,
        after,
      },
      meta,
    );
    return after;
  });
}
