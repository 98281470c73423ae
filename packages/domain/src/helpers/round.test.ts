import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentile } from '../analytics/stats';
import { formatDecimal, roundDecimal, roundShares } from './round';

describe('roundDecimal', () => {
  it('rounds the decimal number, half away from zero, where toFixed and Math.round slip', () => {
    // 8.575 is stored as 8.57499999…: toFixed(2) and Math.round(857.4999…) / 100 give 8.57
    expect((8.575).toFixed(2)).toBe('8.57');
    expect(Math.round(8.575 * 100) / 100).toBe(8.57);
    expect(roundDecimal(8.575, 2)).toBe(8.58);
    expect(roundDecimal(7.575, 2)).toBe(7.58);
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(roundDecimal(1.005, 2)).toBe(1.01);
    expect(roundDecimal(5.55, 1)).toBe(5.6);
    expect(roundDecimal(2.5, 0)).toBe(3);
    expect(roundDecimal(7.574, 2)).toBe(7.57);
  });

  it('rounds negative values away from zero and never gives −0', () => {
    expect(roundDecimal(-7.575, 2)).toBe(-7.58);
    expect(roundDecimal(-1.005, 2)).toBe(-1.01);
    expect(roundDecimal(-2.5, 0)).toBe(-3);
    expect(Object.is(roundDecimal(-0.004, 2), 0)).toBe(true);
  });

  it('keeps huge values and copes with exponent spellings', () => {
    expect(roundDecimal(123456789.125, 2)).toBe(123456789.13);
    expect(roundDecimal(987654321012.5, 0)).toBe(987654321013);
    // past 2^52 a double has no fractional digits: nothing to round
    expect(roundDecimal(1e21, 2)).toBe(1e21);
    expect(roundDecimal(-(2 ** 53) - 2, 1)).toBe(-(2 ** 53) - 2);
    expect(roundDecimal(1e-7, 2)).toBe(0);
    expect(roundDecimal(5e-7, 6)).toBe(0.000001);
    expect(roundDecimal(Number.POSITIVE_INFINITY, 2)).toBe(Number.POSITIVE_INFINITY);
    expect(roundDecimal(Number.NaN, 2)).toBeNaN();
  });

  it('prints a percentile as a hand calculation gives it, through float noise', () => {
    // the median (type 7) of 7.55 and 7.6 is 7.575 by hand; in doubles 7.55 + 0.5 × (7.6 − 7.55)
    // is 7.574999999999999, which toFixed(2) and Math.round print 7.57
    const median = percentile([7.55, 7.6], 50) as number;
    expect(median).not.toBe(7.575);
    expect(Math.round(median * 100) / 100).toBe(7.57);
    expect(roundDecimal(median, 2)).toBe(7.58);
    expect(formatDecimal(median, 2)).toBe('7.58');
  });

  it('leaves a genuine value just below a half alone', () => {
    expect(roundDecimal(7.57499999999, 2)).toBe(7.57);
    expect(roundDecimal(0.1 + 0.2, 1)).toBe(0.3);
  });

  it('property: within half a unit of the last place (plus the noise it forgives)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.integer({ min: 0, max: 4 }), (x, d) => {
        expect(Math.abs(roundDecimal(x, d) - x)).toBeLessThanOrEqual(0.5 / 10 ** d + Math.abs(x) * 1e-14);
      }),
    );
  });
});

describe('formatDecimal', () => {
  it('gives exactly the asked decimals of the rounded value', () => {
    expect(formatDecimal(7.575, 2)).toBe('7.58');
    expect(formatDecimal(7.5, 2)).toBe('7.50');
    expect(formatDecimal(-0.04, 1)).toBe('0.0');
    expect(formatDecimal(Number.NaN, 1)).toBe('');
  });
});

/** The shares as integer units of the last place: their sum is the exact total at that precision. */
const unitsOf = (shares: number[], decimals: number) =>
  shares.reduce((sum, share) => sum + Math.round(share * 10 ** decimals), 0);

describe('roundShares (largest remainder)', () => {
  it('adds up to exactly 100 where rounding each share does not', () => {
    // thirds: 33.333… each; rounding each gives 33.3 × 3 = 99.9. Hamilton: remainders equal (tie),
    // so the first position gets the missing 0.1
    expect(roundShares([1, 1, 1], 1)).toEqual([33.4, 33.3, 33.3]);
    expect(roundShares([1, 1, 1], 0)).toEqual([34, 33, 33]);
    // 2/3 and 1/6 twice: 66.666…, 16.666…, 16.666… → floors 66, 16, 16 (98); remainders .67 each;
    // the two missing units go to the first two positions: 67, 17, 16
    expect(roundShares([4, 1, 1], 0)).toEqual([67, 17, 16]);
  });

  it('gives the missing units to the largest remainders', () => {
    // 1/8 = 12.5, 3/8 = 37.5, 4/8 = 50 at 0 decimals: floors 12, 37, 50 (99); remainders .5, .5, 0;
    // tie of .5 → the earlier position (12.5 → 13): in range order, the lower range
    expect(roundShares([1, 3, 4], 0)).toEqual([13, 37, 50]);
    // 1/6 and 5/6 at 0 decimals: 16.67 and 83.33 → 17 and 83 (remainder .67 beats .33)
    expect(roundShares([1, 5], 0)).toEqual([17, 83]);
    // 7 readings: 1 very low, 2 low, 4 in range → 14.2857, 28.5714, 57.1429 at 1 decimal:
    // floors 14.2, 28.5, 57.1 (99.8); remainders .57, .14, .29 → +0.1 to the first and the third
    expect(roundShares([1, 2, 4, 0, 0], 1)).toEqual([14.3, 28.6, 57.1, 0, 0]);
  });

  it('keeps zero weights at 0 and gives null when there is nothing to share', () => {
    expect(roundShares([0, 5, 0], 2)).toEqual([0, 100, 0]);
    expect(roundShares([0, 0], 1)).toBeNull();
    expect(roundShares([], 1)).toBeNull();
  });

  it('re-rounds shares already rounded to 2 decimals to 1, still summing to 100.0', () => {
    // the API's 2-decimal shares of 1/3, 1/3, 1/3 (33.34, 33.33, 33.33) shown with 1 decimal
    expect(roundShares([33.34, 33.33, 33.33], 1)).toEqual([33.4, 33.3, 33.3]);
    // a tie of halves: the earlier (lower) range keeps its reading visible
    expect(roundShares([0.05, 99.95], 1)).toEqual([0.1, 99.9]);
  });

  it('rejects negative weights and odd precisions', () => {
    expect(() => roundShares([-1, 2], 1)).toThrow(RangeError);
    expect(() => roundShares([1, Number.NaN], 1)).toThrow(RangeError);
    expect(() => roundShares([1], 1.5)).toThrow(RangeError);
  });

  it('property: any counts → shares summing to exactly 100 at 0, 1 and 2 decimals, each within one unit', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 100_000 }), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(0, 1, 2),
        (counts, decimals) => {
          const total = counts.reduce((a, b) => a + b, 0);
          const shares = roundShares(counts, decimals);
          if (total === 0) {
            expect(shares).toBeNull();
            return;
          }
          expect(shares).not.toBeNull();
          const rounded = shares as number[];
          expect(unitsOf(rounded, decimals)).toBe(100 * 10 ** decimals);
          rounded.forEach((share, i) => {
            const exact = (counts[i] / total) * 100;
            expect(Math.abs(share - exact)).toBeLessThan(1 / 10 ** decimals + 1e-9);
            // each share is the exact value cut down, or one unit above that
            expect(Math.round(share * 10 ** decimals)).toBeGreaterThanOrEqual(
              Math.floor((counts[i] * 100 * 10 ** decimals) / total),
            );
            // a share shows with the precision: its spelling has at most `decimals` decimals
            expect((String(share).split('.')[1] ?? '').length).toBeLessThanOrEqual(decimals);
          });
        },
      ),
    );
  });

  it('property: durations (non-integer weights) also sum to exactly 100', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1e7, noNaN: true }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(0, 1, 2),
        (weights, decimals) => {
          const shares = roundShares(weights, decimals);
          if (weights.reduce((a, b) => a + b, 0) === 0) return;
          expect(unitsOf(shares as number[], decimals)).toBe(100 * 10 ** decimals);
        },
      ),
    );
  });
});
