import { wallClockAt } from '@glucocare/domain/measurements';
import { hospitalDayOf, zonedInstant } from '@glucocare/domain/tasks';
import dayjs, { type Dayjs } from 'dayjs';
import { hospitalZone } from './hospital-zone';

export { hospitalZone, setHospitalZone } from './hospital-zone';

/**
 * The one clinical clock of the web app: every instant a screen, print or export shows is read on the
 * hospital's wall clock (setting `hospital.timeZone`), never the browser's — a nurse in a browser set
 * to another zone, or a server room on UTC, must see the time the bedside clock showed. The session
 * loads the zone once signed in (`setHospitalZone`, hospital-zone.ts) and re-renders the pages when it
 * changes; screens that carry their own zone (the records opened by a signed link, with no session) pass it.
 *
 * Calendar dates (dates of birth, account expiry, "YYYY-MM-DD" filter values) are not instants and are
 * never shifted: they are shown as they are.
 */

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

type Instant = Date | string | number | null | undefined;

function instantOf(at: Instant): Date | null {
  if (at === null || at === undefined || at === '') return null;
  const value = at instanceof Date ? at : new Date(at);
  return Number.isNaN(value.getTime()) ? null : value;
}

/** "YYYY-MM-DD HH:mm:ss" of an instant on the hospital's clock; '' when missing or invalid. */
export function formatDateTime(at: Instant, timeZone: string = hospitalZone()): string {
  const value = instantOf(at);
  return value ? wallClockAt(value, timeZone) : '';
}

/** "YYYY-MM-DD HH:mm" of an instant on the hospital's clock; '' when missing or invalid. */
export function dateTimeInZone(at: Instant, timeZone: string = hospitalZone()): string {
  return formatDateTime(at, timeZone).slice(0, 16);
}

/** "YYYY-MM-DD" of an instant on the hospital's calendar (its hospital day); '' when missing. */
export function dateInZone(at: Instant, timeZone: string = hospitalZone()): string {
  return formatDateTime(at, timeZone).slice(0, 10);
}

/** "HH:mm" of an instant on the hospital's clock; '' when missing or invalid. */
export function timeInZone(at: Instant, timeZone: string = hospitalZone()): string {
  return formatDateTime(at, timeZone).slice(11, 16);
}

/** "HH:mm:ss" of an instant on the hospital's clock ("refreshed at ..."). */
export function secondsInZone(at: Instant, timeZone: string = hospitalZone()): string {
  return formatDateTime(at, timeZone).slice(11, 19);
}

/** "YYYYMMDD-HHmm" of an instant on the hospital's clock, for file names. */
export function fileStamp(at: Instant = new Date(), timeZone: string = hospitalZone()): string {
  const text = formatDateTime(at, timeZone);
  return `${text.slice(0, 10).replaceAll('-', '')}-${text.slice(11, 16).replace(':', '')}`;
}

/** `HH:mm` and `YYYY-MM-DD` of an instant on the hospital's clock. */
export function clockParts(at: Instant, timeZone: string = hospitalZone()): { date: string; time: string } {
  const text = formatDateTime(at, timeZone);
  return { date: text.slice(0, 10), time: text.slice(11, 16) };
}

/**
 * Pickers (antd, dayjs) work on the browser's clock. A picker value here stands for the hospital's wall
 * clock: a stored instant goes in as its wall-clock date and time on the hospital's clock, and comes
 * out as the instant that wall clock shows there.
 */
export function toPicker(at: Date | string | number, timeZone: string = hospitalZone()): Dayjs {
  return dayjs(formatDateTime(at, timeZone));
}

/** The instant (ISO, UTC) a picker's date and time mean on the hospital's clock (seconds kept). */
export function fromPicker(value: Dayjs, timeZone: string = hospitalZone()): string {
  const minutes = value.hour() * 60 + value.minute();
  const start = zonedInstant(value.format(DATE_FORMAT), minutes, timeZone);
  return new Date(start.getTime() + value.second() * 1000).toISOString();
}

/** Now on the hospital's wall clock, as a picker value (defaults, "today" presets, disabled days). */
export function hospitalNow(timeZone: string = hospitalZone()): Dayjs {
  return toPicker(Date.now(), timeZone);
}

/** Today's date on the hospital's calendar. */
export function hospitalToday(timeZone: string = hospitalZone()): string {
  return dateInZone(Date.now(), timeZone);
}

/**
 * The first and the last instant (ISO, the last millisecond) of a hospital day, for filters an API
 * takes as instants: a day picked in the browser means that day on the hospital's calendar.
 */
export function hospitalDayBounds(
  date: string,
  timeZone: string = hospitalZone(),
): { start: string; end: string } {
  const day = hospitalDayOf(date, timeZone);
  return { start: day.start.toISOString(), end: new Date(day.end.getTime() - 1).toISOString() };
}
