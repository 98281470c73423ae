import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from './client';

/**
 * Issue 22: the readings' monthly partitions (migration 0027). Months are UTC calendar months; the
 * server keeps last month to `MONTHS_AHEAD` months ahead created, and gives a partition to any month
 * whose readings wait in the default partition (a meter with a wrong clock, a month archived before).
 * Old months can be detached to the schema `measurements_archive`: out of every live query and plan,
 * still in the database and in its backups, and attachable again.
 */
export const MONTHS_AHEAD = 3;
export const ARCHIVE_SCHEMA = 'measurements_archive';
/** A month stays live for at least this long: a year's report and the statistics need it whole. */
export const MONTHS_KEPT_LIVE = 13;

const PARTITION_NAME = /^measurements_y(\d{4})m(\d{2})$/;

/** The partitions the readings lack, created; how many. Safe to run from several processes at once. */
export async function maintainPartitions(db: Database): Promise<number> {
  const { rows } = await db.execute<{ created: number }>(
    sql`select measurement_partitions_maintain(${MONTHS_AHEAD}::int) as created`,
  );
  return Number(rows[0]?.created ?? 0);
}

/**
 * Runs the maintenance now and every `everyMs` (six hours by default): a month's partition is always
 * there weeks before its first reading. A failure (the database away) is logged and tried next time.
 */
export function schedulePartitionMaintenance(
  db: Database,
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
  everyMs = 6 * 3600_000,
): { ready: Promise<void>; stop(): void } {
  const run = async () => {
    try {
      const created = await maintainPartitions(db);
      if (created) log.info({ created }, `created ${created} monthly partition(s) of the readings`);
    } catch (error) {
      log.warn({ err: error }, 'the readings partition maintenance failed; it runs again later');
    }
  };
  const ready = run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return { ready, stop: () => clearInterval(timer) };
}

export interface PartitionInfo {
  /** `measurements_y2026m11`, or `measurements_default` */
  name: string;
  /** the first instant of the month (UTC), null for the default partition */
  from: string | null;
  /** its readings, and the bytes of the table with its indexes */
  rows: number;
  bytes: number;
  archived: boolean;
}

/** The live partitions of the readings and the archived months, oldest first (rows not counted yet). */
async function partitionTables(client: pg.ClientBase): Promise<(PartitionInfo & { schema: string })[]> {
  const { rows } = await client.query<{ schema: string; name: string; bytes: string }>(
    `select n.nspname as schema, c.relname as name, pg_total_relation_size(c.oid)::text as bytes
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and c.relname ~ '^measurements_(y[0-9]{4}m[0-9]{2}|default)$'
        and (n.nspname = $1 or c.oid in (select inhrelid from pg_inherits where inhparent = 'measurements'::regclass))`,
    [ARCHIVE_SCHEMA],
  );
  return rows
    .map((row) => ({
      schema: row.schema,
      name: row.name,
      from: monthOf(row.name),
      rows: 0,
      bytes: Number(row.bytes),
      archived: row.schema === ARCHIVE_SCHEMA,
    }))
    .sort(
      (a, b) => (a.from ?? '9999').localeCompare(b.from ?? '9999') || Number(a.archived) - Number(b.archived),
    );
}

/** A partition with its readings counted. */
async function counted(
  client: pg.ClientBase,
  table: PartitionInfo & { schema: string },
): Promise<PartitionInfo> {
  const { rows } = await client.query<{ n: string }>(
    `select count(*)::text as n from ${client.escapeIdentifier(table.schema)}.${client.escapeIdentifier(table.name)}`,
  );
  const { schema: _, ...info } = table;
  return { ...info, rows: Number(rows[0].n) };
}

/** The live partitions of the readings and the archived months, oldest first, with their readings counted. */
export async function listPartitions(client: pg.ClientBase): Promise<PartitionInfo[]> {
  const list: PartitionInfo[] = [];
  for (const table of await partitionTables(client)) list.push(await counted(client, table));
  return list;
}

function monthOf(name: string): string | null {
  const match = PARTITION_NAME.exec(name);
  return match ? `${match[1]}-${match[2]}-01T00:00:00Z` : null;
}

export class PartitionRefused extends Error {}

/** `2022-01` → the first instant of that UTC month; a clear error for anything else. */
export function parseMonth(text: string | undefined): Date {
  const match = /^(\d{4})-(\d{2})$/.exec(text ?? '');
  const month = match ? Number(match[2]) : 0;
  if (!match || month < 1 || month > 12)
    throw new PartitionRefused(`A month is written YYYY-MM (e.g. 2022-01), not "${text ?? ''}".`);
  return new Date(Date.UTC(Number(match[1]), month - 1, 1));
}

/**
 * Detaches every live month before `before` into the archive schema, each in its own transaction.
 * Detaching locks the readings for a moment: it waits at most a few seconds for running queries and
 * otherwise gives up (nothing changed) so that it never queues the wards' writes behind a long report.
 */
export async function archiveMonthsBefore(
  client: pg.ClientBase,
  before: Date,
  now = new Date(),
): Promise<PartitionInfo[]> {
  const newest = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - MONTHS_KEPT_LIVE + 1, 1));
  if (before > newest)
    throw new PartitionRefused(
      `The last ${MONTHS_KEPT_LIVE} months stay live (a year's report and the statistics read them): ` +
        `archive months before ${newest.toISOString().slice(0, 7)} at the latest.`,
    );
  const months = (await partitionTables(client)).filter(
    (partition) => !partition.archived && partition.from && new Date(partition.from) < before,
  );
  await client.query(`create schema if not exists ${ARCHIVE_SCHEMA}`);
  const done: PartitionInfo[] = [];
  for (const month of months) {
    await client.query('begin');
    try {
      await client.query(`set local lock_timeout = '5s'`);
      await client.query(`alter table measurements detach partition ${client.escapeIdentifier(month.name)}`);
      await client.query(`alter table ${client.escapeIdentifier(month.name)} set schema ${ARCHIVE_SCHEMA}`);
      await client.query('commit');
      done.push(await counted(client, { ...month, schema: ARCHIVE_SCHEMA, archived: true }));
    } catch (error) {
      await client.query('rollback');
      throw lockRefusal(error) ?? error;
    }
  }
  return done;
}

/**
 * Attaches an archived month again. Readings of that month that arrived after it was archived have a
 * partition of their own by then: they are moved into the archived one before it is attached.
 */
export async function restoreArchivedMonth(client: pg.ClientBase, name: string): Promise<PartitionInfo> {
  const month = (await partitionTables(client)).find(
    (partition) => partition.name === name && partition.archived,
  );
  if (!month?.from)
    throw new PartitionRefused(
      `No archived month ${name}: \`npm run partitions\` lists them (measurements_yYYYYmMM in ${ARCHIVE_SCHEMA}).`,
    );
  const from = new Date(month.from);
  const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  const archived = `${ARCHIVE_SCHEMA}.${client.escapeIdentifier(name)}`;
  await client.query('begin');
  try {
    await client.query(`set local lock_timeout = '5s'`);
    const live = await client.query<{ found: boolean }>(
      `select exists (select 1 from pg_inherits i join pg_class c on c.oid = i.inhrelid
                       where i.inhparent = 'measurements'::regclass and c.relname = $1) as found`,
      [name],
    );
    if (live.rows[0].found) {
      // the month was opened again by later readings: they join the archived ones (triggers of the
      // readings do not fire for a partition's own rows, so the day counts stay as they are)
      await client.query(`alter table measurements detach partition ${client.escapeIdentifier(name)}`);
      await client.query(`insert into ${archived} select * from public.${client.escapeIdentifier(name)}`);
      await client.query(`drop table public.${client.escapeIdentifier(name)}`);
    }
    // and those still waiting in the default partition for the maintenance to give them one
    await client.query(
      `with moved as (delete from measurements_default where test_time >= $1 and test_time < $2 returning *)
       insert into ${archived} select * from moved`,
      [from, to],
    );
    await client.query(`alter table ${archived} set schema public`);
    await client.query(
      `alter table measurements attach partition ${client.escapeIdentifier(name)}
         for values from ('${from.toISOString()}') to ('${to.toISOString()}')`,
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw lockRefusal(error) ?? error;
  }
  const { schema: _, ...info } = month;
  return { ...info, archived: false };
}

function lockRefusal(error: unknown): PartitionRefused | null {
  return (error as { code?: string }).code === '55P03'
    ? new PartitionRefused(
        'The readings were busy (a long query held them for more than 5 seconds); nothing was changed. ' +
          'Try again, at a quieter hour if it happens again.',
      )
    : null;
}
