import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mean, percentile, percentiles, sampleSd, summaryStats } from './stats';

const glucose = fc.double({ min: 1, max: 35, noNaN: true });
const day = fc.array(glucose, { minLength: 2, maxLength: 40 });

describe('summaryStats', () => {
  it('works out 4, 6, 8 by hand', () => {
    // mean = 18 / 3 = 6; squared deviations 4 + 0 + 4 = 8; sample variance 8 / (3 − 1) = 4; SD = 2;
    // CV = 2 / 6 × 100 = 33.33… %
    const stats = summaryStats([4, 6, 8]);
    expect(stats).toMatchObject({ count: 3, mean: 6, sd: 2, min: 4, max: 8 });
    expect(stats.cv).toBeCloseTo(100 / 3, 12);
  });

  it('uses the sample SD (n − 1), not the population SD', () => {
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squared deviations 9+1+1+1+0+0+4+16 = 32;
    // sample SD √(32/7) = 2.138…, the population SD would be √(32/8) = 2
    expect(sampleSd([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(Math.sqrt(32 / 7), 12);
  });

  it('gives null sd and cv for one value, and nulls with count 0 for none', () => {
    expect(summaryStats([5.5])).toEqual({ count: 1, mean: 5.5, sd: null, cv: null, min: 5.5, max: 5.5 });
    expect(summaryStats([])).toEqual({ count: 0, mean: null, sd: null, cv: null, min: null, max: null });
  });

  it('gives a null CV when the mean is 0', () => {
    const stats = summaryStats([-1, 1]);
    expect(stats.mean).toBe(0);
    expect(stats.sd).toBeCloseTo(Math.SQRT2, 12);
    expect(stats.cv).toBeNull();
  });

  it('ignores non-finite values', () => {
    expect(summaryStats([4, Number.NaN, 6, Number.POSITIVE_INFINITY, 8])).toEqual(summaryStats([4, 6, 8]));
    expect(mean([Number.NaN])).toBeNull();
  });

  it('property: CV is scale-free', () => {
    fc.assert(
      fc.property(day, fc.double({ min: 0.01, max: 100, noNaN: true }), (values, k) => {
        const cv = summaryStats(values).cv as number;
        const scaled = summaryStats(values.map((value) => value * k)).cv as number;
        expect(Math.abs(scaled - cv)).toBeLessThanOrEqual(1e-9 * Math.max(1, cv));
      }),
    );
  });

  it('property: SD is shift-invariant and never negative', () => {
    fc.assert(
      fc.property(day, fc.double({ min: -20, max: 20, noNaN: true }), (values, shift) => {
        const sd = sampleSd(values) as number;
        expect(sd).toBeGreaterThanOrEqual(0);
        expect(Math.abs((sampleSd(values.map((value) => value + shift)) as number) - sd)).toBeLessThan(1e-9);
      }),
    );
  });

  it('property: min ≤ mean ≤ max', () => {
    fc.assert(
      fc.property(day, (values) => {
        const { min, mean: average, max } = summaryStats(values);
        expect(average as number).toBeGreaterThanOrEqual((min as number) - 1e-12);
        expect(average as number).toBeLessThanOrEqual((max as number) + 1e-12);
      }),
    );
  });
});

describe('percentile (type 7, linear between closest ranks)', () => {
  it('works out 1, 2, 3, 4 by hand, as numpy.percentile does', () => {
    // h = (n − 1) × p / 100 = 3p / 100; result x[⌊h⌋] + (h − ⌊h⌋)(x[⌊h⌋+1] − x[⌊h⌋])
    expect(percentile([4, 1, 3, 2], 0)).toBe(1);
    expect(percentile([4, 1, 3, 2], 25)).toBeCloseTo(1.75, 12); // h = 0.75 → 1 + 0.75 × 1
    expect(percentile([4, 1, 3, 2], 50)).toBeCloseTo(2.5, 12); // h = 1.5 → 2 + 0.5 × 1
    expect(percentile([4, 1, 3, 2], 95)).toBeCloseTo(3.85, 12); // h = 2.85 → 3 + 0.85 × 1
    expect(percentile([4, 1, 3, 2], 100)).toBe(4);
    expect(percentiles([4, 1, 3, 2], [25, 50])).toEqual([percentile([1, 2, 3, 4], 25), 2.5]);
  });

  it('gives the value itself for one value and null for none', () => {
    expect(percentile([7.2], 5)).toBe(7.2);
    expect(percentile([7.2], 95)).toBe(7.2);
    expect(percentile([], 50)).toBeNull();
    expect(percentile([Number.NaN], 50)).toBeNull();
  });

  it('rejects percentiles outside [0, 100]', () => {
    expect(() => percentile([1, 2], -1)).toThrow(RangeError);
    expect(() => percentile([1, 2], 100.5)).toThrow(RangeError);
    expect(() => percentile([1, 2], Number.NaN)).toThrow(RangeError);
  });

  it('property: non-decreasing in p and within [min, max]', () => {
    fc.assert(
      fc.property(
        fc.array(glucose, { minLength: 1, maxLength: 40 }),
        fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 2, maxLength: 8 }),
        (values, ps) => {
          const ordered = [...ps].sort((a, b) => a - b);
          const results = percentiles(values, ordered) as number[];
          for (let i = 1; i < results.length; i++) expect(results[i]).toBeGreaterThanOrEqual(results[i - 1]);
          expect(results[0]).toBeGreaterThanOrEqual(Math.min(...values));
          expect(results[results.length - 1]).toBeLessThanOrEqual(Math.max(...values));
        },
      ),
    );
  });
});
