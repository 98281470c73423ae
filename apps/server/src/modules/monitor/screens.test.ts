import type { AddressInfo } from 'node:net';
import { SCREEN_LINK_HEADER } from '@glucocare/domain/monitor';
import type {
  CrisisRecords,
  MonitorOverview,
  PatientDistribution,
  PersonMonitor,
} from '@glucocare/domain/responses';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { type LiveStream, openLiveStream } from '../live/test-support';
import { insertPatient, periodOfTime } from '../measurements/test-support';

/**
 * The wall calls' figures (issue 20) on readings entered through the API in wards of their own, worked
 * out by hand below; scope (the link's wards ∩ the strategy's), masking, and the wall's event stream.
 *
 * The hospital day is 2026-03-10 (Asia/Shanghai), the clock 14:00 that day. Readings (mmol/L, seeded
 * limits: critical < 2.8, low < 3.9, high > 10 after meals / > 7 fasting, critical > 22.2):
 *   WALLA  张三丰 (bed A-01)       07:10 2.1 criticalLow, 09:30 6.0 normal
 *          Helen Brooks (A-02)     admitted today 08:00; 11:00 15.0 high
 *          王小明 (A-03)            yesterday 20:00 3.3 low
 *   WALLB  李四 (B-01)              08:00 25.0 criticalHigh, 12:30 3.3 low
 */

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let base: string;
const streams: LiveStream[] = [];
const NOW = new Date('2026-03-10T14:00:00+08:00');
const ids: Record<string, number> = {};

async function ward(code: string, name: string, sort: number) {
  await t.handle.db.execute(sql`insert into departments (tenant_id, code, name, name_en, is_ward, sort)
    values ('101', ${code}, ${name}, ${`${code} ward`}, true, ${900 + sort})`);
}

async function patient(key: string, name: string, departmentCode: string, bed: string, admittedAt?: Date) {
  const id = await insertPatient(t, {
    name,
    departmentCode,
    admittedAt: admittedAt ?? new Date('2026-02-20T09:00:00+08:00'),
    inpatientNumber: `ZY-77${Object.keys(ids).length}991`,
    wristbandCode: `WB-55${Object.keys(ids).length}12`,
    dateOfBirth: '1951-07-19',
  });
  await t.handle.db.execute(sql`update patients set bed = ${bed} where tenant_id = '101' and id = ${id}`);
  ids[key] = id;
}

async function enter(key: string, testTime: string, result: number, classification: string) {
  const res = await api('POST', '/v1/testRecord/customerRecord', admin, {
    category: 'GLU',
    patientId: ids[key],
    period: periodOfTime(testTime),
    testTime,
    result,
    unit: 'mmolL',
  });
  expect(res.statusCode, res.body).toBe(200);
  // the limits the worked figures rely on
  expect(res.json().dataContent.determineType ?? res.json().dataContent.classification).toBe(classification);
  return res.json().dataContent as { id: number };
}

async function link(departmentCodes: string[], wholeHospital = false) {
  const res = await api('POST', '/v1/monitor/links', admin, {
    name: `Wall ${departmentCodes.join(' ') || 'all'}`,
    wholeHospital,
    departmentCodes,
    variant: 'hospital',
    validUntil: '2026-04-30',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dataContent as { link: { id: number; version: number }; token: string };
}

async function wall<T>(token: string, path: string, lang = 'en-US'): Promise<T> {
  const res = await t.request({
    method: 'GET',
    url: `/app-service/v1/monitor/${path}`,
    headers: { [SCREEN_LINK_HEADER]: token, 'accept-language': lang },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().dataContent as T;
}

async function setStrategy(change: Record<string, unknown>) {
  const current = await api('GET', '/v1/systemSetting/screenStrategy', admin);
  const res = await api('POST', '/v1/systemSetting/screenStrategy', admin, {
    ...current.json().dataContent,
    ...change,
  });
  expect(res.statusCode, res.body).toBe(200);
}

let wallA: string;
let wallB: string;

beforeAll(async () => {
  t = await createTestContext({ screenLinkCheckMs: 300 });
  t.clock.now = NOW;
  api = apiOf(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await t.login('101', 'admin', 'Admin@123456');
  await ward('WALLA', '墙A病区', 1);
  await ward('WALLB', '墙B病区', 2);
  await ward('WALLC', '墙C病区', 3);
  await patient('a1', '张三丰', 'WALLA', 'A-01');
  await patient('a2', 'Helen Brooks', 'WALLA', 'A-02', new Date('2026-03-10T08:00:00+08:00'));
  await patient('a3', '王小明', 'WALLA', 'A-03');
  await patient('b1', '李四', 'WALLB', 'B-01');
  await patient('c1', '赵六', 'WALLC', 'C-01');
  await enter('a1', '2026-03-10T07:10:00+08:00', 2.1, 'criticalLow');
  await enter('a1', '2026-03-10T09:30:00+08:00', 6.0, 'normal');
  await enter('a2', '2026-03-10T11:00:00+08:00', 15.0, 'high');
  await enter('a3', '2026-03-09T20:00:00+08:00', 3.3, 'low');
  await enter('b1', '2026-03-10T08:00:00+08:00', 25.0, 'criticalHigh');
  await enter('b1', '2026-03-10T12:30:00+08:00', 3.3, 'low');
  wallA = (await link(['WALLA'])).token;
  wallB = (await link(['WALLB'])).token;
});
afterAll(async () => {
  // the server ends the open streams when it stops (as a wall sees a restart)
  await t.close();
  for (const stream of streams) stream.close();
});

describe('GET /v1/monitor/ (overview)', () => {
  it('counts the link’s wards’ day, week and hours as worked out by hand', async () => {
    const o = await wall<MonitorOverview>(wallA, '');
    expect(o.day).toBe('2026-03-10');
    expect(o.config).toMatchObject({
      variant: 'hospital',
      maskPatientNames: true,
      timeZone: 'Asia/Shanghai',
      departments: [{ code: 'WALLA', name: 'WALLA ward' }],
      validUntil: '2026-04-30T16:00:00.000Z',
    });
    expect(o.config.title).toBe(o.config.hospitalName);
    expect(o).toMatchObject({ inHospital: 3, admittedToday: 1, measurePersonCount: 2, measureCount: 3 });
    expect(o.todaySummary).toEqual({
      tests: 3,
      normal: 1,
      low: 0,
      high: 1,
      criticalLow: 1,
      criticalHigh: 0,
      abnormalRate: 2 / 3,
      criticalRate: 1 / 3,
    });
    expect(o.weeklySummary.map((d) => d.day)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(o.weeklySummary[5]).toMatchObject({ tests: 1, low: 1, measuredPatients: 1 });
    expect(o.weeklySummary[6]).toMatchObject({
      tests: 3,
      normal: 1,
      high: 1,
      criticalLow: 1,
      measuredPatients: 2,
    });
    expect(o.weeklySummary.slice(0, 5).every((d) => d.tests === 0)).toBe(true);
    expect(o.todayDepartmentSummary).toEqual([
      {
        departmentCode: 'WALLA',
        departmentName: 'WALLA ward',
        tests: 3,
        normal: 1,
        low: 0,
        high: 1,
        criticalLow: 1,
        criticalHigh: 0,
        inHospital: 3,
        measuredPatients: 2,
        abnormalRate: 2 / 3,
        criticalRate: 1 / 3,
      },
    ]);
    expect(o.trend).toHaveLength(24);
    const hours = o.trend.filter((h) => h.tests > 0).map((h) => [h.hour, h.normal, h.high, h.criticalLow]);
    expect(hours).toEqual([
      [7, 0, 0, 1],
      [9, 1, 0, 0],
      [11, 0, 1, 0],
    ]);
  });

  it('keeps to the link’s wards: the other ward’s link sees only its own patient', async () => {
    const o = await wall<MonitorOverview>(wallB, '', 'zh-CN');
    expect(o.config.departments).toEqual([{ code: 'WALLB', name: '墙B病区' }]);
    expect(o).toMatchObject({ inHospital: 1, admittedToday: 0, measurePersonCount: 1, measureCount: 2 });
    expect(o.todaySummary).toMatchObject({ low: 1, criticalHigh: 1, abnormalRate: 1, criticalRate: 0.5 });
  });
});

describe('the lists', () => {
  it('personMonitor: each patient’s latest reading of the recent hours, newest first, names masked', async () => {
    const p = await wall<PersonMonitor>(wallA, 'personMonitor');
    expect(p.records.map((r) => [r.name, r.bed, r.value])).toEqual([
      ['H. B.', 'A-02', 15],
      ['张**', 'A-01', 6],
      ['王**', 'A-03', 3.3],
    ]);
    expect(p.records[0]).toMatchObject({ departmentCode: 'WALLA', item: 'GLU', classification: 'high' });
  });

  it('crisisLowRecords: the critical values of the recent hours with their loop state', async () => {
    const c = await wall<CrisisRecords>(wallA, 'crisisLowRecords');
    expect(c.records.map((r) => [r.name, r.value, r.classification, r.state])).toEqual([
      ['张**', 2.1, 'criticalLow', 'open'],
    ]);
    const b = await wall<CrisisRecords>(wallB, 'crisisLowRecords');
    expect(b.records.map((r) => [r.name, r.value, r.state])).toEqual([['李*', 25, 'open']]);
  });

  it('todayPatientDistribution: bands of today’s latest glucose, the high/low wards, the abnormal detail', async () => {
    const d = await wall<PatientDistribution>(wallA, 'todayPatientDistribution');
    // 王小明's latest glucose is yesterday's: not measured today
    expect(d.bands).toEqual([
      { band: 'below3_9', patients: 0 },
      { band: 'from3_9to10', patients: 1 },
      { band: 'from10to13_9', patients: 0 },
      { band: 'from13_9', patients: 1 },
    ]);
    expect(d.highDepartments).toEqual([{ departmentCode: 'WALLA', departmentName: 'WALLA ward', count: 1 }]);
    expect(d.lowDepartments).toEqual([{ departmentCode: 'WALLA', departmentName: 'WALLA ward', count: 1 }]);
    // the critically low patient first (with the latest reading, 6.0), then the high one
    expect(d.abnormal.map((r) => [r.name, r.value, r.highCount, r.lowCount])).toEqual([
      ['张**', 6, 0, 1],
      ['H. B.', 15, 1, 0],
    ]);
  });

  it('never answers an identifier beyond bed and masked name; shows full names when masking is off', async () => {
    for (const path of ['', 'personMonitor', 'crisisLowRecords', 'todayPatientDistribution']) {
      const res = await t.request({
        method: 'GET',
        url: `/app-service/v1/monitor/${path}`,
        headers: { [SCREEN_LINK_HEADER]: wallA },
      });
      for (const secret of ['ZY-77', 'WB-55', '1951-07-19', '张三丰', 'Helen Brooks', 'inpatientNumber']) {
        expect(res.body, `${path} ${secret}`).not.toContain(secret);
      }
    }
    await setStrategy({ maskPatientNames: false });
    try {
      const p = await wall<PersonMonitor>(wallA, 'personMonitor');
      expect(p.records.map((r) => r.name)).toEqual(['Helen Brooks', '张三丰', '王小明']);
    } finally {
      await setStrategy({ maskPatientNames: true });
    }
  });

  it('shows the link’s wards ∩ the strategy’s departments, and the strategy’s recent hours and items', async () => {
    const both = (await link(['WALLA', 'WALLB'])).token;
    const all = await wall<MonitorOverview>(both, '');
    expect(all.config.departments.map((d) => d.code)).toEqual(['WALLA', 'WALLB']);
    expect(all.measureCount).toBe(5);
    await setStrategy({ departmentCodes: ['WALLB', 'ENDO'], recentHours: 4 });
    try {
      const o = await wall<MonitorOverview>(both, '');
      expect(o.config.departments.map((d) => d.code)).toEqual(['WALLB']);
      expect(o.measureCount).toBe(2);
      // since 10:00: 李四's 12:30 reading only
      const p = await wall<PersonMonitor>(both, 'personMonitor');
      expect(p.records.map((r) => [r.name, r.value])).toEqual([['李*', 3.3]]);
      // a link's wards outside the strategy's: nothing at all
      const none = await wall<MonitorOverview>(wallA, '');
      expect(none.config.departments).toEqual([]);
      expect(none.measureCount).toBe(0);
    } finally {
      await setStrategy({ departmentCodes: [], recentHours: 24 });
    }
    await setStrategy({ items: ['KET'] });
    try {
      expect((await wall<PersonMonitor>(wallA, 'personMonitor')).records).toEqual([]);
    } finally {
      await setStrategy({ items: ['GLU', 'KET', 'UA'] });
    }
  });
});

describe('GET /v1/monitor/events (the wall’s stream)', () => {
  async function open(token: string | null) {
    const stream = await openLiveStream(base, null, {
      path: '/v1/monitor/events',
      headers: token === null ? {} : { [SCREEN_LINK_HEADER]: token },
    });
    streams.push(stream);
    if (stream.status === 200) await stream.waitFor((event) => event.event === 'ready');
    return stream;
  }

  it('refuses a stream without a valid link', async () => {
    expect((await open(null)).status).toBe(401);
    expect((await open(`${wallA}x`)).status).toBe(401);
  });

  it('hears a reading of its ward within a second, with no patient ids, and none of another ward', async () => {
    const wallC = (await link(['WALLC'])).token;
    const stream = await open(wallC);
    await enter('b1', '2026-03-10T13:00:00+08:00', 6.1, 'normal');
    const answeredAt = Date.now();
    await enter('c1', '2026-03-10T13:05:00+08:00', 6.2, 'normal');
    const reading = await stream.waitFor((event) => event.event === 'readings');
    expect(reading.data).toEqual({ topic: 'readings', departments: ['WALLC'], at: expect.any(Number) });
    expect(reading.receivedAt - answeredAt).toBeLessThan(1_000);
    // one stream receives in order: the WALLB reading came first and was not sent
    expect(stream.events.filter((event) => event.event !== 'ready')).toHaveLength(1);
  });

  it('ends with session-ended when the link is revoked', async () => {
    const created = await link(['WALLC']);
    const stream = await open(created.token);
    const res = await api('POST', `/v1/monitor/links/${created.link.id}/revoke`, admin, {
      reason: 'Screen taken down',
      version: created.link.version,
    });
    expect(res.statusCode).toBe(200);
    await stream.waitFor((event) => event.event === 'session-ended', 3_000);
    await stream.ended;
  });
});
