/**
 * The QC lockout of a meter (issue 19 "Lockout", 质控锁定): pure, from the analyzer's QC columns, its
 * lots, the overrides in force, the QC strategy, the hospital's shifts and time zone, at an instant.
 *
 * Locked (when the strategy's lockout is on, and the meter is enabled — a stopped meter is stopped,
 * not locked) for every reason that holds, told in LOCK_REASONS order:
 * - failedQc: its last QC failed (`failedLockAt`, cleared only by a passing run);
 * - overdue: a run is due by the schedule and no passing run came since — every N hours after the last
 *   pass; once in each nursing shift (a pass before the shift's start does not count); at each fixed
 *   time of day on the hospital's clock (a pass before the latest fixed time passed does not count);
 *   never passed at all is overdue whenever any schedule is set;
 * - newStripLot / newControlLot: the lot now in the meter is not the one of its last pass (when the
 *   schedule asks for a run on a new lot);
 * - stripExpired / stripInvalid / controlExpired / controlInvalid / controlDiscarded: a lot past its
 *   expiry date (the expiry day itself is still usable), withdrawn (invalid or suspended), or an opened
 *   control vial past its discard date;
 * - noLots: no control solution or no strip lot assigned.
 * A coordinator's override in force lifts the overridable reasons it names (OVERRIDABLE_LOCK_REASONS);
 * a failed QC and unusable lots are never overridden.
 */
import { calendarDate } from '../helpers/zoned-format';
import { type Shift, shiftAt, shiftInterval } from '../hospital-settings/shifts';
import { addDays, zonedInstant } from '../tasks/day';
import { LOCK_REASONS, type LockReason, OVERRIDABLE_LOCK_REASONS, type QcStrategy } from './strategy';

const HOUR_MS = 3_600_000;

export interface LockAnalyzer {
  isActive: boolean;
  controlSolutionId: number | null;
  testStripId: number | null;
  lastPassAt: Date | null;
  lastPassControlSolutionId: number | null;
  lastPassTestStripId: number | null;
  failedLockAt: Date | null;
}
export interface LockLot {
  /** `normal`, `invalid` or `suspended` */
  status: string;
  /** YYYY-MM-DD (null: none printed) */
  expiryDate: string | null;
  /** control solutions: the last day of the opened vial's in-use life */
  discardOn?: string | null;
}
export interface LockOverride {
  lockReason: string;
  validUntil: Date;
}
export interface LockContext {
  strategy: QcStrategy;
  shifts: readonly Pick<Shift, 'code' | 'startTime' | 'endTime'>[];
  timeZone: string;
  now: Date;
}
export interface LockState {
  locked: boolean;
  reasons: LockReason[];
  /** the next run due by the schedule, or when the overdue run fell due (null: no schedule, never passed) */
  dueAt: Date | null;
  overriddenUntil: Date | null;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The fixed run times just before (or at) and just after `now`, on the hospital's clock. */
function fixedTimesAround(times: readonly string[], now: Date, timeZone: string) {
  const today = calendarDate(now, timeZone);
  const instants = [-1, 0, 1].flatMap((days) =>
    times.map((time) => zonedInstant(addDays(today, days), minutesOf(time), timeZone)),
  );
  const t = now.getTime();
  const before = instants.filter((at) => at.getTime() <= t).sort((a, b) => b.getTime() - a.getTime())[0];
  const after = instants.filter((at) => at.getTime() > t).sort((a, b) => a.getTime() - b.getTime())[0];
  return { before: before ?? null, after: after ?? null };
}

/**
 * When the schedule last made a run due (a run due at or before `now`) and when it next will: the
 * meter is overdue when its last pass is before `lastDue` (or it never passed).
 */
export function scheduleDue(
  lastPassAt: Date | null,
  context: LockContext,
): { overdue: boolean; dueAt: Date | null } {
  const { strategy, now, timeZone, shifts } = context;
  const schedule = strategy.schedule;
  const pass = lastPassAt?.getTime() ?? null;
  const due: Date[] = [];
  let overdue = false;
  const anySchedule = schedule.everyHours !== null || schedule.perShift || schedule.fixedTimes.length > 0;
  if (!anySchedule) return { overdue: false, dueAt: null };
  if (pass === null) return { overdue: true, dueAt: null };
  if (schedule.everyHours !== null) {
    const at = new Date(pass + schedule.everyHours * HOUR_MS);
    due.push(at);
    if (at.getTime() <= now.getTime()) overdue = true;
  }
  if (schedule.perShift) {
    const current = shiftAt(now, shifts, timeZone);
    const interval = current ? shiftInterval(current.shift, current.date, timeZone) : null;
    if (interval) {
      if (pass < interval.start.getTime()) {
        overdue = true;
        due.push(interval.start);
      } else due.push(interval.end);
    }
  }
  if (schedule.fixedTimes.length) {
    const { before, after } = fixedTimesAround(schedule.fixedTimes, now, timeZone);
    if (before && pass < before.getTime()) {
      overdue = true;
      due.push(before);
    } else if (after) due.push(after);
  }
  // overdue: the earliest time a run fell due and was missed; else the next one coming
  const candidates = overdue ? due.filter((at) => at.getTime() <= now.getTime()) : due;
  const dueAt = candidates.sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
  return { overdue, dueAt };
}

/** Whether a date (YYYY-MM-DD) is past on the hospital's calendar: the day itself still counts. */
const pastDate = (date: string | null | undefined, today: string) => !!date && date < today;

/** The lockout of one analyzer now (see the file's note). */
export function analyzerLockState(
  analyzer: LockAnalyzer,
  lots: { control: LockLot | null; strip: LockLot | null },
  overrides: readonly LockOverride[],
  context: LockContext,
): LockState {
  const { strategy, now, timeZone } = context;
  if (!strategy.lockout || !analyzer.isActive) {
    return { locked: false, reasons: [], dueAt: null, overriddenUntil: null };
  }
  const today = calendarDate(now, timeZone);
  const reasons = new Set<LockReason>();
  if (analyzer.failedLockAt) reasons.add('failedQc');
  const schedule = scheduleDue(analyzer.lastPassAt, context);
  if (schedule.overdue) reasons.add('overdue');
  const hasPass = analyzer.lastPassAt !== null;
  if (
    strategy.schedule.onNewStripLot &&
    hasPass &&
    analyzer.testStripId !== null &&
    analyzer.testStripId !== analyzer.lastPassTestStripId
  )
    reasons.add('newStripLot');
  if (
    strategy.schedule.onNewControlLot &&
    hasPass &&
    analyzer.controlSolutionId !== null &&
    analyzer.controlSolutionId !== analyzer.lastPassControlSolutionId
  )
    reasons.add('newControlLot');
  const { control, strip } = lots;
  if (strip) {
    if (pastDate(strip.expiryDate, today)) reasons.add('stripExpired');
    if (strip.status !== 'normal') reasons.add('stripInvalid');
  }
  if (control) {
    if (pastDate(control.expiryDate, today)) reasons.add('controlExpired');
    if (control.status !== 'normal') reasons.add('controlInvalid');
    if (pastDate(control.discardOn, today)) reasons.add('controlDiscarded');
  }
  if (!control || !strip) reasons.add('noLots');

  const inForce = overrides.filter((o) => o.validUntil.getTime() > now.getTime());
  let overriddenUntil: Date | null = null;
  for (const override of inForce) {
    const reason = override.lockReason as LockReason;
    if (!OVERRIDABLE_LOCK_REASONS.includes(reason) || !reasons.has(reason)) continue;
    reasons.delete(reason);
    if (!overriddenUntil || override.validUntil > overriddenUntil) overriddenUntil = override.validUntil;
  }
  const ordered = LOCK_REASONS.filter((reason) => reasons.has(reason));
  return { locked: ordered.length > 0, reasons: ordered, dueAt: schedule.dueAt, overriddenUntil };
}

/** The reasons of a lock a coordinator may override now (the overridable ones among them). */
export function overridableReasons(reasons: readonly LockReason[]): LockReason[] {
  return reasons.filter((reason) => OVERRIDABLE_LOCK_REASONS.includes(reason));
}
