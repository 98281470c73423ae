import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, loggerOptions } from '../app';
import { loadConfig } from '../config';
import { createDb, type DbHandle } from '../db/client';
import { encryptForTransport } from '../modules/auth/password-crypto';
import { cloneTemplate } from '../test/database';
import { freePort } from '../test/server-process';
import { DatabaseOutageLog, databaseOutages, unavailableReason } from './outage-log';

function recorder() {
  const lines: { level: 'warn' | 'info'; fields: Record<string, unknown>; message: string }[] = [];
  return {
    lines,
    warn: (fields: object, message: string) =>
      lines.push({ level: 'warn', fields: fields as Record<string, unknown>, message }),
    info: (fields: object, message: string) =>
      lines.push({ level: 'info', fields: fields as Record<string, unknown>, message }),
  };
}

const refused = () =>
  new Error('Failed query: select secret from patients where name = $1\nparams: Alice', {
    cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  });

describe('DatabaseOutageLog', () => {
  it('logs a kind at once, then one line per interval with the count held back, and the recovery', () => {
    let now = 0;
    const outages = new DatabaseOutageLog({ intervalMs: 5_000, now: () => now });
    const log = recorder();
    expect(outages.failingNow).toBe(false);
    for (let i = 0; i < 300; i++) {
      now += 10; // 300 failures in 3 s
      outages.failure(log, 'request', refused());
    }
    outages.failure(log, 'hl7 outbox', refused());
    outages.failure(log, 'request', new Error('Connection terminated unexpectedly'));
    expect(log.lines.map((l) => l.fields.kind)).toEqual([
      'request ECONNREFUSED',
      'hl7 outbox ECONNREFUSED',
      'request connection terminated',
    ]);
    // the SQL and its parameters stay out of the line
    expect(log.lines[0].fields.err).toBe('connect ECONNREFUSED 127.0.0.1:5432');
    expect(JSON.stringify(log.lines)).not.toContain('Alice');
    expect(outages.failingNow).toBe(true);

    now = 5_010; // the interval after the first line has passed
    outages.failure(log, 'request', refused());
    expect(log.lines).toHaveLength(4);
    expect(log.lines[3].fields).toMatchObject({ kind: 'request ECONNREFUSED', heldBack: 299, failures: 301 });
    expect(log.lines[3].message).toContain('299 more');
    outages.failure(log, 'request', refused());
    expect(log.lines).toHaveLength(4);

    now = 7_000;
    outages.recovered(log);
    expect(log.lines).toHaveLength(5);
    expect(log.lines[4]).toMatchObject({
      level: 'info',
      message: 'database reachable again after 7.0 s, 304 failures',
      fields: {
        failures: 304,
        byKind: {
          'request ECONNREFUSED': 302,
          'hl7 outbox ECONNREFUSED': 1,
          'request connection terminated': 1,
        },
      },
    });
    // nothing more to report; the next outage starts over with first lines
    outages.recovered(log);
    expect(log.lines).toHaveLength(5);
    expect(outages.failingNow).toBe(false);
    outages.failure(log, 'request', refused());
    expect(log.lines).toHaveLength(6);
    expect(log.lines[5].message).toBe('database unreachable');
  });

  it('stops counting as failing once no failure came for an interval, recovery seen or not', () => {
    let now = 0;
    const outages = new DatabaseOutageLog({ intervalMs: 5_000, now: () => now });
    outages.failure(recorder(), 'pool', refused());
    now = 4_999;
    expect(outages.failingNow).toBe(true);
    now = 5_000;
    expect(outages.failingNow).toBe(false);
  });

  it('leaves other errors to the caller', () => {
    const outages = new DatabaseOutageLog();
    const log = recorder();
    expect(outages.failure(log, 'hl7 outbox', new Error('syntax error at or near "selec"'))).toBe(false);
    expect(outages.failure(log, 'request', Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
    expect(log.lines).toHaveLength(0);
    expect(outages.failingNow).toBe(false);
    expect(unavailableReason(Object.assign(new Error('x'), { code: '57P01' }))).toBe('57P01');
    expect(unavailableReason(new Error('timeout exceeded when trying to connect'))).toBe('connect timeout');
  });
});

/** A TCP proxy in front of the test PostgreSQL that the test can cut and restore. */
async function databaseProxy(target: URL) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        sockets.add(client);
        sockets.add(upstream);
        const end = () => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        for (const socket of [client, upstream]) {
          socket.on('error', end);
          socket.on('close', end);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  await open();
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return { url: url.toString(), open, cut };
}

describe('logs during a real database outage', () => {
  let proxy: Awaited<ReturnType<typeof databaseProxy>>;
  let handle: DbHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    proxy = await databaseProxy(new URL(await cloneTemplate(inject('templateDatabaseUrl'))));
    const config = loadConfig({ LOG_LEVEL: 'info' });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const logger = { ...loggerOptions(config), stream };
    // main.ts gives the pool the process's logger: the recovery line is written there
    const poolLog = (fields: object, msg: string) => lines.push({ ...fields, msg });
    handle = createDb(proxy.url, { warn: poolLog, info: poolLog } as unknown as Parameters<
      typeof createDb
    >[1]);
    app = await buildApp(config, { db: handle.db, logger, escalationSweepMs: 0 });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await handle?.close();
    await proxy?.cut();
  });

  it('writes a handful of lines for hundreds of failing requests, and the count on recovery', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/app-service/v1/login',
      payload: {
        tenant: '101',
        userName: 'nurse01',
        password: encryptForTransport(app.passwordCrypto.publicKeyPem, 'Nurse@2026'),
      },
    });
    const token = login.json().dataContent.access_token as string;
    const ok = await app.inject({ method: 'GET', url: '/app-service/health' });
    expect(ok.statusCode).toBe(200);
    // outside an outage every request has its two lines, as ever
    expect(lines.filter((l) => l.reqId === ok.headers['x-request-id']).map((l) => l.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);

    await proxy.cut();
    lines.length = 0;
    let failed = 0;
    const started = Date.now();
    while (Date.now() - started < 2_000) {
      const batch = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          app.inject(
            i % 2
              ? { method: 'GET', url: '/app-service/health' }
              : {
                  method: 'GET',
                  url: '/app-service/v1/users/profile',
                  headers: { authorization: `Bearer ${token}` },
                },
          ),
        ),
      );
      for (const res of batch) {
        expect(res.statusCode).toBe(503);
        failed++;
      }
    }
    // a request that needs no database is still logged meanwhile, in one line with its URL
    const config = await app.inject({ method: 'GET', url: '/project.config.json' });
    expect(config.statusCode).toBe(200);
    expect(failed).toBeGreaterThanOrEqual(100);

    const perKind = new Map<string, number>();
    for (const line of lines) {
      const key = String(line.kind ?? line.msg);
      perKind.set(key, (perKind.get(key) ?? 0) + 1);
    }
    // the first batch came in before the first failure: those requests were logged as they arrived
    expect(perKind.get('incoming request') ?? 0).toBeLessThanOrEqual(20);
    perKind.delete('incoming request');
    expect(perKind.get('request ECONNREFUSED'), JSON.stringify([...perKind])).toBe(1);
    for (const [, count] of perKind) expect(count).toBeLessThanOrEqual(2);
    expect(lines.length).toBeLessThanOrEqual(20 + 8);
    expect(JSON.stringify(lines)).not.toContain('select ');
    const configLine = lines.find((l) => l.reqId === config.headers['x-request-id']);
    expect(configLine).toMatchObject({
      msg: 'request completed',
      req: { url: '/project.config.json' },
      res: { statusCode: 200 },
    });

    await proxy.open();
    lines.length = 0;
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      status = (await app.inject({ method: 'GET', url: '/app-service/health' })).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    const recovery = lines.find((l) => String(l.msg).startsWith('database reachable again'));
    expect(recovery).toBeDefined();
    const byKind = recovery?.byKind as Record<string, number>;
    expect(byKind['request ECONNREFUSED']).toBeGreaterThanOrEqual(failed - 2);
    expect(recovery?.failures).toBeGreaterThanOrEqual(failed);
    expect(databaseOutages.failingNow).toBe(false);
  }, 60_000);
});
