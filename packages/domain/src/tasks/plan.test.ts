import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareBeds,
  isPlannedForStay,
  type PlannedTask,
  patientDayTasks,
  periodWindowOn,
  planDay,
  type TaskPeriod,
  taskDateOf,
  taskRank,
  taskReadingSpan,
  taskStateAt,
} from './plan';

const SH = 'Asia/Shanghai';
const PERIODS: TaskPeriod[] = [
  { code: 'earlyMorning', startTime: '00:00', endTime: '05:00' },
  { code: 'fasting', startTime: '05:00', endTime: '09:00' },
  { code: 'afterBreakfast', startTime: '09:00', endTime: '11:00' },
  { code: 'afterLunch', startTime: '12:30', endTime: '16:00' },
  { code: 'afterDinner', startTime: '18:30', endTime: '21:00' },
  { code: 'beforeSleep', startTime: '21:00', endTime: '24:00' },
];
const FIVE_POINT = ['fasting', 'afterBreakfast', 'afterLunch', 'afterDinner', 'beforeSleep'];
const TIMING = { dueSoonMinutes: 30, overdueMinutes: 60 };
/** A Shanghai wall-clock time as an instant. */
const sh = (dateTime: string) => new Date(`${dateTime}:00+08:00`);
const iso = (date: Date) => date.toISOString();

describe('periodWindowOn', () => {
  it('places a window on the hospital clock', () => {
    const window = periodWindowOn(PERIODS[1]!, '2026-03-02', SH);
    expect(window && [iso(window.start), iso(window.end)]).toEqual([
      iso(sh('2026-03-02T05:00')),
      iso(sh('2026-03-02T09:00')),
    ]);
  });

  it('ends a 24:00 or 23:59 window at the next midnight', () => {
    for (const endTime of ['24:00', '23:59']) {
      const window = periodWindowOn({ code: 'x', startTime: '21:00', endTime }, '2026-03-02', SH);
      expect(window && iso(window.end)).toBe(iso(sh('2026-03-03T00:00')));
    }
  });

  it('runs a window past midnight into the next day', () => {
    const window = periodWindowOn({ code: 'night', startTime: '21:00', endTime: '03:00' }, '2026-12-31', SH);
    expect(window && [iso(window.start), iso(window.end)]).toEqual([
      iso(sh('2026-12-31T21:00')),
      iso(sh('2027-01-01T03:00')),
    ]);
  });

  it('cannot place an empty or unreadable window', () => {
    expect(periodWindowOn({ code: 'x', startTime: '08:00', endTime: '08:00' }, '2026-03-02', SH)).toBeNull();
    expect(periodWindowOn({ code: 'x', startTime: '8am', endTime: '09:00' }, '2026-03-02', SH)).toBeNull();
  });

  it('keeps the wall-clock times across a change of clocks', () => {
    // New York, 8 March 2026 (clocks forward at 02:00): fasting 05:00-09:00 EDT
    const window = periodWindowOn(PERIODS[1]!, '2026-03-08', 'America/New_York');
    expect(window && [iso(window.start), iso(window.end)]).toEqual([
      '2026-03-08T09:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
    ]);
  });
});

describe('planDay', () => {
  it('plans the strategy periods that are enabled, in the periods order, with due and overdue limits', () => {
    const tasks = planDay('2026-03-02', PERIODS, ['beforeSleep', 'fasting', 'beforeLunch'], TIMING, SH);
    expect(tasks.map((task) => task.periodCode)).toEqual(['fasting', 'beforeSleep']);
    expect(iso(tasks[0]!.dueFrom)).toBe(iso(sh('2026-03-02T04:30')));
    expect(iso(tasks[0]!.overdueFrom)).toBe(iso(sh('2026-03-02T06:00')));
  });

  it('lets the due time of a period starting at midnight fall on the evening before', () => {
    const [task] = planDay('2026-03-02', PERIODS, ['earlyMorning'], TIMING, SH);
    expect(iso(task!.dueFrom)).toBe(iso(sh('2026-03-01T23:30')));
    expect(taskStateAt(task!, sh('2026-03-01T23:45'), false)).toBe('due');
  });
});

describe('taskStateAt', () => {
  const [fasting] = planDay('2026-03-02', PERIODS, ['fasting'], TIMING, SH) as [PlannedTask];

  it('is upcoming before the due time, due until the overdue limit, overdue after it', () => {
    expect(taskStateAt(fasting, sh('2026-03-02T04:29'), false)).toBe('upcoming');
    expect(taskStateAt(fasting, sh('2026-03-02T04:30'), false)).toBe('due');
    expect(taskStateAt(fasting, sh('2026-03-02T05:59'), false)).toBe('due');
    expect(taskStateAt(fasting, sh('2026-03-02T06:00'), false)).toBe('overdue');
    expect(taskStateAt(fasting, sh('2026-03-02T23:59'), false)).toBe('overdue');
  });

  it('is done whenever a reading counts for it', () => {
    expect(taskStateAt(fasting, sh('2026-03-02T04:00'), true)).toBe('done');
    expect(taskStateAt(fasting, sh('2026-03-02T12:00'), true)).toBe('done');
  });

  it('takes zero minutes of notice literally', () => {
    const [task] = planDay('2026-03-02', PERIODS, ['fasting'], { dueSoonMinutes: 0, overdueMinutes: 0 }, SH);
    expect(taskStateAt(task!, sh('2026-03-02T04:59'), false)).toBe('upcoming');
    expect(taskStateAt(task!, sh('2026-03-02T05:00'), false)).toBe('overdue');
  });
});

describe('taskDateOf', () => {
  const beforeSleep = PERIODS[5]!;
  const night = { code: 'night', startTime: '21:00', endTime: '03:00' };

  it('gives a reading inside its window that window’s day', () => {
    expect(taskDateOf(sh('2026-03-02T22:00'), beforeSleep, SH)).toBe('2026-03-02');
    expect(taskDateOf(sh('2026-03-02T05:00'), PERIODS[1]!, SH)).toBe('2026-03-02');
  });

  it('counts a late bedtime reading after midnight for the evening before', () => {
    expect(taskDateOf(sh('2026-03-03T00:30'), beforeSleep, SH)).toBe('2026-03-02');
  });

  it('counts the small hours of a window past midnight for the day it started', () => {
    expect(taskDateOf(sh('2026-03-03T01:00'), night, SH)).toBe('2026-03-02');
    expect(taskDateOf(sh('2026-03-03T21:30'), night, SH)).toBe('2026-03-03');
  });

  it('keeps a reading far from every window on its own day', () => {
    // a "fasting" reading at 22:30 is 6.5 h before the next morning's window: not tomorrow's
    expect(taskDateOf(sh('2026-03-02T22:30'), PERIODS[1]!, SH)).toBe('2026-03-02');
    expect(taskDateOf(sh('2026-03-03T05:59'), beforeSleep, SH)).toBe('2026-03-02');
    expect(taskDateOf(sh('2026-03-03T06:01'), beforeSleep, SH)).toBe('2026-03-03');
  });

  it('counts an early reading for the window it comes before', () => {
    expect(taskDateOf(sh('2026-03-02T04:50'), PERIODS[1]!, SH)).toBe('2026-03-02');
    expect(taskDateOf(sh('2026-03-02T23:50'), PERIODS[0]!, SH)).toBe('2026-03-03');
  });

  it('reads the date in the hospital zone, not UTC', () => {
    // 2026-03-02 06:00 in Shanghai is still 1 March in UTC
    expect(taskDateOf(new Date('2026-03-01T22:00:00Z'), PERIODS[1]!, SH)).toBe('2026-03-02');
  });

  it('falls back to the calendar date for a period without a usable window', () => {
    expect(taskDateOf(sh('2026-03-02T10:00'), { code: 'x', startTime: '', endTime: '' }, SH)).toBe(
      '2026-03-02',
    );
  });
});

describe('taskReadingSpan', () => {
  it('widens the day by the slack around its earliest and latest windows', () => {
    const span = taskReadingSpan('2026-03-02', PERIODS.slice(1), SH);
    // fasting 05:00 − 6 h and bedtime 24:00 + 6 h
    expect(iso(span.from)).toBe(iso(sh('2026-03-01T23:00')));
    expect(iso(span.until)).toBe(iso(sh('2026-03-03T06:00')));
    // never narrower than the day
    const noon = taskReadingSpan('2026-03-02', [{ code: 'x', startTime: '12:00', endTime: '13:00' }], SH);
    expect([iso(noon.from), iso(noon.until)]).toEqual([
      iso(sh('2026-03-02T00:00')),
      iso(sh('2026-03-03T00:00')),
    ]);
  });

  it('holds every reading that counts for the day, whatever the periods and zone', () => {
    const clock = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 59))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    const period = fc.record({ code: fc.constantFrom('a', 'b', 'c', 'd'), startTime: clock, endTime: clock });
    fc.assert(
      fc.property(
        fc.uniqueArray(period, { minLength: 1, maxLength: 4, selector: (p) => p.code }),
        fc.integer({ min: -48 * 60, max: 72 * 60 }),
        fc.nat(3),
        fc.constantFrom(SH, 'America/New_York', 'Asia/Kathmandu', 'Europe/London'),
        (periods, minutes, pick, zone) => {
          const date = '2026-03-08'; // a daylight-saving change in New York
          const dayStart = taskReadingSpan(date, [], zone).from.getTime();
          const at = new Date(dayStart + minutes * 60_000);
          const readingPeriod = periods[pick % periods.length]!;
          if (taskDateOf(at, readingPeriod, zone) !== date) return;
          const span = taskReadingSpan(date, periods, zone);
          expect(at.getTime()).toBeGreaterThanOrEqual(span.from.getTime());
          expect(at.getTime()).toBeLessThan(span.until.getTime());
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('isPlannedForStay', () => {
  const [afterBreakfast] = planDay('2026-03-02', PERIODS, ['afterBreakfast'], TIMING, SH) as [PlannedTask];

  it('plans a period for a patient admitted before its overdue limit', () => {
    expect(isPlannedForStay(afterBreakfast, { admittedAt: sh('2026-02-20T10:00'), dischargedAt: null })).toBe(
      true,
    );
    expect(isPlannedForStay(afterBreakfast, { admittedAt: sh('2026-03-02T09:30'), dischargedAt: null })).toBe(
      true,
    );
  });

  it('does not plan a period whose overdue limit passed before the admission', () => {
    expect(isPlannedForStay(afterBreakfast, { admittedAt: sh('2026-03-02T10:00'), dischargedAt: null })).toBe(
      false,
    );
  });

  it('does not plan a period that starts after the discharge', () => {
    const stay = { admittedAt: sh('2026-02-20T10:00'), dischargedAt: sh('2026-03-02T09:00') };
    expect(isPlannedForStay(afterBreakfast, stay)).toBe(false);
    expect(isPlannedForStay(afterBreakfast, { ...stay, dischargedAt: sh('2026-03-02T09:01') })).toBe(true);
  });
});

describe('patientDayTasks', () => {
  type Reading = { id: number; periodCode: string | null; testTime: Date };
  const base = {
    date: '2026-03-02',
    timeZone: SH,
    periods: PERIODS,
    plannedCodes: FIVE_POINT,
    timing: TIMING,
    stay: { admittedAt: sh('2026-02-25T10:00'), dischargedAt: null },
  };
  const states = (tasks: { periodCode: string; state: string }[]) =>
    Object.fromEntries(tasks.map((task) => [task.periodCode, task.state]));

  it('gives each planned period its state at now, with the reading that did it', () => {
    const readings: Reading[] = [
      { id: 1, periodCode: 'fasting', testTime: sh('2026-03-02T06:10') },
      { id: 2, periodCode: 'fasting', testTime: sh('2026-03-02T06:40') },
      // yesterday's late bedtime reading does not do today's
      { id: 3, periodCode: 'beforeSleep', testTime: sh('2026-03-02T00:20') },
      // a period outside the plan is ignored
      { id: 4, periodCode: 'earlyMorning', testTime: sh('2026-03-02T03:00') },
    ];
    const tasks = patientDayTasks({ ...base, now: sh('2026-03-02T13:00'), readings });
    expect(states(tasks)).toEqual({
      fasting: 'done',
      afterBreakfast: 'overdue',
      afterLunch: 'due',
      afterDinner: 'upcoming',
      beforeSleep: 'upcoming',
    });
    expect(tasks.find((task) => task.periodCode === 'fasting')?.reading?.id).toBe(2);
    expect(tasks.find((task) => task.periodCode === 'afterLunch')?.reading).toBeNull();
  });

  it('plans only what is still on time for a patient admitted today, but shows a period measured anyway', () => {
    const stay = { admittedAt: sh('2026-03-02T12:00'), dischargedAt: null };
    const none = patientDayTasks({ ...base, stay, now: sh('2026-03-02T12:05'), readings: [] });
    expect(none.map((task) => task.periodCode)).toEqual(['afterLunch', 'afterDinner', 'beforeSleep']);
    const measured = patientDayTasks({
      ...base,
      stay,
      now: sh('2026-03-02T12:05'),
      readings: [{ id: 9, periodCode: 'afterBreakfast', testTime: sh('2026-03-02T12:02') }],
    });
    expect(states(measured)).toMatchObject({ afterBreakfast: 'done', afterLunch: 'due' });
  });

  it('never counts a reading without a value as done: the task is untested, with that reading', () => {
    type Marked = Reading & { untested?: boolean };
    const readings: Marked[] = [
      { id: 1, periodCode: 'fasting', testTime: sh('2026-03-02T06:10'), untested: true },
      { id: 2, periodCode: 'afterBreakfast', testTime: sh('2026-03-02T09:30'), untested: true },
      // measured after all: the value counts, whatever came later
      { id: 3, periodCode: 'afterBreakfast', testTime: sh('2026-03-02T10:00') },
      { id: 4, periodCode: 'afterBreakfast', testTime: sh('2026-03-02T10:30'), untested: true },
    ];
    const tasks = patientDayTasks({ ...base, now: sh('2026-03-02T13:00'), readings });
    expect(states(tasks)).toMatchObject({ fasting: 'untested', afterBreakfast: 'done', afterLunch: 'due' });
    expect(tasks.find((task) => task.periodCode === 'fasting')?.reading?.id).toBe(1);
    expect(tasks.find((task) => task.periodCode === 'afterBreakfast')?.reading?.id).toBe(3);
    // an untested task is untested at any time of the day, never overdue
    const early = patientDayTasks({ ...base, now: sh('2026-03-02T06:15'), readings });
    expect(states(early)).toMatchObject({ fasting: 'untested' });
    expect(taskStateAt(early[0]!, sh('2026-03-02T23:00'), { untested: true })).toBe('untested');
    expect(taskStateAt(early[0]!, sh('2026-03-02T23:00'), { untested: false })).toBe('done');
  });

  it('just after midnight shows the new day, with nothing done yet', () => {
    const readings: Reading[] = [{ id: 1, periodCode: 'beforeSleep', testTime: sh('2026-03-01T22:00') }];
    const tasks = patientDayTasks({ ...base, now: sh('2026-03-02T00:01'), readings });
    expect(new Set(tasks.map((task) => task.state))).toEqual(new Set(['upcoming']));
  });

  it('is empty without a plan', () => {
    expect(patientDayTasks({ ...base, plannedCodes: [], now: sh('2026-03-02T13:00'), readings: [] })).toEqual(
      [],
    );
  });
});

describe('ordering', () => {
  it('ranks overdue and due together first, then upcoming, then untested, then done', () => {
    expect(['done', 'untested', 'upcoming', 'due', 'overdue'].map((s) => taskRank(s as never))).toEqual([
      3, 2, 1, 0, 0,
    ]);
  });

  it('orders beds as people read them', () => {
    expect(['10', '2', null, 'A-12', 'A-3', '1'].sort(compareBeds)).toEqual([
      '1',
      '2',
      '10',
      'A-3',
      'A-12',
      null,
    ]);
  });
});
