import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MEAL_PERIODS } from '../constants';
import type { GlucoseReading } from './readings';
import { hourlyPercentiles, patientReport, roundMetrics } from './report';
import { at, DAY_1, DAY_2, inMgDl, TIME_ZONE } from './test-fixtures';

describe('patientReport', () => {
  it('works out the two fixture days by hand', () => {
    // 13 readings: 7, 8, 4, 9, 6, 12, 10 | 6, 10, 5, 8, 6, 13; sum 104 → avg 8
    // squared deviations from 8: 42 (day 1) + 46 (day 2) = 88; SD = √(88 / 12) = √(22/3) = 2.70801
    // CV = 2.70801 / 8 × 100 = 33.850 %; eA1C = (144 + 46.7) / 28.7 = 6.64460; GMI (6.75448) is not
    // shown: two days of fingerstick readings (gmiQualification: 2 days < 14)
    // daily means: LAGE (8 + 8) / 2 = 8; SDBG (√7 + √9.2) / 2 = 2.83945; PPGE (4 + 14/3) / 2 = 4.3333;
    // MAGE (3.5 + 6) / 2 = 4.75, MAGE+ (5.5 + 6) / 2 = 5.75, MAGE− (3.5 + 5) / 2 = 4.25, their mean
    // (4.5 + 5.5) / 2 = 5; MODD 1 (see test-fixtures.ts)
    // ranges: 12 and 13 are high, the other 11 in range → 84.615 % and 15.385 %
    const report = patientReport([...DAY_1, ...DAY_2], { timeZone: TIME_ZONE });
    expect(report).toMatchObject({ testCount: 13, dayNums: 2, avg: 8, maxValue: 13, minValue: 4, lage: 8 });
    expect(report.sd).toBeCloseTo(Math.sqrt(22 / 3), 12);
    expect(report.cv).toBeCloseTo((Math.sqrt(22 / 3) / 8) * 100, 12);
    expect(report.gmi).toBeNull();
    expect(report.gmiQualification).toMatchObject({ qualifies: false, reason: 'fewDays', days: 2 });
    expect(report.ea1c).toBeCloseTo(190.7 / 28.7, 12);
    expect(report.sdbg).toBeCloseTo((Math.sqrt(7) + Math.sqrt(9.2)) / 2, 12);
    expect(report.ppge).toBeCloseTo((4 + 14 / 3) / 2, 12);
    expect(report.mage).toBeCloseTo(4.75, 12);
    expect(report.magePlus).toBeCloseTo(5.75, 12);
    expect(report.mageMinus).toBeCloseTo(4.25, 12);
    expect(report.mageMean).toBeCloseTo(5, 12);
    expect(report.modd).toBeCloseTo(1, 12);
    expect(report.rangeTotals).toEqual({ veryLow: 0, low: 0, inRange: 11, high: 2, veryHigh: 0 });
    expect(report.ranges.veryLow).toBe(0);
    expect(report.ranges.low).toBe(0);
    expect(report.ranges.inRange).toBeCloseTo((11 / 13) * 100, 12);
    expect(report.ranges.high).toBeCloseTo((2 / 13) * 100, 12);
    expect(report.ranges.veryHigh).toBe(0);

    expect(roundMetrics(report, 2)).toEqual({
      testCount: 13,
      dayNums: 2,
      avg: 8,
      sd: 2.71,
      cv: 33.85,
      maxValue: 13,
      minValue: 4,
      gmi: null,
      // coverage: 13 readings × 15 min = 195 min of 2 × 1440 → 6.77 %
      gmiQualification: { qualifies: false, reason: 'fewDays', days: 2, coverage: 6.77 },
      ea1c: 6.64,
      lage: 8,
      sdbg: 2.84,
      ppge: 4.33,
      mage: 4.75,
      magePlus: 5.75,
      mageMinus: 4.25,
      mageMean: 5,
      modd: 1,
      ranges: { veryLow: 0, low: 0, inRange: 84.62, high: 15.38, veryHigh: 0 },
      rangeTotals: { veryLow: 0, low: 0, inRange: 11, high: 2, veryHigh: 0 },
    });
  });

  it('averages the daily indices over the days that have them', () => {
    // a third day with a single reading has no LAGE/SDBG/PPGE/MAGE and does not pull the means to 0
    const lone = at('2024-03-03', '06:30', 8, 'fasting');
    const report = patientReport([...DAY_1, ...DAY_2, lone], { timeZone: TIME_ZONE });
    expect(report.dayNums).toBe(3);
    expect(report.lage).toBe(8);
    expect(report.mage).toBeCloseTo(4.75, 12);
    // MODD gains 03-02 → 03-03 fasting |8 − 6| = 2: (6 + 2) / 7 periods
    expect(report.modd).toBeCloseTo(8 / 7, 12);
  });

  it('uses the given bands', () => {
    const report = patientReport(DAY_1, {
      timeZone: TIME_ZONE,
      bands: { veryLow: 3, low: 4.4, high: 7.8, veryHigh: 11.1 },
    });
    // 7, 8, 4, 9, 6, 12, 10: 4 low; 6, 7 in range; 8, 9, 10 high; 12 very high
    expect(report.ranges.low).toBeCloseTo(100 / 7, 12);
    expect(report.ranges.inRange).toBeCloseTo(200 / 7, 12);
    expect(report.ranges.high).toBeCloseTo(300 / 7, 12);
    expect(report.ranges.veryHigh).toBeCloseTo(100 / 7, 12);
  });

  it('gives the same report for mg/dL, mmol/L and mixed input', () => {
    const mmol = patientReport([...DAY_1, ...DAY_2], { timeZone: TIME_ZONE });
    expect(patientReport(inMgDl([...DAY_1, ...DAY_2]), { timeZone: TIME_ZONE })).toEqual(mmol);
    expect(patientReport([...DAY_1, ...inMgDl(DAY_2)], { timeZone: TIME_ZONE })).toEqual(mmol);
  });

  it('property: mg/dL readings give the report of their ÷ 18 mmol/L values', () => {
    const reading = fc.record({
      mgDl: fc.integer({ min: 36, max: 540 }),
      minute: fc.integer({ min: 0, max: 4 * 24 * 60 }),
      periodCode: fc.constantFrom<string | null>(...MEAL_PERIODS, null),
    });
    fc.assert(
      fc.property(fc.array(reading, { maxLength: 40 }), (raw) => {
        const testTime = (minute: number) => new Date(Date.UTC(2024, 2, 1) + minute * 60_000);
        const mgDl = raw.map((r) => ({
          value: r.mgDl,
          unit: 'mg/dL',
          testTime: testTime(r.minute),
          periodCode: r.periodCode,
        }));
        const mmol = raw.map((r) => ({
          value: r.mgDl / 18,
          testTime: testTime(r.minute),
          periodCode: r.periodCode,
        }));
        expect(patientReport(mgDl, { timeZone: TIME_ZONE })).toEqual(
          patientReport(mmol, { timeZone: TIME_ZONE }),
        );
      }),
    );
  });

  it('is all nulls and zero counts with no usable readings', () => {
    const empty = {
      testCount: 0,
      dayNums: 0,
      avg: null,
      sd: null,
      cv: null,
      maxValue: null,
      minValue: null,
      gmi: null,
      gmiQualification: { qualifies: false, reason: 'noReadings', days: 0, coverage: null },
      ea1c: null,
      lage: null,
      sdbg: null,
      ppge: null,
      mage: null,
      magePlus: null,
      mageMinus: null,
      mageMean: null,
      modd: null,
      ranges: { veryLow: null, low: null, inRange: null, high: null, veryHigh: null },
      rangeTotals: { veryLow: 0, low: 0, inRange: 0, high: 0, veryHigh: 0 },
    };
    expect(patientReport([], { timeZone: TIME_ZONE })).toEqual(empty);
    expect(patientReport([{ value: Number.NaN, testTime: new Date() }], { timeZone: TIME_ZONE })).toEqual(
      empty,
    );
  });
});

describe('roundMetrics', () => {
  it('rounds every number, nested too, half away from zero, and keeps the rest', () => {
    const when = new Date('2024-03-01T00:00:00Z');
    const rounded = roundMetrics({ a: 1.005, b: null, c: 'x', d: [2.345, { e: -0.004 }], when, n: 7 });
    expect(rounded).toEqual({ a: 1.01, b: null, c: 'x', d: [2.35, { e: 0 }], when, n: 7 });
    expect(rounded.when).toBe(when);
    expect(roundMetrics({ v: 6.6446 }, 1)).toEqual({ v: 6.6 });
  });
});

describe('hourlyPercentiles', () => {
  /** One reading at `hhmm` Shanghai time on each of the days 1…values.length of March 2024. */
  const sameHour = (hhmm: string, values: number[]): GlucoseReading[] =>
    values.map((value, i) => at(`2024-03-0${i + 1}`, hhmm, value));

  it('works out an hour by hand (type 7) and leaves hours with too few readings empty', () => {
    // 08:xx: 4, 5, 6, 7, 8 sorted; h = 4p/100: p5 h=0.2 → 4.2; p25 h=1 → 5; p50 → 6; p75 → 7; p95 h=3.8 → 7.8
    const readings = [...sameHour('08:10', [8, 4, 6, 5, 7]), ...sameHour('09:00', [5, 6, 7, 8])];
    const rows = hourlyPercentiles(readings, TIME_ZONE);
    expect(rows).toHaveLength(24);
    expect(rows.map((row) => row.hour)).toEqual(Array.from({ length: 24 }, (_, hour) => hour));
    const eight = rows[8];
    expect(eight.count).toBe(5);
    expect(eight.p5).toBeCloseTo(4.2, 12);
    expect(eight.p25).toBe(5);
    expect(eight.p50).toBe(6);
    expect(eight.p75).toBe(7);
    expect(eight.p95).toBeCloseTo(7.8, 12);
    expect(rows[9]).toEqual({ hour: 9, count: 4, p5: null, p25: null, p50: null, p75: null, p95: null });
    expect(rows[0]).toEqual({ hour: 0, count: 0, p5: null, p25: null, p50: null, p75: null, p95: null });
  });

  it('takes the hour in the hospital time zone and converts mg/dL', () => {
    // 23:30 UTC is 07:30 in Shanghai; 108 mg/dL = 6 mmol/L
    const rows = hourlyPercentiles(
      [{ value: 108, unit: 'mgDl', testTime: '2024-03-01T23:30:00Z' }],
      TIME_ZONE,
      [10, 90],
      1,
    );
    expect(rows[7]).toEqual({ hour: 7, count: 1, p10: 6, p90: 6 });
    expect(rows[23].count).toBe(0);
  });

  it('property: p5 ≤ p25 ≤ p50 ≤ p75 ≤ p95, all within [min, max] of the hour', () => {
    const reading = fc.record({
      value: fc.double({ min: 1, max: 35, noNaN: true }),
      testTime: fc
        .integer({ min: 0, max: 3 * 24 * 60 })
        .map((minute) => new Date(Date.UTC(2024, 2, 1) + minute * 60_000)),
    });
    fc.assert(
      fc.property(fc.array(reading, { maxLength: 80 }), (readings) => {
        const rows = hourlyPercentiles(readings, TIME_ZONE, [5, 25, 50, 75, 95], 1);
        expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(readings.length);
        for (const row of rows) {
          if (row.count === 0) continue;
          const values = readings
            .filter((r) => (r.testTime.getUTCHours() + 8) % 24 === row.hour)
            .map((r) => r.value);
          const series = [row.p5, row.p25, row.p50, row.p75, row.p95] as number[];
          expect(series[0]).toBeGreaterThanOrEqual(Math.min(...values));
          expect(series[4]).toBeLessThanOrEqual(Math.max(...values));
          for (let i = 1; i < series.length; i++) expect(series[i]).toBeGreaterThanOrEqual(series[i - 1]);
        }
      }),
    );
  });
});
