import { describe, expect, it } from 'vitest';
import {
  passRate,
  qcCurveQuerySchema,
  qcFigures,
  qcStatisticsQuerySchema,
  roundedFigures,
  runSeverity,
  sdLines,
  violationCounts,
} from './statistics';
import { zScore } from './westgard';

describe('QC figures (CLSI C24: mean, sample SD n − 1, CV = SD / mean × 100)', () => {
  it('works out a month of level-1 runs by hand', () => {
    // 5.0, 5.2, 5.4, 5.6: mean 5.3; squared deviations 0.09 + 0.01 + 0.01 + 0.09 = 0.2; /3 → SD √0.0667 = 0.2582
    // CV = 0.2582 / 5.3 × 100 = 4.87 %
    const figures = qcFigures([5.0, 5.2, 5.4, 5.6]);
    expect(figures.n).toBe(4);
    expect(figures.mean).toBeCloseTo(5.3, 12);
    expect(figures.sd).toBeCloseTo(Math.sqrt(0.2 / 3), 12);
    expect(roundedFigures(figures)).toEqual({ n: 4, mean: 5.3, sd: 0.258, cv: 4.87 });
  });
  it('leaves SD and CV undefined with one run, and CV undefined at mean 0', () => {
    expect(qcFigures([7.1])).toEqual({ n: 1, mean: 7.1, sd: null, cv: null });
    expect(qcFigures([])).toEqual({ n: 0, mean: null, sd: null, cv: null });
    // −1, 1: mean 0, SD √2 → CV null (division by zero)
    const zero = qcFigures([-1, 1]);
    expect(zero.mean).toBe(0);
    expect(zero.sd).toBeCloseTo(Math.SQRT2, 12);
    expect(zero.cv).toBeNull();
    // two equal values: SD 0, CV 0
    expect(qcFigures([3, 3])).toEqual({ n: 2, mean: 3, sd: 0, cv: 0 });
  });
});

describe('z-score, SD lines, pass rate, violations', () => {
  it('z = (value − target) / SD, undefined without a positive SD', () => {
    expect(zScore(6.1, 5.5, 0.2)).toBeCloseTo(3, 12);
    expect(zScore(5.1, 5.5, 0.2)).toBeCloseTo(-2, 12);
    expect(zScore(5.5, 5.5, 0)).toBeNull();
    expect(zScore(null, 5.5, 0.2)).toBeNull();
  });
  it('draws ±1/2/3 SD around the target', () => {
    expect(sdLines(5.5, 0.2)).toEqual({
      target: 5.5,
      sd: 0.2,
      plus1: 5.7,
      minus1: 5.3,
      plus2: 5.9,
      minus2: 5.1,
      plus3: 6.1,
      minus3: 4.9,
    });
    expect(sdLines(5.5, 0)).toBeNull();
    expect(sdLines(null, 0.2)).toBeNull();
  });
  it('pass rate in percent, 2 decimals, null without runs', () => {
    expect(passRate(2, 3)).toBe(66.67);
    expect(passRate(1, 8)).toBe(12.5);
    expect(passRate(0, 0)).toBeNull();
  });
  it('counts the rules broken, every rule named', () => {
    expect(
      violationCounts([{ violations: ['1-2s'] }, { violations: ['2-2s', '1-3s'] }, { violations: ['1-2s'] }]),
    ).toEqual({ '1-2s': 2, '1-3s': 1, '2-2s': 1, 'R-4s': 0, '4-1s': 0, '10x': 0 });
  });
  it('colours a run: failed or rejected red, a warning amber', () => {
    expect(runSeverity({ result: 'fail', rejected: false, violations: [] })).toBe('reject');
    expect(runSeverity({ result: 'fail', rejected: true, violations: ['1-3s'] })).toBe('reject');
    expect(runSeverity({ result: 'pass', rejected: false, violations: ['1-2s'] })).toBe('warning');
    expect(runSeverity({ result: 'pass', rejected: false, violations: [] })).toBe('ok');
  });
});

describe('queries', () => {
  it('asks for a month; the analyzer, item, level and lot have defaults', () => {
    const missing = qcCurveQuerySchema.safeParse({});
    expect(missing.error?.issues.map((issue) => issue.message).sort()).toEqual(['qc.month.required']);
    expect(qcCurveQuerySchema.parse({ month: '2026-11' })).toEqual({
      month: '2026-11',
      itemCategory: 'GLU',
      level: 0,
    });
    expect(qcCurveQuerySchema.parse({ sn: 'GM0000001A1', month: '2026-11', level: '2' })).toEqual({
      sn: 'GM0000001A1',
      month: '2026-11',
      itemCategory: 'GLU',
      level: 2,
    });
    expect(qcCurveQuerySchema.safeParse({ sn: 'x', month: '2026-13' }).error?.issues[0]?.message).toBe(
      'qc.month.invalid',
    );
  });
  it('keeps the statistics range in order and at most 366 days', () => {
    expect(
      qcStatisticsQuerySchema.safeParse({ beginDate: '2026-02-01', endDate: '2026-01-01' }).success,
    ).toBe(false);
    expect(
      qcStatisticsQuerySchema.safeParse({ beginDate: '2025-01-01', endDate: '2026-01-01' }).success,
    ).toBe(true);
    expect(
      qcStatisticsQuerySchema.safeParse({ beginDate: '2025-01-01', endDate: '2026-01-02' }).success,
    ).toBe(false);
  });
});
