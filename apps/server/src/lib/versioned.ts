import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { AppError } from '../http/errors';

/** The columns every editable tenant row has: its key, an optimistic version and a change time. */
type VersionedTable = PgTable & { tenantId: PgColumn; id: PgColumn; version: PgColumn; updatedAt: PgColumn };

/**
 * Optimistic update (docs/api.md: "a stale one answers 409"): writes `values` to row `id` of the
 * tenant only while its version is still `expected`, bumping the version and the change time. When
 * someone else changed the row first (or `expected` was never its version), 409 `error.conflict`.
 */
export async function updateVersioned<T extends VersionedTable>(
  db: DbOrTx,
  table: T,
  key: { tenantId: string; id: number },
  expected: number,
  values: PgUpdateSetSource<T>,
): Promise<T['$inferSelect']> {
  const set = { ...values, version: expected + 1, updatedAt: new Date() } as PgUpdateSetSource<T>;
  const rows = (await db
    .update(table)
    .set(set)
    .where(and(eq(table.tenantId, key.tenantId), eq(table.id, key.id), eq(table.version, expected)))
    .returning()) as T['$inferSelect'][];
  const [row] = rows;
  if (!row) throw new AppError(409, 'error.conflict');
  return row;
}

/**
 * Optimistic removal: deletes row `id` of the tenant only while its version is still `expected`;
 * 409 `error.conflict` when it changed since the client read it (or is gone).
 */
export async function deleteVersioned<T extends VersionedTable>(
  db: DbOrTx,
  table: T,
  key: { tenantId: string; id: number },
  expected: number,
): Promise<void> {
  const removed = await db
    .delete(table)
    .where(and(eq(table.tenantId, key.tenantId), eq(table.id, key.id), eq(table.version, expected)))
    .returning({ id: table.id });
  if (!removed.length) throw new AppError(409, 'error.conflict');
}
