import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cloneTemplate } from '../test/database';
import { createDb, type DbHandle } from './client';
import { MAX_PER_CONNECTION, PREPARE_AFTER } from './prepared';

/** One connection, so every statement below meets the same backend. */
let handle: DbHandle;
let plain: DbHandle;

beforeAll(async () => {
  const url = await cloneTemplate(inject('templateDatabaseUrl'));
  handle = createDb(url, { warn: () => {} });
  plain = createDb(url, { warn: () => {} }, { preparedStatements: false });
  handle.pool.options.max = 1;
  plain.pool.options.max = 1;
});
afterAll(async () => {
  await handle.close();
  await plain.close();
});

const preparedTexts = async (db: DbHandle) =>
  (await db.db.execute<{ statement: string }>(sql`select statement from pg_prepared_statements`)).rows.map(
    (row) => row.statement,
  );

describe('prepared statements', () => {
  it('prepares a parameterised statement once it has been sent repeatedly, with the same answers', async () => {
    const marker = `marker_${Date.now()}`;
    const answers: string[] = [];
    for (let i = 0; i < PREPARE_AFTER + 2; i++) {
      const { rows } = await handle.db.execute<{ answer: string }>(
        sql`select ${marker}::text || ${String(i)}::text as answer`,
      );
      answers.push(rows[0]!.answer);
      const prepared = (await preparedTexts(handle)).some((text) => text.includes('::text ||'));
      expect(prepared).toBe(i + 1 >= PREPARE_AFTER);
    }
    expect(answers).toEqual([0, 1, 2, 3, 4].map((i) => `${marker}${i}`));
  });

  it('keeps statements without parameters, and everything when turned off, unprepared', async () => {
    for (let i = 0; i < PREPARE_AFTER + 1; i++) {
      await handle.db.execute(sql`select 42 as unparameterised`);
      await plain.db.execute(sql`select ${i}::int + 1 as sum`);
    }
    expect((await preparedTexts(handle)).some((text) => text.includes('unparameterised'))).toBe(false);
    expect(await preparedTexts(plain)).toEqual([]);
  });

  it(`prepares at most ${MAX_PER_CONNECTION} statements per connection`, async () => {
    for (let n = 0; n < MAX_PER_CONNECTION + 20; n++) {
      for (let i = 0; i < PREPARE_AFTER; i++) {
        const { rows } = await handle.db.execute<{ n: number }>(
          sql`select ${i}::int + ${sql.raw(String(n))} as n`,
        );
        expect(Number(rows[0]!.n)).toBe(i + n);
      }
    }
    expect((await preparedTexts(handle)).length).toBeLessThanOrEqual(MAX_PER_CONNECTION);
  });
});
