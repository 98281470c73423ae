import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startEmbeddedPostgres } from '../db/embedded';
import { ARCHIVE_SCHEMA, archiveMonthsBefore, listPartitions, parseMonth } from '../db/partitions';
import { cloneTemplate } from '../test/database';
import { backupDatabase } from './backup';
import { BackupFileError, type Manifest, verifyBackupFile } from './dump-format';
import { type DatabaseAt, openDestination, openSource } from './locate';
import { RestoreRefused, restoreDatabase } from './restore';

interface Snapshot {
  tables: Record<string, { rows: number; md5: string | null }>;
  /** the tables a backup lists (a partitioned table as a whole, not its months) */
  whole: string[];
  sequences: Record<string, string | null>;
  /** every index's definition (the restore builds the secondary ones again after the load) */
  indexes: string[];
}

/** Every table's rows and contents, and every sequence's position, computed apart from the backup code. */
async function snapshot(url: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ schema: string; name: string; partition: boolean }>(
      // unlogged tables (the password-attempt counters) are scratch: never backed up, by design
      `select n.nspname as schema, c.relname as name, c.relispartition as partition
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and c.relpersistence = 'p' and n.nspname in ('public', 'drizzle')
        order by 1, 2`,
    );
    const result: Snapshot = { tables: {}, whole: [], sequences: {}, indexes: [] };
    for (const { schema, name, partition } of tables) {
      if (!partition) result.whole.push(`${schema}.${name}`);
      const table = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;
      const { rows } = await client.query<{ rows: number; md5: string | null }>(
        `select count(*)::int as rows, md5(string_agg(t::text, '|' order by t::text)) as md5 from ${table} t`,
      );
      result.tables[`${schema}.${name}`] = rows[0];
    }
    const { rows: sequences } = await client.query<{ name: string; last_value: string | null }>(
      `select schemaname || '.' || sequencename as name, last_value::text from pg_sequences
        where schemaname in ('public', 'drizzle')`,
    );
    for (const sequence of sequences) result.sequences[sequence.name] = sequence.last_value;
    // a partition's index named after the table's (PostgreSQL names it when it builds it)
    const { rows: indexes } = await client.query<{ indexdef: string }>(
      `select replace(x.indexdef, 'INDEX ' || x.indexname || ' ON', 'INDEX ' || coalesce(p.relname, x.indexname) || ' ON')
                as indexdef
         from pg_indexes x
         join pg_namespace n on n.nspname = x.schemaname
         join pg_class ic on ic.relname = x.indexname and ic.relnamespace = n.oid
         left join pg_inherits i on i.inhrelid = ic.oid
         left join pg_class p on p.oid = i.inhparent
        where x.schemaname in ('public', 'drizzle') order by 1`,
    );
    result.indexes = indexes.map((index) => index.indexdef);
    return result;
  } finally {
    await client.end();
  }
}

function siblingDatabase(url: string, label: string): string {
  const parsed = new URL(url);
  const runId = parsed.pathname.replace(/^\/gc_t_[a-z0-9]+_/, '');
  parsed.pathname = `/gc_${label}_${Math.random().toString(36).slice(2, 8)}_${runId}`;
  return parsed.toString();
}

let workDir: string;
let sourceUrl: string;
let backupFile: string;
let source: Snapshot;

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glucocare-backup-'));
  fs.chmodSync(workDir, 0o755);
  sourceUrl = await cloneTemplate(inject('templateDatabaseUrl'));
  source = await snapshot(sourceUrl);
  const summary = await backupDatabase(sourceUrl, path.join(workDir, 'backups'));
  backupFile = summary.file;
});

afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('backs up a seeded system with readings into a private file named with the time', async () => {
    expect(source.tables['public.measurements'].rows).toBeGreaterThan(100);
    expect(source.tables['public.glucose_day_counts'].rows).toBeGreaterThan(0);
    expect(path.basename(backupFile)).toMatch(/^glucocare-\d{4}-\d\d-\d\dT\d{6}Z\.gcbackup$/);
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    const manifest = await verifyBackupFile(backupFile);
    expect(manifest.migrations.length).toBeGreaterThan(20);
    expect(manifest.tables.map((table) => `${table.schema}.${table.name}`).sort()).toEqual(
      source.whole.sort(),
    );
    // the readings' months (migration 0027) with their bounds, so a restore recreates them
    expect(manifest.partitions?.filter((partition) => partition.parent === 'measurements').length).toBe(
      Object.keys(source.tables).filter((name) => name.startsWith('public.measurements_')).length,
    );
    expect(manifest.tables.map((table) => table.name)).not.toContain('password_attempt_windows');
    // parents first, as their foreign keys point
    const order = manifest.tables.map((table) => table.name);
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('sessions'));
    expect(order.indexOf('roles')).toBeLessThan(order.indexOf('user_roles'));
  });

  it('restores into a new database with every table, row and sequence as it was', async () => {
    const destination = await openDestination(siblingDatabase(sourceUrl, 'restored'), workDir);
    const summary = await restoreDatabase(destination.url, backupFile);
    expect(summary.newerMigrations).toBe(0);
    expect(summary.rows).toBe(source.whole.reduce((sum, name) => sum + source.tables[name].rows, 0));
    expect(await snapshot(destination.url)).toEqual(source);

    // a restore into a database that is not empty is refused and changes nothing
    await expect(restoreDatabase(destination.url, backupFile)).rejects.toThrow(RestoreRefused);
    await expect(restoreDatabase(destination.url, backupFile)).rejects.toThrow(
      /is not empty .*A restore goes only into an empty database.*Nothing was changed/,
    );
    expect(await snapshot(destination.url)).toEqual(source);
  });

  it('keeps the archived months of the readings: a restore brings them back archived, the live months as they were', async () => {
    const archivedUrl = await cloneTemplate(inject('templateDatabaseUrl'));
    const client = new pg.Client({ connectionString: archivedUrl });
    await client.connect();
    try {
      // a reading of a month long past, its month archived (db/partitions.ts)
      await client.query(
        `insert into measurements (tenant_id, patient_id, department_code, item, test_time, value, entered_value,
                                   entered_unit, classification, source)
         select tenant_id, id, department_code, 'GLU', '2020-06-04T02:00:00Z', 7.7, 7.7, 'mmolL', 'normal', 'meter'
           from patients where tenant_id = '101' order by id limit 1`,
      );
      await client.query('select measurement_partitions_maintain(3)');
      await archiveMonthsBefore(client, parseMonth('2020-07'));
    } finally {
      await client.end();
    }
    const summary = await backupDatabase(archivedUrl, path.join(workDir, 'archived'));
    const manifest = await verifyBackupFile(summary.file);
    expect(manifest.tables).toContainEqual(
      expect.objectContaining({ schema: ARCHIVE_SCHEMA, name: 'measurements_y2020m06', rows: 1 }),
    );
    const destination = await openDestination(siblingDatabase(sourceUrl, 'archived'), workDir);
    await restoreDatabase(destination.url, summary.file);
    const restored = new pg.Client({ connectionString: destination.url });
    await restored.connect();
    try {
      const months = await listPartitions(restored);
      expect(months.find((month) => month.name === 'measurements_y2020m06')).toMatchObject({
        archived: true,
        rows: 1,
      });
      // the live months are the source's, each with its readings
      const liveOf = (list: typeof months) =>
        list.filter((month) => !month.archived).map((month) => [month.name, month.rows]);
      const source = new pg.Client({ connectionString: archivedUrl });
      await source.connect();
      expect(liveOf(months)).toEqual(liveOf(await listPartitions(source)));
      await source.end();
    } finally {
      await restored.end();
    }
  });

  it('refuses a truncated or damaged file before it changes anything', async () => {
    const bytes = fs.readFileSync(backupFile);
    const truncated = path.join(workDir, 'truncated.gcbackup');
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    // damaged inside a table's data but still a valid gzip stream: only the checksums can tell
    const plain = zlib.gunzipSync(bytes);
    const at = plain.indexOf('\tGLU\t');
    expect(at).toBeGreaterThan(0);
    plain.write('\tGLX\t', at);
    const damaged = path.join(workDir, 'damaged.gcbackup');
    fs.writeFileSync(damaged, zlib.gzipSync(plain));
    const notBackup = path.join(workDir, 'notes.gcbackup');
    fs.writeFileSync(notBackup, zlib.gzipSync('hello'));

    const destination = await openDestination(siblingDatabase(sourceUrl, 'refused'), workDir);
    await expect(restoreDatabase(destination.url, truncated)).rejects.toThrow(
      /truncated\.gcbackup is (damaged or incomplete|incomplete)/,
    );
    await expect(restoreDatabase(destination.url, damaged)).rejects.toThrow(
      /damaged: table \w+ does not match its checksum in the manifest/,
    );
    await expect(restoreDatabase(destination.url, notBackup)).rejects.toThrow(BackupFileError);
    expect(await snapshot(destination.url)).toEqual({ tables: {}, whole: [], sequences: {}, indexes: [] });
  });

  it('restores into a new embedded DATA_DIR, and backs up that system running and stopped', async () => {
    const dataDir = path.join(workDir, 'restored-data');
    const destination = await openDestination(undefined, dataDir);
    let running: DatabaseAt | undefined;
    try {
      await restoreDatabase(destination.url, backupFile);
      expect(await snapshot(destination.url)).toEqual(source);
      // the embedded server still running (as the application would keep it): found by its pid file
      running = await openSource(undefined, dataDir);
      expect(running.label).toContain('the running embedded PostgreSQL on 127.0.0.1:');
      const again = await backupDatabase(running.url, path.join(workDir, 'again'));
      const manifest: Manifest = await verifyBackupFile(again.file);
      expect(manifest.tables.map((table) => [table.name, table.rows, table.checksum])).toEqual(
        (await verifyBackupFile(backupFile)).tables.map((table) => [table.name, table.rows, table.checksum]),
      );
    } finally {
      await destination.close();
    }
    await expect(openDestination(undefined, dataDir)).rejects.toThrow(/already holds a database/);
    // stopped: started for the backup and stopped after
    const stopped = await openSource(undefined, dataDir);
    expect(stopped.label).toContain('not running: started for this, stopped after');
    await backupDatabase(stopped.url, path.join(workDir, 'stopped'));
    await stopped.close();
    // and the restored directory is one the application starts on
    const started = await startEmbeddedPostgres({ dataDir, database: 'glucocare' });
    expect(await snapshot(started.url)).toEqual(source);
    await started.stop();
  }, 180_000);
});
