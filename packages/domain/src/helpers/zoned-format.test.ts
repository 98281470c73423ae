import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calendarDate, localMinuteOfDay } from './zoned-format';

/** The date as Intl gives it, without any cache. */
const direct = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    at,
  );

const ZONES = [
  'Asia/Shanghai',
  'Asia/Kathmandu', // +05:45
  'Australia/Eucla', // +08:45
  'Australia/Lord_Howe', // half-hour daylight saving
  'America/St_Johns', // −03:30 / −02:30
  'Pacific/Chatham', // +12:45 / +13:45
  'Europe/London',
  'America/New_York',
  'Pacific/Kiritimati', // +14:00
];

describe('calendarDate', () => {
  it('gives the date of the zone, also at the minutes around midnight', () => {
    expect(calendarDate('2026-03-01T15:59:59.999Z', 'Asia/Shanghai')).toBe('2026-03-01');
    expect(calendarDate('2026-03-01T16:00:00Z', 'Asia/Shanghai')).toBe('2026-03-02');
    expect(calendarDate('2026-03-01T18:14:59Z', 'Asia/Kathmandu')).toBe('2026-03-01');
    expect(calendarDate('2026-03-01T18:15:00Z', 'Asia/Kathmandu')).toBe('2026-03-02');
  });

  it('agrees with Intl for any instant and zone, however often it is asked', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.constantFrom(...ZONES),
        (ms, zone) => {
          const at = new Date(ms);
          expect(calendarDate(at, zone)).toBe(direct(at, zone));
          // a neighbour in the same quarter hour, answered from the cache
          const near = new Date(Math.floor(ms / 900_000) * 900_000 + ((ms * 7) % 900_000));
          expect(calendarDate(near, zone)).toBe(direct(near, zone));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('formats instants before 2000 directly (local mean times were not whole quarter hours)', () => {
    // Monrovia kept −00:44:30 until 1972
    const at = new Date('1970-06-01T00:30:00Z');
    expect(calendarDate(at, 'Africa/Monrovia')).toBe(direct(at, 'Africa/Monrovia'));
  });
});

describe('localMinuteOfDay', () => {
  /** The wall clock as Intl gives it, without any cache. */
  const wallClock = (at: Date, timeZone: string) => {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(at);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return (part('hour') % 24) * 60 + part('minute');
  };

  it('gives the minutes since local midnight', () => {
    expect(localMinuteOfDay('2026-03-01T16:00:00Z', 'Asia/Shanghai')).toBe(0);
    expect(localMinuteOfDay('2026-03-01T15:59:59Z', 'Asia/Shanghai')).toBe(1439);
    expect(localMinuteOfDay('2026-03-01T00:07:30Z', 'Asia/Kathmandu')).toBe(5 * 60 + 52);
    expect(localMinuteOfDay(Date.parse('2026-07-01T12:34:00Z'), 'Europe/London')).toBe(13 * 60 + 34);
  });

  it('agrees with Intl at any instant and zone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.constantFrom(...ZONES),
        (ms, zone) => localMinuteOfDay(ms, zone) === wallClock(new Date(ms), zone),
      ),
    );
  });
});
