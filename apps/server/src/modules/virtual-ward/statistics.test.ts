import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { insertPatient } from '../measurements/test-support';

/*
 * Workload, test-time and chart statistics of the virtual ward through HTTP, on stays, follow-ups and
 * readings of June 2024 written in this file (long before the demo seed's months), worked out by hand.
 * Stays and follow-ups go straight into their tables: joining and reviewing are other modules' APIs.
 */

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let endoNurse: string;
let admin202: string;
let doctorId: number;
let adminId: number;
let doctorName: string;
let adminName: string;
let p1: string;
let p2: string;

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const { rows } = await t.handle.db.execute<Record<string, unknown>>(query);
  return Object.values(rows[0] as object)[0] as T;
}

async function stay(
  patientId: number,
  ward: string,
  managing: string,
  joinedAt: string,
  createdBy: number | null,
  exit?: { at: string; by: number },
) {
  return Number(
    await one(sql`
      insert into virtual_ward_stays (tenant_id, patient_id, join_count, joined_at, ward_department_code,
                                      managing_department_code, suggestion, created_by, exited_at, exit_reason,
                                      exited_by, exited_by_name)
      values ('101', ${patientId}, 1, ${joinedAt}::timestamptz, ${ward}, ${managing}, 'Basal insulin',
              ${createdBy}, ${exit?.at ?? null}::timestamptz, ${exit ? 'Controlled' : null}, ${exit?.by ?? null},
              ${exit ? 'Exiting doctor' : null})
      returning id`),
  );
}

async function followup(
  patientId: number,
  stayId: number,
  department: string,
  kind: string,
  at: string,
  specialistId: number,
  deleted = false,
) {
  await t.handle.db.execute(sql`
    insert into virtual_ward_followups (tenant_id, patient_id, stay_id, department_code, kind, reviewed_at,
                                        specialist_id, specialist_name, assessment, suggestion, deleted_at)
    values ('101', ${patientId}, ${stayId}, ${department}, ${kind}, ${at}::timestamptz, ${specialistId},
            'At the time', 'Stable', 'Continue', ${deleted ? new Date().toISOString() : null}::timestamptz)`);
}

async function reading(
  patientId: number,
  department: string,
  at: string,
  value: number | null,
  extra: { period?: string; mark?: string; classification?: string; untested?: string; reject?: string } = {},
) {
  await t.handle.db.execute(sql`
    insert into measurements (tenant_id, patient_id, department_code, item, period_code, test_time, value,
                              entered_value, entered_unit, classification, window_mark, untested_reason,
                              reject_reason)
    values ('101', ${patientId}, ${department}, 'GLU', ${extra.period ?? p1}, ${at}::timestamptz, ${value}, ${value},
            ${value === null ? null : 'mmol/L'}, ${value === null ? null : (extra.classification ?? 'normal')},
            ${extra.mark ?? null}, ${extra.untested ?? null}, ${extra.reject ?? null})`);
}

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  [admin, endoNurse, admin202] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('101', 'nurse01', 'Nurse@2026'),
    t.login('202', 'admin', 'Admin@202202'),
  ]);
  doctorId = Number(await one(sql`select id from users where tenant_id = '101' and user_name = 'doctor01'`));
  adminId = Number(await one(sql`select id from users where tenant_id = '101' and user_name = 'admin'`));
  doctorName = await one(sql`select nick_name from users where id = ${doctorId}`);
  adminName = await one(sql`select nick_name from users where id = ${adminId}`);
  [p1, p2] = (
    await t.handle.db.execute<{ code: string }>(
      sql`select code from glucose_periods where tenant_id = '101' order by sort, code limit 2`,
    )
  ).rows.map((row) => row.code) as [string, string];

  const a = await insertPatient(t, { name: 'Stat A', departmentCode: 'CARD', inpatientNumber: 'S-A' });
  const b = await insertPatient(t, { name: 'Stat B', departmentCode: 'GSURG', inpatientNumber: 'S-B' });
  const c = await insertPatient(t, { name: 'Stat C', departmentCode: 'ICU', inpatientNumber: 'S-C' });
  // A: joined by doctor01 1 June 09:00, ended by doctor01 3 June 10:00; B: joined by admin 2 June
  // 09:00, current; C: managed by ICU (not ENDO), joined 1 June 00:00 by nobody (auto)
  const stayA = await stay(a, 'CARD', 'ENDO', '2024-06-01T09:00:00+08:00', doctorId, {
    at: '2024-06-03T10:00:00+08:00',
    by: doctorId,
  });
  const stayB = await stay(b, 'GSURG', 'ENDO', '2024-06-02T09:00:00+08:00', adminId);
  await stay(c, 'ICU', 'ICU', '2024-06-01T00:00:00+08:00', null);
  // follow-ups: doctor01 reviews A 1 June 10:00 and B 2 June 23:30, phones A 3 June 00:30; admin visits
  // B 2 June; a deleted review does not count
  await followup(a, stayA, 'CARD', 'review', '2024-06-01T10:00:00+08:00', doctorId);
  await followup(b, stayB, 'GSURG', 'review', '2024-06-02T23:30:00+08:00', doctorId);
  await followup(a, stayA, 'CARD', 'phone', '2024-06-03T00:30:00+08:00', doctorId);
  await followup(b, stayB, 'GSURG', 'visit', '2024-06-02T15:00:00+08:00', adminId);
  await followup(b, stayB, 'GSURG', 'review', '2024-06-02T16:00:00+08:00', doctorId, true);

  // readings: A before joining (not counted), in the stay at 11:30 (p1), 23:30 (p2, late), 00:15 (p1,
  // early), two missed ones; B before joining (not counted) and 2 June 10:00 (p1, low); C 1 June 13:00
  // 3.9 and 14:00 13.9, 2 June 12:00 2.9 and 13:00 14.0
  await reading(a, 'CARD', '2024-06-01T07:00:00+08:00', 20, { classification: 'high' });
  await reading(a, 'CARD', '2024-06-01T11:30:00+08:00', 8);
  await reading(a, 'CARD', '2024-06-01T23:30:00+08:00', 9, {
    period: p2,
    mark: 'late',
    classification: 'high',
  });
  await reading(a, 'CARD', '2024-06-02T00:15:00+08:00', 5, { mark: 'early' });
  await reading(a, 'CARD', '2024-06-02T07:00:00+08:00', null, { untested: 'refused' });
  await reading(a, 'CARD', '2024-06-02T08:00:00+08:00', null, { reject: 'absent' });
  await reading(b, 'GSURG', '2024-06-01T10:00:00+08:00', 30, { classification: 'criticalHigh' });
  await reading(b, 'GSURG', '2024-06-02T10:00:00+08:00', 4, { classification: 'low' });
  await reading(c, 'ICU', '2024-06-01T13:00:00+08:00', 3.9);
  await reading(c, 'ICU', '2024-06-01T14:00:00+08:00', 13.9, { classification: 'high' });
  await reading(c, 'ICU', '2024-06-02T12:00:00+08:00', 2.9, { classification: 'criticalLow' });
  await reading(c, 'ICU', '2024-06-02T13:00:00+08:00', 14, { classification: 'criticalHigh' });
});
afterAll(() => t.close());

const get = async (url: string, token = admin) => {
  const res = await api('GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dataContent;
};

describe('GET /v1/virtualward/statistics/workload', () => {
  it('counts per specialist and day, and the patients managed each day', async () => {
    const view = await get('/v1/virtualward/statistics/workload?beginDate=2024-06-01&endDate=2024-06-03');
    const rows = view.rows.map((r: Record<string, unknown>) => [
      r.period,
      r.specialistId,
      r.reviews,
      r.followups,
      r.joins,
      r.exits,
    ]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['2024-06-01', doctorId, 1, 0, 1, 0],
        ['2024-06-02', adminId, 0, 1, 1, 0],
        // the 23:30 review is on 2 June; the deleted one does not count
        ['2024-06-02', doctorId, 1, 0, 0, 0],
        ['2024-06-03', doctorId, 0, 1, 0, 1],
      ]),
    );
    expect(rows).toHaveLength(4);
    expect(view.rows.find((r: { specialistId: number }) => r.specialistId === doctorId).specialistName).toBe(
      doctorName,
    );
    // 1 June: A and C; 2 June: A, B, C; 3 June: A (left at 10:00), B, C
    expect(view.managed).toEqual([
      { period: '2024-06-01', patients: 2 },
      { period: '2024-06-02', patients: 3 },
      { period: '2024-06-03', patients: 3 },
    ]);
    expect(view.total).toEqual({ reviews: 2, followups: 2, joins: 2, exits: 1, patients: 3 });
    expect(view.specialists).toEqual(
      expect.arrayContaining([
        { specialistId: doctorId, specialistName: doctorName, reviews: 2, followups: 1, joins: 1, exits: 1 },
        { specialistId: adminId, specialistName: adminName, reviews: 0, followups: 1, joins: 1, exits: 0 },
      ]),
    );
  });

  it('groups by month, and the scope leaves out another department’s stays', async () => {
    const view = await get(
      '/v1/virtualward/statistics/workload?beginDate=2024-05-20&endDate=2024-06-03&groupBy=month',
    );
    expect(view.managed).toEqual([
      { period: '2024-05', patients: 0 },
      { period: '2024-06', patients: 3 },
    ]);
    expect(view.rows).toHaveLength(2);
    // ENDO's nurse: C's stay is ICU's
    const endo = await get(
      '/v1/virtualward/statistics/workload?beginDate=2024-06-01&endDate=2024-06-03',
      endoNurse,
    );
    expect(endo.managed.map((m: { patients: number }) => m.patients)).toEqual([1, 2, 2]);
    expect(endo.total.patients).toBe(2);
    const other = await get(
      '/v1/virtualward/statistics/workload?beginDate=2024-06-01&endDate=2024-06-03',
      admin202,
    );
    expect(other.total).toEqual({ reviews: 0, followups: 0, joins: 0, exits: 0, patients: 0 });
  });

  it('refuses a bad range or grouping in both languages', async () => {
    const bad = async (query: string, lang: string) => {
      const res = await api('GET', `/v1/virtualward/statistics/workload?${query}`, admin, undefined, lang);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().message as string;
    };
    expect(await bad('beginDate=2023-01-01&endDate=2024-06-30', 'en-US')).toContain('366');
    expect(await bad('beginDate=2023-01-01&endDate=2024-06-30', 'zh-CN')).toContain('最多 366 天');
    expect(await bad('beginDate=2024-06-01&endDate=2024-06-03&groupBy=week', 'en-US')).toContain('by month');
    expect(await bad('beginDate=2024-06-01&endDate=2024-06-03&groupBy=week', 'zh-CN')).toContain('按月');
    expect(await bad('endDate=2024-06-03', 'zh-CN')).toContain('开始日期');
  });
});

describe('GET /v1/virtualward/statistics/testTime', () => {
  it('spreads the stays’ readings over hours and periods, with the missed ones', async () => {
    const view = await get('/v1/virtualward/statistics/testTime?beginDate=2024-06-01&endDate=2024-06-03');
    // in stays: A 11:30, 23:30, 00:15; B 10:00; C 13:00, 14:00, 12:00, 13:00 → 8 readings
    expect(view.readings).toBe(8);
    const hours = Object.fromEntries(
      view.hours
        .filter((h: { readings: number }) => h.readings)
        .map((h: { hour: number; readings: number }) => [h.hour, h.readings]),
    );
    expect(hours).toEqual({ 0: 1, 10: 1, 11: 1, 12: 1, 13: 2, 14: 1, 23: 1 });
    expect(view.hours).toHaveLength(24);
    // p1: 7 readings, one early → 6 inside (85.71 %); p2: the late one → 0 inside
    const byCode = Object.fromEntries(view.periods.map((p: { periodCode: string }) => [p.periodCode, p]));
    expect(byCode[p1]).toMatchObject({ readings: 7, inWindow: 6, early: 1, late: 0, inWindowShare: 85.71 });
    expect(byCode[p2]).toMatchObject({ readings: 1, inWindow: 0, early: 0, late: 1, inWindowShare: 0 });
    expect(view.missed).toEqual(
      expect.arrayContaining([
        { reason: 'refused', reasonName: 'Patient refused', count: 1 },
        { reason: 'absent', reasonName: 'Patient not on the ward', count: 1 },
      ]),
    );
    expect(view.missedTotal).toBe(2);
    // ENDO's nurse: A and B only
    const endo = await get(
      '/v1/virtualward/statistics/testTime?beginDate=2024-06-01&endDate=2024-06-03',
      endoNurse,
    );
    expect(endo.readings).toBe(4);
  });
});

describe('GET /v1/virtualward/statistics/charts', () => {
  it('counts per day by classification, the mean, the patients, and the TIR bands', async () => {
    const view = await get('/v1/virtualward/statistics/charts?beginDate=2024-06-01&endDate=2024-06-03');
    // 1 June: A 8 (normal), 9 (high); C 3.9 (normal), 13.9 (high) → mean 34.8 / 4 = 8.7
    expect(view.days[0]).toMatchObject({ day: '2024-06-01', normal: 2, high: 2, low: 0, patients: 2 });
    expect(view.days[0].mean).toBeCloseTo(8.7, 10);
    // 2 June: A 5 (normal), B 4 (low), C 2.9 (critically low), 14 (critically high) → mean 25.9 / 4
    expect(view.days[1]).toMatchObject({
      normal: 1,
      low: 1,
      criticalLow: 1,
      criticalHigh: 1,
      other: 0,
      patients: 3,
    });
    expect(view.days[1].mean).toBeCloseTo(6.475, 10);
    expect(view.days[2]).toEqual({
      day: '2024-06-03',
      low: 0,
      normal: 0,
      high: 0,
      criticalLow: 0,
      criticalHigh: 0,
      other: 0,
      mean: null,
      patients: 3,
    });
    // bands 3.0 / 3.9 / 10.0 / 13.9: 2.9 very low; 3.9 (the limit) in range; 13.9 (the limit) high;
    // 14 very high; 8, 9, 5, 4 in range
    expect(view.distribution).toEqual({
      veryLow: 1,
      low: 0,
      inRange: 5,
      high: 1,
      veryHigh: 1,
      bands: { veryLow: 3, low: 3.9, high: 10, veryHigh: 13.9 },
    });
  });

  it('isolation: another tenant sees nothing of these stays', async () => {
    const view = await get(
      '/v1/virtualward/statistics/charts?beginDate=2024-06-01&endDate=2024-06-03',
      admin202,
    );
    expect(
      view.days.every((d: { normal: number; patients: number }) => d.normal === 0 && d.patients === 0),
    ).toBe(true);
  });
});
