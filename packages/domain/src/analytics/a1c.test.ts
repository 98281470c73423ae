import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimatedA1c, GMI_RULE, gmi, gmiQualification } from './a1c';
import { readingsByDay } from './daily';

describe('gmi (Bergenstal 2018)', () => {
  it('works out a mean of 8.0 mmol/L by hand', () => {
    // 8.0 mmol/L × 18 = 144 mg/dL; GMI = 3.31 + 0.02392 × 144 = 3.31 + 3.44448 = 6.75448 %
    expect(gmi(8)).toBeCloseTo(6.75448, 12);
    // 7.0 mmol/L = 126 mg/dL; 3.31 + 0.02392 × 126 = 3.31 + 3.01392 = 6.32392 %
    expect(gmi(7)).toBeCloseTo(6.32392, 12);
  });
});

describe('estimatedA1c (ADAG, Nathan 2008)', () => {
  it('works out a mean of 8.0 mmol/L by hand', () => {
    // (144 + 46.7) / 28.7 = 190.7 / 28.7 = 6.644599…
    expect(estimatedA1c(8)).toBeCloseTo(6.6445993, 6);
    // the ADAG table's anchor: A1C 7 % ↔ eAG 154 mg/dL (8.6 mmol/L): (154 + 46.7) / 28.7 = 6.993…
    expect(estimatedA1c(154 / 18)).toBeCloseTo(6.993, 3);
  });
});

describe('gmi and estimatedA1c', () => {
  it('property: both increase with the mean', () => {
    const tenths = fc.integer({ min: 10, max: 350 });
    fc.assert(
      fc.property(tenths, tenths, (a, b) => {
        fc.pre(a !== b);
        const [lower, higher] = a < b ? [a / 10, b / 10] : [b / 10, a / 10];
        expect(gmi(higher)).toBeGreaterThan(gmi(lower));
        expect(estimatedA1c(higher)).toBeGreaterThan(estimatedA1c(lower));
      }),
    );
  });
});

describe('gmiQualification (≥ 14 days, ≥ 70 % coverage)', () => {
  const MINUTE = 60_000;
  const start = Date.parse('2024-03-01T00:00:00Z');
  /** readings every `minutes` from `start` for `days` days, skipping the instants `skip` says */
  const trace = (days: number, minutes: number, skip: (i: number) => boolean = () => false) => {
    const readings = [];
    for (let i = 0; i * minutes < days * 1440; i++) {
      if (!skip(i)) readings.push({ value: 7, testTime: start + i * minutes * MINUTE });
    }
    return readingsByDay(readings, 'UTC');
  };

  it('a CGM worn 14 days every 15 minutes qualifies', () => {
    // 14 × 96 readings; each covers 15 min → 14 days fully covered
    const result = gmiQualification(trace(14, 15));
    expect(result).toMatchObject({ qualifies: true, reason: null, days: 14 });
    expect(result.coverage).toBeCloseTo(100, 9);
  });

  it('13 days are too few, whatever the coverage', () => {
    expect(gmiQualification(trace(13, 5))).toMatchObject({ qualifies: false, reason: 'fewDays', days: 13 });
  });

  it('a CGM off for a third of the time covers too little', () => {
    // every third hour without readings: 16 of 24 hours covered = 66.7 % < 70 %
    const result = gmiQualification(trace(14, 15, (i) => Math.floor(i / 4) % 3 === 2));
    expect(result.reason).toBe('lowCoverage');
    expect(result.coverage).toBeCloseTo((16 / 24) * 100, 6);
  });

  it('fingerstick profiles never qualify: 7 readings a day cover 7 × 15 min', () => {
    const readings = [];
    for (let day = 0; day < 30; day++) {
      for (const hour of [6, 9, 11, 13, 17, 19, 21]) {
        readings.push({ value: 7, testTime: start + (day * 24 + hour) * 60 * MINUTE });
      }
    }
    const result = gmiQualification(readingsByDay(readings, 'UTC'));
    expect(result).toMatchObject({ qualifies: false, reason: 'lowCoverage', days: 30 });
    // 7 × 15 = 105 minutes of 1440 = 7.29 %
    expect(result.coverage).toBeCloseTo((105 / 1440) * 100, 9);
  });

  it('no readings: no GMI and no coverage', () => {
    expect(gmiQualification(new Map())).toEqual({
      qualifies: false,
      reason: 'noReadings',
      days: 0,
      coverage: null,
    });
    expect(GMI_RULE).toEqual({ minDays: 14, minCoveragePercent: 70, readingMinutes: 15 });
  });
});
