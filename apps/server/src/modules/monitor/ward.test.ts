import type { WardDashboard } from '@glucocare/domain/responses';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { periodOfTime } from '../measurements/test-support';

/**
 * The ward-wide dashboard (issue 20) on two wards of their own, WDA and WDB, filled through the API on
 * 10 March 2026 (hospital zone Asia/Shanghai), the server's clock moving with each step; every figure
 * is worked out by hand below.
 */

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let nurse: string;
let admin202: string;

/** 10 March 2026 (or `days` before it) at `hhmm` on the hospital's clock. */
const sh = (hhmm: string, days = 0) =>
  new Date(new Date(`2026-03-10T${hhmm}:00+08:00`).getTime() - days * 86_400_000);

async function ok<T>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string,
  body?: unknown,
  lang?: string,
) {
  const res = await api(method, url, token, body, lang);
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().dataContent as T;
}
const dashboard = (query: string, token = admin, lang?: string) =>
  ok<WardDashboard>('GET', `/v1/monitor/ward${query}`, token, undefined, lang);

type Patient = { id: number; version: number };
async function admit(name: string, bed: string, admittedAt: Date, departmentCode = 'WDA') {
  t.clock.now = admittedAt;
  return ok<Patient>('POST', '/v1/patients/applyHospitalization', admin, {
    name,
    gender: 'female',
    dateOfBirth: '1958-04-02',
    age: 67,
    inpatientNumber: `WD${bed}`,
    wristbandCode: `WDW${bed}`,
    bed,
    departmentCode,
    doctorCode: 'doctor01',
    admittedAt: admittedAt.toISOString(),
  });
}

type Reading = { id: number; determineType: string | null; version: number; testValue: number };
/** A reading entered by hand at `at` (the clock moves there first). */
async function enter(patient: Patient, category: 'GLU' | 'KET' | 'UA', at: Date, result: number) {
  t.clock.now = at;
  return ok<Reading>('POST', '/v1/testRecord/customerRecord', admin, {
    category,
    patientId: patient.id,
    ...(category === 'GLU' ? { period: periodOfTime(at.toISOString()) } : {}),
    testTime: at.toISOString(),
    result,
  });
}

async function criticalOf(reading: Reading) {
  const { rows } = await t.handle.db.execute<{ id: string; version: number }>(
    sql`select id, version from critical_events where tenant_id = '101' and measurement_id = ${reading.id}`,
  );
  return { id: Number(rows[0]!.id), version: rows[0]!.version };
}
async function loopStep(path: string, reading: Reading, more: object = {}) {
  const event = await criticalOf(reading);
  await ok('POST', `/v1/crisisPatient/${path}`, admin, { ...event, ...more });
  return event.id;
}

const p: Record<string, Patient> = {};
const r: Record<string, Reading> = {};
const criticalIds: Record<string, number> = {};

beforeAll(async () => {
  // the clock walks a week forward: sessions must outlive it
  t = await createTestContext({ sessionIdleMinutes: 60 * 24 * 14, sessionMaxHours: 24 * 14 });
  api = apiOf(t);
  t.clock.now = sh('00:00', 7);
  admin = await t.login('101', 'admin', 'Admin@123456');
  nurse = await t.login('101', 'nurse01', 'Nurse@2026');
  admin202 = await t.login('202', 'admin', 'Admin@202202');
  // two wards of this test; the nurse (Endocrinology) is also given WDA, not WDB
  await t.handle.db.execute(sql`insert into departments (tenant_id, code, name, name_en, sort)
    values ('101', 'WDA', '甲病区', 'Ward A', 90), ('101', 'WDB', '乙病区', 'Ward B', 91)`);
  await t.handle.db.execute(sql`insert into user_departments (tenant_id, user_id, department_code)
    select '101', id, 'WDA' from users where tenant_id = '101' and user_name = 'nurse01'`);

  p.one = await admit('Ward A One', 'A1', sh('08:00', 3));
  p.three = await admit('Ward A Three', 'A3', sh('08:00', 2));
  p.ten = await admit('Ward A Ten', 'A10', sh('08:00', 5));
  p.four = await admit('Ward A Four', 'A4', sh('08:00', 4));
  p.five = await admit('Ward A Five', 'A5', sh('08:00', 6));
  // yesterday and before
  r.tenOld = await enter(p.ten, 'GLU', sh('09:00', 2), 6.5);
  r.tenYesterday = await enter(p.ten, 'GLU', sh('09:00', 1), 7.0);
  r.oneYesterday = await enter(p.one, 'GLU', sh('20:00', 1), 5.0);
  // today
  r.oneFasting = await enter(p.one, 'GLU', sh('07:00'), 6.1);
  r.threeUa = await enter(p.three, 'UA', sh('08:00'), 300);
  r.threeDeleted = await enter(p.three, 'GLU', sh('08:30'), 4.4);
  t.clock.now = sh('08:40');
  await ok('PUT', '/v1/testRecord/changeStatus', admin, {
    recordId: r.threeDeleted.id,
    isActive: false,
    reason: 'Wrong patient scanned',
    version: r.threeDeleted.version,
  });
  p.two = await admit('Ward A Two', 'A2', sh('09:00'));
  r.fourLow = await enter(p.four, 'GLU', sh('09:00'), 2.2);
  t.clock.now = sh('09:10');
  criticalIds.four = await loopStep('handle', r.fourLow, {
    notifiedPerson: 'Dr. Li Wei',
    action: 'Glucose gel 15 g given',
  });
  r.fiveNormal = await enter(p.five, 'GLU', sh('09:30'), 7.0);
  r.oneHigh = await enter(p.one, 'GLU', sh('10:00'), 12.0);
  t.clock.now = sh('10:30');
  await ok('POST', '/v1/patients/transfer', admin, {
    patientId: p.five.id,
    version: p.five.version,
    toDepartmentCode: 'WDB',
    toBed: 'B1',
    toDoctorCode: 'doctor01',
    reason: 'Moved to ward B',
    startTime: sh('10:30').toISOString(),
  });
  r.twoLow = await enter(p.two, 'GLU', sh('11:00'), 2.0);
  criticalIds.two = (await criticalOf(r.twoLow)).id;
  r.twoKet = await enter(p.two, 'KET', sh('12:00'), 0.4);
  r.oneCritical = await enter(p.one, 'GLU', sh('13:00'), 25.0);
  t.clock.now = sh('13:05');
  criticalIds.one = await loopStep('acknowledge', r.oneCritical);
  t.clock.now = sh('13:30');
  const four = await ok<{ records: Patient[] }>(
    'GET',
    '/v1/patients/hospitalizedPatients?departmentCode=WDA&queryCondition=Ward%20A%20Four',
    admin,
  );
  await ok('POST', '/v1/patients/discharge', admin, {
    patientId: p.four.id,
    version: four.records[0]!.version,
    dischargedAt: sh('13:30').toISOString(),
  });
  t.clock.now = sh('14:00');
}, 60_000);
afterAll(() => t.close());

describe('GET /v1/monitor/ward', () => {
  it('classifies the readings of the fixture as the figures below assume', () => {
    expect({
      oneFasting: r.oneFasting!.determineType,
      oneHigh: r.oneHigh!.determineType,
      oneCritical: r.oneCritical!.determineType,
      twoLow: r.twoLow!.determineType,
      fourLow: r.fourLow!.determineType,
      fiveNormal: r.fiveNormal!.determineType,
    }).toEqual({
      oneFasting: 'normal',
      oneHigh: 'high',
      oneCritical: 'criticalHigh',
      twoLow: 'criticalLow',
      fourLow: 'criticalLow',
      fiveNormal: 'normal',
    });
  });

  it('gives every figure of one ward, worked out by hand', async () => {
    const d = await dashboard('?departmentCode=WDA');
    expect(d.day).toBe('2026-03-10');
    expect(d.at).toBe(sh('14:00').toISOString());
    // in hospital in WDA now: One, Two, Three, Ten (Four discharged at 13:30, Five moved to WDB)
    expect(d.inHospital).toBe(4);
    // admitted since 00:00 today: Two (09:00)
    expect(d.admittedToday).toBe(1);
    // with a reading today: One (GLU), Two (GLU, KET), Three (UA; its glucose was deleted); not Ten
    expect(d.managedToday).toBe(3);
    // glucose today in WDA: One 6.1 normal, 12.0 high, 25.0 criticalHigh; Two 2.0 criticalLow;
    // Four 2.2 criticalLow (discharged since); Five 7.0 normal (taken in WDA before the transfer)
    expect(d.glucoseToday).toEqual({ tests: 6, normal: 2, low: 0, high: 1, criticalLow: 2, criticalHigh: 1 });
    // 6 glucose + Two's ketone + Three's uric acid
    expect(d.measurementsToday).toBe(8);
    // (0 low + 2 criticalLow + 1 high + 1 criticalHigh) / 6; (2 + 1) / 6
    expect(d.abnormalRate).toBeCloseTo(4 / 6, 10);
    expect(d.criticalRate).toBe(0.5);

    // ward order: A1, A2, A3, A10 (natural order of the bed number)
    expect(
      d.beds.map((b) => [b.bed, b.name, b.admittedToday, b.testsToday, b.openCritical, b.awaitingRecheck]),
    ).toEqual([
      // One: three glucose today; 25.0 open (acknowledged) with its recheck due at 14:00
      ['A1', 'Ward A One', false, 3, 1, 1],
      // Two: 2.0 open, its recheck due at 11:15
      ['A2', 'Ward A Two', true, 1, 1, 1],
      ['A3', 'Ward A Three', false, 0, 0, 0],
      ['A10', 'Ward A Ten', false, 0, 0, 0],
    ]);
    const [one, two, three, ten] = d.beds;
    expect(one!.latest.GLU).toMatchObject({
      id: r.oneCritical!.id,
      value: 25,
      enteredValue: 25,
      classification: 'criticalHigh',
      testTime: sh('13:00').toISOString(),
      departmentCode: 'WDA',
      departmentName: 'Ward A',
      name: 'Ward A One',
      bed: 'A1',
    });
    expect(one!.latest.KET).toBeNull();
    expect(two!.latest.KET).toMatchObject({ id: r.twoKet!.id, value: 0.4, item: 'KET' });
    // the deleted glucose is no latest; the uric acid is
    expect(three!.latest).toMatchObject({ GLU: null, KET: null, UA: { id: r.threeUa!.id, value: 300 } });
    expect(ten!.latest.GLU).toMatchObject({ id: r.tenYesterday!.id, value: 7 });

    // the last 10 readings of WDA, newest first; Ten's reading of 8 March is the 11th
    expect(d.recentTests.map((x) => x.id)).toEqual([
      r.oneCritical!.id,
      r.twoKet!.id,
      r.twoLow!.id,
      r.oneHigh!.id,
      r.fiveNormal!.id,
      r.fourLow!.id,
      r.threeUa!.id,
      r.oneFasting!.id,
      r.oneYesterday!.id,
      r.tenYesterday!.id,
    ]);
    // Five's reading names the patient where she lies now
    expect(d.recentTests[4]).toMatchObject({ name: 'Ward A Five', bed: 'B1', departmentCode: 'WDA' });

    // critical values of WDA, newest first, with their loop state
    expect(d.recentCriticals.map((x) => [x.criticalId, x.id, x.state])).toEqual([
      [criticalIds.one, r.oneCritical!.id, 'acknowledged'],
      [criticalIds.two, r.twoLow!.id, 'open'],
      // handled at 09:10, its recheck (due 09:15) neither taken nor given up
      [criticalIds.four, r.fourLow!.id, 'awaitingRecheck'],
    ]);
  });

  it('follows the loop: a recheck given up leaves the value handled', async () => {
    t.clock.now = sh('14:01');
    await loopStep('skipRecheck', r.fourLow!, { reason: 'Patient discharged home' });
    t.clock.now = sh('14:02');
    const d = await dashboard('?departmentCode=WDA');
    expect(d.recentCriticals.find((x) => x.criticalId === criticalIds.four)?.state).toBe('handled');
    t.clock.now = sh('14:00');
  });

  it('counts a transferred patient where she lies now, her readings where they were taken', async () => {
    const d = await dashboard('?departmentCode=WDB');
    expect(d).toMatchObject({
      inHospital: 1,
      admittedToday: 0,
      // Five's 7.0 today was taken in WDA: she is managed today, but WDB measured nothing
      managedToday: 1,
      measurementsToday: 0,
      glucoseToday: { tests: 0, normal: 0, low: 0, high: 0, criticalLow: 0, criticalHigh: 0 },
      abnormalRate: null,
      criticalRate: null,
      recentTests: [],
      recentCriticals: [],
    });
    expect(d.beds).toHaveLength(1);
    // today's glucose of the patient wherever taken
    expect(d.beds[0]).toMatchObject({
      patientId: p.five!.id,
      bed: 'B1',
      testsToday: 1,
      departmentCode: 'WDB',
    });
    expect(d.beds[0]!.latest.GLU).toMatchObject({ id: r.fiveNormal!.id, departmentCode: 'WDA' });
  });

  it('answers names of wards and periods in the request language', async () => {
    const zh = await dashboard('?departmentCode=WDA', admin, 'zh-CN');
    expect(zh.beds[0]!.latest.GLU!.departmentName).toBe('甲病区');
    expect(zh.departments.find((x) => x.code === 'WDA')?.name).toBe('甲病区');
    const en = await dashboard('?departmentCode=WDA', admin, 'en-US');
    const fasting = en.recentTests.find((x) => x.id === r.oneFasting!.id)!;
    const fastingZh = zh.recentTests.find((x) => x.id === r.oneFasting!.id)!;
    expect(fasting.periodName).toBeTruthy();
    expect(fastingZh.periodName).toBeTruthy();
    expect(fasting.periodName).not.toBe(fastingZh.periodName);
  });

  it('keeps to the caller’s scope: another ward is 404, all wards are the scope’s', async () => {
    // the nurse sees WDA (granted) but not WDB
    expect((await dashboard('?departmentCode=WDA', nurse)).inHospital).toBe(4);
    const other = await api('GET', '/v1/monitor/ward?departmentCode=WDB', nurse);
    expect(other.statusCode).toBe(404);
    const unknown = await api('GET', '/v1/monitor/ward?departmentCode=NOPE', nurse, undefined, 'zh-CN');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBeTruthy();
    // without a ward: Endocrinology and WDA together, and the picker offers exactly those
    const mine = await dashboard('', nurse);
    expect(mine.departments.map((x) => x.code).sort()).toEqual(['ENDO', 'WDA']);
    const endo = await dashboard('?departmentCode=ENDO', nurse);
    expect(mine.inHospital).toBe(endo.inHospital + 4);
    expect(mine.glucoseToday.tests).toBe(endo.glucoseToday.tests + 6);
    expect(mine.beds.some((b) => b.patientId === p.five!.id)).toBe(false);
    // the administrator sees every ward: WDB too, and as many in hospital as the inpatient counts say
    const all = await dashboard('');
    expect(all.departments.map((x) => x.code)).toEqual(
      expect.arrayContaining(['ENDO', 'WDA', 'WDB', 'CARD']),
    );
    expect(all.beds.some((b) => b.patientId === p.five!.id)).toBe(true);
    const counts = await ok<{ inHospital: number; admittedToday: number }>(
      'GET',
      '/v1/patients/hospitalizedPatients/counts',
      admin,
    );
    expect(all.inHospital).toBe(counts.inHospital);
    expect(all.admittedToday).toBe(counts.admittedToday);
    expect(all.beds).toHaveLength(all.inHospital);
  });

  it('keeps tenants apart', async () => {
    const foreign = await api('GET', '/v1/monitor/ward?departmentCode=WDA', admin202);
    expect(foreign.statusCode).toBe(404);
    const theirs = await dashboard('', admin202);
    const ours = new Set(Object.values(p).map((x) => x.id));
    expect(theirs.beds.some((b) => ours.has(b.patientId))).toBe(false);
    expect(theirs.recentTests.some((x) => ours.has(x.patientId))).toBe(false);
    expect(theirs.departments.map((x) => x.code)).not.toContain('WDA');
  });

  it('lists the last readings and critical values of a quiet ward, months old', async () => {
    // the readings are partitioned by month (issue 22): the last weeks are read first, older months
    // only when those hold fewer than the list's length
    await t.handle.db.execute(sql`insert into departments (tenant_id, code, name, name_en, sort)
      values ('101', 'WDC', '丙病区', 'Ward C', 92)`);
    const quiet = await admit('Ward C One', 'C1', sh('08:00', 75), 'WDC');
    const old = await enter(quiet, 'GLU', sh('07:00', 70), 6.6);
    const older = await enter(quiet, 'GLU', sh('07:00', 72), 1.9);
    t.clock.now = sh('14:00');
    const d = await dashboard('?departmentCode=WDC');
    expect(d.recentTests.map((x) => x.id)).toEqual([old.id, older.id]);
    expect(d.recentCriticals.map((x) => x.id)).toEqual([older.id]);
  });

  it('needs a session and refuses a malformed ward', async () => {
    const none = await t.request({ method: 'GET', url: '/app-service/v1/monitor/ward' });
    expect(none.statusCode).toBe(401);
    const bad = await api('GET', `/v1/monitor/ward?departmentCode=${'X'.repeat(65)}`, admin);
    expect(bad.statusCode).toBe(400);
  });
});
