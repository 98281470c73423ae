import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { hoursAgo, insertPatient } from './test-support';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let nurse: string;
let admin202: string;
let now: Date;

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  now = t.clock.now;
  [admin, nurse, admin202] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
  await insertPatient(t, { name: 'Band One', wristbandCode: 'WB-1001', inpatientNumber: 'IP1001' });
  await insertPatient(t, { name: 'Band Two', wristbandCode: 'WB-1002', inpatientNumber: 'IP1002' });
  await insertPatient(t, { name: 'Cardiology', departmentCode: 'CARD', wristbandCode: 'WB-2001' });
  await insertPatient(t, { name: 'Gone Home', status: 'discharged', inpatientNumber: 'IP3001' });
  await insertPatient(t, {
    tenantId: '202',
    name: 'Riverside',
    departmentCode: 'IM',
    wristbandCode: 'WB-1001',
  });
});
afterAll(() => t.close());

type Result = {
  accepted: number;
  duplicates: number;
  rejected: { index: number; deviceRecordNo: string | null; errors: { field: string; message: string }[] }[];
};

let serial = 0;
const row = (overrides: Record<string, unknown> = {}) => ({
  deviceSerial: 'MTR-0001',
  deviceRecordNo: `R${++serial}`,
  category: 'GLU',
  testTime: hoursAgo(now, 3 + serial / 60),
  result: 6.4,
  unit: 'mmolL',
  wristbandCode: 'WB-1001',
  operator: 'nurse01',
  ...overrides,
});

async function upload(records: unknown[], token = nurse, lang?: string): Promise<Result> {
  const res = await api('POST', '/v1/testRecord/upload', token, { source: 'meter', records }, lang);
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().dataContent;
}

async function stored(deviceRecordNo: string) {
  const { rows } = await t.handle.db.execute<{
    value: number | null;
    period_code: string | null;
    untested_reason: string | null;
    untested_reason_text: string | null;
    source: string;
    tester_name: string;
    status: string;
    classification: string | null;
  }>(sql`select value, period_code, untested_reason, untested_reason_text, source, tester_name, status, classification
           from measurements where tenant_id = '101' and device_record_no = ${deviceRecordNo}`);
  return rows;
}

describe('meter upload', () => {
  it('stores good rows, derives the glucose period from the time, converts units, records LO/HI as untested', async () => {
    const records = [
      row({ testTime: '2024-01-01T00:00:00Z' }),
      row({ testTime: hoursAgo(now, 5), period: undefined }),
      row({ result: 'LO', unit: undefined }),
      row({ result: 180, unit: 'mg/dL', inpatientNumber: 'IP1002', wristbandCode: undefined }),
      row({ category: 'KET', result: 'HI', unit: undefined }),
      row({ category: 'UA', result: 420, unit: 'µmol/L' }),
    ];
    // the first row is before the admission: refused on its own
    const result = await upload(records);
    expect(result).toMatchObject({ accepted: 5, duplicates: 0 });
    expect(result.rejected).toEqual([
      {
        index: 0,
        deviceRecordNo: records[0]!.deviceRecordNo,
        errors: [{ field: 'testTime', message: 'The test time cannot be before the patient’s admission' }],
      },
    ]);
    const derived = await stored(records[1]!.deviceRecordNo as string);
    expect(derived[0]!.period_code).toBeTruthy();
    expect(derived[0]).toMatchObject({ source: 'meter', tester_name: 'Nurse Wang Fang', status: 'pending' });
    expect((await stored(records[2]!.deviceRecordNo as string))[0]).toMatchObject({
      value: null,
      untested_reason: 'outOfRange',
      untested_reason_text: 'LO',
      classification: null,
    });
    expect((await stored(records[3]!.deviceRecordNo as string))[0]!.value).toBe(10);
    expect((await stored(records[4]!.deviceRecordNo as string))[0]).toMatchObject({
      untested_reason_text: 'HI',
    });
    expect((await stored(records[5]!.deviceRecordNo as string))[0]!.value).toBe(420);
  });

  it('adds nothing for a repeated upload and says so; two readings a minute apart both stay', async () => {
    const first = row({ testTime: hoursAgo(now, 20) });
    const minuteLater = row({ testTime: hoursAgo(now, 20 - 1 / 60) });
    expect(await upload([first, minuteLater])).toMatchObject({ accepted: 2, duplicates: 0, rejected: [] });
    const res = await api('POST', '/v1/testRecord/upload', nurse, {
      source: 'meter',
      records: [first, minuteLater],
    });
    expect(res.json().dataContent).toMatchObject({ accepted: 0, duplicates: 2, rejected: [] });
    expect(res.json().message).toBe('0 accepted, 2 already received, 0 refused');
    const zh = await api(
      'POST',
      '/v1/testRecord/upload',
      nurse,
      { source: 'meter', records: [first] },
      'zh-CN',
    );
    expect(zh.json().message).toBe('接收 0 条，已存在 1 条，拒收 0 条');
    // the same device record twice in one upload counts once
    const twice = row({ testTime: hoursAgo(now, 21) });
    expect(await upload([twice, twice])).toMatchObject({ accepted: 1, duplicates: 1 });
  });

  it('refuses bad rows one by one with their reasons (en-US and zh-CN)', async () => {
    const taken = row({ testTime: hoursAgo(now, 30) });
    await upload([taken]);
    const records = [
      row({ wristbandCode: 'WB-9999' }),
      row({ wristbandCode: 'WB-2001' }),
      row({ wristbandCode: undefined, inpatientNumber: 'IP3001' }),
      row({ operator: 'ghost' }),
      row({ result: 45 }),
      row({ testTime: hoursAgo(now, -2) }),
      row({ testTime: taken.testTime }),
      row({ wristbandCode: undefined }),
      row({ result: undefined }),
      row({ category: 'HBA1C' }),
      'not an object',
      row({ extra: true }),
      row(),
    ];
    const en = await upload(records);
    expect(en.accepted).toBe(1);
    const byIndex = Object.fromEntries(en.rejected.map((r) => [r.index, r.errors]));
    expect(byIndex[0]).toEqual([{ field: 'wristbandCode', message: 'Unknown patient' }]);
    // a patient outside the uploader's scope is unknown too
    expect(byIndex[1]).toEqual([{ field: 'wristbandCode', message: 'Unknown patient' }]);
    expect(byIndex[2]).toEqual([
      { field: 'inpatientNumber', message: 'The patient is neither in hospital nor an outpatient' },
    ]);
    expect(byIndex[3]).toEqual([{ field: 'operator', message: 'Unknown operator' }]);
    expect(byIndex[4]![0]!.message).toContain('Blood glucose must be 0.6-33.3 mmol/L');
    expect(byIndex[5]).toEqual([{ field: 'testTime', message: 'The test time cannot be in the future' }]);
    expect(byIndex[6]).toEqual([
      { field: 'testTime', message: 'This patient already has a reading of this item at this time' },
    ]);
    expect(byIndex[7]).toEqual([
      {
        field: 'wristbandCode',
        message: 'Give the wristband code, the inpatient number or the outpatient number',
      },
    ]);
    expect(byIndex[8]).toEqual([
      { field: 'result', message: 'Give the result (a number, LO or HI) or a reason for not testing' },
    ]);
    expect(byIndex[9]![0]!.field).toBe('category');
    expect(byIndex[10]).toHaveLength(1);
    expect(byIndex[11]).toEqual([{ field: 'extra', message: expect.any(String) }]);
    expect(Object.keys(byIndex)).toHaveLength(12);

    const zh = await upload(
      [
        row({ wristbandCode: 'WB-9999' }),
        row({ operator: 'ghost' }),
        row({ wristbandCode: undefined, inpatientNumber: 'IP3001' }),
      ],
      nurse,
      'zh-CN',
    );
    expect(zh.rejected.map((r) => r.errors[0]!.message)).toEqual([
      '未知患者',
      '未知操作人',
      '患者既不在院也不是门诊患者',
    ]);
  });

  it('checks the frame: source and 1-1000 records', async () => {
    const empty = await api('POST', '/v1/testRecord/upload', nurse, { source: 'meter', records: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().dataContent.errors[0]).toEqual({
      field: 'records',
      message: 'Please send 1-1000 records',
    });
    const many = await api('POST', '/v1/testRecord/upload', nurse, {
      source: 'his',
      records: Array.from({ length: 1001 }, () => ({})),
    });
    expect(many.statusCode).toBe(400);
    const source = await api('POST', '/v1/testRecord/upload', nurse, { source: 'fax', records: [row()] });
    expect(source.statusCode).toBe(400);
  });

  it('keeps tenants apart: the same wristband in another tenant is that tenant’s patient', async () => {
    const result = await upload([row({ operator: 'admin', result: 120, unit: 'mgDl' })], admin202);
    expect(result.accepted).toBe(1);
    const { rows } = await t.handle.db.execute<{ tenant_id: string; value: number }>(
      sql`select tenant_id, value from measurements where device_record_no = ${`R${serial}`}`,
    );
    // stored at full precision: 120 mg/dL is 6.666… mmol/L, not 6.7 (shown back as 120, not 121)
    expect(rows).toEqual([{ tenant_id: '202', value: 120 / 18 }]);
  });

  it('opens critical-value events for critical uploads, in one batch', async () => {
    const critical = row({ result: 1.8, testTime: hoursAgo(now, 40) });
    await upload([critical, row({ result: 25, testTime: hoursAgo(now, 41) })], admin);
    const { rows } = await t.handle.db.execute<{ classification: string; status: string }>(sql`
      select e.classification, e.status from critical_events e
        join measurements m on m.tenant_id = e.tenant_id and m.id = e.measurement_id
       where m.tenant_id = '101' and m.device_record_no in (${critical.deviceRecordNo}, ${`R${serial}`})
       order by e.classification`);
    expect(rows).toEqual([
      { classification: 'criticalHigh', status: 'open' },
      { classification: 'criticalLow', status: 'open' },
    ]);
  });

  it('is idempotent under 20 parallel identical requests: exactly one stored', async () => {
    const records = [row({ testTime: hoursAgo(now, 50) }), row({ testTime: hoursAgo(now, 51) })];
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api('POST', '/v1/testRecord/upload', nurse, { source: 'meter', records }),
      ),
    );
    const results = answers.map((a) => {
      expect(a.statusCode, a.body).toBe(200);
      return a.json().dataContent as Result;
    });
    expect(results.reduce((sum, r) => sum + r.accepted, 0)).toBe(2);
    expect(results.reduce((sum, r) => sum + r.duplicates, 0)).toBe(38);
    expect(results.every((r) => r.rejected.length === 0)).toBe(true);
    for (const record of records) {
      const { rows } = await t.handle.db.execute<{ n: string }>(sql`
        select count(*) as n from measurements where tenant_id = '101' and device_serial = 'MTR-0001'
           and device_record_no = ${record.deviceRecordNo}`);
      expect(Number(rows[0]!.n)).toBe(1);
    }
    const { rows } = await t.handle.db.execute<{ n: string }>(sql`
      select count(*) as n from audit_log where tenant_id = '101' and entity = 'measurement' and action = 'upload'
         and (after->>'deviceRecordNo') in (${records[0]!.deviceRecordNo}, ${records[1]!.deviceRecordNo})`);
    expect(Number(rows[0]!.n)).toBe(2);
  });
});
