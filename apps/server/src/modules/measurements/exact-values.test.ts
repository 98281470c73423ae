import { addDays, formatReadingValue, wallClockAt } from '@glucocare/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDataMigrations } from '../../db/data-migrations';
import { apiOf } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { syncCriticalEvents } from './classify-at-write';
import { insertPatient, periodOfTime } from './test-support';

/**
 * Issue 13: what a nurse enters is what is stored and shown. Before, 100 mg/dL was stored as 5.6 mmol/L
 * and came back as 101 (181 → 182, 251 → 250). Readings are entered here in mg/dL (tenant 202) and in
 * mmol/L with two decimals (tenant 101), then read back from every endpoint that shows a reading.
 */
let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin101: string;
let admin202: string;
let p202: number;
let p101: number;

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  [admin101, admin202] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
  p202 = await insertPatient(t, { tenantId: '202', name: 'Exact Values', departmentCode: 'IM' });
  p101 = await insertPatient(t, { name: 'Exact Values', departmentCode: 'ENDO' });
});
afterAll(() => t.close());

/** Every object in a response body whose `idKey` is `id` (lists, pages, pivots, nested days). */
function findAll(body: unknown, id: number, idKey = 'id'): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      if (record[idKey] === id) found.push(record);
      Object.values(record).forEach(walk);
    }
  };
  walk(body);
  return found;
}

const minutesAgo = (minutes: number) => new Date(t.clock.now.getTime() - minutes * 60_000).toISOString();

async function enter(token: string, patientId: number, result: number, unit: string, minutes: number) {
  const testTime = minutesAgo(minutes);
  const res = await api('POST', '/v1/testRecord/customerRecord', token, {
    category: 'GLU',
    patientId,
    period: periodOfTime(testTime),
    testTime,
    result,
    unit,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dataContent as { id: number; testValue: number; enteredValue: number };
}

describe('readings come back exactly as entered', () => {
  it('stores 100, 181 and 251 mg/dL at full precision and every endpoint shows them back as entered', async () => {
    const today = wallClockAt(t.clock.now, 'Asia/Shanghai').slice(0, 10);
    const range = `beginDate=${addDays(today, -7)}&endDate=${today}`;
    const entered = [100, 181, 251];
    const ids: number[] = [];
    for (const [i, value] of entered.entries()) {
      const reading = await enter(admin202, p202, value, 'mgDl', 30 - i * 5);
      expect(reading.testValue).toBe(value / 18);
      expect(reading.enteredValue).toBe(value);
      ids.push(reading.id);
    }
    const endpoints = [
      `/v1/testRecord/patient/${p202}?beginDate=2000-01-01&size=500`,
      `/v1/testRecord/patient/pivot/${p202}?category=GLU`,
      `/v1/testRecord/query?category=GLU&${range}&size=500&queryCondition=Exact`,
      `/v1/records/glucose?id=${p202}`,
    ];
    for (const url of endpoints) {
      const res = await api('GET', url, admin202);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      for (const [i, id] of ids.entries()) {
        const shown = findAll(res.json().dataContent, id);
        expect(shown.length, `${url} shows reading ${id}`).toBeGreaterThan(0);
        for (const reading of shown) {
          expect(reading.testValue, url).toBe(entered[i] / 18);
          expect(reading.enteredValue, url).toBe(entered[i]);
          expect(reading.enteredUnit, url).toBe('mgDl');
          const text = formatReadingValue('GLU', reading.testValue as number, 'mgDl', reading);
          expect(text, url).toBe(String(entered[i]));
          // the full-precision value alone shows the same in mg/dL (the rounded one gave 101, 182, 250)
          expect(formatReadingValue('GLU', reading.testValue as number, 'mgDl'), url).toBe(
            String(entered[i]),
          );
        }
      }
    }
    // the bed card's latest glucose is the last entered, 251
    const cards = await api('GET', '/v1/patients/hospitalizedPatients?size=100', admin202);
    const card = findAll(cards.json().dataContent, p202)[0] as { latestGlucose: Record<string, unknown> };
    expect(card.latestGlucose).toMatchObject({
      id: ids[2],
      testValue: 251 / 18,
      enteredValue: 251,
      enteredUnit: 'mgDl',
    });
    // the audit row keeps what was entered
    const { rows } = await t.handle.db.execute<{ after: Record<string, unknown> }>(sql`
      select after from audit_log where tenant_id = '202' and entity_id = ${String(ids[0])} order by id limit 1`);
    expect(rows[0]?.after).toMatchObject({ enteredValue: 100, enteredUnit: 'mgDl' });
  });

  it('keeps two decimals typed in mmol/L (5.55 stays 5.55) on screens in mmol/L', async () => {
    const reading = await enter(admin101, p101, 5.55, 'mmolL', 40);
    expect(reading.testValue).toBe(5.55);
    const res = await api('GET', `/v1/testRecord/patient/${p101}?beginDate=2000-01-01&size=50`, admin101);
    const [shown] = findAll(res.json().dataContent, reading.id);
    expect(formatReadingValue('GLU', shown.testValue as number, 'mmolL', shown)).toBe('5.55');
    expect(formatReadingValue('GLU', shown.testValue as number, 'mgDl', shown)).toBe('100'); // 99.9
  });

  it('shows a critical value entered in mg/dL as entered in the critical-value list', async () => {
    const reading = await enter(admin202, p202, 40, 'mgDl', 50);
    const today = wallClockAt(t.clock.now, 'Asia/Shanghai').slice(0, 10);
    const res = await api(
      'GET',
      `/v1/crisisPatient/query?beginDate=${addDays(today, -7)}&endDate=${today}&size=100`,
      admin202,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [event] = findAll(res.json().dataContent, reading.id, 'measurementId');
    expect(event).toMatchObject({ value: 40 / 18, enteredValue: 40, enteredUnit: 'mgDl' });
    expect(formatReadingValue('GLU', event.value as number, 'mgDl', event)).toBe('40');
  });
});

describe('data migration full-precision-readings', () => {
  it('recomputes rounded storage values, their classification and critical events, once', async () => {
    // The old write path's rows: 300 mg/dL stored as 16.7 (critical high, an open event), 100 as 5.6.
    const high = await enter(admin101, p101, 300, 'mgDl', 70);
    const plain = await enter(admin101, p101, 100, 'mgDl', 80);
    const db = t.handle.db;
    await db.execute(sql`update measurements set value = 16.7, classification = 'criticalHigh'
      where tenant_id = '101' and id = ${high.id}`);
    await db.execute(sql`update measurements set value = 5.6 where tenant_id = '101' and id = ${plain.id}`);
    const [row] = (
      await db.execute<{ patient_id: string; department_code: string; test_time: Date }>(sql`
        select patient_id, department_code, test_time from measurements where tenant_id = '101' and id = ${high.id}`)
    ).rows;
    await syncCriticalEvents(db, '101', [
      {
        id: high.id,
        patientId: Number(row.patient_id),
        departmentCode: row.department_code,
        item: 'GLU',
        value: 16.7,
        classification: 'criticalHigh',
        grade: null,
        testTime: new Date(row.test_time),
        deletedAt: null,
      },
    ]);
    // and every seeded mg/dL reading of tenant 202 as the old write path stored it (÷18, 1 decimal)
    await db.execute(sql`update measurements set value = round((entered_value / 18)::numeric, 1)::float8
      where entered_unit = 'mgDl' and item = 'GLU' and value is not null and tenant_id = '202'`);
    const stale = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from measurements
       where entered_unit = 'mgDl' and item = 'GLU' and value is distinct from entered_value / 18`);
    expect(stale.rows[0].n).toBeGreaterThan(50);
    await db.execute(sql`delete from data_migrations where name = 'full-precision-readings'`);

    await runDataMigrations(db);

    const values = await db.execute<{ id: string; value: number; classification: string }>(sql`
      select id, value, classification from measurements where tenant_id = '101' and id in (${high.id}, ${plain.id})
      order by id`);
    expect(values.rows.map((r) => [Number(r.id), r.value])).toEqual([
      [high.id, 300 / 18],
      [plain.id, 100 / 18],
    ]);
    // 300 mg/dL is 16.666… mmol/L, below the 16.7 critical limit (301 on a mg/dL screen): high, not critical
    expect(values.rows[0].classification).toBe('high');
    const events = await db.execute<{ status: string }>(sql`
      select status from critical_events where tenant_id = '101' and measurement_id = ${high.id}`);
    expect(events.rows).toEqual([{ status: 'void' }]);
    // no mg/dL reading of the seeded hospitals is left rounded
    const rounded = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from measurements
       where entered_unit = 'mgDl' and item = 'GLU' and value is distinct from entered_value / 18`);
    expect(rounded.rows[0].n).toBe(0);
    const record = await db.execute<{ summary: string }>(sql`
      select summary from data_migrations where name = 'full-precision-readings'`);
    expect(record.rows[0].summary).toMatch(
      new RegExp(`^${stale.rows[0].n} storage values recomputed at full precision, \\d+ reclassified$`),
    );

    // applied once: a rounded value written afterwards is not touched by another start
    await db.execute(sql`update measurements set value = 5.6 where tenant_id = '101' and id = ${plain.id}`);
    await runDataMigrations(db);
    const again = await db.execute<{ value: number }>(sql`
      select value from measurements where tenant_id = '101' and id = ${plain.id}`);
    expect(again.rows[0].value).toBe(5.6);
  });
});
