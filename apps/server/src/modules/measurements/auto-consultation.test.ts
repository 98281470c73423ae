import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf, auditRows } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { insertPatient, periodOfTime, shanghaiAt } from './test-support';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let admin202: string;
let now: Date;

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  now = t.clock.now;
  [admin, admin202] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
  // the hospital's switch on; fasting, random and ketone on, postprandial off: endocrinology is consulted
  const on = await api('POST', '/v1/systemSetting/enable', admin, { key: 'autoConsultation', value: true });
  expect(on.statusCode, on.body).toBe(200);
  const res = await api('POST', '/v1/autoConsultation/multi', admin, [
    { item: 'fastingGlucose', enabled: true, minValue: 3.9, maxValue: 10, consultDepartmentCode: 'ENDO' },
    { item: 'randomGlucose', enabled: true, minValue: 3.9, maxValue: 16.7, consultDepartmentCode: 'ENDO' },
    {
      item: 'postprandialGlucose',
      enabled: false,
      minValue: 3.9,
      maxValue: 13.9,
      consultDepartmentCode: 'ENDO',
    },
    { item: 'ketone', enabled: true, maxValue: 1.5, consultDepartmentCode: 'ENDO' },
  ]);
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t.close());

type Consultation = {
  id: string;
  source: string;
  status: string;
  trigger_item: string;
  trigger_date: string;
  trigger_measurement_id: string;
  request_department_code: string;
  request_doctor_name: string | null;
  consult_department_code: string;
  description: string;
  urgency: string;
};

async function consultationsOf(patientId: number, tenantId = '101'): Promise<Consultation[]> {
  const { rows } = await t.handle.db.execute<Consultation>(sql`
    select id, source, status, trigger_item, trigger_date::text as trigger_date, trigger_measurement_id,
           request_department_code, request_doctor_name, consult_department_code, description, urgency
      from consultations where tenant_id = ${tenantId} and patient_id = ${patientId} order by id`);
  return rows;
}

/** A cardiology patient (doctor01's) of its own, so each test counts only its consultations. */
async function cardiologyPatient(extra: { wristbandCode?: string } = {}) {
  const id = await insertPatient(t, { name: 'Card Patient', departmentCode: 'CARD', ...extra });
  await t.handle.db.execute(
    sql`update patients set doctor_code = 'doctor01' where tenant_id = '101' and id = ${id}`,
  );
  return id;
}

async function enter(patientId: number, days: number, time: string, result: number, extra = {}) {
  const testTime = shanghaiAt(now, days, time);
  const res = await api('POST', '/v1/testRecord/customerRecord', admin, {
    category: 'GLU',
    patientId,
    period: periodOfTime(testTime),
    testTime,
    result,
    unit: 'mmolL',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dataContent as { id: number; version: number; testTime: string };
}

const dateOf = (days: number) => shanghaiAt(now, days, '07:00').slice(0, 10);

describe('auto consultation at entry', () => {
  it('raises one request to the consulting department at the threshold, linked to the reading, audited', async () => {
    const patient = await cardiologyPatient();
    const reading = await enter(patient, 1, '07:00', 10.0);
    const [raised, ...more] = await consultationsOf(patient);
    expect(more).toEqual([]);
    expect(raised).toMatchObject({
      source: 'auto',
      status: 'inProgress',
      trigger_item: 'fastingGlucose',
      trigger_date: dateOf(1),
      trigger_measurement_id: String(reading.id),
      request_department_code: 'CARD',
      consult_department_code: 'ENDO',
      urgency: 'routine',
    });
    expect(raised!.request_doctor_name).toBeTruthy();
    expect(raised!.description).toContain('10 mmol/L ≥ 10');
    const audit = await auditRows(t, 'consultation', Number(raised!.id), 'create');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ after: { source: 'auto', triggerItem: 'fastingGlucose' } });
  });

  it('raises once per patient, trigger and hospital day', async () => {
    const patient = await cardiologyPatient();
    await enter(patient, 2, '06:30', 12.4);
    await enter(patient, 2, '07:30', 14.0);
    expect(await consultationsOf(patient)).toHaveLength(1);
    // another trigger the same day, and the same trigger the next day, each raise their own
    await enter(patient, 2, '22:00', 18.2);
    await enter(patient, 1, '06:45', 11.0);
    const all = await consultationsOf(patient);
    expect(all.map((c) => [c.trigger_item, c.trigger_date])).toEqual([
      ['fastingGlucose', dateOf(2)],
      ['randomGlucose', dateOf(2)],
      ['fastingGlucose', dateOf(1)],
    ]);
  });

  it('compares a value entered in mg/dL in mmol/L and keeps it as entered in the description', async () => {
    const patient = await cardiologyPatient();
    await enter(patient, 3, '07:00', 180, { unit: 'mgDl' });
    const [raised] = await consultationsOf(patient);
    expect(raised?.trigger_item).toBe('fastingGlucose');
    expect(raised?.description).toContain('180 mg/dL');
    const below = await cardiologyPatient();
    await enter(below, 3, '07:00', 179, { unit: 'mgDl' });
    expect(await consultationsOf(below)).toEqual([]);
  });

  it('stays silent inside the thresholds, for a trigger switched off, for the own department and without a value', async () => {
    const patient = await cardiologyPatient();
    await enter(patient, 4, '07:00', 9.9);
    await enter(patient, 4, '12:00', 4.0);
    // postprandial is switched off: 20 after lunch raises nothing
    await enter(patient, 4, '14:00', 20.0);
    await enter(patient, 4, '23:00', 4.5);
    expect(await consultationsOf(patient)).toEqual([]);
    const endo = await insertPatient(t, { name: 'Endo Patient', departmentCode: 'ENDO' });
    await enter(endo, 4, '07:00', 15.0);
    expect(await consultationsOf(endo)).toEqual([]);
  });

  it('marks a request raised by a critical reading urgent, and hypoglycaemia crosses the low threshold', async () => {
    const patient = await cardiologyPatient();
    await enter(patient, 5, '07:00', 2.1);
    const [raised] = await consultationsOf(patient);
    expect(raised).toMatchObject({ trigger_item: 'fastingGlucose', urgency: 'urgent' });
    expect(raised?.description).toContain('2.1 mmol/L ≤ 3.9');
  });

  it('raises on a correction that crosses a threshold', async () => {
    const patient = await cardiologyPatient();
    const reading = await enter(patient, 6, '07:00', 6.0);
    expect(await consultationsOf(patient)).toEqual([]);
    const res = await api('PUT', '/v1/testRecord', admin, {
      id: reading.id,
      version: reading.version,
      reason: 'Typing error',
      result: 16.0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await consultationsOf(patient)).toMatchObject([
      { trigger_item: 'fastingGlucose', trigger_measurement_id: String(reading.id) },
    ]);
  });

  it("follows each tenant's own settings", async () => {
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
    expect(await consultationsOf(patient, '202')).toEqual([]);
  });
});

describe('auto consultation at meter upload', () => {
  it('leaves exactly one request when 20 uploads of triggering readings race', async () => {
    const patient = await cardiologyPatient({ wristbandCode: 'WB-RACE' });
    const uploads = Array.from({ length: 20 }, (_, index) =>
      api('POST', '/v1/testRecord/upload', admin, {
        source: 'meter',
        records: [
          {
            deviceSerial: 'MTR-RACE',
            deviceRecordNo: `RACE-${index}`,
            category: 'GLU',
            testTime: shanghaiAt(now, 7, `06:${String(10 + index).padStart(2, '0')}`),
            result: 12 + index / 10,
            unit: 'mmolL',
            wristbandCode: 'WB-RACE',
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
    const raised = await consultationsOf(patient);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ trigger_item: 'fastingGlucose', trigger_date: dateOf(7) });
  });

  it('raises a ketone request from an uploaded ketone reading, and one per trigger within a batch', async () => {
    const patient = await cardiologyPatient({ wristbandCode: 'WB-KET' });
    const record = (no: string, category: string, time: string, result: number) => ({
      deviceSerial: 'MTR-KET',
      deviceRecordNo: no,
      category,
      testTime: shanghaiAt(now, 8, time),
      result,
      unit: 'mmolL',
      wristbandCode: 'WB-KET',
      operator: 'admin',
    });
    const res = await api('POST', '/v1/testRecord/upload', admin, {
      source: 'meter',
      records: [
        record('K1', 'KET', '08:00', 2.4),
        record('K2', 'KET', '09:00', 3.1),
        record('K3', 'KET', '10:00', 0.4),
        record('G1', 'GLU', '07:00', 13.3),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dataContent).toMatchObject({ accepted: 4 });
    const raised = await consultationsOf(patient);
    expect(raised.map((c) => c.trigger_item).sort()).toEqual(['fastingGlucose', 'ketone']);
    // the earliest triggering ketone reading is the one linked
    const { rows } = await t.handle.db.execute<{ device_record_no: string }>(sql`
      select m.device_record_no from measurements m join consultations c
        on c.tenant_id = m.tenant_id and c.trigger_measurement_id = m.id
       where c.tenant_id = '101' and c.patient_id = ${patient} and c.trigger_item = 'ketone'`);
    expect(rows).toEqual([{ device_record_no: 'K1' }]);
  });
});

describe('the hospital switch', () => {
  it('raises nothing while auto consultation is switched off, and again once it is on', async () => {
    const off = await api('POST', '/v1/systemSetting/enable', admin, {
      key: 'autoConsultation',
      value: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    const patient = await cardiologyPatient();
    await enter(patient, 9, '07:00', 15.0);
    expect(await consultationsOf(patient)).toEqual([]);
    await api('POST', '/v1/systemSetting/enable', admin, { key: 'autoConsultation', value: true });
    await enter(patient, 9, '08:00', 15.5);
    expect(await consultationsOf(patient)).toHaveLength(1);
  });
});
