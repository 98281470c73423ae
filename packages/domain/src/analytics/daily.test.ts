import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MEAL_PERIODS } from '../constants';
import { dailyFluctuation, lage, modd, ppge, readingsByDay, sdbg } from './daily';
import { type GlucoseReading, normalizeReadings } from './readings';
import { sampleSd } from './stats';
import { at, DAY_1, DAY_2, inMgDl, TIME_ZONE } from './test-fixtures';

describe('lage and sdbg', () => {
  it('work out a small day by hand', () => {
    // 4, 6, 8: LAGE = 8 − 4 = 4; SDBG = sample SD = 2
    expect(lage([6, 4, 8])).toBe(4);
    expect(sdbg([6, 4, 8])).toBe(2);
  });

  it('are null with fewer than 2 readings', () => {
    expect(lage([5])).toBeNull();
    expect(sdbg([5])).toBeNull();
    expect(lage([])).toBeNull();
  });
});

describe('ppge', () => {
  it('averages |after − before| over the meals that have both', () => {
    // DAY_1: |8 − 7| = 1, |9 − 4| = 5, |12 − 6| = 6 → 4
    expect(ppge(normalizeReadings(DAY_1))).toBeCloseTo(4, 12);
    // lunch only: |9 − 4| = 5
    expect(ppge(normalizeReadings([DAY_1[2], DAY_1[3], DAY_1[6]]))).toBe(5);
  });

  it('uses the earliest reading of the before-meal and of the after-meal period', () => {
    // fasting: 06:30 → 6.0 (07:10 repeat 9.0 ignored); afterBreakfast: 08:55 → 8.0 (09:00 10.0 ignored)
    // → |8 − 6| = 2, whatever the input order
    const day = [
      at('2024-03-01', '09:00', 10, 'afterBreakfast'),
      at('2024-03-01', '07:10', 9, 'fasting'),
      at('2024-03-01', '08:55', 8, 'afterBreakfast'),
      at('2024-03-01', '06:30', 6, 'fasting'),
    ];
    expect(ppge(normalizeReadings(day))).toBe(2);
  });

  it('is null when no meal has both periods', () => {
    const day = [at('2024-03-01', '06:30', 6, 'fasting'), at('2024-03-01', '13:30', 9, 'afterLunch')];
    expect(ppge(normalizeReadings(day))).toBeNull();
    expect(ppge([])).toBeNull();
  });
});

describe('readingsByDay', () => {
  it('groups by the hospital calendar day, not the UTC day', () => {
    // 2024-03-01T16:30Z is 2024-03-02 00:30 in Shanghai; 2024-03-01T15:30Z is 2024-03-01 23:30
    const days = readingsByDay(
      [
        { value: 5, testTime: '2024-03-01T16:30:00Z' },
        { value: 6, testTime: new Date('2024-03-01T15:30:00Z') },
      ],
      TIME_ZONE,
    );
    expect([...days.keys()]).toEqual(['2024-03-01', '2024-03-02']);
    expect(days.get('2024-03-02')?.map((reading) => reading.mmol)).toEqual([5]);
  });
});

describe('dailyFluctuation', () => {
  it('works out the two fixture days by hand (see test-fixtures.ts)', () => {
    const rows = dailyFluctuation([...DAY_2, ...DAY_1], TIME_ZONE);
    expect(rows.map((row) => row.date)).toEqual(['2024-03-01', '2024-03-02']);
    const [day1, day2] = rows;
    expect(day1).toMatchObject({ count: 7, mean: 8, lage: 8 });
    expect(day1.sdbg).toBeCloseTo(Math.sqrt(7), 12);
    expect(day1.ppge).toBeCloseTo(4, 12);
    expect(day1).toMatchObject({ mage: 3.5, magePlus: 5.5, mageMinus: 3.5, mageMean: 4.5 });
    expect(day2).toMatchObject({ count: 6, mean: 8, lage: 8 });
    expect(day2.sdbg).toBeCloseTo(Math.sqrt(9.2), 12);
    expect(day2.ppge).toBeCloseTo(14 / 3, 12);
    expect(day2).toMatchObject({ mage: 6, magePlus: 6, mageMinus: 5, mageMean: 5.5 });
  });

  it('gives the same results for mg/dL, mmol/L and mixed input', () => {
    const mmol = dailyFluctuation([...DAY_1, ...DAY_2], TIME_ZONE);
    expect(dailyFluctuation(inMgDl([...DAY_1, ...DAY_2]), TIME_ZONE)).toEqual(mmol);
    expect(dailyFluctuation([...inMgDl(DAY_1), ...DAY_2], TIME_ZONE)).toEqual(mmol);
  });

  it('leaves out readings without a finite value or a valid time', () => {
    const noise: GlucoseReading[] = [
      { value: Number.NaN, testTime: '2024-03-01T10:00:00+08:00' },
      { value: 5, testTime: 'not a date' },
    ];
    expect(dailyFluctuation([...DAY_1, ...noise], TIME_ZONE)).toEqual(dailyFluctuation(DAY_1, TIME_ZONE));
  });

  it('gives nulls on a one-reading day', () => {
    expect(dailyFluctuation([at('2024-03-05', '08:00', 6.5, 'fasting')], TIME_ZONE)).toEqual([
      {
        date: '2024-03-05',
        count: 1,
        mean: 6.5,
        ppge: null,
        lage: null,
        sdbg: null,
        mage: null,
        magePlus: null,
        mageMinus: null,
        mageMean: null,
      },
    ]);
  });

  it('property: LAGE ≥ 0, SDBG ≥ 0, MAGE null or > SDBG, dates ascending', () => {
    const reading = fc.record({
      value: fc.integer({ min: 20, max: 300 }).map((tenths) => tenths / 10),
      testTime: fc
        .integer({ min: 0, max: 5 * 24 * 60 })
        .map((minute) => new Date(Date.UTC(2024, 2, 1) + minute * 60_000)),
      periodCode: fc.constantFrom<string | null>(...MEAL_PERIODS, null),
    });
    fc.assert(
      fc.property(fc.array(reading, { maxLength: 60 }), (readings) => {
        const rows = dailyFluctuation(readings, TIME_ZONE);
        expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(readings.length);
        for (let i = 1; i < rows.length; i++) expect(rows[i].date > rows[i - 1].date).toBe(true);
        for (const row of rows) {
          if (row.lage !== null) expect(row.lage).toBeGreaterThanOrEqual(0);
          if (row.sdbg !== null) expect(row.sdbg).toBeGreaterThanOrEqual(0);
          if (row.ppge !== null) expect(row.ppge).toBeGreaterThanOrEqual(0);
          if (row.mage !== null) expect(row.mage).toBeGreaterThan((row.sdbg as number) * (1 - 1e-12));
          expect(row.sdbg).toBe(row.count < 2 ? null : sampleSd(normalizeDay(readings, row.date)));
        }
      }),
    );
  });
});

function normalizeDay(readings: readonly GlucoseReading[], date: string): number[] {
  return (readingsByDay(readings, TIME_ZONE).get(date) ?? []).map((reading) => reading.mmol);
}

describe('modd', () => {
  it('works out two consecutive days by hand', () => {
    // period by period (day 2 − day 1): |6−7| + |10−8| + |5−4| + |8−9| + |6−6| + |13−12| = 6 over 6
    // periods = 1; beforeSleep exists on day 1 only and is skipped
    expect(modd([...DAY_1, ...DAY_2], TIME_ZONE)).toBeCloseTo(1, 12);
  });

  it('uses the earliest reading of a period, ignores readings without a period and non-consecutive days', () => {
    const extra = [
      at('2024-03-02', '10:00', 20, 'fasting'), // a later fasting repeat: not day 2's fasting value
      at('2024-03-01', '03:00', 2, null), // no period code: ignored
      at('2024-03-02', '03:00', 15, null),
      at('2024-03-04', '06:30', 18, 'fasting'), // 03-03 has no readings: 03-02 and 03-04 are not compared
    ];
    expect(modd([...extra, ...DAY_1, ...DAY_2], TIME_ZONE)).toBeCloseTo(1, 12);
  });

  it('pairs days across a month end', () => {
    // |7 − 5| = 2
    const readings = [at('2024-02-29', '06:30', 5, 'fasting'), at('2024-03-01', '06:30', 7, 'fasting')];
    expect(modd(readings, TIME_ZONE)).toBe(2);
  });

  it('is null without a pair', () => {
    expect(modd(DAY_1, TIME_ZONE)).toBeNull();
    expect(modd([], TIME_ZONE)).toBeNull();
    expect(
      modd(
        [at('2024-03-01', '06:30', 5, 'fasting'), at('2024-03-02', '09:00', 7, 'afterBreakfast')],
        TIME_ZONE,
      ),
    ).toBeNull();
  });

  it('gives the same result for mg/dL input', () => {
    expect(modd(inMgDl([...DAY_1, ...DAY_2]), TIME_ZONE)).toBe(modd([...DAY_1, ...DAY_2], TIME_ZONE));
  });
});
