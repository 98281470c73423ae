import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { insertPatient, periodOfTime, shanghaiAt } from '../measurements/test-support';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let admin202: string;
let now: Date;

async function setting(path: string, value: unknown, token = admin) {
  const res = await api('POST', `/v1/virtualward/setting/${path}`, token, { value });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  now = t.clock.now;
  [admin, admin202] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
  await setting('managingDepartment', 'ENDO');
  await setting('isAutoJoinVirtualRoom', true);
  await setting('gluMinValue', 11.1);
});
afterAll(() => t.close());

type StayRow = {
  id: string;
  source: string;
  join_count: number;
  trigger_kind: string | null;
  trigger_value: number | null;
  trigger_measurement_id: string | null;
  ward_department_code: string;
  managing_department_code: string;
  suggestion: string;
  exited_at: string | null;
};

async function staysOf(patientId: number, tenantId = '101'): Promise<StayRow[]> {
  const { rows } = await t.handle.db.execute<StayRow>(sql`
    select id, source, join_count, trigger_kind, trigger_value, trigger_measurement_id, ward_department_code,
           managing_department_code, suggestion, exited_at
      from virtual_ward_stays where tenant_id = ${tenantId} and patient_id = ${patientId} order by id`);
  return rows;
}

async function enter(
  patientId: number,
  days: number,
  time: string,
  result: number,
  extra = {},
  lang?: string,
) {
  const testTime = shanghaiAt(now, days, time);
  const res = await api(
    'POST',
    '/v1/testRecord/customerRecord',
    admin,
    { category: 'GLU', patientId, period: periodOfTime(testTime), testTime, result, unit: 'mmolL', ...extra },
    lang,
  );
  expect(res.statusCode, res.body).toBe(200);
  const reading = res.json().dataContent as { id: number; version: number };
  const { rows } = await t.handle.db.execute<{ classification: string | null }>(
    sql`select classification from measurements where tenant_id = '101' and id = ${reading.id}`,
  );
  return { ...reading, classification: rows[0]?.classification ?? null };
}

describe('auto join at entry', () => {
  it('joins a patient of another ward at the threshold, linked to the reading, worded, audited', async () => {
    const patient = await insertPatient(t, { name: 'Auto Card', departmentCode: 'CARD' });
    const reading = await enter(patient, 1, '07:00', 11.1);
    const [stay, ...more] = await staysOf(patient);
    expect(more).toEqual([]);
    expect(stay).toMatchObject({
      source: 'auto',
      join_count: 1,
      trigger_kind: 'glucose',
      trigger_value: 11.1,
      trigger_measurement_id: String(reading.id),
      ward_department_code: 'CARD',
      managing_department_code: 'ENDO',
      suggestion: 'Auto join: glucose 11.1 mmol/L ≥ 11.1 mmol/L',
      exited_at: null,
    });
    const audit = await auditRows(t, 'virtualWardStay', Number(stay!.id), 'autoJoin');
    expect(audit).toHaveLength(1);
    // a second high reading keeps the one stay
    await enter(patient, 1, '10:00', 15);
    expect(await staysOf(patient)).toHaveLength(1);
  });

  it('words the suggestion in the writer’s language with the value as entered (mg/dL)', async () => {
    const patient = await insertPatient(t, { name: 'Auto Mg', departmentCode: 'NEPH' });
    await enter(patient, 1, '07:00', 216, { unit: 'mgDl' }, 'zh-CN');
    const [stay] = await staysOf(patient);
    expect(stay?.suggestion).toBe('自动入组：血糖 216 mg/dL ≥ 11.1 mmol/L');
  });

  it('leaves alone a value below the threshold and an inpatient of the managing department', async () => {
    const below = await insertPatient(t, { name: 'Below', departmentCode: 'CARD' });
    await enter(below, 1, '07:00', 11.0);
    expect(await staysOf(below)).toEqual([]);
    const own = await insertPatient(t, { name: 'Own Endo', departmentCode: 'ENDO' });
    await enter(own, 1, '07:00', 20);
    expect(await staysOf(own)).toEqual([]);
  });

  it('joins on a correction that crosses the threshold', async () => {
    const patient = await insertPatient(t, { name: 'Corrected', departmentCode: 'GSURG' });
    const reading = await enter(patient, 2, '07:00', 6.0);
    expect(await staysOf(patient)).toEqual([]);
    const res = await api('PUT', '/v1/testRecord', admin, {
      id: reading.id,
      version: reading.version,
      reason: 'Typing error',
      result: 16.0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await staysOf(patient)).toMatchObject([{ trigger_measurement_id: String(reading.id) }]);
  });

  it('re-joins after an exit, counting the stays', async () => {
    const patient = await insertPatient(t, { name: 'Again', departmentCode: 'CARD' });
    await enter(patient, 3, '07:00', 13);
    const [first] = await staysOf(patient);
    const exit = await api('POST', '/v1/virtualward/exit', admin, {
      stayIds: [Number(first!.id)],
      reason: 'Stable',
    });
    expect(exit.statusCode, exit.body).toBe(200);
    await enter(patient, 1, '07:00', 14);
    expect((await staysOf(patient)).map((stay) => stay.join_count)).toEqual([1, 2]);
  });

  it("follows each tenant's own settings (tenant 202: off)", async () => {
    const patient = await insertPatient(t, { tenantId: '202', name: 'Riverside', departmentCode: 'IM' });
    const testTime = shanghaiAt(now, 1, '07:00');
    const res = await api('POST', '/v1/testRecord/customerRecord', admin202, {
      category: 'GLU',
      patientId: patient,
      period: periodOfTime(testTime),
      testTime,
      result: 25,
      unit: 'mmolL',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await staysOf(patient, '202')).toEqual([]);
  });
});

describe('auto join at meter upload', () => {
  it('leaves exactly one stay when 20 uploads of triggering readings race', async () => {
    const patient = await insertPatient(t, {
      name: 'Race',
      departmentCode: 'ICU',
      wristbandCode: 'WB-VW-RACE',
    });
    const uploads = Array.from({ length: 20 }, (_, index) =>
      api('POST', '/v1/testRecord/upload', admin, {
        source: 'meter',
        records: [
          {
            deviceSerial: 'MTR-VW-RACE',
            deviceRecordNo: `VW-RACE-${index}`,
            category: 'GLU',
            testTime: shanghaiAt(now, 4, `06:${String(10 + index).padStart(2, '0')}`),
            result: 12 + index / 10,
            unit: 'mmolL',
            wristbandCode: 'WB-VW-RACE',
            operator: 'admin',
          },
        ],
      }),
    );
    const answers = await Promise.all(uploads);
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().dataContent).toMatchObject({ accepted: 1 });
    }
    const stays = await staysOf(patient);
    expect(stays).toHaveLength(1);
    expect(stays[0]).toMatchObject({ source: 'auto', join_count: 1 });
  });
});

describe('switched off', () => {
  it('joins nothing while auto join is off, and again once it is on', async () => {
    await setting('isAutoJoinVirtualRoom', false);
    const patient = await insertPatient(t, { name: 'Off', departmentCode: 'CARD' });
    await enter(patient, 5, '07:00', 20);
    expect(await staysOf(patient)).toEqual([]);
    await setting('isAutoJoinVirtualRoom', true);
    await enter(patient, 5, '10:00', 20);
    expect(await staysOf(patient)).toHaveLength(1);
  });
});

describe('virtual-ward critical values at write', () => {
  // demo crisis seed: item GLU critical 2.8 / 22.2 mmol/L, virtual ward GLU critical 3.0 / 16.7 mmol/L
  it('classifies a virtual-ward patient with the virtual-ward limits, another patient with the item limits', async () => {
    await setting('isAutoJoinVirtualRoom', false);
    const member = await insertPatient(t, { name: 'VW Critical', departmentCode: 'CARD' });
    const joined = await api('POST', '/v1/virtualward/join', admin, {
      patientId: member,
      joinedAt: shanghaiAt(now, 6, '06:00'),
      suggestion: 'Watch for hypoglycaemia',
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const other = await insertPatient(t, { name: 'Ward Only', departmentCode: 'CARD' });
    expect((await enter(member, 1, '07:00', 2.9)).classification).toBe('criticalLow');
    expect((await enter(other, 1, '07:00', 2.9)).classification).toBe('low');
    expect((await enter(member, 1, '10:00', 17.0)).classification).toBe('criticalHigh');
    expect((await enter(other, 1, '10:00', 17.0)).classification).toBe('high');
    // a critical event is opened for the virtual-ward patient's reading only
    const { rows } = await t.handle.db.execute<{ patient_id: string }>(sql`
      select patient_id from critical_events where tenant_id = '101' and patient_id in (${member}, ${other})`);
    expect(rows.map((row) => Number(row.patient_id))).toEqual([member, member]);
    // after the exit the item limits apply again (membership is judged when the reading is written; a
    // reading of yesterday, so that the test holds at any hour, also just after midnight)
    const stay = joined.json().dataContent;
    await api('POST', '/v1/virtualward/exit', admin, { stayIds: [stay.id], reason: 'Stable' });
    expect((await enter(member, 1, '08:00', 2.9)).classification).toBe('low');
    await setting('isAutoJoinVirtualRoom', true);
  });
});
