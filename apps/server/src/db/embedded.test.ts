import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EmbeddedDatabase,
  embeddedUrl,
  passwordFileOf,
  readSuperuserPassword,
  startEmbeddedPostgres,
} from './embedded';

let dataDir: string;
let database: EmbeddedDatabase | undefined;

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

async function refusesPassword(password: string, port: number): Promise<boolean> {
  return query(embeddedUrl(password, port, 'postgres'), 'select 1').then(
    () => false,
    (error: Error) => /password authentication failed/.test(error.message),
  );
}

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glucocare-embedded-'));
  fs.chmodSync(dataDir, 0o755);
});

afterAll(async () => {
  await database?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL is private', () => {
  it('makes a random superuser password with the data directory, owner-readable only', async () => {
    database = await startEmbeddedPostgres({ dataDir, database: 'privacy' });
    const file = passwordFileOf(dataDir);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const password = readSuperuserPassword(dataDir);
    expect(password).toMatch(/^[\w-]{32}$/);
    expect(database.url).toContain(encodeURIComponent(password));
    expect(await refusesPassword('glucocare', database.port)).toBe(true);
    const [settings] = await query<{ listen: string; socket: string }>(
      database.url,
      `select current_setting('listen_addresses') as listen, current_setting('unix_socket_directories') as socket`,
    );
    expect(settings).toEqual({ listen: '127.0.0.1', socket: '' });
    const rules = await query<{ type: string; address: string | null; auth_method: string }>(
      database.url,
      'select type, address, auth_method from pg_hba_file_rules',
    );
    expect(rules.map((rule) => `${rule.type} ${rule.address} ${rule.auth_method}`)).toEqual([
      'host 127.0.0.1 scram-sha-256',
      'host 127.0.0.1 scram-sha-256',
    ]);
    // nothing left behind from initdb's first-password file
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('.initdb-'))).toEqual([]);
  }, 120_000);

  it('replaces the old fixed password of an existing data directory, keeping its data', async () => {
    if (!database) throw new Error('the first test starts the database');
    await query(database.url, `create table kept (note text); insert into kept values ('before')`);
    // the state an older GlucoCare left: the default password and no password file
    await query(database.url, `alter role postgres password 'glucocare'`);
    await database.stop();
    fs.rmSync(passwordFileOf(dataDir));

    database = await startEmbeddedPostgres({ dataDir, database: 'privacy' });
    const password = readSuperuserPassword(dataDir);
    expect(password).not.toBe('glucocare');
    expect(fs.statSync(passwordFileOf(dataDir)).mode & 0o777).toBe(0o600);
    expect(await refusesPassword('glucocare', database.port)).toBe(true);
    expect(await query(database.url, 'select note from kept')).toEqual([{ note: 'before' }]);

    // and a later start uses the kept password as it is
    await database.stop();
    database = await startEmbeddedPostgres({ dataDir, database: 'privacy' });
    expect(readSuperuserPassword(dataDir)).toBe(password);
  }, 120_000);
});

describe('a DATA_DIR the database cannot use', () => {
  it('says so when DATA_DIR is a file', async () => {
    const file = path.join(dataDir, 'not-a-directory');
    fs.writeFileSync(file, '');
    await expect(startEmbeddedPostgres({ dataDir: file, database: 'x' })).rejects.toThrow(
      /DATA_DIR .*not-a-directory is a file, not a directory\. Set DATA_DIR to a directory/,
    );
  });

  it.runIf(process.getuid?.() === 0)(
    'says so when the postgres user cannot reach it (running as root)',
    async () => {
      const privateHome = fs.mkdtempSync(path.join(os.tmpdir(), 'glucocare-private-'));
      fs.chmodSync(privateHome, 0o700);
      try {
        const error = await startEmbeddedPostgres({
          dataDir: path.join(privateHome, 'data'),
          database: 'x',
        }).catch((caught: Error) => caught);
        expect(String(error)).toContain(
          `cannot be reached by the OS user "postgres": GlucoCare runs as root`,
        );
        expect(String(error)).toContain(`chmod o+x ${privateHome}`);
        expect(fs.existsSync(path.join(privateHome, 'data', 'pg'))).toBe(false);
      } finally {
        fs.rmSync(privateHome, { recursive: true, force: true });
      }
    },
  );

  it.runIf(process.getuid?.() !== 0)('says so when DATA_DIR cannot be written', async () => {
    const readOnly = fs.mkdtempSync(path.join(os.tmpdir(), 'glucocare-readonly-'));
    fs.chmodSync(readOnly, 0o500);
    try {
      await expect(
        startEmbeddedPostgres({ dataDir: path.join(readOnly, 'data'), database: 'x' }),
      ).rejects.toThrow(/cannot be created or written by this process \(EACCES\)/);
    } finally {
      fs.rmSync(readOnly, { recursive: true, force: true });
    }
  });
});
