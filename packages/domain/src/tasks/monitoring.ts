/**
 * Monitoring orders drive the tasks (issue 17, 血糖监测医嘱): a patient's measuring tasks of a hospital day
 * from their monitoring orders, with the hospital's monitoring strategy as the fallback for glucose.
 * Pure, like `plan.ts`, whose period windows, states and reading↔day rules it reuses.
 *
 * The rules:
 * - **What an order plans.** A monitoring order names an item (GLU, KET, UA) and a schedule: glucose
 *   period codes (`periods`, e.g. the 4 points fasting, before lunch, before dinner, before sleep), clock
 *   times on the hospital clock (`times`, e.g. every 2 hours 00:00 … 22:00), or — a temporary order —
 *   its single `testTime` (a once-task on that instant's hospital day).
 * - **An order's life.** An order plans the tasks whose anchor — a period task's window start, a clock
 *   task's ordered time — lies in [beginAt, end), end being the earlier of its stop and its end (a
 *   24-hour order); a temporary order's once-task only needs to come before its stop (it may be ordered
 *   after the test time it documents). Stopping an order at 10:00 therefore removes its tasks anchored
 *   at or after 10:00 at once and keeps the earlier ones as they are (done, untested or overdue: what
 *   the ward owed before the stop stays visible, as in a paper chart).
 * - **Overlaps.** Per item, the union of the orders' tasks without doubles: a period or clock time
 *   ordered twice is one task, named after the order with the lowest id.
 * - **Fallback.** Glucose follows the strategy's `defaultPeriods` during the hours no long-term or
 *   24-hour glucose order is in force: a patient without one all day has exactly the strategy's tasks;
 *   after a stop (or a 24-hour order's end) the strategy's later tasks come back. A temporary glucose
 *   order adds its once-task without displacing the strategy. Ketone and uric-acid tasks exist only by
 *   order.
 * - **Clock tasks.** The task of ordered time T is due from T − dueSoonMinutes. A reading of the item
 *   does it when its test time lies in T's catch window [T − before, T + after), `before`/`after` being
 *   half the distance to the item's previous/next slot of the day, at most {@link CLOCK_SLOT_REACH_MINUTES}
 *   (every 2 hours: ±60 min). Half the distance, because then every reading counts for exactly one slot —
 *   the nearest — and an early reading for 04:00 can never also pass as a late one for 02:00; the cap,
 *   because a reading hours away from a lone slot (a once at 15:00) is not that measurement. The task is
 *   overdue from T + overdueMinutes, or from the end of its catch window when that comes first (no reading
 *   can do it after that). Among readings in the window one with a value beats one without, then the
 *   nearest to T. A reading may do a period task and a clock task of the same item at once (two orders
 *   asking for the same measurement).
 * - **Stay.** As for the strategy's tasks: a patient admitted during the day has the tasks whose overdue
 *   limit comes after the admission, a discharged patient those whose window began before the discharge;
 *   a task done anyway is shown.
 *
 * Cost: the day's period windows and slot instants are worked out once per planner (shared by all the
 * patients of a request), and a patient's plan from orders that cover the whole day is cached by its
 * schedule; per patient what is left is a pass over the orders and the readings.
 */
import { MINUTES_PER_DAY, minutesOfDay } from '../hospital-settings/periods';
import { type Lang, translate } from '../i18n/messages';
import { calendarDate } from '../measurements/pivot';
import { MONITOR_ITEMS, type MonitorItem } from '../orders/medical';
import { addDays, zonedInstant } from './day';
import {
  type DayPlanInput,
  type DayTask,
  isPlannedForStay,
  type PlannedTask,
  periodWindowOn,
  type TaskPeriod,
  type TaskReading,
  type TaskStay,
  taskDateOf,
  taskReadingSpan,
  taskStateAt,
} from './plan';

/** A clock task's catch window reaches at most this far from its time on either side. */
export const CLOCK_SLOT_REACH_MINUTES = 60;
const REACH_MS = CLOCK_SLOT_REACH_MINUTES * 60_000;
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A monitoring order as the plan reads it. */
export interface MonitoringOrder {
  id: number;
  item: MonitorItem;
  /** glucose period codes (any item may be measured in a glucose period) */
  periods: readonly string[] | null;
  /** clock times HH:mm on the hospital clock */
  times: readonly string[] | null;
  /** a temporary order's single test time (its only task) */
  testTime: Date | null;
  beginAt: Date;
  /** a 24-hour order's end (null: until stopped) */
  endAt: Date | null;
  stoppedAt: Date | null;
}

/** A reading as the monitoring plan reads it: its item besides period and time (absent: glucose). */
export interface MonitorReading extends TaskReading {
  item?: MonitorItem;
}

/** One measurement a patient's day plans: an item in a period or at a clock time. */
export interface MonitorTask extends PlannedTask {
  /**
   * the task's key within the patient's day (also in `periodCode`, so that keys stay unique): the period
   * code for a glucose period task (as before orders), `KET:fasting` for another item's period task,
   * `@02:00` for a glucose clock task, `KET@02:00` for another item's
   */
  key: string;
  item: MonitorItem;
  /** the glucose period of a period task, null for a clock task */
  period: string | null;
  /** the ordered clock time HH:mm of a clock task, null for a period task */
  slot: string | null;
  /** the order planning it (lowest id), null for the strategy's */
  orderId: number | null;
  /** when it is planned for: a period's window start, a clock task's ordered time (an order's life holds it) */
  anchor: Date;
}

/** A task of the day with its state and the reading that did it. */
export type MonitorDayTask<R extends MonitorReading> = MonitorTask & Omit<DayTask<R>, keyof PlannedTask>;

/** A patient's tasks of the planned day (see {@link monitoringPlanner}). */
export type MonitoringPlanner = <R extends MonitorReading>(
  stay: TaskStay,
  readings: readonly R[],
  orders: readonly MonitoringOrder[],
) => MonitorDayTask<R>[];

/** The key of a task (see {@link MonitorTask.key}). */
export function monitorTaskKey(item: MonitorItem, period: string | null, slot: string | null): string {
  const prefix = item === 'GLU' ? '' : item;
  return period !== null ? (prefix ? `${prefix}:${period}` : period) : `${prefix}@${slot}`;
}

/** Reads a task key back (null for a key of none of the shapes). */
export function parseMonitorTaskKey(
  key: string,
): { item: MonitorItem; period: string | null; slot: string | null } | null {
  const at = key.indexOf('@');
  if (at >= 0) {
    const item = (key.slice(0, at) || 'GLU') as MonitorItem;
    const slot = key.slice(at + 1);
    return MONITOR_ITEMS.includes(item) && CLOCK.test(slot) ? { item, period: null, slot } : null;
  }
  const colon = key.indexOf(':');
  if (colon < 0) return { item: 'GLU', period: key, slot: null };
  const item = key.slice(0, colon) as MonitorItem;
  return MONITOR_ITEMS.includes(item) ? { item, period: key.slice(colon + 1), slot: null } : null;
}

/** When an order stops planning: the earlier of its stop and its end (null: open). */
function lifeEnd(order: MonitoringOrder): number {
  const stop = order.stoppedAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const end = order.endAt?.getTime() ?? Number.POSITIVE_INFINITY;
  return Math.min(stop, end);
}

function inLife(order: MonitoringOrder, anchor: number): boolean {
  if (anchor >= lifeEnd(order)) return false;
  return order.testTime !== null || anchor >= order.beginAt.getTime();
}

/** HH:mm of an instant on the hospital clock. */
function clockOf(at: Date, timeZone: string): string {
  const minutes = Math.round(
    (at.getTime() - zonedInstant(calendarDate(at, timeZone), 0, timeZone).getTime()) / 60_000,
  );
  const hh = Math.floor(minutes / 60) % 24;
  return `${String(hh).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Instants of hospital-clock times already worked out, by zone, date and minute: every request plans the
 * same day (its midnights and the ordered times), and each costs several time-zone conversions. Bounded.
 */
const instantCache = new Map<string, number>();

function clockInstant(date: string, minutes: number, timeZone: string): number {
  const key = `${timeZone}|${date}|${minutes}`;
  let at = instantCache.get(key);
  if (at === undefined) {
    if (instantCache.size >= 10_000) instantCache.clear();
    at = zonedInstant(date, minutes, timeZone).getTime();
    instantCache.set(key, at);
  }
  return at;
}

/** A clock task before its catch window and states are worked out. */
interface Slot {
  item: MonitorItem;
  slot: string;
  at: number;
  orderId: number;
}

/** One period task planned (a window of the day and the order planning it). */
interface PeriodPick {
  item: MonitorItem;
  task: PlannedTask;
  orderId: number | null;
}

/**
 * The readings a day's tasks may need: those of the strategy's day span ({@link taskReadingSpan}),
 * widened to a clock task's reach around midnight.
 */
export function monitorReadingSpan(
  date: string,
  periods: readonly TaskPeriod[],
  timeZone: string,
): { from: Date; until: Date } {
  const span = taskReadingSpan(date, periods, timeZone);
  const start = clockInstant(date, 0, timeZone) - REACH_MS;
  const end = clockInstant(addDays(date, 1), 0, timeZone) + REACH_MS;
  return {
    from: new Date(Math.min(span.from.getTime(), start)),
    until: new Date(Math.max(span.until.getTime(), end)),
  };
}

/** Whether `reading` should do a clock task at `at` before `known`: a value first, then the nearer, then the later. */
function nearerBefore(reading: MonitorReading, known: MonitorReading | undefined, at: number): boolean {
  if (!known) return true;
  if (!reading.untested !== !known.untested) return !reading.untested;
  const mine = Math.abs(reading.testTime.getTime() - at);
  const theirs = Math.abs(known.testTime.getTime() - at);
  return mine < theirs || (mine === theirs && reading.testTime.getTime() > known.testTime.getTime());
}

/** Whether `reading` should do a period task before `known`: a value first, then the later. */
function laterBefore(reading: MonitorReading, known: MonitorReading | undefined): boolean {
  if (!known) return true;
  if (!reading.untested !== !known.untested) return !reading.untested;
  return known.testTime.getTime() < reading.testTime.getTime();
}

/** Plans of whole-day schedules by day settings, then by schedule (see {@link monitoringPlanner}). */
const dayPlans = new Map<string, Map<string, MonitorTask[]>>();

/**
 * The tasks of a day for any patient from their monitoring orders (see the rules above), each with its
 * state at `input.now`. `input.plannedCodes` is the strategy's `defaultPeriods` (the glucose fallback).
 * Worked out once per request; the returned function is applied to each patient.
 */
export function monitoringPlanner(input: DayPlanInput): MonitoringPlanner {
  const { date, now, timeZone, timing } = input;
  const dayStart = clockInstant(date, 0, timeZone);
  const dayEnd = clockInstant(addDays(date, 1), 0, timeZone);
  const periodsByCode = new Map(input.periods.map((period) => [period.code, period]));
  // every enabled period's task of the day, in the settings' order
  const periodTasks = new Map<string, PlannedTask>();
  for (const period of input.periods) {
    const window = periodWindowOn(period, date, timeZone);
    if (!window || periodTasks.has(period.code)) continue;
    periodTasks.set(period.code, {
      periodCode: period.code,
      windowStart: window.start,
      windowEnd: window.end,
      dueFrom: new Date(window.start.getTime() - timing.dueSoonMinutes * 60_000),
      overdueFrom: new Date(window.start.getTime() + timing.overdueMinutes * 60_000),
    });
  }
  const order = [...periodTasks.keys()];
  const fallback = input.plannedCodes.filter((code) => periodTasks.has(code));
  const slotInstants = new Map<string, number | null>();
  const slotAt = (clock: string): number | null => {
    let at = slotInstants.get(clock);
    if (at === undefined) {
      const minutes = CLOCK.test(clock) ? minutesOfDay(clock) : null;
      at = minutes === null || minutes >= MINUTES_PER_DAY ? null : clockInstant(date, minutes, timeZone);
      slotInstants.set(clock, at);
    }
    return at;
  };
  // the plans of whole-day schedules outlive the request: the same day, zone, periods and timing plan
  // the same tasks for every request of the day (states are worked out per request)
  const dayKey = [
    date,
    timeZone,
    timing.dueSoonMinutes,
    timing.overdueMinutes,
    input.plannedCodes.join(','),
    input.periods.map((period) => `${period.code}=${period.startTime}-${period.endTime}`).join(','),
  ].join('|');
  const plans = dayPlans.get(dayKey) ?? new Map<string, MonitorTask[]>();
  if (!dayPlans.has(dayKey)) {
    if (dayPlans.size >= 100) dayPlans.clear();
    dayPlans.set(dayKey, plans);
  }

  /** The tasks (states aside) of a patient's orders. */
  function planOf(orders: readonly MonitoringOrder[]): MonitorTask[] {
    const live = orders
      .filter((o) => o.beginAt.getTime() < dayEnd && lifeEnd(o) > dayStart - REACH_MS)
      .sort((a, b) => a.id - b.id);
    // orders in force all day, without a once-task, plan the same for every patient: cached by schedule
    const wholeDay = live.every(
      (o) => o.testTime === null && o.beginAt.getTime() <= dayStart && lifeEnd(o) >= dayEnd,
    );
    const signature = wholeDay
      ? live
          .map((o) => `${o.id}|${o.item}|${o.periods?.join(',') ?? ''}|${o.times?.join(',') ?? ''}`)
          .join(';')
      : null;
    // the order ids differ between patients: cache by schedule, then put the ids back
    const schedule = signature?.replace(/(^|;)\d+\|/g, '$1') ?? null;
    if (schedule !== null) {
      const cached = plans.get(schedule);
      if (cached) return withOrderIds(cached, live);
    }
    const tasks = buildPlan(live);
    if (schedule !== null) {
      if (plans.size >= 1_000) plans.clear();
      plans.set(
        schedule,
        tasks.map((task) => ({ ...task, orderId: orderIndex(task.orderId, live) })),
      );
    }
    return tasks;
  }

  /** A plan's order ids as indexes into its orders (for the cache), -1 for none. */
  function orderIndex(id: number | null, live: readonly MonitoringOrder[]): number | null {
    return id === null ? null : live.findIndex((o) => o.id === id);
  }

  function withOrderIds(cached: readonly MonitorTask[], live: readonly MonitoringOrder[]): MonitorTask[] {
    return cached.map((task) => ({
      ...task,
      orderId: task.orderId === null ? null : (live[task.orderId]?.id ?? null),
    }));
  }

  function buildPlan(live: readonly MonitoringOrder[]): MonitorTask[] {
    const picks = new Map<string, PeriodPick>();
    const slots = new Map<string, Slot>();
    const addSlot = (o: MonitoringOrder, clock: string, at: number) => {
      const key = monitorTaskKey(o.item, null, clock);
      if (!slots.has(key)) slots.set(key, { item: o.item, slot: clock, at, orderId: o.id });
    };
    for (const o of live) {
      for (const code of o.periods ?? []) {
        const task = periodTasks.get(code);
        const key = monitorTaskKey(o.item, code, null);
        if (task && !picks.has(key) && inLife(o, task.windowStart.getTime())) {
          picks.set(key, { item: o.item, task, orderId: o.id });
        }
      }
      for (const clock of o.times ?? []) {
        const at = slotAt(clock);
        if (at !== null && inLife(o, at)) addSlot(o, clock, at);
      }
      if (o.testTime && calendarDate(o.testTime, timeZone) === date && inLife(o, o.testTime.getTime())) {
        addSlot(o, clockOf(o.testTime, timeZone), o.testTime.getTime());
      }
    }
    // the strategy, while no long-term or 24-hour glucose order is in force
    const glucose = live.filter((o) => o.item === 'GLU' && o.testTime === null);
    for (const code of fallback) {
      const task = periodTasks.get(code) as PlannedTask;
      const anchor = task.windowStart.getTime();
      if (picks.has(code) || glucose.some((o) => anchor >= o.beginAt.getTime() && anchor < lifeEnd(o)))
        continue;
      picks.set(code, { item: 'GLU', task, orderId: null });
    }
    const tasks: MonitorTask[] = [];
    for (const item of MONITOR_ITEMS) {
      for (const code of order) {
        const pick = picks.get(monitorTaskKey(item, code, null));
        if (!pick) continue;
        const key = monitorTaskKey(item, code, null);
        tasks.push({
          ...pick.task,
          periodCode: key,
          key,
          item,
          period: code,
          slot: null,
          orderId: pick.orderId,
          anchor: pick.task.windowStart,
        });
      }
      const mine = [...slots.values()].filter((s) => s.item === item).sort((a, b) => a.at - b.at);
      mine.forEach((s, index) => {
        const previous = mine[index - 1];
        const next = mine[index + 1];
        const before = previous ? Math.min(REACH_MS, (s.at - previous.at) / 2) : REACH_MS;
        const after = next ? Math.min(REACH_MS, (next.at - s.at) / 2) : REACH_MS;
        const key = monitorTaskKey(item, null, s.slot);
        tasks.push({
          periodCode: key,
          key,
          item,
          period: null,
          slot: s.slot,
          orderId: s.orderId,
          anchor: new Date(s.at),
          windowStart: new Date(s.at - before),
          windowEnd: new Date(s.at + after),
          dueFrom: new Date(s.at - timing.dueSoonMinutes * 60_000),
          overdueFrom: new Date(s.at + Math.min(timing.overdueMinutes * 60_000, after)),
        });
      });
    }
    return tasks;
  }

  return <R extends MonitorReading>(
    stay: TaskStay,
    readings: readonly R[],
    orders: readonly MonitoringOrder[],
  ) => {
    const plan = planOf(orders);
    const byPeriod = new Map<string, R>();
    const bySlot = new Map<string, R>();
    const clockTasks = plan.filter((task) => task.slot !== null);
    for (const reading of readings) {
      const item = reading.item ?? 'GLU';
      const period = reading.periodCode ? periodsByCode.get(reading.periodCode) : undefined;
      if (period && taskDateOf(reading.testTime, period, timeZone) === date) {
        const key = monitorTaskKey(item, period.code, null);
        if (laterBefore(reading, byPeriod.get(key))) byPeriod.set(key, reading);
      }
      if (!clockTasks.length) continue;
      const at = reading.testTime.getTime();
      for (const task of clockTasks) {
        if (task.item !== item || at < task.windowStart.getTime() || at >= task.windowEnd.getTime()) continue;
        if (nearerBefore(reading, bySlot.get(task.key), task.anchor.getTime())) bySlot.set(task.key, reading);
        break;
      }
    }
    const tasks: MonitorDayTask<R>[] = [];
    for (const task of plan) {
      const reading = (task.slot === null ? byPeriod.get(task.key) : bySlot.get(task.key)) ?? null;
      if (!reading && !isPlannedForStay(task, stay)) continue;
      tasks.push({ ...task, state: taskStateAt(task, now, reading ?? false), reading });
    }
    return tasks;
  };
}

/**
 * What a task is called in `lang`: a glucose period task by its period's name (as before orders), a
 * glucose clock task by its time ("02:00"), another item's task by item and when ("Ketone · Fasting",
 * "Ketone · 02:00").
 */
export function monitorTaskName(
  task: Pick<MonitorTask, 'item' | 'period' | 'slot'>,
  periodName: (code: string) => string,
  lang: Lang,
): string {
  const when = task.period !== null ? periodName(task.period) : (task.slot ?? '');
  if (task.item === 'GLU') return when;
  return translate(lang, 'tasks.name', { item: translate(lang, `tasks.item.${task.item}`), when });
}
