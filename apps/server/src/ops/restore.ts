import { once } from 'node:events';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ARCHIVE_SCHEMA } from '../db/partitions';
import { listTables, MIGRATIONS_TABLE, sqlName, tableChecksum } from './catalogue';
import {
  BackupFileError,
  type Header,
  type Manifest,
  parseJson,
  qualifiedName,
  readFrames,
  type TableSpec,
  verifyBackupFile,
} from './dump-format';

const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

export interface RestoreSummary {
  manifest: Manifest;
  rows: number;
  bytes: number;
  /** tables of the backup left out because the schema does not have them (--skip-unknown-tables) */
  skipped: string[];
  /** schema migrations newer than the backup, applied when the server next starts */
  newerMigrations: number;
  seconds: number;
}

/** An operator's mistake the restore refuses before it changes anything. */
export class RestoreRefused extends Error {}

async function assertEmpty(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      union all
     select 'drizzle.__drizzle_migrations' where to_regclass('drizzle.__drizzle_migrations') is not null
      order by 1 limit 4`,
  );
  if (rows.length) {
    const database = client.database ?? 'the database';
    throw new RestoreRefused(
      `The database ${database} is not empty (it has tables: ${rows.map((row) => row.name).join(', ')}` +
        `${rows.length > 3 ? ', …' : ''}). A restore goes only into an empty database: create a new one ` +
        `and point DATABASE_URL at it, or drop this one first if it is really to be replaced. Nothing was changed.`,
    );
  }
}

/** The code's schema migrations that the backup had applied; refuses a backup from a newer GlucoCare. */
function migrationsOfBackup(header: Header) {
  const known = readMigrationFiles({ migrationsFolder });
  const knownAt = new Set(known.map((migration) => String(migration.folderMillis)));
  const unknown = header.migrations.filter((createdAt) => !knownAt.has(createdAt));
  if (unknown.length)
    throw new RestoreRefused(
      `The backup was made by a newer GlucoCare: its schema has ${unknown.length} migration(s) this ` +
        'version does not have. Restore it with the version that made it, or a later one. Nothing was changed.',
    );
  const level = new Set(header.migrations);
  return {
    apply: known.filter((migration) => level.has(String(migration.folderMillis))),
    newer: known.filter((migration) => !level.has(String(migration.folderMillis))).length,
  };
}

/**
 * Keeps triggers from firing while rows are loaded (they would, say, queue HL7 messages for readings
 * that were sent long ago, or recount day totals the backup already holds). A superuser turns off
 * triggers and foreign-key checks for the session; anyone else disables the tables' own triggers, with
 * foreign keys still checked, which the backup's parents-first order satisfies.
 */
async function suspendTriggers(client: pg.ClientBase) {
  await client.query('savepoint replication_role');
  try {
    await client.query('set local session_replication_role = replica');
    return { disable: async (_: TableSpec[]) => {}, enable: async (_: TableSpec[]) => {} };
  } catch {
    await client.query('rollback to savepoint replication_role');
  }
  const alterAll = async (tables: TableSpec[], action: string) => {
    for (const table of tables)
      await client.query(`alter table ${sqlName(client, table)} ${action} trigger user`);
  };
  return {
    disable: (tables: TableSpec[]) => alterAll(tables, 'disable'),
    enable: (tables: TableSpec[]) => alterAll(tables, 'enable'),
  };
}

async function createSchema(client: pg.ClientBase, header: Header) {
  const { apply, newer } = migrationsOfBackup(header);
  // the table drizzle's migrator keeps, as it creates it; its rows come from the backup
  await client.query(`create schema if not exists ${client.escapeIdentifier(MIGRATIONS_TABLE.schema)}`);
  await client.query(
    `create table if not exists ${sqlName(client, MIGRATIONS_TABLE)} (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of apply) {
    for (const statement of migration.sql) if (statement.trim()) await client.query(statement);
  }
  return newer;
}

const PARTITION_BOUND = /^(DEFAULT|FOR VALUES FROM \('[0-9: +.-]+'\) TO \('[0-9: +.-]+'\))$/;

/**
 * The backup's partitions that the migrations did not create (the readings' months before the
 * restore's own), so that each row is loaded straight into its month, as it was stored; and the
 * archived months.
 */
async function createPartitions(client: pg.ClientBase, header: Header) {
  for (const partition of header.partitions ?? []) {
    const { rows } = await client.query<{ found: boolean }>('select to_regclass($1) is not null as found', [
      sqlName(client, partition),
    ]);
    if (rows[0].found) continue;
    // the bound is spliced into the statement: only the two shapes a range partition prints
    if (!PARTITION_BOUND.test(partition.bound))
      throw new BackupFileError(
        `The backup's partition ${partition.name} has a bound this version cannot read.`,
      );
    const parent = sqlName(client, { schema: 'public', name: partition.parent });
    await client.query(
      `create table ${sqlName(client, partition)} partition of ${parent} ${partition.bound}`,
    );
  }
  // the archived months (detached partitions), with the live readings' columns and keys
  for (const table of header.tables.filter((t) => t.schema === ARCHIVE_SCHEMA)) {
    await client.query(`create schema if not exists ${client.escapeIdentifier(ARCHIVE_SCHEMA)}`);
    await client.query(
      `create table ${sqlName(client, table)} (like public.measurements including defaults including indexes)`,
    );
  }
}

/**
 * Checks the migrated schema has every table and column of the backup (tables it does not know, e.g.
 * one an operator added by hand, are left out only when asked); empties what migrations filled.
 */
async function prepareTables(client: pg.ClientBase, header: Header, skipUnknownTables: boolean) {
  const present = await listTables(client);
  const byName = new Map(present.map((table) => [qualifiedName(table), table]));
  const skipped = new Set<string>();
  for (const table of header.tables) {
    const target = byName.get(qualifiedName(table));
    if (!target && skipUnknownTables) {
      skipped.add(qualifiedName(table));
      continue;
    }
    const missing = table.columns.filter((column) => !target?.columns.includes(column));
    if (!target || missing.length)
      throw new RestoreRefused(
        `The backup's table ${qualifiedName(table)} ${target ? `has columns ${missing.join(', ')} that are not` : 'is not'} ` +
          'in the schema the migrations create. ' +
          (target
            ? ''
            : 'To restore without the tables GlucoCare does not know, add --skip-unknown-tables. ') +
          'Nothing was changed.',
      );
  }
  if (present.length)
    await client.query(`truncate ${present.map((table) => sqlName(client, table)).join(', ')}`);
  return { present, skipped };
}

async function loadTables(client: pg.ClientBase, file: string, skipped: Set<string>): Promise<number> {
  let copy: ReturnType<typeof copyFrom> | undefined;
  let bytes = 0;
  for await (const frame of readFrames(file)) {
    if (frame.kind === 'T') {
      const table = parseJson<TableSpec>(frame);
      if (skipped.has(qualifiedName(table))) continue;
      const columns = table.columns.map((column) => client.escapeIdentifier(column)).join(', ');
      copy = client.query(copyFrom(`copy ${sqlName(client, table)} (${columns}) from stdin`));
    } else if (frame.kind === 'D' && copy) {
      bytes += frame.payload.length;
      if (!copy.write(frame.payload)) await once(copy, 'drain');
    } else if (frame.kind === 'E' && copy) {
      const finished = once(copy, 'finish');
      copy.end();
      await finished;
      copy = undefined;
    }
  }
  return bytes;
}

/**
 * Takes off the indexes no constraint needs (all but primary keys and unique constraints) before the
 * load (a partitioned table's index with its partitions' ones)
 * load and builds them again after it: building an index once from the loaded rows is several times
 * faster than updating it row by row (the readings' seven indexes most of all). Built inside the
 * restore's transaction, so a unique index that the rows would break rolls the whole restore back.
 */
async function setAsideIndexes(client: pg.ClientBase) {
  const { rows } = await client.query<{ name: string; definition: string }>(
    // a partitioned table's index prints as `ON ONLY` (the table's without its partitions'): built on all
    `select format('%I.%I', n.nspname, c.relname) as name,
            replace(pg_get_indexdef(i.indexrelid), ' ON ONLY ', ' ON ') as definition
       from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not c.relispartition
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
  );
  for (const index of rows) await client.query(`drop index ${index.name}`);
  return {
    count: rows.length,
    async rebuild() {
      await client.query(`set local maintenance_work_mem = '256MB'`);
      for (const index of rows) await client.query(index.definition);
    },
  };
}

async function restoreSequences(client: pg.ClientBase, manifest: Manifest, skipUnknown: boolean) {
  for (const sequence of manifest.sequences) {
    const name = sqlName(client, sequence);
    const { rows } = await client.query<{ found: boolean }>('select to_regclass($1) is not null as found', [
      name,
    ]);
    if (!rows[0].found && skipUnknown) continue;
    if (sequence.lastValue === null) await client.query(`alter sequence ${name} restart`);
    else await client.query(`select setval('${name}', $1::bigint, true)`, [sequence.lastValue]);
  }
}

async function verifyTables(client: pg.ClientBase, manifest: Manifest, skipped: Set<string>) {
  let rows = 0;
  for (const table of manifest.tables) {
    if (skipped.has(qualifiedName(table))) continue;
    const loaded = await tableChecksum(client, table);
    if (loaded.rows !== table.rows || loaded.checksum !== table.checksum)
      throw new Error(
        `${qualifiedName(table)}: loaded ${loaded.rows} rows (checksum ${loaded.checksum}), the backup ` +
          `holds ${table.rows} (checksum ${table.checksum}); the restore was rolled back`,
      );
    rows += loaded.rows;
  }
  return rows;
}

/**
 * Restores a backup file into the empty database at `url` in one transaction: the schema at the
 * backup's migration level, every row, the sequences; checked against the manifest before it commits,
 * so a failure leaves the database as it was.
 */
export async function restoreDatabase(
  url: string,
  file: string,
  options: {
    progress?: (line: string) => void;
    /** the manifest verifyBackupFile returned, to spare reading the file twice */
    verified?: Manifest;
    skipUnknownTables?: boolean;
  } = {},
): Promise<RestoreSummary> {
  const { progress = () => {}, verified, skipUnknownTables = false } = options;
  const started = Date.now();
  if (!fs.existsSync(file)) throw new RestoreRefused(`No backup file ${file}.`);
  const manifest = verified ?? (await verifyBackupFile(file));
  progress(`backup of ${manifest.createdAt}: ${manifest.tables.length} tables, file checksums verified`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await assertEmpty(client);
    await client.query('begin');
    const triggers = await suspendTriggers(client);
    const newerMigrations = await createSchema(client, manifest);
    await createPartitions(client, manifest);
    const { present, skipped } = await prepareTables(client, manifest, skipUnknownTables);
    await triggers.disable(present);
    const indexes = await setAsideIndexes(client);
    const bytes = await loadTables(client, file, skipped);
    progress(`rows loaded; building ${indexes.count} indexes`);
    await indexes.rebuild();
    await triggers.enable(present);
    await restoreSequences(client, manifest, skipUnknownTables);
    const rows = await verifyTables(client, manifest, skipped);
    await client.query('commit');
    return {
      manifest,
      rows,
      bytes,
      skipped: [...skipped],
      newerMigrations,
      seconds: (Date.now() - started) / 1000,
    };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    if (error instanceof BackupFileError || error instanceof RestoreRefused) throw error;
    throw new Error(
      `The restore failed and was rolled back, nothing was changed: ${(error as Error).message}`,
    );
  } finally {
    await client.end();
  }
}
