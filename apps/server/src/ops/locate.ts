import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  APPLICATION_DATABASE,
  databaseDirOf,
  embeddedUrl,
  passwordFileOf,
  readSuperuserPassword,
  startEmbeddedPostgres,
} from '../db/embedded';
import { RestoreRefused } from './restore';

/** A database to back up from or restore into, and what to do when done with it. */
export interface DatabaseAt {
  url: string;
  /** for the operator: where it is, without the password */
  label: string;
  close(): Promise<void>;
  /** a restore that failed removes what it created */
  discard(): Promise<void>;
}

export function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** The port of the embedded PostgreSQL running on this data directory, from its pid file. */
function runningPort(dataDir: string): number | undefined {
  const pidFile = path.join(databaseDirOf(dataDir), 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return undefined;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(lines[0]), 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  return Number(lines[3]);
}

const nothing = async () => {};

/**
 * The system to back up: DATABASE_URL, else the embedded PostgreSQL of DATA_DIR, the running one
 * (found by its pid file) or, when the server is stopped, one started for the backup and stopped after.
 */
export async function openSource(databaseUrl: string | undefined, dataDir: string): Promise<DatabaseAt> {
  if (databaseUrl)
    return { url: databaseUrl, label: withoutPassword(databaseUrl), close: nothing, discard: nothing };
  if (!fs.existsSync(path.join(databaseDirOf(dataDir), 'PG_VERSION')))
    throw new RestoreRefused(
      `DATA_DIR ${dataDir} holds no GlucoCare database (no ${databaseDirOf(dataDir)}). Set DATA_DIR to ` +
        'the directory the server uses, or DATABASE_URL to its database.',
    );
  const port = runningPort(dataDir);
  if (port) {
    if (!fs.existsSync(passwordFileOf(dataDir)))
      throw new RestoreRefused(
        `The server running on DATA_DIR ${dataDir} still has the old default database password; ` +
          'restart it with this version (it then makes its own password) and run the backup again.',
      );
    const url = embeddedUrl(readSuperuserPassword(dataDir), port, APPLICATION_DATABASE);
    return {
      url,
      label: `the running embedded PostgreSQL on 127.0.0.1:${port}, data in ${dataDir}`,
      close: nothing,
      discard: nothing,
    };
  }
  const embedded = await startEmbeddedPostgres({ dataDir, database: APPLICATION_DATABASE });
  return {
    url: embedded.url,
    label: `the embedded PostgreSQL of ${dataDir} (not running: started for this, stopped after)`,
    close: () => embedded.stop(),
    discard: nothing,
  };
}

/** Creates the database of `url` when its server does not have it yet. */
async function ensureDatabase(url: string): Promise<void> {
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
  } finally {
    await probe.end().catch(() => {});
  }
  const server = new URL(url);
  const database = decodeURIComponent(server.pathname.slice(1));
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    await admin.query(`create database ${admin.escapeIdentifier(database)}`);
  } finally {
    await admin.end();
  }
}

/**
 * Where a restore goes: DATABASE_URL's database (created when missing, refused later when not empty),
 * else a new embedded PostgreSQL in DATA_DIR, which must not hold one yet.
 */
export async function openDestination(databaseUrl: string | undefined, dataDir: string): Promise<DatabaseAt> {
  if (databaseUrl) {
    await ensureDatabase(databaseUrl);
    return { url: databaseUrl, label: withoutPassword(databaseUrl), close: nothing, discard: nothing };
  }
  if (fs.existsSync(databaseDirOf(dataDir)))
    throw new RestoreRefused(
      `DATA_DIR ${dataDir} already holds a database (${databaseDirOf(dataDir)}). A restore goes into an ` +
        'empty or new DATA_DIR: choose another, or move this one aside if it is really to be replaced. ' +
        'Nothing was changed.',
    );
  const embedded = await startEmbeddedPostgres({ dataDir, database: APPLICATION_DATABASE });
  let stopped = false;
  const close = async () => {
    if (!stopped) await embedded.stop();
    stopped = true;
  };
  return {
    url: embedded.url,
    label: `a new embedded PostgreSQL in ${dataDir}`,
    close,
    async discard() {
      await close();
      fs.rmSync(databaseDirOf(dataDir), { recursive: true, force: true });
      fs.rmSync(passwordFileOf(dataDir), { force: true });
    },
  };
}
