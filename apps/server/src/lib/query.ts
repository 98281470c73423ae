import { pageParam } from '@glucocare/domain';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';

/** A record id in a path (`/v1/x/{id}`) or a query (`?id=`): digits only, no coercion of "1e3". */
export const idText = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number);
export const idParam = z.object({ id: idText });
export const idQuery = z.object({ id: idText });

/** The paging and free-text fields every administration list takes (ARCHITECTURE §3 "Pages"). */
export const pageQueryFields = {
  queryCondition: z.string().max(50).optional(),
  page: pageParam.default(1),
  size: pageParam.default(20),
};
/** Largest page an administration list returns. */
export const MAX_PAGE_SIZE = 500;

/** `isActive=true|false` as a filter (absent: both). */
export const activeFilter = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === 'true'));

/** An ILIKE pattern matching text that contains `text` literally (`%` and `_` lose their meaning). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A column as `"table"."column"`, whatever the statement: drizzle leaves columns unqualified in a
 * select from one table, where a sub-select of another table would read its own column of that name.
 */
export function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** A record version in a query (`?version=3`): digits only. */
const versionText = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number);
/** What a delete names besides the id: the version the client last read (stale → 409) and why, optionally. */
export const deleteQuery = z.object({
  version: versionText,
  reason: z.string().trim().max(200).optional(),
});
/** A delete that names its row in the query (`?id=1&version=3`), as the spec's paths do. */
export const deleteByIdQuery = idQuery.extend(deleteQuery.shape);
