/**
 * Timing marks of a reading (issue 15 "Entry that catches mistakes"), worked out by the server's one
 * reading write path for every source and by the entry form before it saves. Definitions:
 *
 * - **Period window of a reading**: the window of its glucose period (`[startTime, endTime)` on the
 *   hospital's clock, `tasks/plan.ts` {@link periodWindowOn}: a window past midnight runs into the next
 *   day, an end of 23:59 or 24:00 is the next midnight) on the hospital date the reading counts for
 *   (`tasks/plan.ts` {@link taskDateOf}: a bedtime reading at 00:20 is held against the evening before).
 *   A reading without a period (ketone, uric acid) or whose period has no usable window has none.
 * - **Window mark** (`windowMark`), with the hospital's slack of S minutes (monitoring strategy
 *   `windowSlackMinutes`): a test time in `[start − S, end + S]`, both ends included, is unmarked
 *   (null); before `start − S` it is `'early'` ("out of window": taken before its period began); after
 *   `end + S` it is `'late'` (taken after its period had ended).
 * - **Late entry** (`lateEntry`): entered more than L minutes after its test time (monitoring strategy
 *   `lateEntryMinutes`): `enteredAt − testTime > L` minutes; exactly L is not late. Only readings
 *   entered by hand (manual entry, a ward round) can be: a meter or HIS record carries the time the
 *   device took, so when the record reaches the server says nothing about how it was written down.
 *
 * A reading entered by hand outside its window is saved only with a reason (`windowReason`, 2-200
 * characters); uploads are marked without one.
 */
import type { LengthLimit } from '../constants';
import { periodWindowOn, type TaskPeriod, taskDateOf } from '../tasks/plan';

/** Where a test time lies against its period's window: before it (`early`) or after it (`late`). */
export const WINDOW_MARKS = ['early', 'late'] as const;
export type WindowMark = (typeof WINDOW_MARKS)[number];

/** The part of the monitoring strategy the marks read. */
export interface ReadingTiming {
  windowSlackMinutes: number;
  lateEntryMinutes: number;
}

/** Length of the reason of a reading outside its window (that of a correction's reason). */
export const WINDOW_REASON_LIMIT: LengthLimit = { min: 2, max: 200 };

const MS_PER_MINUTE = 60_000;
const instant = (at: Date | string) => (typeof at === 'string' ? new Date(at) : at);

/** The window of a reading's period on the day the reading counts for (null: no period or no window). */
export function readingWindowOf(
  testTime: Date | string,
  period: TaskPeriod | null | undefined,
  timeZone: string,
): { start: Date; end: Date } | null {
  if (!period) return null;
  const at = instant(testTime);
  if (Number.isNaN(at.getTime())) return null;
  return periodWindowOn(period, taskDateOf(at, period, timeZone), timeZone);
}

/** The window mark of a test time against a window widened by `slackMinutes` on both sides. */
export function windowMarkOf(
  testTime: Date | string,
  window: { start: Date; end: Date } | null,
  slackMinutes: number,
): WindowMark | null {
  if (!window) return null;
  const at = instant(testTime).getTime();
  const slack = slackMinutes * MS_PER_MINUTE;
  if (at < window.start.getTime() - slack) return 'early';
  if (at > window.end.getTime() + slack) return 'late';
  return null;
}

/** Whether a reading entered at `enteredAt` is a late entry (more than `lateEntryMinutes` after its test time). */
export function isLateEntry(
  testTime: Date | string,
  enteredAt: Date | string,
  lateEntryMinutes: number,
): boolean {
  const delay = instant(enteredAt).getTime() - instant(testTime).getTime();
  return delay > lateEntryMinutes * MS_PER_MINUTE;
}

/** What the marks of one reading are worked out from. */
export interface ReadingMarksInput {
  testTime: Date | string;
  /** the reading's glucose period with its window times (null: none, or not a known period) */
  period: TaskPeriod | null | undefined;
  /** when the reading was (or is being) entered: the write's clock, a correction keeps the first entry's */
  enteredAt: Date | string;
  /** entered by hand (late entry applies) rather than uploaded from a meter or HIS */
  byHand: boolean;
  timeZone: string;
  timing: ReadingTiming;
}

export interface ReadingMarks {
  windowMark: WindowMark | null;
  lateEntry: boolean;
  /** the period window the reading was held against (null without one) */
  window: { start: Date; end: Date } | null;
}

/** The window mark and the late-entry mark of a reading (see the file's comment). */
export function readingMarks(input: ReadingMarksInput): ReadingMarks {
  const window = readingWindowOf(input.testTime, input.period, input.timeZone);
  return {
    windowMark: windowMarkOf(input.testTime, window, input.timing.windowSlackMinutes),
    lateEntry: input.byHand && isLateEntry(input.testTime, input.enteredAt, input.timing.lateEntryMinutes),
    window,
  };
}

/**
 * The period window a reading of `periodCode` at `testTime` lies outside of, with its mark: what the
 * entry form shows (and asks a reason for) before saving. Null inside the window and its slack, for an
 * unknown period or one without a usable window.
 */
export function outsideWindowOf<P extends TaskPeriod>(
  testTime: Date | string,
  periodCode: string | null | undefined,
  periods: readonly P[],
  timeZone: string,
  slackMinutes: number,
): { mark: WindowMark; period: P } | null {
  const period = periodCode ? periods.find((candidate) => candidate.code === periodCode) : undefined;
  if (!period) return null;
  const mark = windowMarkOf(testTime, readingWindowOf(testTime, period, timeZone), slackMinutes);
  return mark ? { mark, period } : null;
}

/**
 * The message params of "outside the {{period}} window ({{start}}–{{end}})": the period's name and its
 * window as the settings write it.
 */
export function windowParams(
  period: TaskPeriod,
  name: string,
): { period: string; start: string; end: string } {
  return { period: name, start: period.startTime, end: period.endTime };
}
