import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDb, type DbHandle } from './client';
import { type EmbeddedDatabase, freePort, startEmbeddedPostgres } from './embedded';
import { runMigrations } from './migrate';
import { seedDemoData } from './seed';

// A database of its own that this test can stop and start again; the shared one stays up.
let database: EmbeddedDatabase;
let handle: DbHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
let dataDir: string;
let port: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glucocare-outage-'));
  fs.chmodSync(dataDir, 0o755);
  port = await freePort();
  database = await startEmbeddedPostgres({ dataDir, database: 'outage', port });
  handle = createDb(database.url, { warn: () => {} });
  await runMigrations(handle.db);
  await seedDemoData(handle.db);
  app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }), { db: handle.db, logger: false });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await handle?.close();
  await database?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('database outage', () => {
  it('answers 503 while the database is down and recovers when it returns, without restarting', async () => {
    expect((await app.inject({ method: 'GET', url: '/app-service/health' })).statusCode).toBe(200);
    await database.stop();

    const health = await app.inject({ method: 'GET', url: '/app-service/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({
      code: '503',
      message: 'The service is temporarily unavailable, please try again shortly',
      dataContent: null,
    });
    const login = await app.inject({
      method: 'POST',
      url: '/app-service/v1/login',
      headers: { 'accept-language': 'zh-CN' },
      payload: { tenant: '101', userName: 'admin', password: 'QUJD' },
    });
    // every password attempt is counted in the database first (one budget across processes), so a
    // sign-in cannot be answered during the outage, even one whose password would not decrypt
    expect(login.statusCode).toBe(503);
    expect(login.json().message).toBe('服务暂时不可用，请稍后重试');
    const profile = await app.inject({
      method: 'GET',
      url: '/app-service/v1/users/profile',
      headers: { authorization: `Bearer 101.${'a'.repeat(43)}`, 'accept-language': 'zh-CN' },
    });
    expect(profile.statusCode).toBe(503);
    expect(profile.json().message).toBe('服务暂时不可用，请稍后重试');

    database = await startEmbeddedPostgres({ dataDir, database: 'outage', port });
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      status = (await app.inject({ method: 'GET', url: '/app-service/health' })).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
  }, 120_000);
});
