import { type GlucometricReading, monthlyOutcomes } from '@glucocare/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { insertPatient } from '../measurements/test-support';

/*
 * Outcomes as patient-days through HTTP on readings worked out by hand (the rules: domain
 * virtual-ward/glucometrics.ts). The readings lie in 2023-2024, long before the demo seed's months (it
 * writes months before today), so the figures here are the test's own. Stays are written straight into
 * the table: joining is another module's API.
 */

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let endoNurse: string;
let admin202: string;
let p1: number;
let p2: number;
let p3: number;
let stayId: number;

async function reading(
  patientId: number,
  departmentCode: string,
  at: string,
  value: number,
  tenantId = '101',
) {
  await t.handle.db.execute(sql`
    insert into measurements (tenant_id, patient_id, department_code, item, period_code, test_time, value,
                              entered_value, entered_unit, classification)
    values (${tenantId}, ${patientId}, ${departmentCode}, 'GLU', 'random', ${at}::timestamptz, ${value}, ${value},
            'mmol/L', 'normal')`);
}

async function insertStay(patientId: number, joinedAt: string, exitedAt: string | null, ward = 'CARD') {
  const { rows } = await t.handle.db.execute<{ id: string }>(sql`
    insert into virtual_ward_stays (tenant_id, patient_id, join_count, joined_at, ward_department_code,
                                    managing_department_code, suggestion, exited_at, exit_reason)
    values ('101', ${patientId}, 1, ${joinedAt}::timestamptz, ${ward}, 'ENDO', 'Basal insulin',
            ${exitedAt}::timestamptz, ${exitedAt ? 'Glucose controlled' : null})
    returning id`);
  return Number(rows[0]?.id);
}

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  [admin, endoNurse, admin202] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
  p1 = await insertPatient(t, { name: 'Outcome One', departmentCode: 'CARD', inpatientNumber: 'O-1' });
  p2 = await insertPatient(t, { name: 'Outcome Two', departmentCode: 'CARD', inpatientNumber: 'O-2' });
  p3 = await insertPatient(t, { name: 'Outcome Three', departmentCode: 'GSURG', inpatientNumber: 'O-3' });
  // p1 joins at noon on 1 March 2024 and leaves at midnight starting 10 April 2024 (Shanghai)
  stayId = await insertStay(p1, '2024-03-01T12:00:00+08:00', '2024-04-10T00:00:00+08:00');
  // p1, before joining: 28 Feb 8.0; 1 March 08:00 15.0
  await reading(p1, 'CARD', '2024-02-28T08:00:00+08:00', 8);
  await reading(p1, 'CARD', '2024-03-01T08:00:00+08:00', 15);
  // p1 in the stay: 1 March 13:00 and 23:59 exactly 12.5 twice; 2 March 00:00 3.8 (alone that day);
  // 9 April 2.1
  await reading(p1, 'CARD', '2024-03-01T13:00:00+08:00', 12.5);
  await reading(p1, 'CARD', '2024-03-01T23:59:00+08:00', 12.5);
  await reading(p1, 'CARD', '2024-03-02T00:00:00+08:00', 3.8);
  await reading(p1, 'CARD', '2024-04-09T10:00:00+08:00', 2.1);
  // p1 after the exit: 10 April 6.0
  await reading(p1, 'CARD', '2024-04-10T08:00:00+08:00', 6);
  // p2 (cardiology, never in the virtual ward): 5 March 5.0 and 9.0
  await reading(p2, 'CARD', '2024-03-05T08:00:00+08:00', 5);
  await reading(p2, 'CARD', '2024-03-05T12:00:00+08:00', 9);
  // p3 (general surgery): 10 March 11.0 and exactly 3.9
  await reading(p3, 'GSURG', '2024-03-10T08:00:00+08:00', 11);
  await reading(p3, 'GSURG', '2024-03-10T12:00:00+08:00', 3.9);
  // another tenant's patient in the same month
  const other = await insertPatient(t, { tenantId: '202', name: 'Elsewhere', departmentCode: 'IM' });
  await reading(other, 'IM', '2024-03-03T08:00:00+08:00', 2, '202');
});
afterAll(() => t.close());

type Outcome = {
  patientDays: number;
  hypoDays: number;
  severeHypoDays: number;
  hyperDays: number;
  goalDays: number;
  hypoShare: number | null;
  severeHypoShare: number | null;
  hyperShare: number | null;
  goalShare: number | null;
  meanPerPatientDay: number | null;
  readings: number;
  patients: number;
};
type Outcomes = { months: (Outcome & { month: string })[]; total: Outcome; departmentName: string | null };

async function outcomes(query: string, token = admin): Promise<Outcomes> {
  const res = await api('GET', `/v1/virtualward/outcomes?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dataContent;
}

const EMPTY = {
  patientDays: 0,
  hypoDays: 0,
  severeHypoDays: 0,
  hyperDays: 0,
  goalDays: 0,
  hypoShare: null,
  severeHypoShare: null,
  hyperShare: null,
  goalShare: null,
  meanPerPatientDay: null,
  readings: 0,
  patients: 0,
};

describe('GET /v1/virtualward/outcomes', () => {
  it('virtual ward: only readings during the stay, by hospital day and month', async () => {
    const view = await outcomes('beginMonth=2024-02&endMonth=2024-04&scope=virtualWard');
    expect(view.months.map((m) => m.month)).toEqual(['2024-02', '2024-03', '2024-04']);
    // February: before joining, nothing
    expect(view.months[0]).toEqual({ month: '2024-02', ...EMPTY });
    // March: 1 March (12.5, 12.5: two readings ≥ 12.5 → hyper; 15.0 at 08:00 was before joining) and
    // 2 March (3.8 at 00:00 → hypo): 2 patient-days, hypo 1 (50 %), hyper 1 (50 %), goal 0; mean of
    // daily means (12.5 + 3.8) / 2 = 8.15; 3 readings, 1 patient
    const march = view.months[1];
    expect(march).toMatchObject({
      patientDays: 2,
      hypoDays: 1,
      severeHypoDays: 0,
      hyperDays: 1,
      goalDays: 0,
      hypoShare: 50,
      severeHypoShare: 0,
      hyperShare: 50,
      goalShare: 0,
      readings: 3,
      patients: 1,
    });
    expect(march?.meanPerPatientDay).toBeCloseTo(8.15, 10);
    // April: 9 April 2.1 (severe); 10 April was after the exit
    expect(view.months[2]).toMatchObject({ patientDays: 1, hypoDays: 1, severeHypoDays: 1, readings: 1 });
    // total: 3 patient-days; hypo 2 (66.67 %), severe 1 (33.33 %), hyper 1 (33.33 %); mean 18.4 / 3
    expect(view.total).toMatchObject({
      patientDays: 3,
      hypoDays: 2,
      severeHypoDays: 1,
      hyperDays: 1,
      goalDays: 0,
      hypoShare: 66.67,
      severeHypoShare: 33.33,
      hyperShare: 33.33,
      goalShare: 0,
      readings: 4,
      patients: 1,
    });
    expect(view.total.meanPerPatientDay).toBeCloseTo(18.4 / 3, 10);
  });

  it('department: every reading taken in it, the same figures as the domain reference', async () => {
    const view = await outcomes('beginMonth=2024-02&endMonth=2024-04&scope=department&departmentCode=CARD');
    expect(view.departmentName).toBe('Cardiology');
    // February: 8.0 → 1 patient-day at goal
    expect(view.months[0]).toMatchObject({
      patientDays: 1,
      goalDays: 1,
      goalShare: 100,
      meanPerPatientDay: 8,
    });
    // March: p1 1 March 15, 12.5, 12.5 (hyper; mean 40/3), p1 2 March 3.8 (hypo), p2 5 March 5, 9
    // (goal; mean 7): 3 days, hypo/hyper/goal 1 each (33.33 %), mean (40/3 + 3.8 + 7) / 3
    const march = view.months[1];
    expect(march).toMatchObject({
      patientDays: 3,
      hypoDays: 1,
      hyperDays: 1,
      goalDays: 1,
      hypoShare: 33.33,
      hyperShare: 33.33,
      goalShare: 33.33,
      readings: 6,
      patients: 2,
    });
    expect(march?.meanPerPatientDay).toBeCloseTo((40 / 3 + 3.8 + 7) / 3, 10);
    // April: 2.1 (severe hypo) and 6.0 (goal) on two days: mean (2.1 + 6) / 2 = 4.05
    expect(view.months[2]).toMatchObject({ patientDays: 2, hypoDays: 1, severeHypoDays: 1, goalDays: 1 });
    expect(view.months[2]?.meanPerPatientDay).toBeCloseTo(4.05, 10);
    expect(view.total).toMatchObject({ patientDays: 6, readings: 9, patients: 2 });

    // the domain's reference on the same readings
    const { rows } = await t.handle.db.execute<{ patient_id: string; test_time: Date; value: number }>(sql`
      select patient_id, test_time, value from measurements
       where tenant_id = '101' and department_code = 'CARD' and item = 'GLU' and deleted_at is null
         and value is not null and test_time >= '2024-02-01T00:00:00+08:00' and test_time < '2024-05-01T00:00:00+08:00'`);
    const readings: GlucometricReading[] = rows.map((row) => ({
      patientId: Number(row.patient_id),
      testTime: new Date(row.test_time),
      mmol: row.value,
    }));
    const reference = monthlyOutcomes(readings, 'Asia/Shanghai');
    for (const month of view.months) {
      const expected = reference.months.get(month.month);
      expect(expected).toBeDefined();
      const { meanPerPatientDay, ...counts } = expected as Outcome;
      expect(month).toMatchObject(counts);
      expect(month.meanPerPatientDay).toBeCloseTo(meanPerPatientDay as number, 10);
    }
  });

  it('computes the same as the domain reference on many generated readings (boundaries, midnights)', async () => {
    const patient = await insertPatient(t, {
      name: 'Generated',
      departmentCode: 'NEPH',
      inpatientNumber: 'O-G',
    });
    const second = await insertPatient(t, {
      name: 'Generated 2',
      departmentCode: 'NEPH',
      inpatientNumber: 'O-H',
    });
    // a fixed pseudo-random sequence (LCG) so that a failure repeats
    let state = 12345;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state / 2 ** 31;
    };
    const special = [2.2, 3.9, 10, 12.5, 2.19, 3.89, 12.49];
    const generated: GlucometricReading[] = [];
    const usedTimes = new Set<string>();
    for (let i = 0; i < 240; i += 1) {
      const patientId = next() < 0.5 ? patient : second;
      const day = 1 + Math.floor(next() * 59); // 1 Jan .. 28 Feb 2023
      const minutes = next() < 0.2 ? (next() < 0.5 ? 0 : 23 * 60 + 59) : Math.floor(next() * 1440);
      const at = new Date(Date.UTC(2023, 0, day, 0, minutes) - 8 * 3_600_000);
      const key = `${patientId}|${at.toISOString()}`;
      if (usedTimes.has(key)) continue;
      usedTimes.add(key);
      const value =
        next() < 0.3
          ? (special[Math.floor(next() * special.length)] as number)
          : Math.round((1.5 + next() * 22) * 10) / 10;
      generated.push({ patientId, testTime: at, mmol: value });
      await reading(patientId, 'NEPH', at.toISOString(), value);
    }
    const view = await outcomes('beginMonth=2023-01&endMonth=2023-02&scope=department&departmentCode=NEPH');
    const reference = monthlyOutcomes(generated, 'Asia/Shanghai');
    for (const month of view.months) {
      const { meanPerPatientDay, ...counts } = reference.months.get(month.month) as Outcome;
      expect(month).toMatchObject(counts);
      expect(month.meanPerPatientDay).toBeCloseTo(meanPerPatientDay as number, 10);
    }
    const { meanPerPatientDay, ...total } = reference.total;
    expect(view.total).toMatchObject(total);
    expect(view.total.meanPerPatientDay).toBeCloseTo(meanPerPatientDay as number, 10);
    expect(view.total.patientDays).toBeGreaterThan(50);
  });

  it('hospital: every department of the scope; 3.9 exactly is not hypoglycaemia', async () => {
    const view = await outcomes('beginMonth=2024-03&endMonth=2024-03&scope=hospital');
    // March: the 3 cardiology patient-days and general surgery's 10 March (11.0 and 3.9: neither hypo
    // nor hyper, not at goal since 11.0 > 10.0); the other tenant's reading is not there
    expect(view.months[0]).toMatchObject({
      patientDays: 4,
      hypoDays: 1,
      hyperDays: 1,
      goalDays: 1,
      hypoShare: 25,
      goalShare: 25,
      readings: 8,
      patients: 3,
    });
  });

  it('follows the review criteria and the TIR setting in force', async () => {
    await t.handle.db.execute(sql`
      insert into settings (tenant_id, key, value)
      values ('101', 'virtualWard.reviewCriteria', '{"hyperValue": 15, "hyperCount": 1, "hypoValue": 3.9, "windowHours": 24}')
      on conflict (tenant_id, key) do update set value = excluded.value`);
    try {
      // department CARD, March: 1 March now hyper by the single 15.0; nothing else ≥ 15
      const view = await outcomes('beginMonth=2024-03&endMonth=2024-03&scope=department&departmentCode=CARD');
      expect(view.months[0]).toMatchObject({ hyperDays: 1 });
      const vw = await outcomes('beginMonth=2024-03&endMonth=2024-03&scope=virtualWard');
      // in the stay, 1 March has only the two 12.5 readings: no longer hyperglycaemic
      expect(vw.months[0]).toMatchObject({ patientDays: 2, hyperDays: 0 });
    } finally {
      await t.handle.db.execute(
        sql`delete from settings where tenant_id = '101' and key = 'virtualWard.reviewCriteria'`,
      );
    }
  });

  it('scope: a ward nurse of the managing department sees the stays, not other departments', async () => {
    const vw = await outcomes('beginMonth=2024-03&endMonth=2024-03&scope=virtualWard', endoNurse);
    expect(vw.total.patientDays).toBe(2);
    const hospital = await outcomes('beginMonth=2024-03&endMonth=2024-03&scope=hospital', endoNurse);
    expect(hospital.total).toEqual(EMPTY);
    const res = await api(
      'GET',
      '/v1/virtualward/outcomes?beginMonth=2024-03&endMonth=2024-03&scope=department&departmentCode=CARD',
      endoNurse,
    );
    expect(res.statusCode).toBe(404);
  });

  it('isolation: another tenant sees its own readings only', async () => {
    const hospital = await outcomes('beginMonth=2024-03&endMonth=2024-03&scope=hospital', admin202);
    expect(hospital.total).toMatchObject({ patientDays: 1, hypoDays: 1, severeHypoDays: 1, patients: 1 });
    const vw = await outcomes('beginMonth=2024-03&endMonth=2024-03', admin202);
    expect(vw.total).toEqual(EMPTY);
  });

  it('refuses a bad month, a reversed or too long range and a missing department, in both languages', async () => {
    const bad = async (query: string, lang: string) => {
      const res = await api('GET', `/v1/virtualward/outcomes?${query}`, admin, undefined, lang);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().message as string;
    };
    expect(await bad('beginMonth=2024-13&endMonth=2024-12', 'en-US')).toContain('YYYY-MM');
    expect(await bad('beginMonth=2024-13&endMonth=2024-12', 'zh-CN')).toContain('月份格式');
    expect(await bad('beginMonth=2022-01&endMonth=2024-01', 'en-US')).toContain('at most 24 months');
    expect(await bad('beginMonth=2022-01&endMonth=2024-01', 'zh-CN')).toContain('最多统计 24 个月');
    expect(await bad('beginMonth=2024-05&endMonth=2024-01', 'en-US')).toContain('must not be before');
    expect(await bad('beginMonth=2024-01&endMonth=2024-02&scope=department', 'en-US')).toContain(
      'choose the department',
    );
    expect(await bad('beginMonth=2024-01&endMonth=2024-02&scope=department', 'zh-CN')).toContain(
      '请选择科室',
    );
    expect(await bad('endMonth=2024-02', 'zh-CN')).toContain('请填写开始月份');
    expect(await bad('beginMonth=2024-01&endMonth=2024-02&scope=planet', 'en-US')).toContain('scope');
    // 24 months exactly is allowed
    expect((await outcomes('beginMonth=2022-02&endMonth=2024-01')).months).toHaveLength(24);
  });
});

describe('GET /v1/virtualward/outcomes/stays', () => {
  it('lists the stays current in the months, in scope', async () => {
    const res = await api('GET', '/v1/virtualward/outcomes/stays?beginMonth=2024-04&endMonth=2024-04', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dataContent).toEqual([
      {
        id: stayId,
        patientId: p1,
        patientName: 'Outcome One',
        wardDepartmentCode: 'CARD',
        joinedAt: '2024-03-01T04:00:00.000Z',
        exitedAt: '2024-04-09T16:00:00.000Z',
      },
    ]);
    // the stay ended before May; another tenant sees none
    expect(
      (await api('GET', '/v1/virtualward/outcomes/stays?beginMonth=2024-05&endMonth=2024-05', admin))
        .json()
        .dataContent.filter((s: { id: number }) => s.id === stayId),
    ).toEqual([]);
    expect(
      (
        await api('GET', '/v1/virtualward/outcomes/stays?beginMonth=2024-04&endMonth=2024-04', admin202)
      ).json().dataContent,
    ).toEqual([]);
  });
});

describe('GET /v1/virtualward/stays/{id}/beforeAfter', () => {
  type Side = {
    readings: number;
    mean: number | null;
    sd: number | null;
    patientDays: number;
    hypoShare: number | null;
    hyperShare: number | null;
    tir: number | null;
  };

  it('compares the baseline days before joining with the stay, by hand', async () => {
    const res = await api('GET', `/v1/virtualward/stays/${stayId}/beforeAfter`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().dataContent as {
      before: Side;
      after: Side;
      baselineDays: number;
      patientName: string;
    };
    expect(view.baselineDays).toBe(7);
    expect(view.patientName).toBe('Outcome One');
    // before (23 Feb 12:00 .. 1 March 12:00): 8.0 and 15.0; mean 11.5; SD √((3.5² + 3.5²) / 1) = √24.5;
    // 2 patient-days, none hypo, none hyper (15.0 alone on 1 March); TIR 1 of 2 = 50 %
    expect(view.before).toMatchObject({
      readings: 2,
      mean: 11.5,
      patientDays: 2,
      hypoShare: 0,
      hyperShare: 0,
      tir: 50,
    });
    expect(view.before.sd).toBeCloseTo(Math.sqrt(24.5), 10);
    // after (1 March 12:00 .. 10 April 00:00): 12.5, 12.5, 3.8, 2.1; mean 30.9 / 4 = 7.725;
    // deviations 4.775, 4.775, −3.925, −5.625 → squares 92.6475 / 3 = 30.8825; 3 patient-days: hypo 2
    // (66.67 %), hyper 1 (33.33 %); TIR 0 %
    expect(view.after).toMatchObject({
      readings: 4,
      patientDays: 3,
      hypoShare: 66.67,
      hyperShare: 33.33,
      tir: 0,
    });
    expect(view.after.mean).toBeCloseTo(7.725, 10);
    expect(view.after.sd).toBeCloseTo(Math.sqrt(30.8825), 10);
  });

  it('counts only the baseline periods when the setting names some', async () => {
    await t.handle.db.execute(sql`
      update measurements set period_code = 'breakfastBefore'
       where tenant_id = '101' and patient_id = ${p1} and value in (8, 12.5)`);
    await t.handle.db.execute(sql`
      insert into settings (tenant_id, key, value) values ('101', 'strategy.baseline', '{"days": 3, "periods": ["breakfastBefore"]}')
      on conflict (tenant_id, key) do update set value = excluded.value`);
    try {
      const view = (await api('GET', `/v1/virtualward/stays/${stayId}/beforeAfter`, admin)).json()
        .dataContent;
      // before: 3 days (from 27 Feb 12:00) of breakfastBefore: 8.0 only; after: the two 12.5 readings
      expect(view.baselineDays).toBe(3);
      expect(view.before).toMatchObject({ readings: 1, mean: 8, sd: null, tir: 100 });
      expect(view.after).toMatchObject({ readings: 2, mean: 12.5, sd: 0, hyperShare: 100 });
    } finally {
      await t.handle.db.execute(
        sql`delete from settings where tenant_id = '101' and key = 'strategy.baseline'`,
      );
      await t.handle.db.execute(sql`
        update measurements set period_code = 'random' where tenant_id = '101' and patient_id = ${p1}`);
    }
  });

  it('answers 404 for another tenant, a department out of scope and a missing stay', async () => {
    expect((await api('GET', `/v1/virtualward/stays/${stayId}/beforeAfter`, admin202)).statusCode).toBe(404);
    expect((await api('GET', '/v1/virtualward/stays/999999/beforeAfter', admin)).statusCode).toBe(404);
    // the ENDO nurse sees it: ENDO manages the stay
    expect((await api('GET', `/v1/virtualward/stays/${stayId}/beforeAfter`, endoNurse)).statusCode).toBe(200);
    const gsurgStay = await insertStay(p3, '2024-03-10T00:00:00+08:00', null, 'GSURG');
    await t.handle.db.execute(
      sql`update virtual_ward_stays set managing_department_code = 'ICU' where id = ${gsurgStay}`,
    );
    expect((await api('GET', `/v1/virtualward/stays/${gsurgStay}/beforeAfter`, endoNurse)).statusCode).toBe(
      404,
    );
    const res = await api('GET', `/v1/virtualward/stays/${gsurgStay}/beforeAfter`, admin);
    expect(res.statusCode).toBe(200);
    // a current stay runs until now
    expect(res.json().dataContent.exitedAt).toBeNull();
    expect(res.json().dataContent.after.readings).toBe(2);
  });
});
