import type pg from 'pg';
import { ARCHIVE_SCHEMA } from '../db/partitions';
import type { PartitionSpec, SequenceState, TableSpec } from './dump-format';

/** drizzle's record of the schema migrations applied; backed up and restored like a table */
export const MIGRATIONS_TABLE = { schema: 'drizzle', name: '__drizzle_migrations' };

export function sqlName(client: pg.ClientBase, table: { schema: string; name: string }): string {
  return `${client.escapeIdentifier(table.schema)}.${client.escapeIdentifier(table.name)}`;
}

/**
 * The tables a backup holds: every permanent table of schema public (a partitioned table as a whole),
 * the readings' archived months (db/partitions.ts) and drizzle's migrations table, parents before the tables whose foreign keys point at them. Unlogged
 * tables are scratch by definition (PostgreSQL empties them after a crash) and are left out.
 */
export async function listTables(client: pg.ClientBase): Promise<TableSpec[]> {
  const { rows } = await client.query<{ oid: number; schema: string; name: string; columns: string[] }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                          and a.attgenerated = ''
      where c.relkind in ('r', 'p') and not c.relispartition and c.relpersistence = 'p'
        and (n.nspname in ('public', $3) or (n.nspname = $1 and c.relname = $2))
      group by c.oid, n.nspname, c.relname
      order by n.nspname, c.relname`,
    [MIGRATIONS_TABLE.schema, MIGRATIONS_TABLE.name, ARCHIVE_SCHEMA],
  );
  const { rows: references } = await client.query<{ child: number; parent: number }>(
    `select conrelid::int as child, confrelid::int as parent from pg_constraint
      where contype = 'f' and conrelid <> confrelid`,
  );
  const parentsOf = new Map<number, number[]>();
  for (const { child, parent } of references) parentsOf.set(child, [...(parentsOf.get(child) ?? []), parent]);
  const ordered: typeof rows = [];
  const placed = new Set<number>();
  const byOid = new Map(rows.map((row) => [row.oid, row]));
  const place = (oid: number, path: Set<number>) => {
    if (placed.has(oid) || path.has(oid) || !byOid.has(oid)) return;
    path.add(oid);
    for (const parent of parentsOf.get(oid) ?? []) place(parent, path);
    placed.add(oid);
    ordered.push(byOid.get(oid) as (typeof rows)[number]);
  };
  for (const row of rows) place(row.oid, new Set());
  return ordered.map(({ schema, name, columns }) => ({ schema, name, columns }));
}

export function selectColumns(client: pg.ClientBase, table: TableSpec): string {
  const columns = table.columns.map((column) => client.escapeIdentifier(column)).join(', ');
  return `select ${columns} from ${sqlName(client, table)}`;
}

/**
 * Row count and an order-independent checksum of a table's rows as the database prints them: equal on
 * the source and the restored copy whatever order the rows were stored in.
 */
export async function tableChecksum(
  client: pg.ClientBase,
  table: TableSpec,
): Promise<{ rows: number; checksum: string }> {
  const { rows } = await client.query<{ rows: string; checksum: string }>(
    `select count(*)::text as rows,
            coalesce(sum(('x' || left(md5(t::text), 16))::bit(64)::bigint), 0)::text as checksum
       from (${selectColumns(client, table)}) t`,
  );
  return { rows: Number(rows[0].rows), checksum: rows[0].checksum };
}

/** The sequences behind identity and serial columns, drizzle's own included. */
export async function listSequences(client: pg.ClientBase): Promise<SequenceState[]> {
  const { rows } = await client.query<SequenceState>(
    `select schemaname as schema, sequencename as name, last_value::text as "lastValue" from pg_sequences
      where schemaname in ('public', $1) order by schemaname, sequencename`,
    [MIGRATIONS_TABLE.schema],
  );
  return rows;
}

/** created_at of each schema migration applied, oldest first; empty when none was. */
export async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const { rows: present } = await client.query<{ found: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!present[0].found) return [];
  const { rows } = await client.query<{ created_at: string }>(
    'select created_at::text from drizzle.__drizzle_migrations order by created_at',
  );
  return rows.map((row) => row.created_at);
}

/** The partitions of schema public's partitioned tables, with their bounds; a backup restores these. */
export async function listPartitionBounds(client: pg.ClientBase): Promise<PartitionSpec[]> {
  const { rows } = await client.query<PartitionSpec>(
    `select n.nspname as schema, c.relname as name, p.relname as parent,
            pg_get_expr(c.relpartbound, c.oid) as bound
       from pg_inherits i
       join pg_class c on c.oid = i.inhrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_class p on p.oid = i.inhparent join pg_namespace pn on pn.oid = p.relnamespace
      where c.relispartition and c.relkind in ('r', 'p') and pn.nspname = 'public'
      order by p.relname, c.relname`,
  );
  return rows;
}
