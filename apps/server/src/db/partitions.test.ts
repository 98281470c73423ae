import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPatient, periodOfTime, shanghaiAt } from '../modules/measurements/test-support';
import { apiOf } from '../test/api';
import { createTestContext, type TestContext } from '../test/harness';
import {
  ARCHIVE_SCHEMA,
  archiveMonthsBefore,
  listPartitions,
  MONTHS_AHEAD,
  maintainPartitions,
  PartitionRefused,
  parseMonth,
  restoreArchivedMonth,
} from './partitions';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let client: pg.Client;
let nurse: string;
let patient: number;

const monthName = (at: Date) =>
  `measurements_y${at.getUTCFullYear()}m${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
const utcMonth = (offset: number, day = 15) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, day, 6, 30));
};

/** A glucose reading stored as a meter upload with that clock would be (the write path is tested elsewhere). */
async function storeReading(at: Date, value = 6.2): Promise<number> {
  const { rows } = await t.handle.db.execute<{ id: string }>(sql`
    insert into measurements (tenant_id, patient_id, department_code, item, period_code, test_time, value,
                              entered_value, entered_unit, classification, source)
    values ('101', ${patient}, 'ENDO', 'GLU', 'FBG', ${at.toISOString()}, ${value}, ${value}, 'mmolL', 'normal', 'meter')
    returning id`);
  return Number(rows[0]!.id);
}

async function partitionOf(id: number): Promise<string> {
  const { rows } = await client.query<{ name: string }>(
    `select tableoid::regclass::text as name from measurements where tenant_id = '101' and id = $1`,
    [id],
  );
  return rows[0]?.name ?? 'none';
}

async function dayCounts(): Promise<string> {
  const { rows } = await client.query<{ counts: string }>(
    `select string_agg(day || ':' || test_count, ',' order by day) as counts from glucose_day_counts
      where tenant_id = '101' and patient_id = $1`,
    [patient],
  );
  return rows[0].counts ?? '';
}

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  nurse = await t.login('101', 'nurse01', 'Nurse@2026');
  patient = await insertPatient(t, { name: 'Partition Patient', admittedAt: new Date(Date.UTC(2019, 0, 1)) });
  client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
});
afterAll(async () => {
  await client.end();
  await t.close();
});

describe('the readings partitioned by month (issue 22)', () => {
  it('has a partition from last month to three months ahead, and the seeded readings in their months', async () => {
    const live = (await listPartitions(client)).filter((p) => !p.archived).map((p) => p.name);
    for (let offset = -1; offset <= MONTHS_AHEAD; offset++)
      expect(live).toContain(monthName(utcMonth(offset)));
    expect(live).toContain('measurements_default');
    const { rows } = await client.query<{ waiting: number }>(
      'select count(*)::int as waiting from measurements_default',
    );
    expect(rows[0].waiting).toBe(0);
  });

  it('keeps a reading of a month without a partition, and moves it into its own month at maintenance', async () => {
    const at = new Date(Date.UTC(2021, 2, 10, 0, 30));
    const id = await storeReading(at, 7.4);
    expect(await partitionOf(id)).toBe('measurements_default');
    const counts = await dayCounts();
    expect(counts).toContain('2021-03-10:1');

    expect(await maintainPartitions(t.handle.db)).toBe(1);
    expect(await partitionOf(id)).toBe('measurements_y2021m03');
    // moved, not re-entered: the derived rows are as they were, the id and the value too
    expect(await dayCounts()).toBe(counts);
    const res = await api('GET', `/v1/testRecord/${id}`, nurse);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dataContent).toMatchObject({ id, testValue: 7.4 });
    expect(await maintainPartitions(t.handle.db)).toBe(0);
  });

  it('moves a reading whose time is corrected into another month, with the day counts following', async () => {
    const id = await storeReading(new Date(Date.UTC(2021, 2, 31, 23, 0)), 5.5);
    await maintainPartitions(t.handle.db);
    expect(await partitionOf(id)).toBe('measurements_y2021m03');
    await t.handle.db.execute(sql`
      update measurements set test_time = '2021-04-01T01:00:00Z' where tenant_id = '101' and id = ${id}`);
    // into the default partition (April 2021 has none yet), and into April's at maintenance
    expect(await partitionOf(id)).toBe('measurements_default');
    await maintainPartitions(t.handle.db);
    expect(await partitionOf(id)).toBe('measurements_y2021m04');
    expect(await dayCounts()).not.toContain('2021-04-01:0');
    expect(await dayCounts()).toContain('2021-04-01:1');
  });

  it("keeps a critical value's time its reading's, after the value was handled and corrected to a normal one", async () => {
    // yesterday, both times in the fasting window (05:00-09:00): whatever the hour the test runs
    const at = new Date(shanghaiAt(t.clock.now, 1, '07:10'));
    const entered = await api('POST', '/v1/testRecord/customerRecord', nurse, {
      category: 'GLU',
      patientId: patient,
      period: periodOfTime(at.toISOString()),
      testTime: at.toISOString(),
      result: 2.1,
    });
    expect(entered.statusCode, entered.body).toBe(200);
    const reading = entered.json().dataContent as { id: number; version: number };
    const { rows } = await client.query<{ id: string; version: number }>(
      `select id, version from critical_events where tenant_id = '101' and measurement_id = $1`,
      [reading.id],
    );
    const handled = await api('POST', '/v1/crisisPatient/handle', nurse, {
      id: Number(rows[0]!.id),
      version: rows[0]!.version,
      notifiedPerson: 'Dr. Li Wei',
      action: 'Glucose gel given',
    });
    expect(handled.statusCode, handled.body).toBe(200);
    const later = new Date(shanghaiAt(t.clock.now, 1, '07:50'));
    const corrected = await api('PUT', '/v1/testRecord', nurse, {
      id: reading.id,
      version: reading.version,
      reason: 'wrong value and time typed',
      testTime: later.toISOString(),
      result: 6.0,
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const event = await client.query<{ measured_at: Date; status: string }>(
      `select measured_at, status from critical_events where tenant_id = '101' and measurement_id = $1`,
      [reading.id],
    );
    expect(event.rows[0]).toMatchObject({ status: 'handled', measured_at: later });
    // the critical-value list finds it through its reading's month
    const day = later.toISOString().slice(0, 10);
    const list = await api(
      'GET',
      `/v1/crisisPatient/query?beginDate=${day}T00:00:00Z&endDate=${day}T23:59:59Z`,
      nurse,
    );
    expect(
      list.json().dataContent.records.map((row: { measurementId?: number; id: number }) => row.id),
    ).toContain(Number(rows[0]!.id));
  });

  it('reads only the months a query asks for', async () => {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `explain select id from measurements where tenant_id = '101' and patient_id = $1 and item = 'GLU'
          and test_time >= '2021-03-01T00:00:00Z' and test_time < '2021-03-20T00:00:00Z'`,
      [patient],
    );
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('measurements_y2021m03');
    expect(
      plan.match(/measurements_(y\d{4}m\d{2}|default)/g)?.every((n) => n === 'measurements_y2021m03'),
    ).toBe(true);
  });

  it('creates each month once when several servers maintain at the same time', async () => {
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await storeReading(new Date(Date.UTC(2020, 5, 3, 2, 0)));
      await storeReading(new Date(Date.UTC(2020, 6, 3, 2, 0)));
      const [a, b] = await Promise.all([
        maintainPartitions(t.handle.db),
        other.query<{ created: number }>('select measurement_partitions_maintain(3) as created'),
      ]);
      expect(a + Number(b.rows[0].created)).toBe(2);
    } finally {
      await other.end();
    }
  });

  it('archives old months out of the live readings and attaches them again, late readings included', async () => {
    const archivedReading = await storeReading(new Date(Date.UTC(2020, 5, 4, 2, 0)), 8.8);
    await maintainPartitions(t.handle.db);
    await expect(archiveMonthsBefore(client, utcMonth(-6, 1))).rejects.toThrow(PartitionRefused);
    await expect(archiveMonthsBefore(client, utcMonth(-6, 1))).rejects.toThrow(/last 13 months stay live/);

    const archived = await archiveMonthsBefore(client, parseMonth('2021-01'));
    expect(archived.map((month) => month.name)).toEqual(['measurements_y2020m06', 'measurements_y2020m07']);
    expect(await partitionOf(archivedReading)).toBe('none');
    const list = await listPartitions(client);
    expect(list.find((p) => p.name === 'measurements_y2020m06')).toMatchObject({ archived: true });
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from ${ARCHIVE_SCHEMA}.measurements_y2020m06 where id = $1`,
      [archivedReading],
    );
    expect(rows[0].n).toBe(1);
    expect((await api('GET', `/v1/testRecord/${archivedReading}`, nurse)).statusCode).toBe(404);

    // a late reading of the archived month waits in the default partition, then joins the archive
    const late = await storeReading(new Date(Date.UTC(2020, 5, 20, 2, 0)), 9.1);
    expect(await partitionOf(late)).toBe('measurements_default');
    await restoreArchivedMonth(client, 'measurements_y2020m06');
    expect(await partitionOf(archivedReading)).toBe('measurements_y2020m06');
    expect(await partitionOf(late)).toBe('measurements_y2020m06');
    expect((await api('GET', `/v1/testRecord/${archivedReading}`, nurse)).json().dataContent).toMatchObject({
      testValue: 8.8,
    });
    await expect(restoreArchivedMonth(client, 'measurements_y2020m06')).rejects.toThrow(/No archived month/);
    expect(() => parseMonth('2021-13')).toThrow(/YYYY-MM/);
  });
});
