import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { hoursAgo, insertPatient, periodOfTime } from './test-support';

/**
 * Issue 14, "one reading write path": a reading entered by hand and the same reading uploaded by a meter
 * leave the same footprint. Two patients alike in everything the rules read (department, birth date,
 * admission) get the same reading, one through `POST /v1/testRecord/customerRecord`, the other through
 * `POST /v1/testRecord/upload`; then everything stored about each patient is compared: the reading, its
 * critical-value event, its audit row, the glucose day counts, the patient row, and the number of rows
 * of every table that has a `patient_id`. A rule added to one source only (a consultation, a
 * virtual-ward membership, a lockout) makes the two differ and this test fail.
 */
let t: TestContext;
let api: ReturnType<typeof apiOf>;
let nurse: string;
let now: Date;
let entered: number;
let uploaded: number;
const admittedAt = new Date(Date.now() - 5 * 86_400_000);

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  now = t.clock.now;
  nurse = await t.login('101', 'nurse01', 'Nurse@2026');
  const alike = { departmentCode: 'ENDO', dateOfBirth: '1958-03-09', admittedAt };
  entered = await insertPatient(t, { ...alike, name: 'Entered By Hand', wristbandCode: 'WP-ENTRY' });
  uploaded = await insertPatient(t, { ...alike, name: 'Uploaded By Meter', wristbandCode: 'WP-METER' });
});
afterAll(() => t.close());

type Reading = {
  category: string;
  period?: string;
  testTime: string;
  result?: number | null;
  unit?: string;
  cause?: string;
  causeText?: string;
  remark?: string;
};
type Answer = { status: number; errors: { field: string; message: string }[] };

let recordNo = 0;
let hour = 0;
/** A fresh time, half an hour apart per call, after the admission. */
const nextTime = () => hoursAgo(now, 100 - ++hour * 0.5);
/** A fresh time and the period whose window holds it: never outside its window. */
const timed = () => {
  const testTime = nextTime();
  return { testTime, period: periodOfTime(testTime) };
};

/** The reading entered by hand for one patient: its status and field problems. */
async function enter(reading: Reading, lang = 'en-US'): Promise<Answer> {
  const res = await api(
    'POST',
    '/v1/testRecord/customerRecord',
    nurse,
    { ...reading, patientId: entered },
    lang,
  );
  return { status: res.statusCode, errors: res.statusCode === 200 ? [] : res.json().dataContent.errors };
}

/** The same reading uploaded by a meter for the other patient: 200 when stored, else its refusal. */
async function upload(reading: Reading, lang = 'en-US'): Promise<Answer> {
  const record = {
    ...reading,
    deviceSerial: 'WP-METER-1',
    deviceRecordNo: `WP${++recordNo}`,
    wristbandCode: 'WP-METER',
    operator: 'nurse01',
  };
  const res = await api('POST', '/v1/testRecord/upload', nurse, { source: 'meter', records: [record] }, lang);
  expect(res.statusCode, res.body).toBe(200);
  const result = res.json().dataContent as { accepted: number; rejected: { errors: Answer['errors'] }[] };
  return result.accepted ? { status: 200, errors: [] } : { status: 0, errors: result.rejected[0]!.errors };
}

const without = (row: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !keys.includes(key)));

/** What identifies the patient or says how the reading came: the only columns allowed to differ. */
const IDENTITY = [
  'id',
  'patient_id',
  'patientId',
  'admission_id',
  'measurement_id',
  'recheck_measurement_id',
  'entity_id',
  'created_at',
  'updated_at',
  'createdAt',
  'updatedAt',
  'source',
  'device_serial',
  'device_record_no',
  'deviceSerial',
  'deviceRecordNo',
  'name',
  'wristband_code',
  // a hand entry long after its test time is a late entry; a meter's time is the device's own
  'late_entry',
  'lateEntry',
];

/** Everything stored about a patient, without what identifies the patient, the row or the source. */
async function footprint(patientId: number) {
  const db = t.handle.db;
  const rows = async (query: ReturnType<typeof sql>) =>
    (await db.execute<Record<string, unknown>>(query)).rows.map((row) => without(row, IDENTITY));
  const tables = await db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.columns
     where table_schema = current_schema() and column_name = 'patient_id' order by table_name`);
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const { rows: n } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where patient_id = ${patientId}`,
    );
    counts[table_name] = n[0]!.n;
  }
  const audits = await db.execute<{ action: string; after: Record<string, unknown>; before: unknown }>(sql`
    select action, after, before, reason from audit_log where patient_id = ${patientId} order by id`);
  return {
    counts,
    patient: await rows(sql`select * from patients where id = ${patientId}`),
    readings: await rows(sql`select * from measurements where patient_id = ${patientId} order by test_time`),
    criticalEvents: await rows(
      sql`select * from critical_events where patient_id = ${patientId} order by measured_at`,
    ),
    dayCounts: await rows(sql`select * from glucose_day_counts where patient_id = ${patientId} order by day`),
    // a hand entry is audited as `create`, an upload as `upload`; the rest of the row is the same
    audit: audits.rows.map((row) => ({
      action: row.action === 'upload' ? 'create' : row.action,
      before: row.before,
      after: without(row.after, IDENTITY),
    })),
  };
}

async function expectSameFootprint() {
  const [byHand, byMeter] = await Promise.all([footprint(entered), footprint(uploaded)]);
  expect(byMeter).toEqual(byHand);
  return byHand;
}

/** The same reading through both sources; both answers. */
async function both(reading: Reading, lang?: string) {
  return { entry: await enter(reading, lang), upload: await upload(reading, lang) };
}

describe('one write path: a reading entered by hand and uploaded leaves the same footprint', () => {
  it('stores a normal glucose reading the same way: values, classification, status, day counts, audit', async () => {
    const { entry, upload } = await both({
      category: 'GLU',
      ...timed(),
      result: 6.4,
      unit: 'mmolL',
      remark: 'before breakfast',
    });
    expect(entry.status).toBe(200);
    expect(upload.status).toBe(200);
    const stored = await expectSameFootprint();
    expect(stored.readings).toHaveLength(1);
    expect(stored.readings[0]).toMatchObject({ status: 'pending', classification: 'normal', value: 6.4 });
    expect(stored.audit).toEqual([expect.objectContaining({ action: 'create' })]);
    expect(stored.dayCounts).toEqual([expect.objectContaining({ test_count: 1, normal_count: 1 })]);
  });

  it('opens the same critical-value event for a critical value', async () => {
    const { entry, upload } = await both({
      category: 'GLU',
      ...timed(),
      result: 2.1,
    });
    expect([entry.status, upload.status]).toEqual([200, 200]);
    const stored = await expectSameFootprint();
    expect(stored.criticalEvents).toEqual([
      expect.objectContaining({ status: 'open', classification: 'criticalLow', value: 2.1 }),
    ]);
  });

  it('keeps a value entered in mg/dL exactly and classifies it in mg/dL', async () => {
    const { entry, upload } = await both({
      category: 'GLU',
      ...timed(),
      result: 300,
      unit: 'mgDl',
    });
    expect([entry.status, upload.status]).toEqual([200, 200]);
    const stored = await expectSameFootprint();
    expect(stored.readings.at(-1)).toMatchObject({
      value: 300 / 18,
      entered_value: 300,
      entered_unit: 'mgDl',
    });
  });

  it('records a meter’s LO as the untested reason “measurable range exceeded”, as entered by hand', async () => {
    const { testTime, period } = timed();
    const entry = await enter({ category: 'GLU', period, testTime, cause: 'outOfRange', causeText: 'LO' });
    const meter = await upload({ category: 'GLU', period, testTime, result: 'LO' as never });
    expect([entry.status, meter.status]).toEqual([200, 200]);
    await expectSameFootprint();
  });

  it('approves both automatically when approval is switched off', async () => {
    await t.handle.db.execute(sql`
      insert into settings (tenant_id, key, value) values ('101', 'feature.recordApproval', 'false'::jsonb)
      on conflict (tenant_id, key) do update set value = excluded.value`);
    try {
      const { entry, upload } = await both({ category: 'KET', testTime: nextTime(), result: 0.4 });
      expect([entry.status, upload.status]).toEqual([200, 200]);
      const stored = await expectSameFootprint();
      expect(stored.readings.at(-1)).toMatchObject({ item: 'KET', status: 'approved', approved_by: null });
      expect(new Date(stored.readings.at(-1)!.approved_at as string)).toEqual(now);
    } finally {
      await t.handle.db.execute(
        sql`delete from settings where tenant_id = '101' and key = 'feature.recordApproval'`,
      );
    }
  });

  it('refuses a time already taken on the test time, and stores nothing', async () => {
    const reading = { category: 'GLU', ...timed(), result: 7.2 };
    expect(Object.values(await both(reading)).map((a) => a.status)).toEqual([200, 200]);
    const before = await expectSameFootprint();
    const again = await both({ ...reading, result: 8.1 });
    expect(again.entry.status).toBe(409);
    expect(again.entry.errors.map((e) => e.field)).toEqual(['testTime']);
    expect(again.upload.errors).toEqual([
      { field: 'testTime', message: 'This patient already has a reading of this item at this time' },
    ]);
    expect(await expectSameFootprint()).toEqual(before);
  });

  it('refuses an out-of-range or invalid value, or a time before the admission, with the same message', async () => {
    const before = await expectSameFootprint();
    const wrong: [Reading, string][] = [
      [{ category: 'GLU', ...timed(), result: 45, unit: 'mmolL' }, 'result'],
      [{ category: 'GLU', ...timed(), result: 5, unit: 'mgDl' }, 'result'],
      [{ category: 'KET', testTime: nextTime(), result: 9 }, 'result'],
      [{ category: 'UA', testTime: nextTime(), result: 1500, unit: 'umolL' }, 'result'],
      [{ category: 'GLU', ...timed(), result: 5.555 }, 'result'],
      [{ category: 'KET', testTime: nextTime(), result: 1, unit: 'mgDl' }, 'unit'],
      [{ category: 'GLU', period: 'fasting', testTime: hoursAgo(now, 24 * 6), result: 6 }, 'testTime'],
      [{ category: 'GLU', period: 'fasting', testTime: hoursAgo(now, -2), result: 6 }, 'testTime'],
    ];
    for (const lang of ['en-US', 'zh-CN']) {
      for (const [reading, field] of wrong) {
        const { entry, upload } = await both(reading, lang);
        expect(entry.status, JSON.stringify(reading)).toBe(400);
        expect(entry.errors[0]!.field).toBe(field);
        expect(upload.errors, `${lang} ${JSON.stringify(reading)}`).toEqual([entry.errors[0]]);
      }
    }
    expect(await expectSameFootprint()).toEqual(before);
  });
});
