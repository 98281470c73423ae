import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { encryptForTransport } from './modules/auth/password-crypto';
import { cloneTemplate } from './test/database';

/**
 * SIGTERM lets requests in flight finish (issue 13). The real server (main.ts) runs as a child
 * process on a database of its own. The request held open is a real one: an edit of a patient whose
 * row this test keeps locked in an open transaction, so the server's UPDATE waits in PostgreSQL
 * exactly as it would behind a colleague's slow write — no test-only slow path in the server.
 */

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

let databaseUrl: string;
let child: ChildProcess | undefined;
let output = '';

beforeAll(async () => {
  databaseUrl = await cloneTemplate(inject('templateDatabaseUrl'));
});
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>): Promise<string> {
  const port = await freePort();
  output = '';
  child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${base}/app-service/health`)).status === 200) return base;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not start: ${output}`);
}

const exited = (process: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (process.exitCode !== null) resolve(process.exitCode);
    else process.once('exit', (code) => resolve(code));
  });

/** Whether a new TCP connection to the server's port is refused. */
function connectionRefused(base: string): Promise<boolean> {
  const { port } = new URL(base);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

async function signIn(base: string): Promise<string> {
  const { publicKey } = (await (await fetch(`${base}/project.config.json`)).json()) as { publicKey: string };
  const res = await fetch(`${base}/app-service/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      tenant: '101',
      userName: 'admin',
      password: encryptForTransport(publicKey, 'Admin@123456'),
    }),
  });
  const body = (await res.json()) as { dataContent: { access_token: string } };
  return body.dataContent.access_token;
}

/** An edit of a patient (as the detail screen sends it) whose row `lock` holds: it waits for the lock. */
async function heldEdit(base: string, token: string, lock: pg.Client) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const list = await fetch(`${base}/app-service/v1/patients/hospitalizedPatients?size=1`, { headers });
  const id = ((await list.json()) as { dataContent: { records: { id: number }[] } }).dataContent.records[0]
    .id;
  const detail = await fetch(`${base}/app-service/v1/patients/hospitalizedPatient?patientId=${id}`, {
    headers,
  });
  const p = ((await detail.json()) as { dataContent: Record<string, unknown> }).dataContent;
  await lock.query('begin');
  await lock.query(`select id from patients where tenant_id = '101' and id = $1 for update`, [id]);
  const response = fetch(`${base}/app-service/v1/patients`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      id,
      version: p.version,
      name: p.name,
      gender: p.gender,
      dateOfBirth: p.dateOfBirth,
      age: p.age,
      inpatientNumber: p.inpatientNumber,
      wristbandCode: p.wristbandCode,
      heightCm: 170,
    }),
  });
  // in flight for real: the server's statement waits on the row lock
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await lock.query(
      `select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    );
    if (rows[0].waiting > 0) break;
    if (Date.now() > deadline) throw new Error('the edit never reached the lock');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // wrapped: an async function returning the promise itself would wait for the answer
  return { response };
}

describe('SIGTERM', () => {
  it('stops accepting, lets the request in flight finish with 200, then exits', {
    timeout: 90_000,
  }, async () => {
    const base = await startServer({ SHUTDOWN_GRACE_SECONDS: '10' });
    const token = await signIn(base);
    const lock = new pg.Client({ connectionString: databaseUrl });
    await lock.connect();
    try {
      const { response } = await heldEdit(base, token, lock);
      const server = child as ChildProcess;
      const exit = exited(server);
      server.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));
      // still running for the request in flight, and closed to anyone new
      expect(server.exitCode, output).toBeNull();
      expect(await connectionRefused(base)).toBe(true);

      await lock.query('commit');
      const res = await response;
      expect(res.status).toBe(200);
      const body = (await res.json()) as { code: string; dataContent: { heightCm: number } };
      expect(body.code).toBe('1');
      expect(body.dataContent.heightCm).toBe(170);
      const started = Date.now();
      expect(await exit).toBe(0);
      // the finished keep-alive connection did not keep the server waiting for the grace period
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await lock.end();
    }
  });

  it('cuts what is still running when the grace period is over, and exits', { timeout: 90_000 }, async () => {
    const base = await startServer({ SHUTDOWN_GRACE_SECONDS: '1' });
    const token = await signIn(base);
    const lock = new pg.Client({ connectionString: databaseUrl });
    await lock.connect();
    try {
      const { response } = await heldEdit(base, token, lock);
      const server = child as ChildProcess;
      const exit = exited(server);
      const signalled = Date.now();
      server.kill('SIGTERM');
      await expect(response).rejects.toThrow();
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(900);
      await lock.query('rollback');
      expect(await exit).not.toBeNull();
      expect(output).toContain('grace period over');
    } finally {
      await lock.end();
    }
  });
});
