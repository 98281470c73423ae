import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { insertPatient } from './test-support';

/**
 * The write path reads the hospital's configuration (critical-value rules, grades, age brackets,
 * periods, reasons, settings) through the per-process cache at the version the request's session
 * statement read (issue 15 bench). A change made anywhere — another server process, a database
 * administrator — bumps the version by trigger, so the next reading is classified with it.
 */
let t: TestContext;
let api: ReturnType<typeof apiOf>;
let nurse: string;
let patient: number;

const NOW = new Date('2026-03-02T13:00:00+08:00');

beforeAll(async () => {
  t = await createTestContext({ sessionIdleMinutes: 100_000, sessionMaxHours: 100_000 });
  t.clock.now = NOW;
  api = apiOf(t);
  nurse = await t.login('101', 'nurse01', 'Nurse@2026');
  patient = await insertPatient(t, {
    name: 'Cache Patient',
    admittedAt: new Date('2026-02-20T10:00:00+08:00'),
  });
});
afterAll(() => t.close());

async function enter(testTime: string, result: number) {
  const res = await api('POST', '/v1/testRecord/customerRecord', nurse, {
    category: 'GLU',
    patientId: patient,
    period: 'afterLunch',
    testTime,
    result,
    unit: 'mmolL',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dataContent as { determineType: string | null; status: string };
}

describe('configuration read at write', () => {
  it('classifies the next reading with critical-value rules changed outside the app', async () => {
    const before = await enter('2026-03-02T12:50:00+08:00', 4.2);
    const again = await enter('2026-03-02T12:51:00+08:00', 4.2);
    expect(again.determineType).toBe(before.determineType);
    expect(before.determineType).not.toBe('criticalLow');

    await t.handle.db.execute(
      sql`update crisis_rules set critical_low = 4.3 where tenant_id = '101' and item = 'GLU'`,
    );
    expect((await enter('2026-03-02T12:52:00+08:00', 4.2)).determineType).toBe('criticalLow');

    await t.handle.db.execute(
      sql`update crisis_rules set critical_low = 2.0 where tenant_id = '101' and item = 'GLU'`,
    );
    expect((await enter('2026-03-02T12:53:00+08:00', 4.2)).determineType).not.toBe('criticalLow');
  });

  it('writes with the approval switch changed outside the app', async () => {
    const first = await enter('2026-03-02T12:54:00+08:00', 6.5);
    const flipped = first.status === 'pending' ? 'false' : 'true';
    await t.handle.db.execute(
      sql`insert into settings (tenant_id, key, value) values ('101', 'feature.recordApproval', ${flipped}::jsonb)
          on conflict (tenant_id, key) do update set value = excluded.value`,
    );
    const second = await enter('2026-03-02T12:55:00+08:00', 6.5);
    expect(second.status).toBe(first.status === 'pending' ? 'approved' : 'pending');
  });
});
