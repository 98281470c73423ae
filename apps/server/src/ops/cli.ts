import path from 'node:path';
import { loadConfig } from '../config';
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
                                  --skip-unknown-tables leaves out tables GlucoCare's schema lacks`;

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

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'backup') await backup(args);
  else if (command === 'restore') await restore(args);
  else throw new RestoreRefused(USAGE);
}

main().catch((error) => {
  const known = error instanceof RestoreRefused || error instanceof BackupFileError;
  process.stderr.write(`${known ? error.message : (error?.stack ?? String(error))}\n`);
  process.exit(1);
});
