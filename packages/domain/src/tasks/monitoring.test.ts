import { describe, expect, it } from 'vitest';
import {
  type MonitoringOrder,
  type MonitorReading,
  monitoringPlanner,
  monitorReadingSpan,
  monitorTaskKey,
  monitorTaskName,
  parseMonitorTaskKey,
} from './monitoring';
import type { TaskPeriod } from './plan';

const SH = 'Asia/Shanghai';
const PERIODS: TaskPeriod[] = [
  { code: 'earlyMorning', startTime: '00:00', endTime: '05:00' },
  { code: 'fasting', startTime: '05:00', endTime: '09:00' },
  { code: 'afterBreakfast', startTime: '09:00', endTime: '11:00' },
  { code: 'beforeLunch', startTime: '11:00', endTime: '12:30' },
  { code: 'afterLunch', startTime: '12:30', endTime: '16:00' },
  { code: 'beforeDinner', startTime: '16:00', endTime: '18:30' },
  { code: 'afterDinner', startTime: '18:30', endTime: '21:00' },
  { code: 'beforeSleep', startTime: '21:00', endTime: '24:00' },
];
const FIVE_POINT = ['fasting', 'afterBreakfast', 'afterLunch', 'afterDinner', 'beforeSleep'];
const FOUR_POINT = ['fasting', 'beforeLunch', 'beforeDinner', 'beforeSleep'];
const SEVEN_POINT = [
  'fasting',
  'afterBreakfast',
  'beforeLunch',
  'afterLunch',
  'beforeDinner',
  'afterDinner',
  'beforeSleep',
];
const Q2H = Array.from({ length: 12 }, (_, i) => `${String(i * 2).padStart(2, '0')}:00`);
const sh = (dateTime: string) => new Date(`${dateTime}:00+08:00`);
const iso = (date: Date) => date.toISOString();
const DATE = '2026-03-02';
const STAY = { admittedAt: sh('2026-02-20T10:00'), dischargedAt: null };

const planner = (now = sh('2026-03-02T13:00'), overdueMinutes = 60) =>
  monitoringPlanner({
    date: DATE,
    now,
    timeZone: SH,
    periods: PERIODS,
    plannedCodes: FIVE_POINT,
    timing: { dueSoonMinutes: 30, overdueMinutes },
  });

let nextId = 1;
const order = (fields: Partial<MonitoringOrder>): MonitoringOrder => ({
  id: nextId++,
  item: 'GLU',
  periods: null,
  times: null,
  testTime: null,
  beginAt: sh('2026-03-01T08:00'),
  endAt: null,
  stoppedAt: null,
  ...fields,
});
const glu = (time: string, periodCode: string | null = null, untested = false): MonitorReading => ({
  periodCode,
  testTime: sh(`${DATE}T${time}`),
  untested,
});
const brief = (tasks: { key: string; state: string }[]) => tasks.map((task) => `${task.key}:${task.state}`);

describe('task keys', () => {
  it('keeps the period code for a glucose period task and reads every key back', () => {
    expect(monitorTaskKey('GLU', 'fasting', null)).toBe('fasting');
    expect(monitorTaskKey('KET', 'fasting', null)).toBe('KET:fasting');
    expect(monitorTaskKey('GLU', null, '02:00')).toBe('@02:00');
    expect(monitorTaskKey('UA', null, '15:00')).toBe('UA@15:00');
    for (const key of ['fasting', 'KET:fasting', '@02:00', 'UA@15:00']) {
      const parsed = parseMonitorTaskKey(key);
      expect(parsed && monitorTaskKey(parsed.item, parsed.period, parsed.slot)).toBe(key);
    }
    expect(parseMonitorTaskKey('XX:fasting')).toBeNull();
    expect(parseMonitorTaskKey('@25:00')).toBeNull();
  });
});

describe('monitoringPlanner', () => {
  it('falls back to the strategy for a patient without orders', () => {
    const tasks = planner()(STAY, [glu('06:30', 'fasting')], []);
    // 13:00: fasting done, after breakfast (09:00 + 60) overdue, after lunch (12:30, overdue 13:30) due
    expect(brief(tasks)).toEqual([
      'fasting:done',
      'afterBreakfast:overdue',
      'afterLunch:due',
      'afterDinner:upcoming',
      'beforeSleep:upcoming',
    ]);
    expect(tasks.every((task) => task.orderId === null && task.item === 'GLU')).toBe(true);
  });

  it('plans exactly the 4 points of a 4-point order, and the 7 of a 7-point one', () => {
    const four = order({ periods: FOUR_POINT });
    const tasks = planner()(STAY, [], [four]);
    expect(tasks.map((task) => task.key)).toEqual(FOUR_POINT);
    expect(tasks.every((task) => task.orderId === four.id && task.period === task.key)).toBe(true);
    expect(planner()(STAY, [], [order({ periods: SEVEN_POINT })]).map((task) => task.key)).toEqual(
      SEVEN_POINT,
    );
  });

  it('plans 12 clock tasks of an every-2-hours order, each done by the nearest reading within an hour', () => {
    const q2h = order({ times: Q2H });
    // 01:10 is nearer 02:00 (50 min) than 00:00 (70 min); 03:00 is halfway and goes to the later slot
    // 04:00; 05:59 is 06:00's; nothing within an hour of 00:00, 08:00, 10:00 or 12:00
    const readings = [glu('01:10'), glu('03:00'), glu('05:59', 'fasting')];
    const tasks = planner()(STAY, readings, [q2h]);
    expect(tasks).toHaveLength(12);
    expect(brief(tasks)).toEqual([
      '@00:00:overdue',
      '@02:00:done',
      '@04:00:done',
      '@06:00:done',
      '@08:00:overdue',
      '@10:00:overdue',
      // 12:00: the catch window ends at 13:00 — overdue from then (before 12:00 + 60 would be the same)
      '@12:00:overdue',
      // 14:00 is due from 13:30
      '@14:00:upcoming',
      '@16:00:upcoming',
      '@18:00:upcoming',
      '@20:00:upcoming',
      '@22:00:upcoming',
    ]);
    const two = tasks[1]!;
    expect([iso(two.windowStart), iso(two.windowEnd), iso(two.dueFrom), iso(two.overdueFrom)]).toEqual([
      iso(sh('2026-03-02T01:00')),
      iso(sh('2026-03-02T03:00')),
      iso(sh('2026-03-02T01:30')),
      iso(sh('2026-03-02T03:00')),
    ]);
    expect(two.reading?.testTime).toEqual(sh('2026-03-02T01:10'));
    expect(tasks[3]?.reading?.testTime).toEqual(sh('2026-03-02T05:59'));
  });

  it('caps the overdue limit of a clock task at the end of its catch window', () => {
    // every hour: ±30 min; overdueMinutes 60 would reach the next slot
    const hourly = order({ times: ['10:00', '11:00'] });
    const [ten] = planner(sh('2026-03-02T10:40'), 60)(STAY, [], [hourly]);
    expect(iso(ten!.overdueFrom)).toBe(iso(sh('2026-03-02T10:30')));
    expect(ten!.state).toBe('overdue');
  });

  it('prefers a reading with a value, then the one nearest the slot', () => {
    const once = order({ times: ['10:00'] });
    const [task] = planner()(STAY, [glu('09:20'), glu('10:05', null, true), glu('10:40')], [once]);
    expect(task?.reading?.testTime).toEqual(sh('2026-03-02T10:40'));
    const [nearest] = planner()(STAY, [glu('09:50'), glu('10:30')], [once]);
    expect(nearest?.reading?.testTime).toEqual(sh('2026-03-02T09:50'));
  });

  it('plans ketone tasks only by order, done by ketone readings alone', () => {
    const ket = order({ item: 'KET', periods: ['fasting', 'beforeDinner'] });
    const readings: MonitorReading[] = [
      { ...glu('06:00', 'fasting'), item: 'GLU' },
      { ...glu('06:05', 'fasting'), item: 'KET' },
    ];
    const tasks = planner()(STAY, readings, [ket]);
    // glucose keeps the strategy (no glucose order), ketone its two
    expect(brief(tasks)).toEqual([
      'fasting:done',
      'afterBreakfast:overdue',
      'afterLunch:due',
      'afterDinner:upcoming',
      'beforeSleep:upcoming',
      'KET:fasting:done',
      'KET:beforeDinner:upcoming',
    ]);
    expect(tasks[5]?.reading?.testTime).toEqual(sh('2026-03-02T06:05'));
    expect(tasks[5]?.item).toBe('KET');
  });

  it('adds the once-task of a temporary order on its day only, without displacing the strategy', () => {
    const once = order({ testTime: sh('2026-03-02T15:00'), beginAt: sh('2026-03-02T14:00') });
    const tasks = planner()(STAY, [glu('15:20')], [once]);
    expect(brief(tasks)).toContain('@15:00:done');
    expect(tasks.filter((task) => task.orderId === null)).toHaveLength(5);
    const tomorrow = order({ testTime: sh('2026-03-03T15:00') });
    expect(planner()(STAY, [], [tomorrow]).some((task) => task.slot !== null)).toBe(false);
  });

  it('ends a 24-hour order at noon: its tasks before, the strategy after', () => {
    const day = order({
      periods: SEVEN_POINT,
      beginAt: sh('2026-03-01T12:00'),
      endAt: sh('2026-03-02T12:00'),
    });
    const tasks = planner()(STAY, [], [day]);
    expect(tasks.map((task) => `${task.key}:${task.orderId === null ? 'strategy' : 'order'}`)).toEqual([
      'fasting:order',
      'afterBreakfast:order',
      'beforeLunch:order',
      'afterLunch:strategy',
      'afterDinner:strategy',
      'beforeSleep:strategy',
    ]);
  });

  it('keeps the tasks before a stop as they are and removes the later ones at once', () => {
    const q2h = order({ item: 'KET', times: Q2H, stoppedAt: sh('2026-03-02T10:00') });
    const tasks = planner()(STAY, [{ ...glu('02:10'), item: 'KET' }], [q2h]).filter((t) => t.item === 'KET');
    // 00:00 … 08:00 kept (02:00 done, the rest overdue), 10:00 and later gone
    expect(brief(tasks)).toEqual([
      'KET@00:00:overdue',
      'KET@02:00:done',
      'KET@04:00:overdue',
      'KET@06:00:overdue',
      'KET@08:00:overdue',
    ]);
  });

  it('gives the strategy back after a glucose order is stopped', () => {
    const four = order({ periods: FOUR_POINT, stoppedAt: sh('2026-03-02T12:00') });
    const tasks = planner()(STAY, [], [four]);
    expect(tasks.map((task) => `${task.key}:${task.orderId === null ? 'strategy' : 'order'}`)).toEqual([
      'fasting:order',
      'beforeLunch:order',
      'afterLunch:strategy',
      'afterDinner:strategy',
      'beforeSleep:strategy',
    ]);
  });

  it('starts an order at its begin: earlier windows stay with the strategy', () => {
    const four = order({ periods: FOUR_POINT, beginAt: sh('2026-03-02T10:00') });
    const tasks = planner()(STAY, [], [four]);
    expect(tasks.map((task) => `${task.key}:${task.orderId === null ? 'strategy' : 'order'}`)).toEqual([
      'fasting:strategy',
      'afterBreakfast:strategy',
      'beforeLunch:order',
      'beforeDinner:order',
      'beforeSleep:order',
    ]);
  });

  it('unites overlapping orders without doubles, named after the lowest id', () => {
    const first = order({ periods: FOUR_POINT });
    const second = order({ periods: SEVEN_POINT, times: ['06:00'] });
    const third = order({ times: ['06:00', '14:00'] });
    const tasks = planner()(STAY, [], [third, second, first]);
    expect(tasks.map((task) => task.key)).toEqual([...SEVEN_POINT, '@06:00', '@14:00']);
    expect(tasks.find((task) => task.key === 'fasting')?.orderId).toBe(first.id);
    expect(tasks.find((task) => task.key === 'afterLunch')?.orderId).toBe(second.id);
    expect(tasks.find((task) => task.key === '@06:00')?.orderId).toBe(second.id);
    expect(tasks.find((task) => task.key === '@14:00')?.orderId).toBe(third.id);
  });

  it('answers each patient with their own order ids from the schedule cache', () => {
    const plan = planner();
    const a = order({ periods: FOUR_POINT });
    const b = order({ periods: FOUR_POINT });
    expect(plan(STAY, [], [a]).map((task) => task.orderId)).toEqual([a.id, a.id, a.id, a.id]);
    expect(plan(STAY, [], [b]).map((task) => task.orderId)).toEqual([b.id, b.id, b.id, b.id]);
  });

  it('plans for the stay: an admission at noon skips what was over before it', () => {
    const q2h = order({ times: Q2H });
    const tasks = planner()({ admittedAt: sh('2026-03-02T12:00'), dischargedAt: null }, [], [q2h]);
    // 10:00 was overdue at 11:00, 12:00 becomes overdue at 13:00 (after the admission)
    expect(tasks[0]?.key).toBe('@12:00');
  });

  it('widens the readings a day needs to a clock task reach around midnight', () => {
    const span = monitorReadingSpan(DATE, [{ code: 'x', startTime: '10:00', endTime: '11:00' }], SH);
    expect([iso(span.from), iso(span.until)]).toEqual([
      iso(sh('2026-03-01T23:00')),
      iso(sh('2026-03-03T01:00')),
    ]);
  });
});

describe('monitorTaskName', () => {
  const names = (code: string) => ({ fasting: 'Fasting' })[code] ?? code;
  it('names a task by period, time and item in both languages', () => {
    expect(monitorTaskName({ item: 'GLU', period: 'fasting', slot: null }, names, 'en-US')).toBe('Fasting');
    expect(monitorTaskName({ item: 'GLU', period: null, slot: '02:00' }, names, 'en-US')).toBe('02:00');
    expect(monitorTaskName({ item: 'KET', period: 'fasting', slot: null }, names, 'en-US')).toBe(
      'Ketone · Fasting',
    );
    expect(monitorTaskName({ item: 'UA', period: null, slot: '15:00' }, names, 'zh-CN')).toBe('尿酸 · 15:00');
  });
});
