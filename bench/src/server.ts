import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createDb } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { seedDemoData } from '../../apps/server/src/db/seed';
import { hashPassword } from '../../apps/server/src/modules/auth/service';

export const BENCH_PASSWORD = 'Bench@2026';

/**
 * A server over a bench database: BENCH_DATABASE_URL's (or TEST_DATABASE_URL's) PostgreSQL when set,
 * else an embedded one. The database is created fresh, seeded, and given `users` nurse accounts.
 */
export async function startBenchServer(users: number) {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let url: string;
  if (base) {
    const name = `gc_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const parsed = new URL(base);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glucocare-bench-'));
    fs.chmodSync(dataDir, 0o755);
    const embedded = await startEmbeddedPostgres({ dataDir, database: 'bench' });
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const handle = createDb(url, console);
  await runMigrations(handle.db);
  await seedDemoData(handle.db);
  const hash = await hashPassword(BENCH_PASSWORD);
  await handle.db.execute(sql`
    insert into users (tenant_id, user_name, nick_name, password_hash, department_code, must_change_password)
    select '101', 'bench' || lpad(n::text, 3, '0'), 'Bench ' || n, ${hash}, 'ENDO', false
      from generate_series(1, ${users}) as n`);
  await handle.db.execute(sql`
    insert into user_roles (tenant_id, user_id, role_id)
    select '101', u.id, r.id from users u join roles r on r.tenant_id = u.tenant_id and r.code = 'nurse'
     where u.tenant_id = '101' and u.user_name like 'bench%'`);
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), loginRateLimit: 1_000_000 };
  const app = await buildApp(config, { db: handle.db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    publicKey: app.passwordCrypto.publicKeyPem,
    async stop() {
      await app.close();
      await handle.close();
      await stopEmbedded?.();
    },
  };
}
