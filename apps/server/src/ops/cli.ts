import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config';
import {
  ARCHIVE_SCHEMA,
  archiveMonthsBefore,
  listPartitions,
  MONTHS_KEPT_LIVE,
  PartitionRefused,
  parseMonth,
  restoreArchivedMonth,
} from '../db/partitions';
import { backupDatabase } from './backup';
import { BackupFileError, qualifiedName, verifyBackupFile } from './dump-format';
import { openDestination, openSource } from './locate';
import { RestoreRefused, restoreDatabase } from './restore';

const USAGE = `Usage:
  npm run backup [-- --out DIR]   back up the running system (DATABASE_URL, else the embedded
                                  database of DATA_DIR) to DIR (default ./backups)
  npm run restore FILE [-- --skip-unknown-tables]
                                  restore FILE into an empty DATABASE_URL database, else into a
                                  new embedded database in DATA_DIR (which must not hold one yet);
                                  --skip-unknown-tables leaves out tables GlucoCare's schema lacks
  npm run partitions              the readings' monthly partitions and archived months, with sizes
  npm run partitions -- archive --before YYYY-MM
                                  detach the months before YYYY-MM into the schema
                                  ${ARCHIVE_SCHEMA} (kept in the database and its backups; the
                                  last ${MONTHS_KEPT_LIVE} months stay live)
  npm run partitions -- unarchive measurements_yYYYYmMM
                                  attach an archived month again`;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const say = (line: string) => process.stdout.write(`${line}\n`);

async function backup(args: string[]): Promise<void> {
  const outAt = args.indexOf('--out');
  const directory = path.resolve(
    outAt >= 0 ? (args[outAt + 1] ?? '') : (process.env.BACKUP_DIR ?? 'backups'),
  );
  const config = loadConfig();
  const source = await openSource(config.databaseUrl, config.dataDir);
  say(`Backing up ${source.label}`);
  try {
    const summary = await backupDatabase(source.url, directory, say);
    const rows = summary.tables.reduce((sum, table) => sum + table.rows, 0);
    const bytes = summary.tables.reduce((sum, table) => sum + table.bytes, 0);
    say(
      `Wrote ${summary.file}\n  ${summary.tables.length} tables, ${rows} rows, ${megabytes(bytes)} of data ` +
        `in ${megabytes(summary.fileBytes)} (gzip), one consistent snapshot, in ${summary.seconds.toFixed(1)} s`,
    );
  } finally {
    await source.close();
  }
}

async function restore(args: string[]): Promise<void> {
  const file = args.find((arg) => !arg.startsWith('--'));
  if (!file) throw new RestoreRefused(`Which backup file?\n${USAGE}`);
  const config = loadConfig();
  // a damaged file is refused before a database is created for it
  const manifest = await verifyBackupFile(path.resolve(file));
  const destination = await openDestination(config.databaseUrl, config.dataDir);
  say(`Restoring ${file} into ${destination.label}`);
  try {
    const summary = await restoreDatabase(destination.url, path.resolve(file), {
      progress: say,
      verified: manifest,
      skipUnknownTables: args.includes('--skip-unknown-tables'),
    });
    if (summary.skipped.length) say(`  left out (not GlucoCare tables): ${summary.skipped.join(', ')}`);
    for (const table of manifest.tables.filter(
      (t) => t.rows >= 10_000 && !summary.skipped.includes(qualifiedName(t)),
    ))
      say(`  ${qualifiedName(table)}: ${table.rows} rows`);
    say(
      `Restored ${manifest.tables.length - summary.skipped.length} tables, ${summary.rows} rows, ${megabytes(summary.bytes)} of data ` +
        `in ${summary.seconds.toFixed(1)} s; row counts and checksums match the backup of ${manifest.createdAt}.`,
    );
    if (summary.newerMigrations)
      say(`The server applies ${summary.newerMigrations} newer schema migration(s) when it next starts.`);
    await destination.close();
  } catch (error) {
    await destination.discard();
    throw error;
  }
}

async function partitions(args: string[]): Promise<void> {
  const config = loadConfig();
  const source = await openSource(config.databaseUrl, config.dataDir);
  const client = new pg.Client({ connectionString: source.url });
  await client.connect();
  try {
    const [action] = args.filter((arg) => !arg.startsWith('--'));
    if (action === 'archive') {
      const before = parseMonth(args[args.indexOf('--before') + 1]);
      const archived = await archiveMonthsBefore(client, before);
      for (const month of archived)
        say(`  archived ${month.name}: ${month.rows} readings, ${megabytes(month.bytes)}`);
      say(
        archived.length
          ? `Archived ${archived.length} month(s) into ${ARCHIVE_SCHEMA}.`
          : `No live month before ${before.toISOString().slice(0, 7)}: nothing archived.`,
      );
    } else if (action === 'unarchive') {
      const name = args.filter((arg) => !arg.startsWith('--'))[1];
      const month = await restoreArchivedMonth(client, name ?? '');
      say(`Attached ${month.name} again: its readings are live.`);
    } else if (action === undefined || action === 'list') {
      const list = await listPartitions(client);
      say(`The readings of ${source.label}, by month (UTC):`);
      for (const month of list)
        say(
          `  ${month.name.padEnd(24)} ${month.archived ? 'archived' : 'live    '} ${String(month.rows).padStart(9)} readings ${megabytes(month.bytes).padStart(10)}`,
        );
    } else throw new PartitionRefused(USAGE);
  } finally {
    await client.end();
    await source.close();
  }
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'backup') await backup(args);
  else if (command === 'restore') await restore(args);
  else if (command === 'partitions') await partitions(args);
  else throw new RestoreRefused(USAGE);
}

main().catch((error) => {
  const known =
    error instanceof RestoreRefused || error instanceof BackupFileError || error instanceof PartitionRefused;
  process.stderr.write(`${known ? error.message : (error?.stack ?? String(error))}\n`);
  process.exit(1);
});
