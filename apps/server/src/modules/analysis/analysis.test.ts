import { calendarDate, zonedInstant } from '@glucocare/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurements, patients } from '../../db/schema';
import { apiOf } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let doctor: string;
let admin202: string;

const TZ = 'Asia/Shanghai';
let endo: number;
let card: number;

const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return zonedInstant(date, h * 60 + m, TZ);
};

async function admit(name: string, departmentCode: string, admittedAt: Date) {
  const [row] = await t.handle.db
    .insert(patients)
    .values({
      tenantId: '101',
      name,
      gender: 'male',
      dateOfBirth: '1958-02-01',
      departmentCode,
      bed: '07',
      inpatientNumber: `IP${Math.floor(Math.random() * 1e8)}`,
      admittedAt,
    })
    .returning({ id: patients.id });
  return row.id;
}

type Reading = [
  item: 'GLU' | 'KET' | 'UA',
  period: string | null,
  date: string,
  time: string,
  value: number | null,
  classification?: string,
];

async function record(patientId: number, readings: Reading[], extra: { deletedAt?: Date } = {}) {
  await t.handle.db.insert(measurements).values(
    readings.map(([item, periodCode, date, time, value, classification]) => ({
      tenantId: '101',
      patientId,
      departmentCode: 'ENDO',
      item,
      periodCode,
      testTime: at(date, time),
      value,
      untestedReason: value === null ? 'refused' : null,
      classification: value === null ? null : (classification ?? 'normal'),
      deletedAt: extra.deletedAt ?? null,
    })),
  );
}

/**
 * Two hospital days of glucose worked by hand below (mmol/L):
 *   2024-03-01  fasting 5.0 · after breakfast 9.0 · before lunch 6.0 · after lunch 11.0 (high) · before sleep 3.5 (low)
 *   2024-03-02  fasting 6.0 · after breakfast 8.0 · after dinner 14.5 (high)
 * plus what must be left out: an untested reading, a deleted one, and readings outside the range.
 */
const DAY1 = '2024-03-01';
const DAY2 = '2024-03-02';
const GLUCOSE: Reading[] = [
  ['GLU', 'fasting', DAY1, '07:00', 5.0],
  ['GLU', 'afterBreakfast', DAY1, '09:30', 9.0],
  ['GLU', 'beforeLunch', DAY1, '11:30', 6.0],
  ['GLU', 'afterLunch', DAY1, '13:30', 11.0, 'high'],
  ['GLU', 'beforeSleep', DAY1, '21:40', 3.5, 'low'],
  ['GLU', 'fasting', DAY2, '07:00', 6.0],
  ['GLU', 'afterBreakfast', DAY2, '09:30', 8.0],
  ['GLU', 'afterDinner', DAY2, '19:30', 14.5, 'high'],
];

beforeAll(async () => {
  t = await createTestContext();
  api = apiOf(t);
  admin = await t.login('101', 'admin', 'Admin@123456');
  doctor = await t.login('101', 'doctor01', 'Doctor@2026');
  admin202 = await t.login('202', 'admin', 'Admin@202202');
  endo = await admit('Analysis Patient', 'ENDO', at('2024-02-20', '10:00'));
  card = await admit('Cardiology Patient', 'CARD', at('2024-02-20', '10:00'));
  await record(endo, [
    ...GLUCOSE,
    ['GLU', 'beforeDinner', DAY2, '17:30', null],
    ['GLU', 'beforeLunch', '2024-02-28', '11:30', 20.0, 'high'],
    ['GLU', 'fasting', '2024-03-03', '07:00', 2.0, 'criticalLow'],
    ['KET', null, DAY1, '08:00', 0.4],
    ['KET', null, DAY2, '08:00', 1.8, 'high'],
    ['UA', null, DAY1, '08:05', 420],
  ]);
  await record(endo, [['GLU', 'afterDinner', DAY1, '19:30', 30]], { deletedAt: new Date() });
});
afterAll(() => t.close());

const RANGE = `beginDate=2024-02-29&endDate=${DAY2}`;

async function get(path: string, token = admin, lang?: string) {
  const res = await api('GET', `/v1/gluDataAnalysis/${path}`, token, undefined, lang);
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

async function data(path: string, token = admin) {
  const res = await get(path, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.dataContent;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

describe('bloodGlucoseReport', () => {
  it('answers every metric of the hand-worked readings, mmol/L, 2 decimals', async () => {
    const report = await data(`bloodGlucoseReport?patientId=${endo}&${RANGE}`);
    // 8 readings: sum 63, mean 7.875; squared deviations sum to 89.375, sample SD √(89.375 / 7)
    const sd = Math.sqrt(89.375 / 7);
    // day 1: values 5, 9, 6, 11, 3.5 — mean 6.9, squared deviations 37.2, SD √(37.2 / 4)
    // day 2: values 6, 8, 14.5 — mean 9.5, squared deviations 39.5, SD √(39.5 / 2)
    const sdbg1 = Math.sqrt(37.2 / 4);
    const sdbg2 = Math.sqrt(39.5 / 2);
    expect(report).toMatchObject({
      range: { beginDate: '2024-02-29', endDate: DAY2, isStay: false },
      unit: 'mmol/L',
      testCount: 8,
      dayNums: 2,
      avg: 7.88, // 7.875 rounds half away from zero
      sd: round2(sd), // 3.57
      cv: round2((sd / 7.875) * 100), // 45.37
      maxValue: 14.5,
      minValue: 3.5,
      // GMI (3.31 + 0.02392 × 141.75 = 6.70) is a CGM measure: 2 days of fingerstick readings do not
      // qualify (≥ 14 days, ≥ 70 % coverage); the estimated A1c of the 8 readings is shown instead
      gmi: null,
      gmiStatus: {
        qualifies: false,
        reason: 'fewDays',
        days: 2,
        // 8 readings × 15 min = 120 of 2 × 1440 minutes
        coverage: round2((120 / 2880) * 100),
        rule: { minDays: 14, minCoveragePercent: 70, readingMinutes: 15 },
      },
      ea1c: 6.57, // (7.875 × 18 = 141.75 + 46.7) / 28.7 = 6.5662
      // LAGE per day 11 − 3.5 = 7.5 and 14.5 − 6 = 8.5, mean 8
      lage: 8,
      sdbg: round2((sdbg1 + sdbg2) / 2), // (3.0496 + 4.4441) / 2 = 3.75
      // PPGE day 1: breakfast |9 − 5| = 4, lunch |11 − 6| = 5 → 4.5; day 2: breakfast |8 − 6| = 2 (no before-dinner value) → 2
      ppge: 3.25,
      // MAGE (Service, small swings merged; packages/domain/src/analytics/mage.ts)
      //   day 1: turning points 5, 9, 6, 11, 3.5; swings +4, −3, +5, −7.5; the −3 is under SD 3.05 and
      //          merged: 5 ↗ 11 ↘ 3.5 → MAGE+ 6, MAGE− 7.5, first rises → MAGE 6, mean 6.75
      //          (skipping the −3 instead, the former variant, gave (4 + 5) / 2 = 4.5)
      //   day 2: 6 → 14.5 rises once, +8.5 ≥ SD 4.44 → MAGE = MAGE+ = mean 8.5, no MAGE−
      //   over the range, the mean of the days that have one: MAGE (6 + 8.5) / 2 = 7.25, MAGE+ 7.25,
      //   MAGE− 7.5 (day 1 only), mean (6.75 + 8.5) / 2 = 7.625 → 7.63
      mage: 7.25,
      magePlus: 7.25,
      mageMinus: 7.5,
      mageMean: 7.63,
      // MODD: periods on both days: fasting |6 − 5| = 1, after breakfast |8 − 9| = 1 → 1
      modd: 1,
      // consensus bands: 5, 9, 6, 6, 8 in range; 3.5 low; 11 high; 14.5 very high (of 8 readings)
      ranges: { veryLow: 0, low: 12.5, inRange: 62.5, high: 12.5, veryHigh: 12.5 },
      rangeCount: 8,
      timeRanges: null,
      timeRule: { minReadingsPerDay: 24, maxGapMinutes: 120, minSpanHours: 24 },
      bands: { veryLow: 3, low: 3.9, high: 10, veryHigh: 13.9 },
      references: { ppge: 2.2, lage: 4.4, sdbg: 2 },
    });
    const items = Object.fromEntries(
      report.items.map((item: { periodCode: string }) => [item.periodCode, item]),
    );
    expect(Object.keys(items).sort()).toEqual(
      ['afterBreakfast', 'afterDinner', 'afterLunch', 'beforeLunch', 'beforeSleep', 'fasting'].sort(),
    );
    expect(items.fasting).toEqual({
      periodCode: 'fasting',
      periodName: expect.any(String),
      count: 2,
      avg: 5.5,
      minValue: 5,
      maxValue: 6,
      lowCount: 0,
      highCount: 0,
    });
    expect(items.afterDinner).toMatchObject({ count: 1, avg: 14.5, highCount: 1, lowCount: 0 });
    expect(items.beforeSleep).toMatchObject({ count: 1, avg: 3.5, highCount: 0, lowCount: 1 });
    // the items come in the day's order of the periods
    expect(
      report.items.map((item: { periodCode: string }) => item.periodCode).indexOf('fasting'),
    ).toBeLessThan(
      report.items.map((item: { periodCode: string }) => item.periodCode).indexOf('afterDinner'),
    );
  });

  it('counts only the TIR setting’s periods and bands in the ranges, and sees a change at once', async () => {
    const current = (await api('GET', '/v1/systemSetting/tir', admin)).json().dataContent;
    const saved = await api('POST', '/v1/systemSetting/tir', admin, {
      veryLow: 3.0,
      low: 4.0,
      high: 9.0,
      veryHigh: 12.0,
      periods: current.periods.filter((code: string) => code !== 'afterDinner'),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const report = await data(`bloodGlucoseReport?patientId=${endo}&${RANGE}`);
      // 7 readings without the after-dinner 14.5: 3.5 low (< 4.0), 11 high (≤ 12), 5, 9, 6, 6, 8 in range
      expect(report.rangeCount).toBe(7);
      // 1/7, 5/7, 1/7: rounding each (14.29 + 71.43 + 14.29) would make 100.01. Largest remainder:
      // 14.28 + 71.42 + 14.28 = 99.98, remainders .571, .857, .571 → in range first, then the tie to
      // the lower range: 14.29, 71.43, 14.28 = 100.00
      expect(report.ranges).toEqual({ veryLow: 0, low: 14.29, inRange: 71.43, high: 14.28, veryHigh: 0 });
      expect(report.bands).toEqual({ veryLow: 3, low: 4, high: 9, veryHigh: 12 });
      expect(report.tirPeriods).not.toContain('afterDinner');
      // the other metrics still take every reading
      expect(report.testCount).toBe(8);
    } finally {
      await api('POST', '/v1/systemSetting/tir', admin, current);
    }
  });

  it('answers a range without readings with zero counts and nulls', async () => {
    const report = await data(`bloodGlucoseReport?patientId=${endo}&beginDate=2024-01-01&endDate=2024-01-31`);
    expect(report).toMatchObject({
      testCount: 0,
      dayNums: 0,
      avg: null,
      sd: null,
      cv: null,
      gmi: null,
      gmiStatus: { qualifies: false, reason: 'noReadings', days: 0, coverage: null },
      ea1c: null,
      lage: null,
      mage: null,
      magePlus: null,
      mageMinus: null,
      mageMean: null,
      modd: null,
      ranges: { veryLow: null, low: null, inRange: null, high: null, veryHigh: null },
      rangeCount: 0,
      items: [],
    });
  });

  it('says why GMI is not shown, in both languages, naming the readings of the estimated A1c', async () => {
    const en = (await get(`bloodGlucoseReport?patientId=${endo}&${RANGE}`)).body.dataContent;
    const zh = (await get(`bloodGlucoseReport?patientId=${endo}&${RANGE}`, admin, 'zh-CN')).body.dataContent;
    expect(en.gmiStatus.message).toContain('14 days');
    expect(en.gmiStatus.message).toContain('2 days');
    expect(en.gmiStatus.message).toContain('8 readings');
    expect(zh.gmiStatus.message).toContain('14 天');
    expect(zh.gmiStatus.message).toContain('8 次读数');
  });

  it('shows GMI for 14 days of CGM data, with its time shares adding up to 100', async () => {
    const patient = await admit('CGM Patient', 'ENDO', at('2024-05-01', '00:00'));
    // every 15 minutes for 14 days: 1344 readings at 7.0 mmol/L except 2.5 (very low) every 96th
    const start = at('2024-05-01', '00:00').getTime();
    const rows = Array.from({ length: 14 * 96 }, (_, i) => ({
      tenantId: '101',
      patientId: patient,
      departmentCode: 'ENDO',
      item: 'GLU',
      periodCode: 'fasting',
      testTime: new Date(start + i * 15 * 60_000),
      value: i % 96 === 0 ? 2.5 : 7.0,
      classification: 'normal',
    }));
    await t.handle.db.insert(measurements).values(rows);
    const report = await data(
      `bloodGlucoseReport?patientId=${patient}&beginDate=2024-05-01&endDate=2024-05-14`,
    );
    // mean (14 × 2.5 + 1330 × 7) / 1344 = 6.953125 mmol/L = 125.15625 mg/dL;
    // GMI 3.31 + 0.02392 × 125.15625 = 6.3037; eA1c (125.15625 + 46.7) / 28.7 = 5.9880
    expect(report.gmiStatus).toMatchObject({
      qualifies: true,
      reason: null,
      message: null,
      days: 14,
      coverage: 100,
    });
    expect(report.gmi).toBe(6.3);
    expect(report.ea1c).toBe(5.99);
    // time shares: 14 very-low readings of 15 minutes among 1344 (1.04166… %): 1.04 + 98.96 = 100
    expect(report.timeRanges).toEqual({ veryLow: 1.04, low: 0, inRange: 98.96, high: 0, veryHigh: 0 });
  });

  it('compares a mg/dL entry with the consensus limits in mg/dL, and its shares add up to 100', async () => {
    const patient = await admit('Unit Patient', 'ENDO', at('2024-06-01', '00:00'));
    await t.handle.db.insert(measurements).values(
      (
        [
          // 70 mg/dL, stored at full precision (3.888…): in range, as the consensus's "70–180 mg/dL"
          ['07:00', 70 / 18, 70, 'mgDl'],
          // 3.85 mmol/L: below 3.9, low
          ['09:30', 3.85, 3.85, 'mmolL'],
          // 12 mmol/L: high
          ['13:30', 12, 12, 'mmolL'],
        ] as const
      ).map(([time, value, enteredValue, enteredUnit]) => ({
        tenantId: '101',
        patientId: patient,
        departmentCode: 'ENDO',
        item: 'GLU',
        periodCode: time === '07:00' ? 'fasting' : time === '09:30' ? 'afterBreakfast' : 'afterLunch',
        testTime: at('2024-06-02', time),
        value,
        enteredValue,
        enteredUnit,
        classification: 'normal',
      })),
    );
    const report = await data(
      `bloodGlucoseReport?patientId=${patient}&beginDate=2024-06-01&endDate=2024-06-02`,
    );
    // thirds: 33.333… each; the tie of remainders goes to the lowest range: 33.34 + 33.33 + 33.33
    expect(report.ranges).toEqual({ veryLow: 0, low: 33.34, inRange: 33.33, high: 33.33, veryHigh: 0 });
  });

  it('defaults to the current stay, ending today', async () => {
    const report = await data(`bloodGlucoseReport?patientId=${endo}`);
    expect(report.range.isStay).toBe(true);
    expect(report.range.endDate).toBe(calendarDate(new Date(), TZ));
  });
});

describe('bloodGlucoseFluctuation', () => {
  it('answers every day of the range, nulls on a day without readings', async () => {
    const days = await data(`bloodGlucoseFluctuation?patientId=${endo}&${RANGE}`);
    const none = { mage: null, magePlus: null, mageMinus: null, mageMean: null };
    expect(days).toEqual([
      { date: '2024-02-29', count: 0, ppge: null, lage: null, sdbg: null, ...none },
      // MAGE as worked out in the report's test above
      {
        date: DAY1,
        count: 5,
        ppge: 4.5,
        lage: 7.5,
        sdbg: round2(Math.sqrt(37.2 / 4)),
        mage: 6,
        magePlus: 6,
        mageMinus: 7.5,
        mageMean: 6.75,
      },
      {
        date: DAY2,
        count: 3,
        ppge: 2,
        lage: 8.5,
        sdbg: round2(Math.sqrt(39.5 / 2)),
        mage: 8.5,
        magePlus: 8.5,
        mageMinus: null,
        mageMean: 8.5,
      },
    ]);
  });
});

describe('bloodGlucoseTrend and bloodGlucoseMap', () => {
  it('answers the readings of the periods asked for, with the time of day', async () => {
    const trend = await data(`bloodGlucoseTrend?patientId=${endo}&${RANGE}&periods=fasting,afterDinner`);
    expect(trend.timeZone).toBe(TZ);
    expect(trend.periods.map((p: { code: string }) => p.code)).toEqual(['fasting', 'afterDinner']);
    expect(trend.readings).toEqual([
      expect.objectContaining({ date: DAY1, minuteOfDay: 420, testValue: 5, periodCode: 'fasting' }),
      expect.objectContaining({ date: DAY2, minuteOfDay: 420, testValue: 6, periodCode: 'fasting' }),
      expect.objectContaining({
        date: DAY2,
        minuteOfDay: 19 * 60 + 30,
        testValue: 14.5,
        periodCode: 'afterDinner',
        determineType: 'high',
      }),
    ]);
    expect(trend.readings[0].testTime).toBe(at(DAY1, '07:00').toISOString());
    expect(trend.band === null || typeof trend.band.low === 'number' || trend.band.low === null).toBe(true);

    const all = await data(`bloodGlucoseTrend?patientId=${endo}&${RANGE}`);
    expect(all.readings).toHaveLength(8);
  });

  it('answers the 24-hour scatter and the hourly percentiles (null under 5 readings an hour)', async () => {
    const map = await data(`bloodGlucoseMap?patientId=${endo}&${RANGE}`);
    expect(map.readings).toHaveLength(8);
    expect(map.readings.map((r: { minuteOfDay: number }) => r.minuteOfDay)).toContain(21 * 60 + 40);
    expect(map.hourly).toHaveLength(24);
    expect(map.hourly[7]).toEqual({
      hour: 7,
      count: 2,
      p5: null,
      p25: null,
      p50: null,
      p75: null,
      p95: null,
    });
    expect(map.hourly[9].count).toBe(2);
    expect(map.bands).toEqual({ veryLow: 3, low: 3.9, high: 10, veryHigh: 13.9 });
  });

  it('gives the percentiles of an hour with enough readings', async () => {
    const patient = await admit('AGP Patient', 'ENDO', at('2024-04-01', '08:00'));
    // hour 08 on five days: 4, 5, 6, 7, 12 → p50 6, p25 5, p75 7 (type 7: linear between ranks)
    const values = [4, 5, 6, 7, 12];
    await record(
      patient,
      values.map((value, i): Reading => ['GLU', 'afterBreakfast', `2024-04-0${i + 2}`, '08:15', value]),
    );
    const map = await data(`bloodGlucoseMap?patientId=${patient}&beginDate=2024-04-01&endDate=2024-04-07`);
    expect(map.hourly[8]).toEqual({
      hour: 8,
      count: 5,
      p5: 4.2, // 4 + 0.2 × (5 − 4)
      p25: 5,
      p50: 6,
      p75: 7,
      p95: 11, // 7 + 0.8 × (12 − 7)
    });
  });
});

describe('testTrend', () => {
  it('answers ketone or uric-acid readings with the reference range', async () => {
    const ket = await data(`testTrend?patientId=${endo}&${RANGE}&category=KET`);
    expect(ket).toMatchObject({ item: 'KET', unit: 'mmol/L' });
    expect(ket.readings.map((r: { testValue: number }) => r.testValue)).toEqual([0.4, 1.8]);
    expect(ket.readings[1].determineType).toBe('high');
    expect(Object.keys(ket.reference).sort()).toEqual(['criticalHigh', 'criticalLow', 'high', 'low']);
    const ua = await data(`testTrend?patientId=${endo}&${RANGE}&category=UA`);
    expect(ua).toMatchObject({ item: 'UA', unit: 'µmol/L' });
    expect(ua.readings.map((r: { testValue: number }) => r.testValue)).toEqual([420]);
  });
});

describe('access and validation', () => {
  it('answers 404 for a patient outside the department scope or the tenant, like a missing one', async () => {
    expect((await get(`bloodGlucoseReport?patientId=${card}&${RANGE}`, admin)).status).toBe(200);
    // doctor01 works in Endocrinology only
    expect((await get(`bloodGlucoseReport?patientId=${endo}&${RANGE}`, doctor)).status).toBe(200);
    for (const path of [
      'bloodGlucoseReport',
      'bloodGlucoseFluctuation',
      'bloodGlucoseMap',
      'bloodGlucoseTrend',
    ]) {
      expect((await get(`${path}?patientId=${card}&${RANGE}`, doctor)).status).toBe(404);
      expect((await get(`${path}?patientId=${endo}&${RANGE}`, admin202)).status).toBe(404);
    }
    expect((await get(`testTrend?patientId=${card}&${RANGE}&category=UA`, doctor)).status).toBe(404);
    expect((await get(`bloodGlucoseReport?patientId=999999999&${RANGE}`)).status).toBe(404);
  });

  it('needs a session', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/app-service/v1/gluDataAnalysis/bloodGlucoseReport?patientId=${endo}`,
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses bad queries with the field and a message in the language', async () => {
    const cases: [string, string][] = [
      ['bloodGlucoseReport?patientId=abc', 'patientId'],
      ['bloodGlucoseReport', 'patientId'],
      [`bloodGlucoseReport?patientId=${endo}&beginDate=2024-03-01`, 'endDate'],
      [`bloodGlucoseReport?patientId=${endo}&beginDate=2024-03-05&endDate=2024-03-01`, 'endDate'],
      [`bloodGlucoseReport?patientId=${endo}&beginDate=2023-01-01&endDate=2024-03-01`, 'endDate'],
      [`bloodGlucoseReport?patientId=${endo}&beginDate=2023-02-29&endDate=2023-03-01`, 'beginDate'],
      [`bloodGlucoseTrend?patientId=${endo}&periods=fasting;drop`, 'periods'],
      [`testTrend?patientId=${endo}&category=GLU`, 'category'],
      [`testTrend?patientId=${endo}`, 'category'],
      [`bloodGlucoseReport?patientId=${endo}&other=1`, ''],
    ];
    for (const [path, field] of cases) {
      const en = await get(path);
      const zh = await get(path, admin, 'zh-CN');
      expect(en.status, path).toBe(400);
      expect(zh.status, path).toBe(400);
      expect(en.body.code).not.toBe('1');
      if (field) {
        const text = JSON.stringify(en.body);
        expect(text, path).toContain(field);
      }
      expect(zh.body.message, path).not.toBe(en.body.message);
    }
    const zh = await get(`testTrend?patientId=${endo}&category=GLU`, admin, 'zh-CN');
    expect(JSON.stringify(zh.body)).toContain('血酮');
  });

  it('keeps patient data out of caches', async () => {
    const res = await get(`bloodGlucoseReport?patientId=${endo}&${RANGE}`);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
