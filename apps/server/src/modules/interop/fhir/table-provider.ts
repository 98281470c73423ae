import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Resource } from './bundle';
import type { FhirContext, ResourceProvider } from './context';
import { numericId, type RawQuery } from './search';

/**
 * A resource type served from one table (Patient, Device, Practitioner): read by numeric id within
 * what the caller may see, search by the type's conditions in id order with a count, one page.
 */
export function tableProvider<Row>(spec: {
  type: string;
  searchParams: readonly string[];
  table: PgTable;
  id: AnyPgColumn;
  /** the columns read (all of the table's when absent) */
  columns?: Record<string, AnyPgColumn>;
  visible(ctx: FhirContext): SQL | undefined;
  where(ctx: FhirContext, query: RawQuery): SQL;
  toResource(row: Row, timeZone: string): Resource;
}): ResourceProvider {
  const select = (ctx: FhirContext) =>
    (spec.columns ? ctx.db.select(spec.columns) : ctx.db.select()).from(spec.table as never);
  return {
    type: spec.type,
    searchParams: spec.searchParams,
    async read(ctx, id) {
      const key = numericId(id);
      if (key === null) return null;
      const [row] = await select(ctx).where(and(spec.visible(ctx), eq(spec.id, key)));
      return row ? spec.toResource(row as Row, await ctx.timeZone()) : null;
    },
    async search(ctx, query, paging) {
      const where = spec.where(ctx, query);
      const [rows, counted, timeZone] = await Promise.all([
        paging.count === 0
          ? Promise.resolve([])
          : select(ctx).where(where).orderBy(asc(spec.id)).limit(paging.count).offset(paging.offset),
        ctx.db
          .select({ total: count() })
          .from(spec.table as never)
          .where(where) as Promise<{ total: number }[]>,
        ctx.timeZone(),
      ]);
      return {
        total: counted[0]?.total ?? 0,
        resources: (rows as Row[]).map((row) => spec.toResource(row, timeZone)),
      };
    },
  };
}
