import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mage, turningPoints } from './mage';
import { sampleSd } from './stats';

describe('turningPoints', () => {
  it('keeps the ends and every peak and nadir, collapsing plateaus', () => {
    expect(turningPoints([1, 2, 3, 2, 1])).toEqual([1, 3, 1]);
    expect(turningPoints([3, 3, 5, 5, 5, 4])).toEqual([3, 5, 4]);
    expect(turningPoints([7, 8, 4, 9, 6, 12, 10])).toEqual([7, 8, 4, 9, 6, 12, 10]);
    expect(turningPoints([1, 1, 1])).toEqual([1]);
    expect(turningPoints([1, 2])).toEqual([1, 2]);
    expect(turningPoints([])).toEqual([]);
  });
});

describe('mage (consecutive turning-point variant of Service 1970)', () => {
  it('counts the direction of the first excursion above 1 SD: a falling one gives MAGE−', () => {
    // 7, 8, 4, 9, 6, 12, 10: mean 8, SD √(42/6) = √7 = 2.6458; excursions +1, −4, +5, −3, +6, −2;
    // counted (> 2.6458): −4, +5, −3, +6; the first (−4) falls → MAGE− = (4 + 3) / 2 = 3.5
    expect(mage([7, 8, 4, 9, 6, 12, 10])).toBeCloseTo(3.5, 12);
  });

  it('a rising first excursion gives MAGE+', () => {
    // 5, 10, 5, 10: mean 7.5, SD √(4 × 6.25 / 3) = 2.887; excursions +5, −5, +5 → MAGE+ = (5 + 5) / 2 = 5
    expect(mage([5, 10, 5, 10])).toBeCloseTo(5, 12);
  });

  it('treats a plateau as one turning point', () => {
    // 5, 5, 10, 10, 5 → turning points 5, 10, 5; mean 7, SD √(30/4) = 2.739; excursions +5, −5 → 5
    expect(mage([5, 5, 10, 10, 5])).toBeCloseTo(5, 12);
  });

  it('is null with fewer than 3 readings, on a flat day, and with no excursion above 1 SD', () => {
    expect(mage([])).toBeNull();
    expect(mage([5, 10])).toBeNull();
    expect(mage([6, 6, 6])).toBeNull();
    // 4, 7, 6, 9, 8, 11, 10, 13, 12, 15: mean 9.5, squared deviations sum 102.5, SD √(102.5/9) = 3.375;
    // the excursions are +3 and −1 alternately, none above 3.375 → null (not 0)
    expect(mage([4, 7, 6, 9, 8, 11, 10, 13, 12, 15])).toBeNull();
  });

  it('ignores non-finite values', () => {
    expect(mage([7, Number.NaN, 8, 4, 9, 6, 12, 10])).toBeCloseTo(3.5, 12);
  });

  it('property: MAGE is null or greater than the day’s SD (every counted excursion is)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 20, max: 300 }), { minLength: 0, maxLength: 30 }), (tenths) => {
        const values = tenths.map((value) => value / 10);
        const result = mage(values);
        if (result === null) return;
        const sd = sampleSd(values) as number;
        expect(result).toBeGreaterThan(sd * (1 - 1e-12));
        expect(result).toBeLessThanOrEqual(Math.max(...values) - Math.min(...values) + 1e-12);
      }),
    );
  });
});
