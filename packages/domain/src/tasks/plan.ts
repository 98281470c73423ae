/**
 * Today's measuring tasks (issue 5 "Today's tasks"): which glucose periods of a patient are planned
 * on a hospital day, when each is due, and its state at a given instant. Pure: the server feeds it the
 * monitoring strategy, the period windows, the patient's stay and the day's readings.
 *
 * - A planned period's window is its glucose period's [startTime, endTime) on the hospital clock; a
 *   window whose end is before its start runs into the next day (21:00-03:00), an end of 23:59 or
 *   24:00 is the next midnight, and a window with equal start and end cannot be planned.
 * - State at `now`: `done` when a reading of that period with a value counts for the day; `untested`
 *   (issue 15 "an untested reading never counts as done") when only readings without a value (an
 *   untested or a rejection reason) count for it; otherwise `upcoming` before `dueSoonMinutes` ahead
 *   of the window start, `due` from then until `overdueMinutes` after the start, `overdue` later.
 * - A patient admitted during the day has only the periods whose overdue limit comes after the
 *   admission planned (those the ward could still do on time); a patient discharged during the day only
 *   those whose window started before the discharge. A period measured anyway is shown as done.
 */
import { MINUTES_PER_DAY, minutesOfDay, type PeriodWindow } from '../hospital-settings/periods';
import { calendarDate } from '../measurements/pivot';
import { addDays, zonedInstant } from './day';

/**
 * Task states; `overdue` and `due` are what a nurse acts on first. `untested`: recorded as not tested
 * (with its reason), which is neither done nor waiting.
 */
export const TASK_STATES = ['overdue', 'due', 'upcoming', 'untested', 'done'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** The part of the monitoring strategy the plan reads. */
export interface TaskTiming {
  dueSoonMinutes: number;
  overdueMinutes: number;
}

/** A glucose period's window as the plan reads it (code and `HH:mm` times). */
export type TaskPeriod = Pick<PeriodWindow, 'code' | 'startTime' | 'endTime'>;

/** One planned measurement of a day. */
export interface PlannedTask {
  periodCode: string;
  /** the period window on this day */
  windowStart: Date;
  windowEnd: Date;
  /** from here on the task is due (window start − dueSoonMinutes) */
  dueFrom: Date;
  /** from here on an unmeasured task is overdue (window start + overdueMinutes) */
  overdueFrom: Date;
}

type TaskWindow = { readonly start: Date; readonly end: Date };

/**
 * Windows already worked out, by period, zone and date: the dashboard asks for the same few for every
 * reading of every patient, and each costs several time-zone conversions. Keyed by the period object
 * (the settings hand the same objects to every request until they change), bounded per period and zone.
 */
const windowCache = new WeakMap<TaskPeriod, Map<string, Map<string, TaskWindow | null>>>();
const WINDOW_CACHE_LIMIT = 1_000;

/** The window of `period` on hospital date `date`, or null when its times cannot make one. */
export function periodWindowOn(period: TaskPeriod, date: string, timeZone: string): TaskWindow | null {
  let byZone = windowCache.get(period);
  if (!byZone) {
    byZone = new Map();
    windowCache.set(period, byZone);
  }
  let byDate = byZone.get(timeZone);
  if (!byDate) {
    byDate = new Map();
    byZone.set(timeZone, byDate);
  }
  const known = byDate.get(date);
  if (known !== undefined) return known;
  if (byDate.size >= WINDOW_CACHE_LIMIT) byDate.clear();
  const window = computeWindow(period, date, timeZone);
  byDate.set(date, window);
  return window;
}

/** The dates before and after a date, worked out once per date (bounded). */
const adjacentCache = new Map<string, readonly [string, string]>();

function adjacentDates(date: string): readonly [string, string] {
  let adjacent = adjacentCache.get(date);
  if (!adjacent) {
    if (adjacentCache.size >= WINDOW_CACHE_LIMIT) adjacentCache.clear();
    adjacent = [addDays(date, -1), addDays(date, 1)];
    adjacentCache.set(date, adjacent);
  }
  return adjacent;
}

function computeWindow(period: TaskPeriod, date: string, timeZone: string): TaskWindow | null {
  const start = minutesOfDay(period.startTime);
  let end = minutesOfDay(period.endTime);
  if (start === null || end === null || start >= MINUTES_PER_DAY) return null;
  if (end >= MINUTES_PER_DAY - 1) end = MINUTES_PER_DAY;
  if (start === end) return null;
  const endMinutes = end > start ? end : end + MINUTES_PER_DAY;
  return {
    start: zonedInstant(date, start, timeZone),
    end: zonedInstant(
      addDays(date, Math.floor(endMinutes / MINUTES_PER_DAY)),
      endMinutes % MINUTES_PER_DAY,
      timeZone,
    ),
  };
}

/**
 * The tasks of a hospital day: one per code of `plannedCodes` that is among `periods` (the enabled
 * periods) with a usable window, in the order of `periods` (the settings' sort order).
 */
export function planDay(
  date: string,
  periods: readonly TaskPeriod[],
  plannedCodes: readonly string[],
  timing: TaskTiming,
  timeZone: string,
): PlannedTask[] {
  const wanted = new Set(plannedCodes);
  const tasks: PlannedTask[] = [];
  for (const period of periods) {
    if (!wanted.has(period.code)) continue;
    wanted.delete(period.code);
    const window = periodWindowOn(period, date, timeZone);
    if (!window) continue;
    tasks.push({
      periodCode: period.code,
      windowStart: window.start,
      windowEnd: window.end,
      dueFrom: new Date(window.start.getTime() - timing.dueSoonMinutes * 60_000),
      overdueFrom: new Date(window.start.getTime() + timing.overdueMinutes * 60_000),
    });
  }
  return tasks;
}

/**
 * The state of a task at `now`, given whether a reading counts for it: `true` (or a reading with a
 * value) → done, a reading without a value → untested.
 */
export function taskStateAt(
  task: PlannedTask,
  now: Date,
  done: boolean | Pick<TaskReading, 'untested'>,
): TaskState {
  if (done) return typeof done === 'object' && done.untested ? 'untested' : 'done';
  const at = now.getTime();
  if (at < task.dueFrom.getTime()) return 'upcoming';
  if (at < task.overdueFrom.getTime()) return 'due';
  return 'overdue';
}

/** How far an instant lies outside [start, end), in ms (0 inside). */
function distanceMs(at: number, start: Date, end: Date): number {
  if (at < start.getTime()) return start.getTime() - at;
  if (at >= end.getTime()) return at - end.getTime() + 1;
  return 0;
}

/** How far outside a window a reading may lie and still count for the day before or after. */
export const TASK_READING_SLACK_MS = 6 * 3_600_000;

/**
 * The hospital date whose task a reading of `period` taken at `testTime` counts for: its own calendar
 * date, unless the window of the day before or after is nearer and at most
 * {@link TASK_READING_SLACK_MS} away (or holds it). A bedtime reading taken at 00:30 counts for the
 * evening before, a 21:00-03:00 reading at 01:00 too, a fasting reading at 04:50 for the same morning,
 * while a "fasting" reading at 22:30 stays on its own day. The calendar date when the period has no
 * usable window.
 */
export function taskDateOf(testTime: Date, period: TaskPeriod, timeZone: string): string {
  const date = calendarDate(testTime, timeZone);
  const at = testTime.getTime();
  const ownWindow = periodWindowOn(period, date, timeZone);
  if (!ownWindow) return date;
  const own = distanceMs(at, ownWindow.start, ownWindow.end);
  if (own === 0) return date;
  let best = date;
  let bestDistance = own;
  for (const day of adjacentDates(date)) {
    const window = periodWindowOn(period, day, timeZone) as TaskWindow;
    const distance = distanceMs(at, window.start, window.end);
    if (distance < bestDistance && distance <= TASK_READING_SLACK_MS) {
      best = day;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The instants a reading must lie in to count for hospital date `date` (see {@link taskDateOf}): the
 * day itself, widened to {@link TASK_READING_SLACK_MS} before the earliest and after the latest window
 * of `periods` on that day (a bedtime reading after midnight, a fasting one before it). Readings
 * outside it never count, so the day's tasks need only the readings inside.
 */
export function taskReadingSpan(
  date: string,
  periods: readonly TaskPeriod[],
  timeZone: string,
): { from: Date; until: Date } {
  const day = { start: zonedInstant(date, 0, timeZone), end: zonedInstant(addDays(date, 1), 0, timeZone) };
  let from = day.start.getTime();
  let until = day.end.getTime();
  for (const period of periods) {
    const window = periodWindowOn(period, date, timeZone);
    if (!window) continue;
    from = Math.min(from, window.start.getTime() - TASK_READING_SLACK_MS);
    until = Math.max(until, window.end.getTime() + TASK_READING_SLACK_MS);
  }
  return { from: new Date(from), until: new Date(until) };
}

/** A patient's stay as far as the plan needs it. */
export interface TaskStay {
  admittedAt: Date;
  /** null while in hospital */
  dischargedAt: Date | null;
}

/** Whether a task belongs to a stay: admitted before its overdue limit, not discharged before its window. */
export function isPlannedForStay(task: PlannedTask, stay: TaskStay): boolean {
  if (stay.admittedAt.getTime() >= task.overdueFrom.getTime()) return false;
  if (stay.dischargedAt && stay.dischargedAt.getTime() <= task.windowStart.getTime()) return false;
  return true;
}

/** A reading as the plan needs it: its period and time (a live reading with a value or an untested reason). */
export interface TaskReading {
  periodCode: string | null;
  testTime: Date;
  /** true for a reading without a value (an untested or a rejection reason); absent: it has a value */
  untested?: boolean;
}

/** Whether `reading` counts for a task before `known`: one with a value before one without, then the later. */
function countsBefore(reading: TaskReading, known: TaskReading | undefined): boolean {
  if (!known) return true;
  if (!reading.untested !== !known.untested) return !reading.untested;
  return known.testTime.getTime() < reading.testTime.getTime();
}

/** A task of a patient's day with its state and, when done or untested, the reading that did it. */
export interface DayTask<R extends TaskReading> extends PlannedTask {
  state: TaskState;
  /**
   * the reading counting for the task: the latest with a value, else the latest without one (null
   * unless done or untested)
   */
  reading: R | null;
}

/** What planning a day needs besides the patient: the day, the clock, the periods and the plan. */
export interface DayPlanInput {
  date: string;
  now: Date;
  timeZone: string;
  periods: readonly TaskPeriod[];
  plannedCodes: readonly string[];
  timing: TaskTiming;
}

/** A patient's tasks of the planned day (see {@link dayTaskPlanner}). */
export type DayTaskPlanner = <R extends TaskReading>(stay: TaskStay, readings: readonly R[]) => DayTask<R>[];

/**
 * The tasks of a day for any patient: the planned periods of the day that belong to the stay (see
 * {@link isPlannedForStay}), plus any period of the plan measured anyway, each with its state at `now`.
 * Readings of other periods, or counting for another day, are ignored. The day's plan is worked out
 * once; the returned function is applied to each patient (a ward's bed cards, the task list).
 */
export function dayTaskPlanner(input: DayPlanInput): DayTaskPlanner {
  const { date, now, timeZone } = input;
  const periodsByCode = new Map(input.periods.map((period) => [period.code, period]));
  const planned = planDay(date, input.periods, input.plannedCodes, input.timing, timeZone);
  return <R extends TaskReading>(stay: TaskStay, readings: readonly R[]) => {
    const latest = new Map<string, R>();
    for (const reading of readings) {
      const period = reading.periodCode ? periodsByCode.get(reading.periodCode) : undefined;
      if (!period || taskDateOf(reading.testTime, period, timeZone) !== date) continue;
      if (countsBefore(reading, latest.get(period.code))) latest.set(period.code, reading);
    }
    const tasks: DayTask<R>[] = [];
    for (const task of planned) {
      const reading = latest.get(task.periodCode) ?? null;
      if (!reading && !isPlannedForStay(task, stay)) continue;
      tasks.push({ ...task, state: taskStateAt(task, now, reading ?? false), reading });
    }
    return tasks;
  };
}

/** One patient's tasks of `date` at `now` (see {@link dayTaskPlanner}). */
export function patientDayTasks<R extends TaskReading>(
  input: DayPlanInput & { stay: TaskStay; readings: readonly R[] },
): DayTask<R>[] {
  return dayTaskPlanner(input)(input.stay, input.readings);
}

/** Order of the task list: overdue and due first by window then bed, then upcoming, untested, done. */
export function taskRank(state: TaskState): number {
  return state === 'overdue' || state === 'due' ? 0 : state === 'upcoming' ? 1 : state === 'untested' ? 2 : 3;
}

/**
 * One collator for every bed comparison: `localeCompare` with options builds a collator per call, which
 * was most of the task list's CPU (a ward's few hundred tasks sorted per request).
 */
const BED_COLLATOR = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Beds compared as people read them: "2" before "10", "A-3" before "A-12". */
export function compareBeds(a: string | null | undefined, b: string | null | undefined): number {
  if (!a || !b) return a ? -1 : b ? 1 : 0;
  return BED_COLLATOR.compare(a, b);
}
