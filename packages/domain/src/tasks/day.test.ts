import { describe, expect, it } from 'vitest';
import {
  addDays,
  hospitalDateRange,
  hospitalDayAt,
  hospitalDayOf,
  minutesBetween,
  zonedInstant,
  zoneOffsetMs,
} from './day';

const HOUR = 3_600_000;

describe('zoneOffsetMs', () => {
  it('reads the offset of a zone at an instant, summer time included', () => {
    expect(zoneOffsetMs(new Date('2026-01-15T00:00:00Z'), 'Asia/Shanghai')).toBe(8 * HOUR);
    expect(zoneOffsetMs(new Date('2026-01-15T12:00:00Z'), 'America/New_York')).toBe(-5 * HOUR);
    expect(zoneOffsetMs(new Date('2026-07-15T12:00:00Z'), 'America/New_York')).toBe(-4 * HOUR);
    expect(zoneOffsetMs(new Date('2026-07-15T12:00:00Z'), 'UTC')).toBe(0);
    expect(zoneOffsetMs(new Date('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * HOUR);
  });

  it('throws on an unknown zone', () => {
    expect(() => zoneOffsetMs(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('addDays', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('refuses what is not a date', () => {
    expect(() => addDays('2026-1-1', 1)).toThrow(RangeError);
  });
});

describe('zonedInstant', () => {
  it('turns a hospital wall-clock time into an instant', () => {
    expect(zonedInstant('2026-03-01', 7 * 60 + 30, 'Asia/Shanghai').toISOString()).toBe(
      '2026-02-28T23:30:00.000Z',
    );
    expect(zonedInstant('2026-03-01', 0, 'Asia/Shanghai').toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(zonedInstant('2026-03-01', 1440, 'Asia/Shanghai').toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(zonedInstant('2026-07-01', 9 * 60, 'America/New_York').toISOString()).toBe(
      '2026-07-01T13:00:00.000Z',
    );
  });

  it('moves a time skipped when clocks go forward past the gap', () => {
    // New York, 8 March 2026: 02:00 EST becomes 03:00 EDT; 02:30 does not exist
    expect(zonedInstant('2026-03-08', 150, 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(zonedInstant('2026-03-08', 180, 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:00:00.000Z',
    );
  });

  it('takes the first of a time that happens twice when clocks go back', () => {
    // New York, 1 November 2026: 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST)
    expect(zonedInstant('2026-11-01', 90, 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('hospital days', () => {
  it('gives today by the hospital clock, not the UTC date', () => {
    // 23:30 UTC on 1 March is already 07:30 on 2 March in Shanghai
    const day = hospitalDayAt(new Date('2026-03-01T23:30:00Z'), 'Asia/Shanghai');
    expect(day.date).toBe('2026-03-02');
    expect(day.start.toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(day.end.toISOString()).toBe('2026-03-02T16:00:00.000Z');
    // one minute before the hospital's midnight still belongs to the day before
    expect(hospitalDayAt(new Date('2026-03-01T15:59:00Z'), 'Asia/Shanghai').date).toBe('2026-03-01');
    expect(hospitalDayAt(new Date('2026-03-01T16:00:00Z'), 'Asia/Shanghai').date).toBe('2026-03-02');
  });

  it('has 23 and 25 hours on the days clocks change', () => {
    const spring = hospitalDayOf('2026-03-08', 'America/New_York');
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * HOUR);
    const autumn = hospitalDayOf('2026-11-01', 'America/New_York');
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * HOUR);
  });

  it('covers a date range from the first midnight to the midnight after the last day', () => {
    const range = hospitalDateRange('2026-03-01', '2026-03-01', 'Asia/Shanghai');
    expect(range.start.toISOString()).toBe('2026-02-28T16:00:00.000Z');
    expect(range.end.toISOString()).toBe('2026-03-01T16:00:00.000Z');
  });
});

describe('minutesBetween', () => {
  it('counts whole minutes and never goes below 0', () => {
    expect(minutesBetween('2026-03-01T08:00:00Z', '2026-03-01T08:14:59Z')).toBe(14);
    expect(minutesBetween(new Date('2026-03-01T08:00:00Z'), new Date('2026-03-01T09:00:00Z'))).toBe(60);
    expect(minutesBetween('2026-03-01T08:00:00Z', '2026-03-01T07:59:00Z')).toBe(0);
    expect(minutesBetween('nonsense', '2026-03-01T07:59:00Z')).toBe(0);
  });
});
