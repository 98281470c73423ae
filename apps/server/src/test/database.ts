import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb } from '../db/client';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { seedDemoData } from '../db/seed';

export interface TestDatabaseServer {
  /** connection URL of the template database (migrated and seeded) */
  templateUrl: string;
  teardown(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A PostgreSQL for a test run: TEST_DATABASE_URL's server when set (CI), else an embedded one.
 * It holds a template database, migrated and seeded once; each test file clones it.
 */
export async function prepareTestDatabaseServer(label: string): Promise<TestDatabaseServer> {
  let embedded: EmbeddedDatabase | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glucocare-test-pg-'));
    fs.chmodSync(dataDir, 0o755);
    embedded = await startEmbeddedPostgres({ dataDir, database: 'postgres' });
    adminUrl = embedded.url;
  }
  const runId = `${label}_${process.pid}_${Date.now().toString(36)}`;
  const template = `gc_tpl_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const templateUrl = withDatabase(adminUrl, template);
  const handle = createDb(templateUrl, console);
  await runMigrations(handle.db);
  await seedDemoData(handle.db);
  await handle.close();
  await admin.end();
  return {
    templateUrl,
    async teardown() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      const { rows } = await client.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`gc_%${runId}%`],
      );
      for (const { datname } of rows) {
        await client.query(`drop database if exists ${client.escapeIdentifier(datname)} with (force)`);
      }
      await client.end();
      await embedded?.stop();
    },
  };
}

/** A fresh database cloned from the template; each test file gets its own. */
export async function cloneTemplate(templateUrl: string): Promise<string> {
  const template = new URL(templateUrl).pathname.slice(1);
  const name = `gc_t_${Math.random().toString(36).slice(2, 10)}_${template.slice('gc_tpl_'.length)}`;
  const client = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(
      `create database ${client.escapeIdentifier(name)} template ${client.escapeIdentifier(template)}`,
    );
  } finally {
    await client.end();
  }
  return withDatabase(templateUrl, name);
}
