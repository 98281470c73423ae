import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHART_SEGMENT_OPTIONS } from '../constants';
import { daySegments } from './segments';

describe('daySegments', () => {
  it('splits the day into 1, 6 or 24 equal segments, in order', () => {
    expect(daySegments([], 1)).toEqual([
      { index: 0, startMinute: 0, endMinute: 1440, count: 0, mean: null, min: null, max: null },
    ]);
    const six = daySegments([], 6);
    expect(six.map((s) => [s.startMinute, s.endMinute])).toEqual([
      [0, 240],
      [240, 480],
      [480, 720],
      [720, 960],
      [960, 1200],
      [1200, 1440],
    ]);
    const hours = daySegments([], 24);
    expect(hours).toHaveLength(24);
    expect(hours[23]).toMatchObject({ index: 23, startMinute: 1380, endMinute: 1440, count: 0 });
  });

  it('works out mean, min and max per segment by hand', () => {
    // 03:00 5.0 and 03:59 7.0 → segment 0 (00:00–04:00): mean 6, min 5, max 7;
    // 04:00 is the first minute of segment 1; 23:59 falls in the last one
    const readings = [
      { minuteOfDay: 180, mmol: 5 },
      { minuteOfDay: 239, mmol: 7 },
      { minuteOfDay: 240, mmol: 9.5 },
      { minuteOfDay: 1439, mmol: 12 },
    ];
    const six = daySegments(readings, 6);
    expect(six[0]).toMatchObject({ count: 2, mean: 6, min: 5, max: 7 });
    expect(six[1]).toMatchObject({ count: 1, mean: 9.5, min: 9.5, max: 9.5 });
    expect(six[2]).toMatchObject({ count: 0, mean: null, min: null, max: null });
    expect(six[5]).toMatchObject({ count: 1, mean: 12 });
    const whole = daySegments(readings, 1)[0];
    expect(whole).toMatchObject({ count: 4, min: 5, max: 12 });
    expect(whole.mean).toBeCloseTo((5 + 7 + 9.5 + 12) / 4, 12);
    const hourly = daySegments(readings, 24);
    expect(hourly[3]).toMatchObject({ count: 2, mean: 6 });
    expect(hourly[4]).toMatchObject({ count: 1, mean: 9.5 });
  });

  it('clamps minutes to the day and leaves out non-finite values', () => {
    const segments = daySegments(
      [
        { minuteOfDay: 1440, mmol: 6 },
        { minuteOfDay: -5, mmol: 4 },
        { minuteOfDay: 600, mmol: Number.NaN },
        { minuteOfDay: Number.POSITIVE_INFINITY, mmol: 5 },
      ],
      24,
    );
    expect(segments[23]).toMatchObject({ count: 1, mean: 6 });
    expect(segments[0]).toMatchObject({ count: 1, mean: 4 });
    expect(segments.reduce((sum, s) => sum + s.count, 0)).toBe(2);
  });

  it('counts every reading exactly once, with min ≤ mean ≤ max (property)', () => {
    const reading = fc.record({
      minuteOfDay: fc.integer({ min: 0, max: 1439 }),
      mmol: fc.double({ min: 1, max: 35, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.array(reading, { maxLength: 200 }),
        fc.constantFrom(...CHART_SEGMENT_OPTIONS),
        (readings, count) => {
          const segments = daySegments(readings, count);
          expect(segments).toHaveLength(count);
          expect(segments.reduce((sum, s) => sum + s.count, 0)).toBe(readings.length);
          for (const s of segments) {
            const inside = readings.filter(
              (r) => r.minuteOfDay >= s.startMinute && r.minuteOfDay < s.endMinute,
            );
            expect(s.count).toBe(inside.length);
            if (s.count === 0) continue;
            const { mean, min, max } = s as { mean: number; min: number; max: number };
            expect(min).toBeLessThanOrEqual(mean + 1e-9);
            expect(mean).toBeLessThanOrEqual(max + 1e-9);
          }
        },
      ),
    );
  });
});
