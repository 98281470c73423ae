import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cloneTemplate } from '../test/database';

/**
 * The schema's tenant-first layout (ARCHITECTURE §4), checked on the migrated database: it is what
 * keeps tenants apart in every key, and what lets the schema be distributed by tenant with Citus
 * (docs/operations.md, "Beyond one database server"), where a unique index or a foreign key that
 * does not carry the distribution column cannot be created. A migration that breaks it fails here.
 */

/** Tables without a tenant: Citus reference tables (copied to every node); the attempt counters are per address. */
const GLOBAL_TABLES = ['data_migrations', 'password_attempt_windows', 'system_keys', 'tenants'];

let client: pg.Client;

beforeAll(async () => {
  client = new pg.Client({ connectionString: await cloneTemplate(inject('templateDatabaseUrl')) });
  await client.connect();
});
afterAll(async () => {
  await client.end();
});

async function rows<T>(text: string): Promise<T[]> {
  return (await client.query(text)).rows as T[];
}

describe('tenant-first keys', () => {
  it('every table but the global ones has a non-null tenant_id leading its primary key', async () => {
    const tables = await rows<{ table: string; tenantNotNull: boolean | null; pkFirst: string | null }>(`
      select c.relname as table,
             (select a.attnotnull from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id') as "tenantNotNull",
             (select a.attname from pg_constraint k join pg_attribute a on a.attrelid = c.oid and a.attnum = k.conkey[1]
               where k.conrelid = c.oid and k.contype = 'p') as "pkFirst"
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by 1`);
    const tenantTables = tables.filter((t) => !GLOBAL_TABLES.includes(t.table));
    expect(tenantTables.length).toBeGreaterThan(60);
    expect(tenantTables.filter((t) => t.tenantNotNull !== true || t.pkFirst !== 'tenant_id')).toEqual([]);
    expect(tables.filter((t) => GLOBAL_TABLES.includes(t.table)).map((t) => t.table)).toEqual(GLOBAL_TABLES);
  });

  it('every unique index of a tenant table begins with tenant_id', async () => {
    const offenders = await rows<{ index: string }>(`
      select i.indexrelid::regclass::text as index
      from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
      where n.nspname = 'public' and i.indisunique
        and c.relname <> all (array['${GLOBAL_TABLES.join("','")}'])
        and a.attname is distinct from 'tenant_id'`);
    expect(offenders).toEqual([]);
  });

  it('every foreign key joins tenant_id to tenant_id, so a row can only point into its own tenant', async () => {
    const keys = await rows<{ name: string; from: string[]; to: string[] }>(`
      select k.conname as name,
             array(select a.attname::text from unnest(k.conkey) with ordinality u(n, o)
                   join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.o) as from,
             array(select a.attname::text from unnest(k.confkey) with ordinality u(n, o)
                   join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.o) as to
      from pg_constraint k where k.contype = 'f' and k.connamespace = 'public'::regnamespace`);
    expect(keys.length).toBeGreaterThan(30);
    const offenders = keys.filter(
      (k) => k.from.indexOf('tenant_id') < 0 || k.from.indexOf('tenant_id') !== k.to.indexOf('tenant_id'),
    );
    expect(offenders).toEqual([]);
  });

  it('the triggers that keep derived rows touch tables of the same tenant only (the list Citus would need co-located)', async () => {
    const triggers = await rows<{ table: string; trigger: string }>(`
      select c.relname as table, t.tgname as trigger
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and not t.tgisinternal order by 1, 2`);
    const tables = [...new Set(triggers.map((t) => t.table))];
    // docs/operations.md names these tables and what their triggers maintain; a new one needs a line there
    expect(tables).toEqual([
      'age_brackets',
      'crisis_grades',
      'crisis_rules',
      'critical_events',
      'dict_entries',
      'glucose_periods',
      'measurements',
      'settings',
    ]);
  });
});
