import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIR_BANDS } from '../hospital-settings/strategy';
import {
  CGM_LIKE_RULE,
  GLUCOSE_RANGES,
  glucoseRange,
  isRegularEnough,
  type RangePercentages,
  rangeShares,
  roundRangeShares,
  timeWeightedRangeShares,
} from './ranges';
import type { GlucoseReading } from './readings';
import { DAY_1, DAY_2 } from './test-fixtures';

const sumOf = (shares: RangePercentages) =>
  GLUCOSE_RANGES.reduce((sum, range) => sum + (shares[range] as number), 0);

describe('glucoseRange', () => {
  it('puts the band edges where the consensus does', () => {
    expect(glucoseRange(2.99)).toBe('veryLow');
    expect(glucoseRange(3.0)).toBe('low');
    expect(glucoseRange(3.89)).toBe('low');
    expect(glucoseRange(3.9)).toBe('inRange');
    expect(glucoseRange(10.0)).toBe('inRange');
    expect(glucoseRange(10.01)).toBe('high');
    expect(glucoseRange(13.9)).toBe('high');
    expect(glucoseRange(13.91)).toBe('veryHigh');
  });

  it('compares a mg/dL entry with the limits as they read in mg/dL (54, 70, 180, 250)', () => {
    // stored full precision: 70 mg/dL is 3.888… mmol/L, below 3.9, but the consensus's own mg/dL
    // limit is 70 ("70–180 mg/dL"): in range
    expect(glucoseRange(70 / 18, DEFAULT_TIR_BANDS, 'mgDl')).toBe('inRange');
    expect(glucoseRange(70 / 18)).toBe('low');
    expect(glucoseRange(69 / 18, DEFAULT_TIR_BANDS, 'mgDl')).toBe('low');
    expect(glucoseRange(54 / 18, DEFAULT_TIR_BANDS, 'mg/dL')).toBe('low');
    expect(glucoseRange(53 / 18, DEFAULT_TIR_BANDS, 'mgDl')).toBe('veryLow');
    expect(glucoseRange(180 / 18, DEFAULT_TIR_BANDS, 'mgDl')).toBe('inRange');
    expect(glucoseRange(181 / 18, DEFAULT_TIR_BANDS, 'mgDl')).toBe('high');
    // 13.9 mmol/L reads 250 mg/dL (250.2 rounded): 250 is high, 251 very high
    expect(glucoseRange(250 / 18, DEFAULT_TIR_BANDS, 'mgDl')).toBe('high');
    expect(glucoseRange(251 / 18, DEFAULT_TIR_BANDS, 'mgDl')).toBe('veryHigh');
    // a mmol/L entry is compared exactly
    expect(glucoseRange(3.85, DEFAULT_TIR_BANDS, 'mmolL')).toBe('low');
  });

  it('uses the given bands', () => {
    const bands = { veryLow: 3.5, low: 4.4, high: 7.8, veryHigh: 11.1 };
    expect(glucoseRange(3.5, bands)).toBe('low');
    expect(glucoseRange(4.4, bands)).toBe('inRange');
    expect(glucoseRange(7.8, bands)).toBe('inRange');
    expect(glucoseRange(11.1, bands)).toBe('high');
    expect(glucoseRange(11.2, bands)).toBe('veryHigh');
  });
});

describe('rangeShares', () => {
  it('works out readings on and around every edge by hand', () => {
    // veryLow: 2.9 | low: 3.0, 3.8 | inRange: 3.9, 10.0 | high: 10.1, 13.9 | veryHigh: 14.0
    // → 1/8 = 12.5 %, 2/8 = 25 %, 25 %, 25 %, 12.5 %
    expect(rangeShares([2.9, 3.0, 3.8, 3.9, 10.0, 10.1, 13.9, 14.0])).toEqual({
      count: 8,
      totals: { veryLow: 1, low: 2, inRange: 2, high: 2, veryHigh: 1 },
      veryLow: 12.5,
      low: 25,
      inRange: 25,
      high: 25,
      veryHigh: 12.5,
    });
  });

  it('gives count 0 and null shares, not zeros, with no readings', () => {
    const empty = {
      count: 0,
      totals: { veryLow: 0, low: 0, inRange: 0, high: 0, veryHigh: 0 },
      veryLow: null,
      low: null,
      inRange: null,
      high: null,
      veryHigh: null,
    };
    expect(rangeShares([])).toEqual(empty);
    expect(rangeShares([Number.NaN])).toEqual(empty);
  });

  it('counts each reading in its entered unit', () => {
    // 70 mg/dL and 3.85 mmol/L: one in range, one low
    const shares = rangeShares([
      { mmol: 70 / 18, enteredUnit: 'mgDl' },
      { mmol: 3.85, enteredUnit: 'mmolL' },
    ]);
    expect(shares.totals).toEqual({ veryLow: 0, low: 1, inRange: 1, high: 0, veryHigh: 0 });
  });

  it('rounds for display so that the five add up to exactly 100', () => {
    // 1 very low, 1 low, 1 in range (thirds): each 33.333… → 33.34, 33.33, 33.33 (largest remainder,
    // the tie to the lowest range), where rounding each would give 99.99
    const shares = rangeShares([2.5, 3.5, 6]);
    expect(roundRangeShares(shares, 2)).toEqual({
      veryLow: 33.34,
      low: 33.33,
      inRange: 33.33,
      high: 0,
      veryHigh: 0,
    });
    expect(roundRangeShares(shares, 0)).toEqual({ veryLow: 34, low: 33, inRange: 33, high: 0, veryHigh: 0 });
    expect(roundRangeShares(rangeShares([]), 1)).toEqual({
      veryLow: null,
      low: null,
      inRange: null,
      high: null,
      veryHigh: null,
    });
  });

  it('property: the shares are within [0, 100] and sum to 100', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.5, max: 35, noNaN: true }), { minLength: 1, maxLength: 60 }),
        (values) => {
          const shares = rangeShares(values, DEFAULT_TIR_BANDS);
          expect(shares.count).toBe(values.length);
          for (const range of GLUCOSE_RANGES) {
            expect(shares[range]).toBeGreaterThanOrEqual(0);
            expect(shares[range]).toBeLessThanOrEqual(100);
          }
          expect(sumOf(shares)).toBeCloseTo(100, 9);
        },
      ),
    );
  });
});

/** Readings every `minutes` from `startIso` (UTC), `count` of them, value `valueAt(i)`. */
function trace(
  startIso: string,
  minutes: number,
  count: number,
  valueAt: (i: number) => number,
): GlucoseReading[] {
  const start = Date.parse(startIso);
  return Array.from({ length: count }, (_, i) => ({
    value: valueAt(i),
    testTime: new Date(start + i * minutes * 60_000),
  }));
}

describe('timeWeightedRangeShares', () => {
  it('is null for sparse 7-point fingerstick data', () => {
    // 7 readings a day and 8.5 h from 22:00 to 06:30: not regular by any part of the rule
    expect(timeWeightedRangeShares([...DAY_1, ...DAY_2])).toBeNull();
    expect(timeWeightedRangeShares([])).toBeNull();
  });

  it('gives a result for regular 5-minute data', () => {
    // 24 h of CGM every 5 minutes: 289 readings, all 6.0 → 100 % in range
    const shares = timeWeightedRangeShares(trace('2024-03-01T00:00:00Z', 5, 289, () => 6));
    expect(shares).toMatchObject({ count: 289, veryLow: 0, low: 0, inRange: 100, high: 0, veryHigh: 0 });
    // 288 intervals of 5 min and the last reading's 5 min: 289 × 300,000 ms
    expect(shares?.totals.inRange).toBe(289 * 300_000);
  });

  it('weights each reading by the time to the next one, the last one by the time since the previous', () => {
    // 00:00–11:00 hourly at 5.0 (12 readings, 60 min each = 720 min in range), then 12:00–24:00 every
    // 5 min at 12.0 (145 readings: 144 × 5 min + the last one 5 min = 725 min high); 157 readings over
    // 24 h, longest gap 60 min: regular. Time shares 720/1445 and 725/1445; readings shares would be
    // 12/157 = 7.6 % in range.
    const readings = [
      ...trace('2024-03-01T00:00:00Z', 60, 12, () => 5),
      ...trace('2024-03-01T12:00:00Z', 5, 145, () => 12),
    ];
    const shares = timeWeightedRangeShares(readings) as NonNullable<
      ReturnType<typeof timeWeightedRangeShares>
    >;
    expect(shares.count).toBe(157);
    expect(shares.inRange).toBeCloseTo((720 / 1445) * 100, 12);
    expect(shares.high).toBeCloseTo((725 / 1445) * 100, 12);
    expect(sumOf(shares)).toBeCloseTo(100, 12);
  });

  it('converts mg/dL readings and uses the given bands', () => {
    const readings = trace('2024-03-01T00:00:00Z', 15, 97, (i) => (i % 2 === 0 ? 90 : 200)).map(
      (reading) => ({
        ...reading,
        unit: 'mgDl',
      }),
    );
    // 90 mg/dL = 5 mmol/L (in range), 200 mg/dL = 11.1 mmol/L (high); 97 readings over 24 h, 15 min each
    // (the last, even, one too): 49 even × 15 min in range, 48 odd × 15 min high
    const shares = timeWeightedRangeShares(readings);
    expect(shares?.inRange).toBeCloseTo((49 / 97) * 100, 12);
    expect(shares?.high).toBeCloseTo((48 / 97) * 100, 12);
    // with the high limit at 12 mmol/L, 11.1 is in range
    const wider = timeWeightedRangeShares(readings, { veryLow: 3, low: 3.9, high: 12, veryHigh: 13.9 });
    expect(wider?.inRange).toBe(100);
  });

  it('is null when one gap exceeds 2 h or the span is under 24 h', () => {
    const withGap = [
      ...trace('2024-03-01T00:00:00Z', 5, 100, () => 6),
      ...trace('2024-03-01T11:00:00Z', 5, 200, () => 6), // 08:15 → 11:00 is 2 h 45 min
    ];
    expect(timeWeightedRangeShares(withGap)).toBeNull();
    expect(timeWeightedRangeShares(trace('2024-03-01T00:00:00Z', 5, 100, () => 6))).toBeNull();
  });
});

describe('isRegularEnough', () => {
  const hour = 3_600_000;
  it('needs ≥ 24 readings per day on average, no gap over 2 h and a span of ≥ 24 h', () => {
    const hourly = Array.from({ length: 25 }, (_, i) => i * hour); // 25 readings / 1 day
    expect(isRegularEnough(hourly, CGM_LIKE_RULE)).toBe(true);
    const everyTwoHours = Array.from({ length: 13 }, (_, i) => i * 2 * hour); // 13 / day: too few
    expect(isRegularEnough(everyTwoHours)).toBe(false);
    expect(isRegularEnough([0])).toBe(false);
    expect(isRegularEnough([0, 0, 0])).toBe(false);
  });
});

describe('rangeShares of a day', () => {
  it('agrees with the hand count of the fixtures', () => {
    // 7, 8, 4, 9, 6, 12, 10, 6, 10, 5, 8, 6, 13: 11 in range, 12 and 13 high
    const values = [...DAY_1, ...DAY_2].map((reading) => reading.value);
    const shares = rangeShares(values);
    expect(shares.inRange).toBeCloseTo((11 / 13) * 100, 12);
    expect(shares.high).toBeCloseTo((2 / 13) * 100, 12);
    expect(shares.low).toBe(0);
  });
});
