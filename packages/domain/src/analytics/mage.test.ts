import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mage, mageOf, mergeSmallSwings, turningPoints } from './mage';
import { sampleSd } from './stats';

// Every expected value below is worked out by hand from the method of Service et al. (Diabetes
// 1970;19:644) with Baghurst's merging of small swings (Diabetes Technol Ther 2011;13:296), as the
// module comment of mage.ts states it: SD is the sample SD (n − 1) of the day.

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

describe('mergeSmallSwings', () => {
  it('merges an interior swing into its neighbours and drops a small swing at an end by its end point', () => {
    // 5 ↗ 10 ↘ 9 ↗ 14 ↘ 4 with SD 4: the fall 10 → 9 (1) goes with both its ends → 5 ↗ 14 ↘ 4
    expect(mergeSmallSwings([5, 10, 9, 14, 4], 4)).toEqual([5, 14, 4]);
    // 8 ↘ 7.5 ↗ 14 ↘ 4 with SD 4: the first swing (0.5) goes by the day's first reading only
    expect(mergeSmallSwings([8, 7.5, 14, 4], 4)).toEqual([7.5, 14, 4]);
    // … and the last one by the day's last reading
    expect(mergeSmallSwings([12, 5, 11, 4, 6], 3.6)).toEqual([12, 5, 11, 4]);
  });

  it('removes the smallest swing first, then looks again', () => {
    // 2 ↗ 9 ↘ 7 ↗ 8 ↘ 1, SD 3: swings 7, 2, 1, 7. The smallest (7 ↗ 8) goes first → 2 ↗ 9 ↘ 1, both ≥ 3.
    // (Removing 9 ↘ 7 first would have left 2 ↗ 8 ↘ 1 and lost the peak of 9.)
    expect(mergeSmallSwings([2, 9, 7, 8, 1], 3)).toEqual([2, 9, 1]);
  });

  it('leaves no swing when every one is below the threshold', () => {
    expect(mergeSmallSwings([5, 6, 5.5, 6.2], 2)).toEqual([6.2]);
    expect(mergeSmallSwings([5], 1)).toEqual([5]);
  });
});

describe('mageOf (Service 1970, small swings merged)', () => {
  it('merges a small swing into its neighbours: the result differs from skipping it', () => {
    // 5, 10, 9, 14, 4: mean 8.4, squared deviations 11.56 + 2.56 + 0.36 + 31.36 + 19.36 = 65.2,
    // SD √(65.2 / 4) = 4.037. Swings +5, −1, +5, −10; the −1 is merged: 5 ↗ 14 ↘ 4, swings +9 and −10.
    // MAGE+ 9, MAGE− 10, first excursion rises → MAGE 9, mean (9 + 10) / 2 = 9.5.
    // Skipping the −1 instead (the old variant) would count +5, +5, −10 → MAGE+ = 5.
    expect(mageOf([5, 10, 9, 14, 4])).toEqual({ mage: 9, magePlus: 9, mageMinus: 10, mageMean: 9.5 });
  });

  it('a climbing day with small dips is one large rise, where skipping found nothing', () => {
    // 4, 7, 6, 9, 8, 11, 10, 13, 12, 15: mean 9.5, SD √(102.5 / 9) = 3.375. Swings +3 and −1
    // alternately, none ≥ 3.375: the skipping variant gave null. Merging the −1s (and then the +3 rises
    // they join) leaves 4 ↗ 15: MAGE = MAGE+ = 11, no fall.
    expect(mageOf([4, 7, 6, 9, 8, 11, 10, 13, 12, 15])).toEqual({
      mage: 11,
      magePlus: 11,
      mageMinus: null,
      mageMean: 11,
    });
  });

  it('follows the direction of the first excursion when it falls', () => {
    // 12, 5, 11, 4, 6: mean 7.6, squared deviations 19.36 + 6.76 + 11.56 + 12.96 + 2.56 = 53.2,
    // SD √13.3 = 3.647. Swings −7, +6, −7, +2; the last (+2) is dropped by its end → −7, +6, −7.
    // First falls → MAGE = MAGE− = 7; MAGE+ 6; mean 6.5.
    expect(mageOf([12, 5, 11, 4, 6])).toEqual({ mage: 7, magePlus: 6, mageMinus: 7, mageMean: 6.5 });
  });

  it('does not let a small first swing decide the direction', () => {
    // 8, 7.5, 14, 4: mean 8.375, SD √(51.6875 / 3) = 4.151. Swings −0.5, +6.5, −10: the −0.5 at the
    // start is dropped with the first reading, so the first excursion is the rise: MAGE 6.5, mean 8.25
    expect(mageOf([8, 7.5, 14, 4])).toEqual({ mage: 6.5, magePlus: 6.5, mageMinus: 10, mageMean: 8.25 });
  });

  it('treats a plateau (equal consecutive values) as one turning point', () => {
    // 5, 5, 10, 10, 5 → turning points 5, 10, 5; mean 7, SD √(30 / 4) = 2.739; swings +5, −5
    expect(mageOf([5, 5, 10, 10, 5])).toEqual({ mage: 5, magePlus: 5, mageMinus: 5, mageMean: 5 });
  });

  it('a day with only rises has MAGE+ and no MAGE−', () => {
    // 4, 6, 9, 13: mean 8, SD √(46 / 3) = 3.916; turning points 4 and 13 → one rise of 9
    expect(mageOf([4, 6, 9, 13])).toEqual({ mage: 9, magePlus: 9, mageMinus: null, mageMean: 9 });
  });

  it('is null with fewer than 3 readings, with SD 0, and with no excursion ≥ 1 SD', () => {
    const none = { mage: null, magePlus: null, mageMinus: null, mageMean: null };
    expect(mageOf([])).toEqual(none);
    expect(mageOf([5, 12])).toEqual(none);
    expect(mageOf([6, 6, 6])).toEqual(none);
    // a flat day whose SD is not 0 but float noise (the mean of 5.9 × 3 is 5.8999…): its only turning
    // point leaves no excursion at all → null, never a MAGE of 0
    expect(sampleSd([5.9, 5.9, 5.9])).toBeGreaterThan(0);
    expect(mageOf([5.9, 5.9, 5.9])).toEqual(none);
  });

  it('counts a swing of exactly 1 SD', () => {
    // 0, 3, 0 (sample SD √3 = 1.732) and a swing equal to it: mergeSmallSwings keeps swings ≥ SD
    expect(mergeSmallSwings([0, Math.sqrt(3), 0], Math.sqrt(3))).toEqual([0, Math.sqrt(3), 0]);
  });

  it('ignores non-finite values', () => {
    expect(mageOf([5, Number.NaN, 10, 9, 14, 4]).mage).toBe(9);
    expect(mage([5, 10, 9, 14, Number.POSITIVE_INFINITY, 4])).toBe(9);
  });

  it('property: every index is null or between the SD and the day’s max − min', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 20, max: 300 }), { minLength: 0, maxLength: 30 }), (tenths) => {
        const values = tenths.map((value) => value / 10);
        const result = mageOf(values);
        const sd = sampleSd(values);
        for (const value of Object.values(result)) {
          if (value === null) continue;
          expect(value).toBeGreaterThanOrEqual((sd as number) * (1 - 1e-12));
          expect(value).toBeLessThanOrEqual(Math.max(...values) - Math.min(...values) + 1e-12);
        }
        // MAGE is MAGE+ or MAGE−, and the mean lies between them
        if (result.mage !== null) expect([result.magePlus, result.mageMinus]).toContain(result.mage);
        if (result.magePlus !== null && result.mageMinus !== null) {
          expect(result.mageMean).toBeCloseTo((result.magePlus + result.mageMinus) / 2, 12);
        }
      }),
    );
  });
});
