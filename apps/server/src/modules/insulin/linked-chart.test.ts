import { addDays, calendarDate, zonedInstant } from '@glucocare/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insulinPumps,
  insulinRecords,
  measurements,
  patients,
  pumpBasalProfiles,
  pumpBindings,
  pumpManufacturers,
} from '../../db/schema';
import { apiOf } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let nurse: string;
let admin202: string;
let endo: number;
let card: number;
let bare: number;
let aspart: number;
let glargine: number;
let nurseId: number;

const TZ = 'Asia/Shanghai';
const DAY1 = '2024-03-01';
const DAY2 = '2024-03-02';
const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return zonedInstant(date, h * 60 + m, TZ);
};
const iso = (date: string, hhmm: string) => at(date, hhmm).toISOString();

async function idOf(query: ReturnType<typeof sql>) {
  const { rows } = await t.handle.db.execute<{ id: string }>(query);
  return Number(rows[0]!.id);
}

async function admit(name: string, departmentCode: string) {
  const [row] = await t.handle.db
    .insert(patients)
    .values({
      tenantId: '101',
      name,
      gender: 'male',
      dateOfBirth: '1958-02-01',
      departmentCode,
      bed: '09',
      admittedAt: at('2024-02-20', '10:00'),
    })
    .returning({ id: patients.id });
  return row!.id;
}

function dose(patientId: number, givenAt: Date, values: Partial<typeof insulinRecords.$inferInsert>) {
  return {
    tenantId: '101',
    patientId,
    departmentCode: 'ENDO',
    drugId: aspart,
    drugNameZh: '门冬胰岛素注射液',
    drugNameEn: 'Insulin aspart injection',
    dose: 1,
    periodCode: 'breakfast',
    periodNameZh: '早餐',
    periodNameEn: 'Breakfast',
    givenAt,
    doctorId: nurseId,
    doctorName: 'Dr. Li Wei',
    nurseId,
    nurseName: 'Nurse Wang Fang',
    ...values,
  };
}

async function bind(pumpSerial: string, patientId: number, upAt: Date, downAt: Date | null) {
  const manufacturerId = await idOf(
    sql`select id from pump_manufacturers where tenant_id = '101' and code = 'LC-TEST'`,
  );
  const [pump] = await t.handle.db
    .insert(insulinPumps)
    .values({ tenantId: '101', serialNumber: pumpSerial, manufacturerId, departmentCode: 'ENDO' })
    .returning({ id: insulinPumps.id });
  const [binding] = await t.handle.db
    .insert(pumpBindings)
    .values({
      tenantId: '101',
      pumpId: pump!.id,
      patientId,
      departmentCode: 'ENDO',
      upAt,
      downAt,
      executorId: nurseId,
      executorName: 'Nurse Wang Fang',
    })
    .returning({ id: pumpBindings.id });
  return binding!.id;
}

async function profile(bindingId: number, effectiveAt: Date, segments: { start: string; rate: number }[]) {
  await t.handle.db.insert(pumpBasalProfiles).values({
    tenantId: '101',
    bindingId,
    effectiveAt,
    segments,
    setById: nurseId,
    setByName: 'Nurse Wang Fang',
  });
}

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  [admin, nurse, admin202] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
  nurseId = await idOf(sql`select id from users where tenant_id = '101' and user_name = 'nurse01'`);
  aspart = await idOf(
    sql`select id from drugs where tenant_id = '101' and name_en = 'Insulin aspart injection'`,
  );
  glargine = await idOf(
    sql`select id from drugs where tenant_id = '101' and name_en = 'Insulin glargine injection'`,
  );
  endo = await admit('Linked Chart Patient', 'ENDO');
  card = await admit('Linked Chart Cardiology', 'CARD');
  bare = await admit('Linked Chart No Insulin', 'ENDO');

  const glu = (
    value: number,
    date: string,
    time: string,
    extra: Partial<typeof measurements.$inferInsert> = {},
  ) => ({
    tenantId: '101',
    patientId: endo,
    departmentCode: 'ENDO',
    item: 'GLU' as const,
    periodCode: 'fasting',
    testTime: at(date, time),
    value,
    classification: value > 10 ? 'high' : 'normal',
    ...extra,
  });
  await t.handle.db
    .insert(measurements)
    .values([
      glu(6.2, DAY1, '07:00'),
      glu(11.4, DAY1, '09:30', { periodCode: 'afterBreakfast' }),
      glu(5.1, DAY2, '07:05'),
      glu(30, DAY2, '08:00', { deletedAt: new Date() }),
      glu(7, '2024-02-29', '23:59'),
      glu(7, '2024-03-03', '00:00'),
      { ...glu(0.4, DAY1, '08:00'), item: 'KET' as const },
    ]);
  await t.handle.db.insert(insulinRecords).values([
    dose(endo, at(DAY1, '07:30'), { dose: 8, bolusDose: 6, correctionDose: 2 }),
    dose(endo, at(DAY1, '21:00'), {
      drugId: glargine,
      drugNameZh: '甘精胰岛素注射液',
      drugNameEn: 'Insulin glargine injection',
      dose: 10,
      basalDose: 10,
      periodCode: 'bedtime',
      periodNameZh: '睡前',
      periodNameEn: 'Bedtime',
    }),
    dose(endo, at(DAY2, '12:00'), {
      dose: 5,
      periodCode: 'lunch',
      periodNameZh: '午餐',
      periodNameEn: 'Lunch',
    }),
    dose(endo, at(DAY2, '13:00'), { dose: 9, deletedAt: new Date(), deleteReason: 'entered twice' }),
    dose(card, at(DAY1, '07:30'), { dose: 4, departmentCode: 'CARD' }),
  ]);

  await t.handle.db
    .insert(pumpManufacturers)
    .values({ tenantId: '101', code: 'LC-TEST', nameEn: 'Linked chart pumps' });
  // binding 1: up the day before, a profile change at noon of day 1, down at 06:00 of day 2
  const first = await bind('LC-0001', endo, at('2024-02-29', '10:00'), at(DAY2, '06:00'));
  await profile(first, at('2024-02-29', '10:00'), [
    { start: '08:00', rate: 1.0 },
    { start: '00:00', rate: 0.8 },
  ]);
  await profile(first, at(DAY1, '12:00'), [{ start: '00:00', rate: 0.5 }]);
  // binding 2: another pump from 18:00 of day 2, still worn
  const second = await bind('LC-0002', endo, at(DAY2, '18:00'), null);
  await profile(second, at(DAY2, '18:00'), [
    { start: '00:00', rate: 1.2 },
    { start: '22:00', rate: 0.9 },
  ]);
});
afterAll(() => t.close());

async function chart(patientId: number, query: string, token = nurse, lang?: string) {
  const res = await api('GET', `/v1/insulinRecord/linkedChart/${patientId}?${query}`, token, undefined, lang);
  return { status: res.statusCode, body: res.json() };
}

describe('GET /v1/insulinRecord/linkedChart/{id}', () => {
  it('answers the readings, the doses with their parts, the band and the time zone of the range', async () => {
    const { status, body } = await chart(endo, `beginDate=${DAY1}&endDate=${DAY2}`);
    expect(status, JSON.stringify(body)).toBe(200);
    const data = body.dataContent;
    expect(data).toMatchObject({
      patientId: endo,
      timeZone: TZ,
      range: { beginDate: DAY1, endDate: DAY2, from: iso(DAY1, '00:00'), to: iso('2024-03-03', '00:00') },
      hasInsulin: true,
    });
    // GLU only, live, with a value, inside the days: earliest first, as stored
    expect(
      data.readings.map((r: { value: number; testTime: string; classification: string }) => [
        r.value,
        r.testTime,
        r.classification,
      ]),
    ).toEqual([
      [6.2, iso(DAY1, '07:00'), 'normal'],
      [11.4, iso(DAY1, '09:30'), 'high'],
      [5.1, iso(DAY2, '07:05'), 'normal'],
    ]);
    expect(data.doses).toEqual([
      expect.objectContaining({
        givenAt: iso(DAY1, '07:30'),
        dose: 8,
        basalDose: null,
        bolusDose: 6,
        correctionDose: 2,
        drugName: 'Insulin aspart injection',
        periodName: 'Breakfast',
        status: 'unconfirmed',
      }),
      expect.objectContaining({
        givenAt: iso(DAY1, '21:00'),
        dose: 10,
        basalDose: 10,
        drugName: 'Insulin glargine injection',
      }),
      expect.objectContaining({
        givenAt: iso(DAY2, '12:00'),
        dose: 5,
        basalDose: null,
        bolusDose: null,
        correctionDose: null,
      }),
    ]);
    // the seeded ENDO glucose target (the same band as the glucose trend charts)
    const trend = await api(
      'GET',
      `/v1/gluDataAnalysis/bloodGlucoseTrend?patientId=${endo}&beginDate=${DAY1}&endDate=${DAY2}`,
      nurse,
    );
    expect(data.band).toEqual(trend.json().dataContent.band);
    expect(data.band).not.toBeNull();

    const zh = await chart(endo, `beginDate=${DAY1}&endDate=${DAY2}`, nurse, 'zh-CN');
    expect(zh.body.dataContent.doses[0]).toMatchObject({ drugName: '门冬胰岛素注射液', periodName: '早餐' });
  });

  it('lays the pump basal rate out as steps clipped to the range, a profile change and each down-pump', async () => {
    const { body } = await chart(endo, `beginDate=${DAY1}&endDate=${DAY2}`);
    expect(body.dataContent.basal).toEqual([
      // profile 1 from before the range: clipped to its start
      { from: iso(DAY1, '00:00'), to: iso(DAY1, '08:00'), rate: 0.8 },
      { from: iso(DAY1, '08:00'), to: iso(DAY1, '12:00'), rate: 1 },
      // profile 2 from noon until the down-pump, over midnight in one step
      { from: iso(DAY1, '12:00'), to: iso(DAY2, '06:00'), rate: 0.5 },
      // no pump 06:00-18:00; the second pump to the end of the range
      { from: iso(DAY2, '18:00'), to: iso(DAY2, '22:00'), rate: 1.2 },
      { from: iso(DAY2, '22:00'), to: iso('2024-03-03', '00:00'), rate: 0.9 },
    ]);
    const one = await chart(endo, `beginDate=${DAY2}&endDate=${DAY2}`);
    expect(one.body.dataContent.basal).toEqual([
      { from: iso(DAY2, '00:00'), to: iso(DAY2, '06:00'), rate: 0.5 },
      { from: iso(DAY2, '18:00'), to: iso(DAY2, '22:00'), rate: 1.2 },
      { from: iso(DAY2, '22:00'), to: iso('2024-03-03', '00:00'), rate: 0.9 },
    ]);
    expect(one.body.dataContent.doses).toHaveLength(1);
    const before = await chart(endo, 'beginDate=2024-02-21&endDate=2024-02-28');
    expect(before.body.dataContent).toMatchObject({ basal: [], doses: [], readings: [], hasInsulin: true });
  });

  it('takes 1, 3, 7 or 14 days ending today in the hospital calendar (default 3)', async () => {
    const today = calendarDate(t.clock.now, TZ);
    for (const [query, days] of [
      ['days=1', 1],
      ['days=7', 7],
      ['days=14', 14],
      ['', 3],
    ] as const) {
      const { status, body } = await chart(endo, query);
      expect(status).toBe(200);
      expect(body.dataContent.range).toMatchObject({ beginDate: addDays(today, 1 - days), endDate: today });
    }
    const none = await chart(bare, 'days=14');
    expect(none.body.dataContent).toMatchObject({ hasInsulin: false, doses: [], basal: [] });
  });

  it('refuses other day counts and over-long or half ranges with field errors in both languages', async () => {
    const errors = async (query: string) => {
      const en = await chart(endo, query, nurse, 'en-US');
      const zh = await chart(endo, query, nurse, 'zh-CN');
      expect(en.status).toBe(400);
      expect(zh.status).toBe(400);
      return [en.body.dataContent.errors, zh.body.dataContent.errors];
    };
    expect(await errors('days=5')).toEqual([
      [{ field: 'days', message: 'Days must be 1, 3, 7 or 14' }],
      [{ field: 'days', message: '天数只能是 1、3、7 或 14' }],
    ]);
    expect(await errors('beginDate=2024-01-01&endDate=2024-03-01')).toEqual([
      [{ field: 'endDate', message: 'The chart may span at most 31 days' }],
      [{ field: 'endDate', message: '联动图最多显示 31 天' }],
    ]);
    expect((await errors(`beginDate=${DAY1}`))[0]).toEqual([
      { field: 'endDate', message: 'Give both the start and the end date, or neither' },
    ]);
  });

  it('answers 404 outside the department scope and for another tenant, as for a missing id', async () => {
    expect((await chart(card, 'days=3', nurse)).status).toBe(404);
    expect((await chart(card, 'days=3', admin)).status).toBe(200);
    expect((await chart(endo, 'days=3', admin202)).status).toBe(404);
    expect((await chart(999_999_999, 'days=3', admin)).status).toBe(404);
  });
});

describe('insulin on the record screens', () => {
  const RANGE = `beginDate=${DAY1}&endDate=${DAY2}`;
  const record = async (screen: string, patientId: number, query = RANGE, token = nurse) => {
    const res = await api('GET', `/v1/records/${screen}?id=${patientId}&${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().dataContent;
  };

  it('/record (glucose) carries the insulin of its days per insulin period with the daily totals', async () => {
    const data = await record('glucose', endo);
    expect(data.insulin.rows.map((r: { date: string }) => r.date)).toEqual([DAY1, DAY2]);
    const [day1, day2] = data.insulin.rows;
    expect(day1.cells.breakfast.map((d: { dose: number }) => d.dose)).toEqual([8]);
    expect(day1.cells.bedtime.map((d: { dose: number }) => d.dose)).toEqual([10]);
    expect(day1.totals).toMatchObject({ basal: 10, bolus: 6, correction: 2, total: 18 });
    expect(day2.totals).toMatchObject({ total: 5, count: 1 });
    // no insulin in the days, or the ketone record: none
    expect((await record('glucose', endo, 'beginDate=2024-02-21&endDate=2024-02-28')).insulin).toBeNull();
    expect((await record('ketone', endo)).insulin).toBeNull();
    expect((await record('glucose', bare)).insulin).toBeNull();
  });

  it('/trend carries the insulin table and the linked chart when the patient has insulin', async () => {
    const data = await record('trend', endo);
    expect(data.insulin.rows).toHaveLength(2);
    expect(data.linked).toMatchObject({ range: { beginDate: DAY1, endDate: DAY2 }, hasInsulin: true });
    expect(data.linked.doses).toHaveLength(3);
    expect(data.linked.basal).toHaveLength(5);
    const none = await record('trend', bare);
    expect(none).toMatchObject({ insulin: null, linked: null });
  });

  it('/record/linked prints the chart of a range (its last 31 days at most) in scope only', async () => {
    const data = await record('linked', endo);
    expect(data.chart.readings).toHaveLength(3);
    expect(data.range).toEqual({ beginDate: DAY1, endDate: DAY2, isStay: false });
    expect(data.insulin.rows).toHaveLength(2);
    const long = await record('linked', endo, 'beginDate=2024-01-01&endDate=2024-03-02');
    expect(long.range).toMatchObject({ beginDate: '2024-02-01', endDate: DAY2 });
    const res = await api('GET', `/v1/records/linked?id=${card}&${RANGE}`, nurse);
    expect(res.statusCode).toBe(404);
    const other = await api('GET', `/v1/records/linked?id=${endo}&${RANGE}`, admin202);
    expect(other.statusCode).toBe(404);
  });

  it('/record/linked needs the session or a signed link for exactly its patient and range', async () => {
    const bare = await t.request({
      method: 'GET',
      url: `/app-service/v1/records/linked?id=${endo}&${RANGE}`,
    });
    expect(bare.statusCode).toBe(401);
    const link = await api('POST', '/v1/recordLinks', nurse, {
      screen: 'linked',
      id: String(endo),
      beginDate: DAY1,
      endDate: DAY2,
    });
    expect(link.statusCode, link.body).toBe(200);
    const url: string = link.json().dataContent.url;
    expect(url.startsWith('/record/linked?')).toBe(true);
    const query = new URLSearchParams(url.split('?')[1]);
    const signed = await t.request({
      method: 'GET',
      url: `/app-service/v1/records/linked?${query.toString()}`,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().dataContent.chart.doses).toHaveLength(3);
    query.set('beginDate', '2024-02-29');
    const widened = await t.request({
      method: 'GET',
      url: `/app-service/v1/records/linked?${query.toString()}`,
    });
    expect(widened.statusCode).toBe(403);
  });
});
