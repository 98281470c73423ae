import { MEAL_PERIODS } from '@glucocare/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { hoursAgo, insertPatient, periodOfTime, shanghaiAt } from './test-support';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let nurse: string;
let doctor: string;
let reviewer: string;
let admin202: string;
let endo: number;
let card: number;
let p202: number;
let now: Date;

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  now = t.clock.now;
  [admin, nurse, doctor, reviewer, admin202] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('101', 'doctor01', 'Doctor@2026'),
    t.login('101', 'reviewer01', 'Review@2026'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
  endo = await insertPatient(t, { name: 'Endo Patient', departmentCode: 'ENDO' });
  card = await insertPatient(t, { name: 'Card Patient', departmentCode: 'CARD' });
  p202 = await insertPatient(t, { tenantId: '202', name: 'Riverside Patient', departmentCode: 'IM' });
});
afterAll(() => t.close());

type Reading = {
  id: number;
  patientId: number;
  item: string;
  periodCode: string | null;
  periodName: string | null;
  testTime: string;
  testValue: number | null;
  unit: string;
  enteredValue: number | null;
  enteredUnit: string | null;
  untestedReason: string | null;
  untestedReasonName: string | null;
  untestedReasonText: string | null;
  refusalReason: string | null;
  refusalReasonName: string | null;
  note: string | null;
  testUser: string | null;
  testUserId: number | null;
  source: string;
  determineType: string | null;
  color: string | null;
  status: string;
  approvedBy: string | null;
  approvedAt: string | null;
  version: number;
  deletedAt: string | null;
  deleteReason: string | null;
};

let hour = 0;
/** A fresh time (one hour apart per call) so readings never clash by accident. */
const nextTime = () => hoursAgo(now, 200 - ++hour * 0.5);

/** A glucose entry at a fresh time, in the period whose window holds it (as the entry form proposes). */
const glucose = (overrides: Record<string, unknown> = {}) => {
  const testTime = (overrides.testTime as string | undefined) ?? nextTime();
  return {
    category: 'GLU',
    patientId: endo,
    period: periodOfTime(testTime),
    testTime,
    result: 6.1,
    unit: 'mmolL',
    remark: 'before breakfast',
    ...overrides,
  };
};

async function enter(body: Record<string, unknown>, token = nurse): Promise<Reading> {
  const res = await api('POST', '/v1/testRecord/customerRecord', token, body);
  if (res.statusCode !== 200) throw new Error(`entry failed: ${res.statusCode} ${res.body}`);
  return res.json().dataContent;
}

/** The field problems of a refused call in en-US and zh-CN. */
async function problems(method: 'POST' | 'PUT', url: string, body: unknown, token = nurse) {
  const en = await api(method, url, token, body, 'en-US');
  const zh = await api(method, url, token, body, 'zh-CN');
  expect(en.statusCode, en.body).toBe(400);
  expect(zh.statusCode).toBe(400);
  return { en: en.json().dataContent.errors, zh: zh.json().dataContent.errors };
}
const entryProblems = (overrides: Record<string, unknown>) =>
  problems('POST', '/v1/testRecord/customerRecord', glucose(overrides));

async function criticalEvent(measurementId: number) {
  const { rows } = await t.handle.db.execute<{ status: string; value: number; classification: string }>(sql`
    select status, value, classification from critical_events where tenant_id = '101' and measurement_id = ${measurementId}`);
  return rows[0];
}

describe('manual entry', () => {
  it('stores a glucose reading in mmol/L, classified, pending, audited', async () => {
    const reading = await enter(
      glucose({ result: 6.1, period: 'fasting', testTime: shanghaiAt(now, 9, '07:00') }),
    );
    expect(reading).toMatchObject({
      patientId: endo,
      item: 'GLU',
      periodCode: 'fasting',
      periodName: 'Fasting',
      testValue: 6.1,
      unit: 'mmol/L',
      enteredValue: 6.1,
      enteredUnit: 'mmolL',
      determineType: 'normal',
      status: 'pending',
      approvedBy: null,
      source: 'manual',
      note: 'before breakfast',
      testUser: 'Nurse Wang Fang',
      version: 1,
      deletedAt: null,
    });
    const audit = await auditRows(t, 'measurement', reading.id, 'create');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ id: reading.id, testValue: 6.1 });
    const { rows } = await t.handle.db.execute<{ patient_id: string }>(
      sql`select patient_id from audit_log where entity = 'measurement' and entity_id = ${String(reading.id)}`,
    );
    expect(Number(rows[0]!.patient_id)).toBe(endo);
  });

  it('answers period names in the request language', async () => {
    const res = await api(
      'POST',
      '/v1/testRecord/customerRecord',
      nurse,
      glucose({ period: 'afterLunch', testTime: shanghaiAt(now, 9, '13:00') }),
      'zh-CN',
    );
    expect(res.json().dataContent.periodName).toBe('午餐后');
    expect(res.json().message).toBe('保存成功');
  });

  it('converts mg/dL (÷ 18) and defaults to the hospital’s unit (tenant 202 uses mg/dL)', async () => {
    const testTime = nextTime();
    const res = await api('POST', '/v1/testRecord/customerRecord', admin202, {
      category: 'GLU',
      patientId: p202,
      period: periodOfTime(testTime),
      testTime,
      result: 126,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dataContent).toMatchObject({ testValue: 7, enteredValue: 126, enteredUnit: 'mgDl' });
    const explicit = await enter(glucose({ result: 90, unit: 'mgDl' }));
    expect(explicit).toMatchObject({ testValue: 5, enteredUnit: 'mgDl' });
  });

  it('stores ketone without a period and uric acid in µmol/L or mg/dL (× 59.48)', async () => {
    const ket = await enter({ category: 'KET', patientId: endo, testTime: nextTime(), result: 0.4 });
    expect(ket).toMatchObject({
      item: 'KET',
      periodCode: null,
      testValue: 0.4,
      unit: 'mmol/L',
      enteredUnit: 'mmolL',
    });
    const zero = await enter({ category: 'KET', patientId: endo, testTime: nextTime(), result: 0 });
    expect(zero.testValue).toBe(0);
    const ua = await enter({
      category: 'UA',
      patientId: endo,
      testTime: nextTime(),
      result: 360,
      unit: 'umolL',
    });
    expect(ua).toMatchObject({ testValue: 360, unit: 'µmol/L', determineType: 'normal' });
    const uaMg = await enter({
      category: 'UA',
      patientId: endo,
      testTime: nextTime(),
      result: 6,
      unit: 'mgDl',
    });
    expect(uaMg).toMatchObject({ testValue: 6 * 59.48, enteredValue: 6, enteredUnit: 'mgDl' }); // 356.88, unrounded
  });

  it('records an untested reading with its reason, refusal reason or text', async () => {
    const refused = await enter(glucose({ result: null, cause: 'refused', refusalReason: 'fear' }));
    expect(refused).toMatchObject({
      testValue: null,
      determineType: null,
      untestedReason: 'refused',
      untestedReasonName: 'Patient refused',
      refusalReason: 'fear',
      refusalReasonName: 'Afraid of the pain',
    });
    const other = await enter(glucose({ result: undefined, cause: 'other', causeText: 'In surgery' }));
    expect(other).toMatchObject({ untestedReason: 'other', untestedReasonText: 'In surgery' });
    const outOfRange = await enter(glucose({ result: null, cause: 'outOfRange', causeText: 'HI' }));
    expect(outOfRange.untestedReasonName).toBe('Measurable range exceeded');
  });

  it('records a measurement not carried out with its rejection reason (§3 Glucose record), named and audited', async () => {
    const absent = await enter(glucose({ result: null, unit: null, rejectReason: 'absent' }));
    expect(absent).toMatchObject({
      testValue: null,
      determineType: null,
      untestedReason: null,
      rejectReason: 'absent',
      rejectReasonName: 'Patient not on the ward',
    });
    const zh = await api('GET', `/v1/testRecord/${absent.id}`, nurse, undefined, 'zh-CN');
    expect(zh.json().dataContent.rejectReasonName).toBe('患者不在病房');
    const other = await enter(glucose({ result: null, rejectReason: 'other', causeText: 'Family meeting' }));
    expect(other).toMatchObject({ rejectReason: 'other', untestedReasonText: 'Family meeting' });
    const [audit] = await auditRows(t, 'measurement', absent.id, 'create');
    expect(audit?.after).toMatchObject({ rejectReason: 'absent' });
    // a result replaces the rejection reason
    const tested = await api('PUT', '/v1/testRecord', nurse, {
      id: absent.id,
      version: 1,
      reason: 'Patient back on the ward',
      result: 6.4,
    });
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json().dataContent).toMatchObject({
      testValue: 6.4,
      rejectReason: null,
      rejectReasonName: null,
    });
  });

  it('refuses a rejection reason with a result, with an untested reason, or not in the list', async () => {
    const both = await entryProblems({ result: 6.1, rejectReason: 'absent' });
    expect(both.en).toEqual([
      { field: 'rejectReason', message: 'Enter either a result or a reason for not testing, not both' },
    ]);
    const twoReasons = await entryProblems({ result: null, cause: 'refused', rejectReason: 'absent' });
    expect(twoReasons.zh).toEqual([{ field: 'rejectReason', message: '未测原因和弃测原因只能填写一项' }]);
    const unknown = await entryProblems({ result: null, rejectReason: 'asleep' });
    expect(unknown.en).toEqual([
      { field: 'rejectReason', message: 'Please choose a rejection reason from the list' },
    ]);
    const noText = await entryProblems({ result: null, rejectReason: 'other' });
    expect(noText.en[0].field).toBe('causeText');
  });

  it('takes another tester of the patient’s department', async () => {
    const { rows } = await t.handle.db.execute<{ id: string }>(
      sql`select id from users where tenant_id = '101' and user_name = 'doctor01'`,
    );
    const reading = await enter(glucose({ testerId: Number(rows[0]!.id) }));
    expect(reading).toMatchObject({ testUser: 'Dr. Li Wei', testUserId: Number(rows[0]!.id) });
  });

  it('flags a critical value and opens its critical-value event', async () => {
    const low = await enter(glucose({ result: 2.1 }));
    expect(low.determineType).toBe('criticalLow');
    expect(low.color).toBeTruthy();
    expect(await criticalEvent(low.id)).toMatchObject({ status: 'open', classification: 'criticalLow' });
  });

  it('stores an approved reading when approval is switched off (approved automatically)', async () => {
    await t.handle.db.execute(sql`
      insert into settings (tenant_id, key, value) values ('101', 'feature.recordApproval', 'false'::jsonb)
      on conflict (tenant_id, key) do update set value = excluded.value`);
    try {
      const reading = await enter(glucose());
      expect(reading.status).toBe('approved');
      expect(reading.approvedAt).toBe(now.toISOString());
      expect(reading.approvedBy).toBeNull();
    } finally {
      await t.handle.db.execute(
        sql`delete from settings where tenant_id = '101' and key = 'feature.recordApproval'`,
      );
    }
  });
});

describe('entry rules (messages in both languages)', () => {
  it('needs the period for glucose and the time', async () => {
    const { en, zh } = await entryProblems({ period: '', testTime: undefined });
    expect(en).toEqual([
      { field: 'testTime', message: 'Please select the test time' },
      { field: 'period', message: 'Please select the test period' },
    ]);
    expect(zh).toEqual([
      { field: 'testTime', message: '请选择检测时间' },
      { field: 'period', message: '请选择检测时段' },
    ]);
    const period = await entryProblems({ period: null });
    expect(period.en).toEqual([{ field: 'period', message: 'Please select the test period' }]);
    expect(period.zh).toEqual([{ field: 'period', message: '请选择检测时段' }]);
    const unknown = await entryProblems({ period: 'brunch' });
    expect(unknown.en[0].message).toBe('This is not one of the hospital’s enabled test periods');
    expect(unknown.zh[0].message).toBe('该时段不是医院已启用的检测时段');
  });

  it('refuses a time in the future, before the admission, or not ISO with a zone', async () => {
    const future = await entryProblems({ testTime: hoursAgo(now, -1) });
    expect(future.en).toEqual([{ field: 'testTime', message: 'The test time cannot be in the future' }]);
    expect(future.zh).toEqual([{ field: 'testTime', message: '检测时间不能晚于当前时间' }]);
    const before = await entryProblems({ testTime: hoursAgo(now, 24 * 11) });
    expect(before.en).toEqual([
      { field: 'testTime', message: 'The test time cannot be before the patient’s admission' },
    ]);
    expect(before.zh).toEqual([{ field: 'testTime', message: '检测时间不能早于患者入院时间' }]);
    const bad = await entryProblems({ testTime: '2024-06-01 08:00' });
    expect(bad.en[0].message).toBe('The test time must be a valid date and time');
  });

  it('needs a result or an untested reason, not both; "other" needs its text', async () => {
    const none = await entryProblems({ result: null });
    expect(none.en).toEqual([
      { field: 'result', message: 'Please enter the result or choose a reason for not testing' },
    ]);
    expect(none.zh).toEqual([{ field: 'result', message: '请输入检测结果或选择未测原因' }]);
    const both = await entryProblems({ cause: 'refused' });
    expect(both.en).toEqual([
      { field: 'cause', message: 'Enter either a result or a reason for not testing, not both' },
    ]);
    expect(both.zh).toEqual([{ field: 'cause', message: '检测结果和未测原因只能填写一项' }]);
    const other = await entryProblems({ result: null, cause: 'other' });
    expect(other.en).toEqual([{ field: 'causeText', message: 'Please describe the other reason' }]);
    expect(other.zh).toEqual([{ field: 'causeText', message: '请填写其他原因' }]);
  });

  it('takes reason codes from the dictionaries; a refusal reason only with "refused"', async () => {
    const unknown = await entryProblems({ result: null, cause: 'sleeping' });
    expect(unknown.en).toEqual([
      { field: 'cause', message: 'Please choose a reason for not testing from the list' },
    ]);
    expect(unknown.zh).toEqual([{ field: 'cause', message: '请从列表中选择未测原因' }]);
    const refusal = await entryProblems({ result: null, cause: 'outOfRange', refusalReason: 'fear' });
    expect(refusal.en).toEqual([
      { field: 'refusalReason', message: 'A refusal reason can only be given when the patient refused' },
    ]);
    expect(refusal.zh).toEqual([{ field: 'refusalReason', message: '只有患者拒绝检测时才能填写拒测原因' }]);
    const unknownRefusal = await entryProblems({ result: null, cause: 'refused', refusalReason: 'bored' });
    expect(unknownRefusal.en[0]).toEqual({
      field: 'refusalReason',
      message: 'Please choose a refusal reason from the list',
    });
    expect(unknownRefusal.zh[0].message).toBe('请从列表中选择拒测原因');
  });

  it('refuses values meters cannot report, naming the range in the entered unit', async () => {
    const mmol = await entryProblems({ result: 40 });
    expect(mmol.en[0]).toEqual({
      field: 'result',
      message:
        'Blood glucose must be 0.6-33.3 mmol/L, the range meters report; record a meter’s LO or HI as “Measurable range exceeded”',
    });
    expect(mmol.zh[0].message).toContain('血糖须在 0.6-33.3 mmol/L 之间');
    const mg = await entryProblems({ result: 5, unit: 'mgDl' });
    expect(mg.en[0].message).toContain('Blood glucose must be 10-600 mg/dL');
    expect(mg.zh[0].message).toContain('10-600 mg/dL');
    const ket = await problems('POST', '/v1/testRecord/customerRecord', {
      category: 'KET',
      patientId: endo,
      testTime: nextTime(),
      result: 9,
    });
    expect(ket.en[0].message).toContain('Ketone must be 0-8 mmol/L');
    expect(ket.zh[0].message).toContain('血酮须在 0-8 mmol/L 之间');
    const ua = await problems('POST', '/v1/testRecord/customerRecord', {
      category: 'UA',
      patientId: endo,
      testTime: nextTime(),
      result: 1500,
      unit: 'umolL',
    });
    expect(ua.en[0].message).toContain('Uric acid must be 119-1190 µmol/L');
    expect(ua.zh[0].message).toContain('尿酸须在 119-1190 µmol/L 之间');
    const uaMg = await problems('POST', '/v1/testRecord/customerRecord', {
      category: 'UA',
      patientId: endo,
      testTime: nextTime(),
      result: 25,
      unit: 'mgDl',
    });
    expect(uaMg.en[0].message).toContain('Uric acid must be 2-20 mg/dL');
    expect(uaMg.zh[0].message).toContain('2-20 mg/dL');
  });

  it('refuses a unit the item does not take, more than 2 decimals, a long note', async () => {
    const ket = await problems('POST', '/v1/testRecord/customerRecord', {
      category: 'KET',
      patientId: endo,
      testTime: nextTime(),
      result: 1,
      unit: 'mgDl',
    });
    expect(ket.en).toEqual([{ field: 'unit', message: 'This unit cannot be used for this item' }]);
    expect(ket.zh).toEqual([{ field: 'unit', message: '该检测项目不能使用此单位' }]);
    const decimals = await entryProblems({ result: 5.555 });
    expect(decimals.en).toEqual([{ field: 'result', message: 'The result may have at most 2 decimals' }]);
    expect(decimals.zh).toEqual([{ field: 'result', message: '检测结果最多保留 2 位小数' }]);
    const note = await entryProblems({ remark: 'x'.repeat(201) });
    expect(note.en).toEqual([{ field: 'remark', message: 'Must be at most 200 characters' }]);
    expect(note.zh[0].field).toBe('remark');
  });

  it('refuses a tester who does not work in the patient’s department', async () => {
    const { rows } = await t.handle.db.execute<{ id: string }>(
      sql`select id from users where tenant_id = '202' and user_name = 'admin'`,
    );
    const { en, zh } = await entryProblems({ testerId: Number(rows[0]!.id) });
    expect(en).toEqual([
      { field: 'testerId', message: 'The tester must be an active staff member of the patient’s department' },
    ]);
    expect(zh).toEqual([{ field: 'testerId', message: '检测人须为患者所在科室的在职人员' }]);
  });

  it('refuses unknown fields (no mass assignment of status, value or tenant)', async () => {
    for (const extra of [
      { status: 'approved' },
      { value: 3 },
      { tenantId: '202' },
      { classification: 'normal' },
    ]) {
      const res = await api('POST', '/v1/testRecord/customerRecord', nurse, glucose(extra));
      expect(res.statusCode).toBe(400);
      expect(res.json().dataContent.errors[0].field).toBe(Object.keys(extra)[0]);
    }
  });

  it('refuses a time already taken for the patient and item (409 naming item and time)', async () => {
    const testTime = hoursAgo(now, 30);
    await enter(glucose({ testTime }));
    const en = await api('POST', '/v1/testRecord/customerRecord', nurse, glucose({ testTime }), 'en-US');
    expect(en.statusCode).toBe(409);
    const local = testTime.slice(0, 16).replace('T', ' ');
    expect(en.json().dataContent.errors).toEqual([
      { field: 'testTime', message: `A blood glucose reading at ${local} already exists for this patient` },
    ]);
    const zh = await api('POST', '/v1/testRecord/customerRecord', nurse, glucose({ testTime }), 'zh-CN');
    expect(zh.json().message).toBe(`该患者在 ${local} 已有一条血糖记录`);
    // another item at the same time is fine
    await enter({ category: 'KET', patientId: endo, testTime, result: 0.2 });
  });

  it('refuses the same time under the unique index when two entries race', async () => {
    const testTime = hoursAgo(now, 31);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        api('POST', '/v1/testRecord/customerRecord', nurse, glucose({ testTime })),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().dataContent.errors[0].field).toBe('testTime');
      expect(answer.json().message).toContain('already exists for this patient');
    }
  });
});

describe('several readings at once', () => {
  it('stores a day of glucose, all or nothing', async () => {
    const day = ['fasting', 'afterBreakfast', 'beforeLunch', 'afterLunch'].map((period, i) => ({
      category: 'GLU',
      period,
      testTime: shanghaiAt(now, 8, ['07:00', '10:00', '11:30', '14:00'][i]!),
      result: 5 + i,
      unit: 'mmolL',
    }));
    const res = await api('POST', '/v1/testRecord/customerRecords', nurse, { patientId: endo, records: day });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dataContent.map((r: Reading) => r.periodCode)).toEqual(day.map((d) => d.period));
    expect(res.json().message).toBe('4 readings saved');

    // the first time is taken now, the third row is out of range: nothing of the batch is stored
    const again = [
      { ...day[0], result: 6 },
      { category: 'GLU', period: 'afterDinner', testTime: shanghaiAt(now, 8, '19:00'), result: 6 },
      { category: 'GLU', period: 'beforeSleep', testTime: shanghaiAt(now, 8, '22:00'), result: 50 },
    ];
    const refused = await api('POST', '/v1/testRecord/customerRecords', nurse, {
      patientId: endo,
      records: again,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().dataContent.errors.map((e: { field: string }) => e.field)).toEqual([
      'records.2.result',
    ]);
    const taken = await api('POST', '/v1/testRecord/customerRecords', nurse, {
      patientId: endo,
      records: again.slice(0, 2),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().dataContent.errors).toEqual([
      { field: 'records.0.testTime', message: expect.stringContaining('already exists for this patient') },
    ]);
    const list = await api('GET', `/v1/testRecord/patient/${endo}?beginDate=2000-01-01&size=500`, nurse);
    const times = list.json().dataContent.records.map((r: Reading) => r.testTime);
    expect(times).not.toContain(new Date(again[1]!.testTime as string).toISOString());
  });

  it('flags the same time twice in one request on the later row', async () => {
    const testTime = hoursAgo(now, 70);
    const { en, zh } = await problems('POST', '/v1/testRecord/customerRecords', {
      patientId: endo,
      records: [
        { category: 'GLU', period: 'fasting', testTime, result: 5 },
        { category: 'GLU', period: 'fasting', testTime, result: 6 },
      ],
    });
    expect(en).toEqual([{ field: 'records.1.testTime', message: 'Measurement times cannot repeat' }]);
    expect(zh).toEqual([{ field: 'records.1.testTime', message: '检测时间不能重复' }]);
    const empty = await problems('POST', '/v1/testRecord/customerRecords', { patientId: endo, records: [] });
    expect(empty.en[0].message).toBe('Please enter at least one reading');
    expect(empty.zh[0].message).toBe('请至少录入一条检测记录');
  });
});

describe('correction', () => {
  it('corrects a pending reading with a reason, reclassifies, syncs the critical event and audits', async () => {
    const low = await enter(glucose({ result: 2.2 }));
    expect(await criticalEvent(low.id)).toMatchObject({ status: 'open' });
    const res = await api('PUT', '/v1/testRecord', nurse, {
      id: low.id,
      version: low.version,
      reason: 'Typing error',
      result: 5.2,
    });
    expect(res.statusCode, res.body).toBe(200);
    const fixed = res.json().dataContent as Reading;
    expect(fixed).toMatchObject({
      testValue: 5.2,
      determineType: 'normal',
      version: 2,
      periodCode: low.periodCode,
      note: 'before breakfast',
      testTime: low.testTime,
    });
    expect(await criticalEvent(low.id)).toMatchObject({ status: 'void' });
    const audit = await auditRows(t, 'measurement', low.id, 'update');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ before: { testValue: 2.2 }, after: { testValue: 5.2 } });
    const { rows } = await t.handle.db.execute<{ reason: string }>(
      sql`select reason from audit_log where entity = 'measurement' and entity_id = ${String(low.id)} and action = 'update'`,
    );
    expect(rows[0]!.reason).toBe('Typing error');
  });

  it('switches a result to an untested reason and back', async () => {
    const reading = await enter(glucose());
    const untested = await api('PUT', '/v1/testRecord', nurse, {
      id: reading.id,
      version: 1,
      reason: 'Meter showed HI',
      result: null,
      cause: 'outOfRange',
      causeText: 'HI',
    });
    expect(untested.statusCode, untested.body).toBe(200);
    expect(untested.json().dataContent).toMatchObject({
      testValue: null,
      enteredUnit: null,
      untestedReason: 'outOfRange',
      determineType: null,
    });
    const back = await api('PUT', '/v1/testRecord', nurse, {
      id: reading.id,
      version: 2,
      reason: 'Retested',
      result: 7.4,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().dataContent).toMatchObject({
      testValue: 7.4,
      untestedReason: null,
      untestedReasonText: null,
    });
  });

  it('needs a reason of 2-200 characters and the version', async () => {
    const reading = await enter(glucose());
    const none = await problems('PUT', '/v1/testRecord', { id: reading.id, version: 1, result: 5 });
    expect(none.en).toEqual([{ field: 'reason', message: 'Please enter the reason' }]);
    expect(none.zh).toEqual([{ field: 'reason', message: '请填写原因' }]);
    const short = await problems('PUT', '/v1/testRecord', {
      id: reading.id,
      version: 1,
      result: 5,
      reason: 'x',
    });
    expect(short.en).toEqual([{ field: 'reason', message: 'The reason must be 2-200 characters' }]);
    expect(short.zh).toEqual([{ field: 'reason', message: '原因须为 2-200 个字符' }]);
    const noVersion = await problems('PUT', '/v1/testRecord', { id: reading.id, result: 5, reason: 'typo' });
    expect(noVersion.en).toEqual([{ field: 'version', message: 'The record’s version is required' }]);
    const rules = await problems('PUT', '/v1/testRecord', {
      id: reading.id,
      version: 1,
      reason: 'typo',
      result: 99,
    });
    expect(rules.en[0].field).toBe('result');
    expect(rules.zh[0].message).toContain('0.6-33.3 mmol/L');
  });

  it('answers 409 on a stale version', async () => {
    const reading = await enter(glucose());
    const first = await api('PUT', '/v1/testRecord', nurse, {
      id: reading.id,
      version: 1,
      reason: 'first',
      result: 6,
    });
    expect(first.statusCode).toBe(200);
    const stale = await api('PUT', '/v1/testRecord', doctor, {
      id: reading.id,
      version: 1,
      reason: 'second',
      result: 7,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This record was changed by someone else; reload it and try again');
  });

  it('moves the time only to a free one', async () => {
    const a = await enter(glucose());
    const b = await enter(glucose());
    const res = await api('PUT', '/v1/testRecord', nurse, {
      id: b.id,
      version: 1,
      reason: 'wrong time',
      testTime: a.testTime,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('already exists for this patient');
  });

  it('leaves approved readings to data management (spec §8 text), which keeps them approved', async () => {
    const reading = await enter(glucose({ result: 8.4 }));
    await t.handle.db.execute(sql`
      update measurements set status = 'approved', approved_at = now(), approved_by_name = 'Zhang Min'
       where tenant_id = '101' and id = ${reading.id}`);
    const body = { id: reading.id, version: 1, reason: 'Wrong patient value', result: 8.1 };
    const en = await api('PUT', '/v1/testRecord', nurse, body, 'en-US');
    expect(en.statusCode).toBe(409);
    expect(en.json().message).toBe(
      'Blood glucose, ketone and uric acid data must be edited in data management',
    );
    const zh = await api('PUT', '/v1/testRecord', nurse, body, 'zh-CN');
    expect(zh.json().message).toBe('血糖、血酮、尿酸数据请在数据管理中修改');
    const del = await api('PUT', '/v1/testRecord/changeStatus', nurse, {
      recordId: reading.id,
      isActive: false,
      reason: 'duplicate',
      version: 1,
    });
    expect(del.statusCode).toBe(409);

    expect((await api('PUT', '/v1/testRecord/data', nurse, body)).statusCode).toBe(403);
    const fixed = await api('PUT', '/v1/testRecord/data', reviewer, body);
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().dataContent).toMatchObject({
      testValue: 8.1,
      status: 'approved',
      approvedBy: 'Zhang Min',
    });
    expect(await auditRows(t, 'measurement', reading.id, 'dataCorrect')).toHaveLength(1);
    const gone = await api('PUT', '/v1/testRecord/data/changeStatus', admin, {
      recordId: reading.id,
      isActive: false,
      reason: 'entered twice',
      version: 2,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await auditRows(t, 'measurement', reading.id, 'dataDelete')).toHaveLength(1);
  });
});

describe('delete and restore', () => {
  it('soft-deletes with a reason, voids the critical event, restores while the time is free', async () => {
    const low = await enter(glucose({ result: 1.9 }));
    const noReason = await problems('PUT', '/v1/testRecord/changeStatus', {
      recordId: low.id,
      isActive: false,
      version: 1,
    });
    expect(noReason.en).toEqual([{ field: 'reason', message: 'Please enter the reason' }]);
    expect(noReason.zh).toEqual([{ field: 'reason', message: '请填写原因' }]);
    const res = await api('PUT', '/v1/testRecord/changeStatus', nurse, {
      recordId: low.id,
      isActive: false,
      reason: 'Wrong patient',
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dataContent).toMatchObject({ deleteReason: 'Wrong patient', version: 2 });
    expect(res.json().dataContent.deletedAt).toBeTruthy();
    expect(await criticalEvent(low.id)).toMatchObject({ status: 'void' });
    const audit = await auditRows(t, 'measurement', low.id, 'delete');
    expect(audit).toHaveLength(1);
    const { rows } = await t.handle.db.execute<{ n: string }>(
      sql`select count(*) as n from measurements where tenant_id = '101' and id = ${low.id}`,
    );
    expect(Number(rows[0]!.n)).toBe(1);

    const again = await api('PUT', '/v1/testRecord/changeStatus', nurse, {
      recordId: low.id,
      isActive: false,
      reason: 'again',
      version: 2,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This reading has been deleted');

    // the time is free again: a new reading takes it, so the deleted one cannot come back
    const replacement = await enter(glucose({ testTime: low.testTime, result: 4.9 }));
    const blocked = await api('PUT', '/v1/testRecord/changeStatus', nurse, {
      recordId: low.id,
      isActive: true,
      reason: 'restore',
      version: 2,
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toContain('already exists for this patient');
    await api('PUT', '/v1/testRecord/changeStatus', nurse, {
      recordId: replacement.id,
      isActive: false,
      reason: 'remove replacement',
      version: 1,
    });
    const restored = await api('PUT', '/v1/testRecord/changeStatus', nurse, {
      recordId: low.id,
      isActive: true,
      reason: 'Deleted by mistake',
      version: 2,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().dataContent).toMatchObject({ deletedAt: null, version: 3 });
    expect(await criticalEvent(low.id)).toMatchObject({ status: 'open' });
    expect(await auditRows(t, 'measurement', low.id, 'restore')).toHaveLength(1);
  });

  it('hides deleted readings from the list unless asked', async () => {
    const reading = await enter(glucose({ testTime: hoursAgo(now, 2) }));
    await api('PUT', '/v1/testRecord/changeStatus', nurse, {
      recordId: reading.id,
      isActive: false,
      reason: 'duplicate entry',
      version: 1,
    });
    const live = await api('GET', `/v1/testRecord/patient/${endo}?size=500`, nurse);
    expect(live.json().dataContent.records.map((r: Reading) => r.id)).not.toContain(reading.id);
    const all = await api('GET', `/v1/testRecord/patient/${endo}?size=500&includeDeleted=true`, nurse);
    const found = all.json().dataContent.records.find((r: Reading) => r.id === reading.id);
    expect(found).toMatchObject({ deleteReason: 'duplicate entry' });
  });
});

describe('reading a patient’s readings', () => {
  let patient: number;
  beforeAll(async () => {
    patient = await insertPatient(t, { name: 'List Patient', departmentCode: 'ENDO' });
    // fasting readings of the last four days and one of eight days ago
    const days = [1, 2, 3, 4, 8];
    for (const [i, day] of days.entries()) {
      await enter(
        glucose({
          patientId: patient,
          period: 'fasting',
          testTime: shanghaiAt(now, day, '07:00'),
          result: 5 + i,
        }),
      );
    }
    await enter({ category: 'KET', patientId: patient, testTime: hoursAgo(now, 6), result: 0.3 });
  });

  it('pages the list, latest first by default, earliest first on request, by days', async () => {
    const page = await api(
      'GET',
      `/v1/testRecord/patient/${patient}?category=GLU&beginDate=2000-01-01&size=2`,
      nurse,
    );
    expect(page.statusCode).toBe(200);
    const body = page.json().dataContent;
    expect(body).toMatchObject({ total: 5, page: 1, size: 2 });
    expect(body.records.map((r: Reading) => r.testValue)).toEqual([5, 6]);
    const earliest = await api(
      'GET',
      `/v1/testRecord/patient/${patient}?beginDate=2000-01-01&sort=earliest`,
      nurse,
    );
    expect(earliest.json().dataContent.records.map((r: Reading) => r.testValue)).toEqual([9, 8, 7, 6, 5]);
    // default: the last 7 days of the hospital's calendar
    const recent = await api('GET', `/v1/testRecord/patient/${patient}`, nurse);
    expect(recent.json().dataContent.total).toBe(4);
    const ket = await api('GET', `/v1/testRecord/patient/${patient}?category=KET`, nurse);
    expect(ket.json().dataContent.records).toHaveLength(1);
  });

  it('checks the query: dates, order, item', async () => {
    const order = await api(
      'GET',
      `/v1/testRecord/patient/${patient}?beginDate=2024-02-02&endDate=2024-02-01`,
      nurse,
    );
    expect(order.statusCode).toBe(400);
    expect(order.json().dataContent.errors).toEqual([
      { field: 'beginDate', message: 'The start must not be after the end' },
    ]);
    const bad = await api('GET', `/v1/testRecord/patient/${patient}?beginDate=2024-02-30`, nurse);
    expect(bad.statusCode).toBe(400);
    const item = await api('GET', `/v1/testRecord/patient/${patient}?category=HBA1C`, nurse);
    expect(item.statusCode).toBe(400);
  });

  it('answers the day × period grid, a row per day, latest first', async () => {
    const res = await api('GET', `/v1/testRecord/patient/pivot/${patient}?category=GLU`, nurse);
    expect(res.statusCode, res.body).toBe(200);
    const grid = res.json().dataContent as {
      periods: { code: string; name: string }[];
      rows: { date: string; cells: Record<string, Reading[]> }[];
    };
    // the seeded periods are the eight meal periods of §9, in the day's order
    expect(grid.periods.map((p) => p.code)).toEqual([...MEAL_PERIODS]);
    expect(grid.rows).toHaveLength(7);
    expect(grid.rows[0]!.date > grid.rows[6]!.date).toBe(true);
    const values = grid.rows.flatMap((row) => (row.cells.fasting ?? []).map((r) => r.testValue));
    expect(values.sort()).toEqual([5, 6, 7, 8]);
    const ket = await api('GET', `/v1/testRecord/patient/pivot/${patient}?category=KET`, nurse);
    const ketRows = ket.json().dataContent.rows as { cells: Record<string, Reading[]> }[];
    const placed = ketRows.flatMap((row) => Object.entries(row.cells)).filter(([, cell]) => cell.length);
    expect(placed).toHaveLength(1);
    expect(placed[0]![1][0]).toMatchObject({ item: 'KET', periodCode: null });
  });

  it('sees a change of the glucose periods or reasons at the next request (configuration cache)', async () => {
    const grid = async () =>
      (await api('GET', `/v1/testRecord/patient/pivot/${patient}?category=GLU`, nurse)).json()
        .dataContent as {
        periods: { code: string; name: string }[];
      };
    const options = async () =>
      (await api('GET', `/v1/testRecord/entryOptions/${patient}?category=GLU`, nurse)).json().dataContent as {
        untestedReasons: { code: string }[];
      };
    const fastingName = async () => (await grid()).periods.find((p) => p.code === 'fasting')?.name;
    const before = await fastingName();
    const reasons = (await options()).untestedReasons.length;
    const db = t.handle.db;
    await db.execute(
      sql`update glucose_periods set name_en = 'Fasting (renamed)' where tenant_id = '101' and code = 'fasting'`,
    );
    await db.execute(
      sql`update glucose_periods set is_active = false where tenant_id = '101' and code = 'earlyMorning'`,
    );
    await db.execute(sql`update dict_entries set is_active = false
      where tenant_id = '101' and type = 'untestedReason' and code = 'outOfRange'`);
    try {
      expect(await fastingName()).toBe('Fasting (renamed)');
      expect((await grid()).periods.map((p) => p.code)).not.toContain('earlyMorning');
      expect((await options()).untestedReasons).toHaveLength(reasons - 1);
    } finally {
      await db.execute(
        sql`update glucose_periods set name_en = ${before} where tenant_id = '101' and code = 'fasting'`,
      );
      await db.execute(
        sql`update glucose_periods set is_active = true where tenant_id = '101' and code = 'earlyMorning'`,
      );
      await db.execute(sql`update dict_entries set is_active = true
        where tenant_id = '101' and type = 'untestedReason' and code = 'outOfRange'`);
    }
    expect(await fastingName()).toBe(before);
    expect((await options()).untestedReasons).toHaveLength(reasons);
  });

  it('tells the entry form what it needs', async () => {
    const res = await api(
      'GET',
      `/v1/testRecord/entryOptions/${patient}?category=GLU`,
      nurse,
      undefined,
      'zh-CN',
    );
    expect(res.statusCode, res.body).toBe(200);
    const options = res.json().dataContent;
    expect(options.periods[1]).toMatchObject({ code: 'fasting', name: '空腹', startTime: '05:00' });
    expect(options.untestedReasons.map((r: { code: string }) => r.code)).toEqual([
      'outOfRange',
      'refused',
      'other',
    ]);
    expect(options.refusalReasons.length).toBeGreaterThan(0);
    expect(options.testers.map((u: { userName: string }) => u.userName)).toEqual(
      expect.arrayContaining(['nurse01', 'doctor01', 'admin']),
    );
    expect(options).toMatchObject({
      unit: { code: 'mmolL', min: 0.6, max: 33.3 },
      recordApproval: true,
      inHospital: true,
    });
    const mg = await api('GET', `/v1/testRecord/entryOptions/${p202}?category=GLU`, admin202);
    expect(mg.json().dataContent.unit).toMatchObject({ code: 'mgDl', min: 10, max: 600, precision: 0 });
  });
});

describe('one reading', () => {
  it('answers a reading by id, deleted ones included, in the request language', async () => {
    const reading = await enter(glucose({ period: 'beforeSleep', testTime: shanghaiAt(now, 9, '22:00') }));
    const res = await api('GET', `/v1/testRecord/${reading.id}`, doctor, undefined, 'zh-CN');
    expect(res.statusCode).toBe(200);
    expect(res.json().dataContent).toMatchObject({ id: reading.id, periodName: '睡前', version: 1 });
    await api('PUT', '/v1/testRecord/changeStatus', nurse, {
      recordId: reading.id,
      isActive: false,
      reason: 'entered twice',
      version: 1,
    });
    const deleted = await api('GET', `/v1/testRecord/${reading.id}`, nurse);
    expect(deleted.json().dataContent).toMatchObject({ deleteReason: 'entered twice', version: 2 });
    expect((await api('GET', '/v1/testRecord/abc', nurse)).statusCode).toBe(400);
  });
});

describe('scope, tenants and permissions', () => {
  let cardReading: Reading;
  let endoReading: Reading;
  beforeAll(async () => {
    cardReading = await enter(glucose({ patientId: card }), admin);
    endoReading = await enter(glucose());
  });

  it('answers 404 to an ENDO nurse for a CARD patient and reading, exactly as for a missing id', async () => {
    const missing = await api('GET', '/v1/testRecord/patient/999999', nurse);
    expect(missing.statusCode).toBe(404);
    const calls: [method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown][] = [
      ['GET', `/v1/testRecord/${cardReading.id}`],
      ['GET', `/v1/testRecord/patient/${card}`],
      ['GET', `/v1/testRecord/patient/pivot/${card}`],
      ['GET', `/v1/testRecord/entryOptions/${card}`],
      ['POST', '/v1/testRecord/customerRecord', glucose({ patientId: card })],
      [
        'POST',
        '/v1/testRecord/customerRecords',
        { patientId: card, records: [glucose({ patientId: undefined })] },
      ],
      ['PUT', '/v1/testRecord', { id: cardReading.id, version: 1, reason: 'typo', result: 5 }],
      [
        'PUT',
        '/v1/testRecord/changeStatus',
        { recordId: cardReading.id, isActive: false, reason: 'x1', version: 1 },
      ],
    ];
    for (const [method, url, body] of calls) {
      const res = await api(method, url, nurse, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
  });

  it('answers 404 to another tenant, exactly as for a missing id', async () => {
    const missing = await api('PUT', '/v1/testRecord', admin202, {
      id: 999999,
      version: 1,
      reason: 'typo',
      result: 5,
    });
    expect(missing.statusCode).toBe(404);
    const calls: [method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown][] = [
      ['GET', `/v1/testRecord/${endoReading.id}`],
      ['GET', `/v1/testRecord/patient/${endo}`],
      ['GET', `/v1/testRecord/patient/pivot/${endo}`],
      ['POST', '/v1/testRecord/customerRecord', glucose({ result: 100, unit: 'mgDl' })],
      ['PUT', '/v1/testRecord', { id: endoReading.id, version: 1, reason: 'typo', result: 100 }],
      ['PUT', '/v1/testRecord/data', { id: endoReading.id, version: 1, reason: 'typo', result: 100 }],
      [
        'PUT',
        '/v1/testRecord/changeStatus',
        { recordId: endoReading.id, isActive: false, reason: 'x1', version: 1 },
      ],
      [
        'PUT',
        '/v1/testRecord/data/changeStatus',
        { recordId: endoReading.id, isActive: false, reason: 'x1', version: 1 },
      ],
    ];
    for (const [method, url, body] of calls) {
      const res = await api(method, url, admin202, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
  });

  it('refuses roles without the permission (403)', async () => {
    expect((await api('POST', '/v1/testRecord/customerRecord', reviewer, glucose())).statusCode).toBe(403);
    expect(
      (await api('PUT', '/v1/testRecord', reviewer, { id: endoReading.id, version: 1, reason: 'xx' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await api('PUT', '/v1/testRecord/data', doctor, { id: endoReading.id, version: 1, reason: 'xx' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await api('POST', '/v1/testRecord/upload', doctor, { source: 'meter', records: [{}] })).statusCode,
    ).toBe(403);
    expect((await api('GET', `/v1/testRecord/patient/${endo}`, reviewer)).statusCode).toBe(200);
    expect((await api('GET', `/v1/testRecord/patient/${endo}`, '')).statusCode).toBe(401);
  });
});
