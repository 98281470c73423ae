/**
 * The hospital day: calendar dates and wall-clock times in the hospital's IANA time zone turned into
 * instants, whatever the zone of the server or the browser ("today", the day of the day × period
 * grid and the glucose period windows are all read on the hospital's clock).
 */
import { calendarDate, zonedFormat } from '../helpers/zoned-format';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_MINUTE = 60_000;

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  return zonedFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
}

/**
 * How far the wall clock of `timeZone` is ahead of UTC at an instant, in ms (Asia/Shanghai: +8 h;
 * America/New_York: −5 h in winter, −4 h in summer). An unknown zone throws a RangeError.
 */
export function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = wallClockFormat(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour') % 24,
    part('minute'),
    part('second'),
  );
  const whole = Math.floor(at.getTime() / 1000) * 1000;
  return wall - whole;
}

/** Reads `YYYY-MM-DD`; throws on anything else (callers pass dates they produced). */
function dateParts(date: string): [number, number, number] {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`not a calendar date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** The calendar date `days` after (or before, when negative) `date`. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = dateParts(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * The instant the wall clock of `timeZone` shows `minutes` after midnight of `date` (1440 is the next
 * midnight). A time that does not exist on that day (the hour skipped when clocks go forward) gives
 * the instant as many minutes after the last minute before the gap; a time that happens twice (clocks
 * going back) gives the first.
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const [year, month, day] = dateParts(date);
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  // the offset at a guess, then at the corrected instant: two steps settle every real zone
  const first = wall - zoneOffsetMs(new Date(wall), timeZone);
  const offset = zoneOffsetMs(new Date(first), timeZone);
  const second = wall - offset;
  if (second === first) return new Date(first);
  // clocks changed between the guess and the answer: take the earlier reading that shows `wall`
  const earlier = Math.min(first, second);
  const later = Math.max(first, second);
  return new Date(earlier + zoneOffsetMs(new Date(earlier), timeZone) === wall ? earlier : later);
}

/** One hospital day: its date and its first and last instant ([start, end), 23 or 25 h on DST days). */
export interface HospitalDay {
  /** YYYY-MM-DD in the hospital's time zone */
  date: string;
  start: Date;
  end: Date;
}

/** The hospital day of a date. */
export function hospitalDayOf(date: string, timeZone: string): HospitalDay {
  return {
    date,
    start: zonedInstant(date, 0, timeZone),
    end: zonedInstant(addDays(date, 1), 0, timeZone),
  };
}

/** The hospital day an instant falls in ("today" when `at` is now). */
export function hospitalDayAt(at: Date, timeZone: string): HospitalDay {
  return hospitalDayOf(calendarDate(at, timeZone), timeZone);
}

/**
 * The instants a date range of a query covers: from the start of `beginDate` to the end of `endDate`
 * (both hospital calendar dates, the end day included).
 */
export function hospitalDateRange(beginDate: string, endDate: string, timeZone: string): HospitalDay {
  return {
    date: beginDate,
    start: zonedInstant(beginDate, 0, timeZone),
    end: zonedInstant(addDays(endDate, 1), 0, timeZone),
  };
}

/** Whole minutes from one instant to another, never below 0 (a clock a little behind gives 0, not −1). */
export function minutesBetween(from: Date | string, to: Date | string): number {
  const ms = new Date(to).getTime() - new Date(from).getTime();
  return Number.isFinite(ms) ? Math.max(0, Math.floor(ms / MS_PER_MINUTE)) : 0;
}
