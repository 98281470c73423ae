/**
 * Pump reminders (issue 16 "Reminders that become today's tasks"): what a bound insulin pump needs from
 * the ward today. Pure: the server feeds it the open binding (up-pump, last tube change), the pump's last
 * reports and the hospital's pump strategy.
 *
 * - Tube change: the infusion set is due `tubeChangeDays` after the last tube change of the binding (the
 *   up-pump when there was none), at the same time of day on the hospital's clock (a day across a change
 *   of summer time is 23 or 25 hours). It is a task of every hospital day up to and including the day it
 *   falls due — `due` until that instant, `overdue` from it — and goes away when a tube change is recorded
 *   (the next one is then counted from it) or the pump comes off.
 * - Low battery / low insulin: the pump's last reported battery (%) or insulin left (IU) is below the
 *   strategy's threshold; a newer report at or above it ends the reminder.
 */
import { calendarDate } from '../helpers/zoned-format';
import { isLowPumpLevel, type PumpStrategy } from '../hospital-settings/pump-strategy';
import { addDays, hospitalDayAt, zonedInstant, zoneOffsetMs } from './day';

export const PUMP_REMINDER_KINDS = ['tubeChange', 'lowBattery', 'lowDose'] as const;
export type PumpReminderKind = (typeof PUMP_REMINDER_KINDS)[number];

/** `overdue`/`due`: a tube change past or before its due instant; `low`: a level below its threshold. */
export const PUMP_REMINDER_STATES = ['overdue', 'due', 'low'] as const;
export type PumpReminderState = (typeof PUMP_REMINDER_STATES)[number];

const MS_PER_DAY = 86_400_000;
const MS_PER_MINUTE = 60_000;

/**
 * When the tube put in at `last` is due for a change: `days` calendar days later on the hospital's
 * clock, at the same wall-clock time (08:30 on 1 March + 3 days = 08:30 on 4 March, whether or not the
 * clocks changed in between). A wall-clock time the due day skips (clocks going forward) is read as
 * {@link zonedInstant} reads it.
 */
export function tubeChangeDueAt(last: Date, days: number, timeZone: string): Date {
  const date = calendarDate(last, timeZone);
  const wall = last.getTime() + zoneOffsetMs(last, timeZone);
  const msOfDay = ((wall % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY;
  const minutes = Math.floor(msOfDay / MS_PER_MINUTE);
  const rest = msOfDay - minutes * MS_PER_MINUTE;
  return new Date(zonedInstant(addDays(date, days), minutes, timeZone).getTime() + rest);
}

/** An open binding and its pump as the reminders read them. */
export interface PumpReminderInput {
  upAt: Date;
  /** the latest tube change of the binding; null before the first */
  lastTubeChangeAt: Date | null;
  battery: number | null;
  batteryReportedAt: Date | null;
  dose: number | null;
  doseReportedAt: Date | null;
}

export interface PumpReminder {
  kind: PumpReminderKind;
  state: PumpReminderState;
  /** tube change: when it falls (fell) due; null for the levels */
  dueAt: Date | null;
  /** tube change: the last tube change, or the up-pump; levels: the report's time */
  since: Date | null;
  /** levels: the reported value (%, IU); null for a tube change */
  value: number | null;
  /** tube change: the interval in days; levels: the threshold (%, IU) */
  threshold: number;
}

/**
 * The next tube change of a binding (the pump tab, the pump patients): counted from the last tube
 * change, or the up-pump before the first, by {@link tubeChangeDueAt}; `overdue` from the due instant.
 */
export function nextTubeChange(
  input: Pick<PumpReminderInput, 'upAt' | 'lastTubeChangeAt'>,
  tubeChangeDays: number,
  now: Date,
  timeZone: string,
): { since: Date; dueAt: Date; overdue: boolean } {
  const since =
    input.lastTubeChangeAt && input.lastTubeChangeAt.getTime() > input.upAt.getTime()
      ? input.lastTubeChangeAt
      : input.upAt;
  const dueAt = tubeChangeDueAt(since, tubeChangeDays, timeZone);
  return { since, dueAt, overdue: now.getTime() >= dueAt.getTime() };
}

/** The tube-change reminder of a binding at `now`, or null when the change falls due after today. */
export function tubeChangeReminder(
  input: Pick<PumpReminderInput, 'upAt' | 'lastTubeChangeAt'>,
  tubeChangeDays: number,
  now: Date,
  timeZone: string,
): PumpReminder | null {
  const { since, dueAt, overdue } = nextTubeChange(input, tubeChangeDays, now, timeZone);
  if (dueAt.getTime() >= hospitalDayAt(now, timeZone).end.getTime()) return null;
  return {
    kind: 'tubeChange',
    state: overdue ? 'overdue' : 'due',
    dueAt,
    since,
    value: null,
    threshold: tubeChangeDays,
  };
}

/** Every reminder of an open binding at `now`: tube change first, then battery, then insulin. */
export function pumpRemindersAt(
  input: PumpReminderInput,
  strategy: PumpStrategy,
  now: Date,
  timeZone: string,
): PumpReminder[] {
  const reminders: PumpReminder[] = [];
  const tube = tubeChangeReminder(input, strategy.tubeChangeDays, now, timeZone);
  if (tube) reminders.push(tube);
  if (isLowPumpLevel('battery', input.battery, strategy)) {
    reminders.push({
      kind: 'lowBattery',
      state: 'low',
      dueAt: null,
      since: input.batteryReportedAt,
      value: input.battery,
      threshold: strategy.lowBatteryPercent,
    });
  }
  if (isLowPumpLevel('dose', input.dose, strategy)) {
    reminders.push({
      kind: 'lowDose',
      state: 'low',
      dueAt: null,
      since: input.doseReportedAt,
      value: input.dose,
      threshold: strategy.lowDoseUnits,
    });
  }
  return reminders;
}

/** Order of the reminder list: overdue tube changes, then the levels, then tube changes due later today. */
export function pumpReminderRank(state: PumpReminderState): number {
  return state === 'overdue' ? 0 : state === 'low' ? 1 : 2;
}
