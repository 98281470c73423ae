import { describe, expect, it } from 'vitest';
import type { TaskPeriod } from '../tasks/plan';
import {
  isLateEntry,
  outsideWindowOf,
  readingMarks,
  readingWindowOf,
  windowMarkOf,
  windowParams,
} from './timing';

const SH = 'Asia/Shanghai';
const NY = 'America/New_York';
/** A Shanghai wall-clock time as an instant. */
const sh = (dateTime: string) => new Date(`${dateTime}+08:00`);
const fasting: TaskPeriod = { code: 'fasting', startTime: '05:00', endTime: '09:00' };
const beforeSleep: TaskPeriod = { code: 'beforeSleep', startTime: '21:00', endTime: '24:00' };
const lateSleep: TaskPeriod = { code: 'night', startTime: '21:00', endTime: '23:59' };
const night: TaskPeriod = { code: 'night', startTime: '22:00', endTime: '03:00' };
const TIMING = { windowSlackMinutes: 30, lateEntryMinutes: 60 };

/** The window mark of a test time against `period` with `slack` minutes. */
const mark = (period: TaskPeriod | null, at: Date, slack = 30, zone = SH) =>
  windowMarkOf(at, readingWindowOf(at, period, zone), slack);

describe('windowMarkOf', () => {
  it('leaves a test time inside its window, or within the slack, unmarked; the slack ends count as inside', () => {
    expect(mark(fasting, sh('2026-03-02T07:00'))).toBeNull();
    // 05:00 − 30 min = 04:30 and 09:00 + 30 min = 09:30 are both still fine
    expect(mark(fasting, sh('2026-03-02T04:30:00'))).toBeNull();
    expect(mark(fasting, sh('2026-03-02T09:30:00'))).toBeNull();
    // one second further out is marked
    expect(mark(fasting, sh('2026-03-02T04:29:59'))).toBe('early');
    expect(mark(fasting, sh('2026-03-02T09:30:01'))).toBe('late');
  });

  it('marks with no slack from the window edges: start inside, a second before it early, the end itself inside', () => {
    expect(mark(fasting, sh('2026-03-02T05:00:00'), 0)).toBeNull();
    expect(mark(fasting, sh('2026-03-02T04:59:59'), 0)).toBe('early');
    expect(mark(fasting, sh('2026-03-02T09:00:00'), 0)).toBeNull();
    expect(mark(fasting, sh('2026-03-02T09:00:01'), 0)).toBe('late');
  });

  it('holds a reading against the window of the day it counts for', () => {
    // a "fasting" reading at 14:00 is nearest this morning's window: 5 h after its end
    expect(mark(fasting, sh('2026-03-02T14:00'))).toBe('late');
    // at 23:00 the next morning's window (6 h away) is nearer than this morning's (14 h): early
    expect(mark(fasting, sh('2026-03-02T23:00'))).toBe('early');
    // 02:00 is 3 h before the window of the same morning
    expect(mark(fasting, sh('2026-03-02T02:00'))).toBe('early');
  });

  it('reads an end of 24:00 or 23:59 as the next midnight', () => {
    expect(mark(beforeSleep, sh('2026-03-02T23:59:30'), 0)).toBeNull();
    expect(mark(beforeSleep, sh('2026-03-03T00:00:00'), 0)).toBeNull();
    expect(mark(beforeSleep, sh('2026-03-03T00:00:01'), 0)).toBe('late');
    // a bedtime reading at 00:25 belongs to the evening before and lies within its 30 min slack
    expect(mark(beforeSleep, sh('2026-03-03T00:25'))).toBeNull();
    expect(mark(beforeSleep, sh('2026-03-03T00:31'))).toBe('late');
    expect(mark(lateSleep, sh('2026-03-03T00:00:00'), 0)).toBeNull();
    expect(mark(lateSleep, sh('2026-03-03T00:00:01'), 0)).toBe('late');
  });

  it('runs a window past midnight into the next day', () => {
    expect(mark(night, sh('2026-03-02T23:30'), 0)).toBeNull();
    expect(mark(night, sh('2026-03-03T02:59'), 0)).toBeNull();
    expect(mark(night, sh('2026-03-03T03:00'), 0)).toBeNull();
    expect(mark(night, sh('2026-03-03T03:20'), 15)).toBe('late');
    expect(mark(night, sh('2026-03-03T03:15'), 15)).toBeNull();
    expect(mark(night, sh('2026-03-02T21:40'), 15)).toBe('early');
    expect(mark(night, sh('2026-03-02T21:45'), 15)).toBeNull();
  });

  it('follows the zone’s clock across a change of clocks (New York, 8 March 2026, 02:00 → 03:00)', () => {
    const small: TaskPeriod = { code: 'small', startTime: '01:00', endTime: '04:00' };
    const window = readingWindowOf(new Date('2026-03-08T07:30:00Z'), small, NY);
    // 01:00 EST (UTC−5) to 04:00 EDT (UTC−4): two hours, not three
    expect(window && [window.start.toISOString(), window.end.toISOString()]).toEqual([
      '2026-03-08T06:00:00.000Z',
      '2026-03-08T08:00:00.000Z',
    ]);
    expect(mark(small, new Date('2026-03-08T08:00:00Z'), 0, NY)).toBeNull();
    // 04:30 EDT: 30 minutes late; the same wall time the day before is 3 h 30 min later in UTC terms
    expect(mark(small, new Date('2026-03-08T08:30:00Z'), 0, NY)).toBe('late');
    expect(mark(small, new Date('2026-03-08T08:30:00Z'), 30, NY)).toBeNull();
    expect(mark(small, new Date('2026-03-07T09:30:00Z'), 30, NY)).toBeNull();
  });

  it('does not mark a reading without a period or a usable window', () => {
    expect(mark(null, sh('2026-03-02T14:00'))).toBeNull();
    expect(mark({ code: 'x', startTime: '08:00', endTime: '08:00' }, sh('2026-03-02T14:00'))).toBeNull();
    expect(mark({ code: 'x', startTime: 'soon', endTime: '08:00' }, sh('2026-03-02T14:00'))).toBeNull();
  });
});

describe('isLateEntry', () => {
  it('is late only when entered more than the set minutes after the test time', () => {
    const at = sh('2026-03-02T07:00:00');
    expect(isLateEntry(at, sh('2026-03-02T08:00:00'), 60)).toBe(false);
    expect(isLateEntry(at, sh('2026-03-02T08:00:01'), 60)).toBe(true);
    expect(isLateEntry(at, sh('2026-03-02T07:05:00'), 1)).toBe(true);
    // a clock a little behind (entered "before" the test time) is not late
    expect(isLateEntry(at, sh('2026-03-02T06:59:00'), 1)).toBe(false);
  });
});

describe('readingMarks', () => {
  it('marks both, and late entry only for readings entered by hand', () => {
    const input = {
      testTime: '2026-03-02T11:00:00+08:00',
      period: fasting,
      enteredAt: sh('2026-03-02T13:00:00'),
      timeZone: SH,
      timing: TIMING,
    };
    expect(readingMarks({ ...input, byHand: true })).toMatchObject({ windowMark: 'late', lateEntry: true });
    expect(readingMarks({ ...input, byHand: false })).toMatchObject({ windowMark: 'late', lateEntry: false });
    expect(
      readingMarks({ ...input, byHand: true, timing: { windowSlackMinutes: 120, lateEntryMinutes: 120 } }),
    ).toMatchObject({ windowMark: null, lateEntry: false });
  });

  it('finds the window an entry lies outside of, by period code', () => {
    const periods = [fasting, beforeSleep];
    expect(outsideWindowOf(sh('2026-03-02T10:00:00'), 'fasting', periods, SH, 30)).toEqual({
      mark: 'late',
      period: fasting,
    });
    expect(outsideWindowOf(sh('2026-03-02T09:20:00'), 'fasting', periods, SH, 30)).toBeNull();
    expect(outsideWindowOf(sh('2026-03-02T10:00:00'), 'teaTime', periods, SH, 30)).toBeNull();
    expect(outsideWindowOf(sh('2026-03-02T10:00:00'), null, periods, SH, 30)).toBeNull();
  });

  it('names the window as the settings write it', () => {
    expect(windowParams(fasting, 'Fasting')).toEqual({ period: 'Fasting', start: '05:00', end: '09:00' });
  });
});
