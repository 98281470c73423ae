import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from '../../test/api';
import { createTestContext, type TestContext } from '../../test/harness';
import { addPatient, addReading } from '../critical/fixtures';
import {
  addMonitoringOrder,
  deleteMonitoringOrder,
  EVERY_2_HOURS,
  stopMonitoringOrder,
} from './monitoring-fixtures';

// Issue 17 "Monitoring orders drive the tasks": today's tasks, the bed cards and the hand-over follow a
// patient's monitoring orders, the monitoring strategy when there are none.

let t: TestContext;
let api: ReturnType<typeof apiOf>;
let admin: string;
let admin202: string;
let nurse: string;

/** 13:00 on 2 March 2026 in Shanghai (the hospital's default zone). */
const NOW = new Date('2026-03-02T13:00:00+08:00');
const sh = (wallClock: string) => new Date(`${wallClock}:00+08:00`);
const SINCE = sh('2026-02-20T10:00');
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
const STRATEGY = ['fasting', 'afterBreakfast', 'afterLunch', 'afterDinner', 'beforeSleep'];
const p: Record<string, number> = {};
const o: Record<string, number> = {};

type Task = {
  patientId: number;
  periodCode: string;
  periodName: string;
  item: string;
  period: string | null;
  slot: string | null;
  orderId: number | null;
  windowStart: string;
  windowEnd: string;
  state: string;
  reading: { testTime: string; testValue: number | null; unit: string } | null;
};

async function data<T>(url: string, token = nurse, lang?: string) {
  const res = await api('GET', url, token, undefined, lang);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().dataContent as T;
}
const allTasks = async (token = nurse, lang?: string) =>
  (await data<{ records: Task[] }>('/v1/tasks/todayTask?size=500', token, lang)).records;
/** A patient's tasks in the day's order (window, then key). */
async function tasksOf(patientId: number, token = nurse, lang?: string) {
  return (await allTasks(token, lang))
    .filter((task) => task.patientId === patientId)
    .sort((a, b) => a.windowStart.localeCompare(b.windowStart) || a.periodCode.localeCompare(b.periodCode));
}
const keys = (tasks: Task[]) => tasks.map((task) => task.periodCode);
const states = (tasks: Task[]) => tasks.map((task) => `${task.periodCode}:${task.state}`);

const patient = (name: string, bed: string, departmentCode = 'ENDO', tenant = '101') =>
  addPatient(t.handle.db, tenant, { name, departmentCode, bed, admittedAt: SINCE });

beforeAll(async () => {
  t = await createTestContext({ sessionIdleMinutes: 100_000, sessionMaxHours: 100_000 });
  t.clock.now = NOW;
  api = apiOf(t);
  [admin, admin202, nurse] = await Promise.all([
    t.login('101', 'admin', 'Admin@123456'),
    t.login('202', 'admin', 'Admin@202202'),
    t.login('101', 'nurse01', 'Nurse@2026'),
  ]);
  const db = t.handle.db;
  // the demo patients (and their orders) of the seed are set aside: these tests count exactly their own
  await db.execute(sql`update patients set deleted_at = now() where deleted_at is null`);
  p.none = await patient('No Order', '1');
  p.four = await patient('Four Point', '2');
  p.seven = await patient('Seven Point', '3');
  p.q2h = await patient('Every Two Hours', '4');
  p.ket = await patient('Ketone', '5');
  p.once = await patient('Once', '6');
  p.day = await patient('Twenty Four', '7');
  p.stop = await patient('Stopped', '8');
  p.deleted = await patient('Deleted', '9');
  p.card = await patient('Cardio', '1', 'CARD');
  p.other = await patient('Other Tenant', '1', 'IM', '202');

  const since = sh('2026-03-01T08:00');
  o.four = await addMonitoringOrder(db, '101', p.four, { periods: FOUR_POINT, beginAt: since });
  o.seven = await addMonitoringOrder(db, '101', p.seven, { periods: SEVEN_POINT, beginAt: since });
  o.q2h = await addMonitoringOrder(db, '101', p.q2h, { times: EVERY_2_HOURS, beginAt: since });
  // at or near the slots: 02:05 → 02:00, 03:50 → 04:00 (nearer than 02:00), 06:00 (labelled fasting) → 06:00
  for (const time of ['02:05', '03:50', '06:00']) {
    await addReading(db, '101', p.q2h, {
      value: 7.2,
      periodCode: time === '06:00' ? 'fasting' : null,
      testTime: sh(`2026-03-02T${time}`),
    });
  }
  o.ket = await addMonitoringOrder(db, '101', p.ket, {
    item: 'KET',
    periods: ['fasting', 'beforeDinner'],
    beginAt: since,
  });
  await addReading(db, '101', p.ket, {
    item: 'KET',
    value: 0.4,
    periodCode: 'fasting',
    testTime: sh('2026-03-02T06:10'),
  });
  // a glucose reading never does a ketone task (and this one no glucose task either: no such period planned)
  await addReading(db, '101', p.ket, {
    value: 6.1,
    periodCode: 'beforeDinner',
    testTime: sh('2026-03-02T12:50'),
  });
  o.once = await addMonitoringOrder(db, '101', p.once, {
    orderType: 'temporary',
    testTime: sh('2026-03-02T15:00'),
    beginAt: sh('2026-03-02T09:00'),
  });
  o.day = await addMonitoringOrder(db, '101', p.day, {
    orderType: '24h',
    periods: SEVEN_POINT,
    beginAt: sh('2026-03-01T12:00'),
    endAt: sh('2026-03-02T12:00'),
  });
  o.stop = await addMonitoringOrder(db, '101', p.stop, { item: 'KET', times: EVERY_2_HOURS, beginAt: since });
  await addReading(db, '101', p.stop, { item: 'KET', value: 0.3, testTime: sh('2026-03-02T02:10') });
  o.deleted = await addMonitoringOrder(db, '101', p.deleted, { periods: FOUR_POINT, beginAt: since });
  await deleteMonitoringOrder(db, '101', o.deleted);
  o.card = await addMonitoringOrder(db, '101', p.card, { item: 'UA', periods: ['fasting'], beginAt: since });
  o.other = await addMonitoringOrder(db, '202', p.other, { item: 'KET', times: ['14:00'], beginAt: since });
});
afterAll(() => t.close());

describe('today’s tasks follow the monitoring orders (GET /v1/tasks/todayTask)', () => {
  it('falls back to the monitoring strategy for a patient without orders', async () => {
    const tasks = await tasksOf(p.none);
    expect(keys(tasks)).toEqual(STRATEGY);
    expect(tasks.every((task) => task.orderId === null && task.item === 'GLU' && task.slot === null)).toBe(
      true,
    );
  });

  it('plans exactly the 4 glucose points of a 4-point order, and the 7 of a 7-point order', async () => {
    const four = await tasksOf(p.four);
    expect(keys(four)).toEqual(FOUR_POINT);
    expect(four.every((task) => task.orderId === o.four && task.period === task.periodCode)).toBe(true);
    expect(states(four)).toEqual([
      'fasting:overdue',
      'beforeLunch:overdue',
      'beforeDinner:upcoming',
      'beforeSleep:upcoming',
    ]);
    expect(keys(await tasksOf(p.seven))).toEqual(SEVEN_POINT);
  });

  it('plans 12 clock tasks of an every-2-hours order, done by the readings at or near the slots', async () => {
    const tasks = await tasksOf(p.q2h);
    expect(tasks).toHaveLength(12);
    expect(states(tasks)).toEqual([
      '@00:00:overdue',
      '@02:00:done',
      '@04:00:done',
      '@06:00:done',
      '@08:00:overdue',
      '@10:00:overdue',
      '@12:00:overdue',
      '@14:00:upcoming',
      '@16:00:upcoming',
      '@18:00:upcoming',
      '@20:00:upcoming',
      '@22:00:upcoming',
    ]);
    const four = tasks[2]!;
    expect(four).toMatchObject({
      item: 'GLU',
      period: null,
      slot: '04:00',
      orderId: o.q2h,
      periodName: '04:00',
      windowStart: sh('2026-03-02T03:00').toISOString(),
      windowEnd: sh('2026-03-02T05:00').toISOString(),
    });
    expect(four.reading?.testTime).toBe(sh('2026-03-02T03:50').toISOString());
  });

  it('plans ketone tasks by order only, done by ketone readings, named in both languages', async () => {
    const tasks = await tasksOf(p.ket);
    // glucose keeps the strategy (no glucose order)
    expect(states(tasks)).toEqual([
      'fasting:overdue',
      'KET:fasting:done',
      'afterBreakfast:overdue',
      'afterLunch:due',
      'KET:beforeDinner:upcoming',
      'afterDinner:upcoming',
      'beforeSleep:upcoming',
    ]);
    const fasting = tasks[1]!;
    expect(fasting).toMatchObject({
      item: 'KET',
      period: 'fasting',
      orderId: o.ket,
      periodName: 'Ketone · Fasting',
    });
    expect(fasting.reading).toMatchObject({ testValue: 0.4, unit: 'mmol/L' });
    const zh = await tasksOf(p.ket, nurse, 'zh-CN');
    expect(zh[1]?.periodName).toBe('血酮 · 空腹');
  });

  it('adds the once-test of a temporary order at its time beside the strategy', async () => {
    const tasks = await tasksOf(p.once);
    expect(states(tasks)).toEqual([
      'fasting:overdue',
      'afterBreakfast:overdue',
      'afterLunch:due',
      '@15:00:upcoming',
      'afterDinner:upcoming',
      'beforeSleep:upcoming',
    ]);
    expect(tasks[3]).toMatchObject({ slot: '15:00', orderId: o.once, item: 'GLU' });
  });

  it('ends a 24-hour order at noon: its tasks before, the strategy’s after', async () => {
    const tasks = await tasksOf(p.day);
    expect(
      tasks.map((task) => `${task.periodCode}:${task.orderId === o.day ? 'order' : task.orderId}`),
    ).toEqual([
      'fasting:order',
      'afterBreakfast:order',
      'beforeLunch:order',
      'afterLunch:null',
      'afterDinner:null',
      'beforeSleep:null',
    ]);
  });

  it('removes the later tasks of an order stopped at 10:00 at once and keeps the earlier ones done or overdue', async () => {
    const ketone = async () => (await tasksOf(p.stop)).filter((task) => task.item === 'KET');
    expect(await ketone()).toHaveLength(12);
    await stopMonitoringOrder(t.handle.db, '101', o.stop, sh('2026-03-02T10:00'));
    expect(states(await ketone())).toEqual([
      'KET@00:00:overdue',
      'KET@02:00:done',
      'KET@04:00:overdue',
      'KET@06:00:overdue',
      'KET@08:00:overdue',
    ]);
    // glucose never changed: the strategy throughout
    expect(keys((await tasksOf(p.stop)).filter((task) => task.item === 'GLU'))).toEqual(STRATEGY);
  });

  it('never counts a deleted order', async () => {
    expect(keys(await tasksOf(p.deleted))).toEqual(STRATEGY);
  });

  it('never shows another ward’s or another tenant’s orders', async () => {
    // the nurse sees ENDO only: the cardiology patient's uric-acid task is not hers
    const mine = await allTasks();
    expect(mine.some((task) => task.patientId === p.card || task.patientId === p.other)).toBe(false);
    expect(mine.some((task) => task.item === 'UA')).toBe(false);
    // the admin of tenant 101 sees cardiology, not tenant 202
    const all = await allTasks(admin);
    expect(all.filter((task) => task.item === 'UA').map((task) => task.patientId)).toEqual([p.card]);
    expect(all.some((task) => task.patientId === p.other)).toBe(false);
    const theirs = await allTasks(admin202);
    expect(
      theirs.filter((task) => task.item === 'KET').map((task) => [task.patientId, task.periodCode]),
    ).toEqual([[p.other, 'KET@14:00']]);
  });

  it('counts the tasks of the orders (GET /v1/tasks/todayTaskNums)', async () => {
    const counts = await data<{ total: number }>('/v1/tasks/todayTaskNums', nurse);
    expect(counts.total).toBe((await allTasks()).length);
  });
});

describe('bed cards and hand-over follow the monitoring orders', () => {
  type Card = {
    id: number;
    today: { done: string[]; due: string[]; overdue: string[]; upcoming: string[] };
  };
  it('shows the order’s tasks on the bed card (GET /v1/patients/hospitalizedPatients)', async () => {
    const cards = (await data<{ records: Card[] }>('/v1/patients/hospitalizedPatients?size=100')).records;
    const q2h = cards.find((card) => card.id === p.q2h)!;
    expect(q2h.today.done).toEqual(['@02:00', '@04:00', '@06:00']);
    expect(q2h.today.overdue).toEqual(['@00:00', '@08:00', '@10:00', '@12:00']);
    const four = cards.find((card) => card.id === p.four)!;
    expect([...four.today.overdue, ...four.today.upcoming]).toEqual(FOUR_POINT);
    const ket = cards.find((card) => card.id === p.ket)!;
    expect(ket.today.done).toEqual(['KET:fasting']);
    expect(ket.today.upcoming).toEqual(['afterDinner', 'beforeSleep', 'KET:beforeDinner']);
  });

  it('hands over the orders’ tasks of the shift not done (GET /v1/handover)', async () => {
    type Handover = { patients: { patientId: number; due: { periodCode: string; periodName: string }[] }[] };
    const view = await data<Handover>('/v1/handover?departmentCode=ENDO&date=2026-03-02&shift=day', nurse);
    const q2h = view.patients.find((row) => row.patientId === p.q2h)!;
    expect(q2h.due.map((task) => task.periodCode)).toEqual(['@08:00', '@10:00', '@12:00', '@14:00']);
    // the order stopped at 10:00 (above) leaves 08:00 undone in the day shift
    const stopped = view.patients.find((row) => row.patientId === p.stop)!;
    expect(stopped.due.map((task) => task.periodName)).toContain('Ketone · 08:00');
    expect(stopped.due.map((task) => task.periodCode)).not.toContain('KET@10:00');
  });
});
