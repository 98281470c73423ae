import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { cloneTemplate } from './test/database';
import { type ServerProcess, signInOver, startServerProcess } from './test/server-process';

/**
 * SIGTERM lets requests in flight finish (issue 13). The real server (main.ts) runs as a child
 * process on a database of its own. The request held open is a real one: an edit of a patient whose
 * row this test keeps locked in an open transaction, so the server's UPDATE waits in PostgreSQL
 * exactly as it would behind a colleague's slow write — no test-only slow path in the server.
 */

let databaseUrl: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  databaseUrl = await cloneTemplate(inject('templateDatabaseUrl'));
});
afterEach(() => server?.kill());

async function startServer(env: Record<string, string>): Promise<string> {
  server = await startServerProcess(databaseUrl, env);
  return server.base;
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
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

const signIn = (base: string) => signInOver(base, '101', 'admin', 'Admin@123456');

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
      const { child } = server as ServerProcess;
      const exit = exited(child);
      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));
      // still running for the request in flight, and closed to anyone new
      expect(child.exitCode, server?.output()).toBeNull();
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
      const { child } = server as ServerProcess;
      const exit = exited(child);
      const signalled = Date.now();
      child.kill('SIGTERM');
      await expect(response).rejects.toThrow();
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(900);
      await lock.query('rollback');
      expect(await exit).not.toBeNull();
      expect(server?.output()).toContain('grace period over');
    } finally {
      await lock.end();
    }
  });
});
