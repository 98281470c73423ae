import { type MeasurementItem, periodAt } from '@glucocare/domain/clinical';
import { formatReading } from '@glucocare/domain/measurements';
import type { EnteredValue } from '@glucocare/domain/review';
import { addDays, zonedInstant } from '@glucocare/domain/tasks';
import type { EntryOptions, Reading } from '../../api/measurements';
import { dateInZone } from '../../components/format';

/**
 * Presentation of readings in the patient tabs: values in the hospital's display unit, times on the
 * hospital's clock (the grid's days and periods are the hospital's, whatever the browser's zone).
 */

/** Minutes of "HH:mm" after midnight (24:00 and 23:59 as the end of the day). */
function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  const minutes = (h ?? 0) * 60 + (m ?? 0);
  return minutes >= 23 * 60 + 59 ? 24 * 60 : minutes;
}

/** The instant of a wall-clock date and time ("YYYY-MM-DD", "HH:mm") on the hospital's clock. */
export function instantAt(date: string, time: string, timeZone: string): Date {
  return zonedInstant(date, minutesOf(time), timeZone);
}

/** The last `days` days up to today (hospital calendar): the tab's date ranges. */
export function lastDays(days: number, now: Date, timeZone: string): [string, string] {
  const today = dateInZone(now, timeZone);
  return [addDays(today, -(days - 1)), today];
}

/**
 * The time an entry for a day and period starts with: now when it falls in that window today, else
 * half an hour into the window (or its start when shorter), never later than now; null when the whole
 * window is still to come.
 */
export function presetTime(
  date: string,
  period: { startTime: string | null; endTime: string | null } | undefined,
  now: Date,
  timeZone: string,
): Date | null {
  if (!period?.startTime || !period.endTime) {
    const noon = instantAt(date, '12:00', timeZone);
    return noon > now ? (dateInZone(now, timeZone) === date ? now : null) : noon;
  }
  const start = instantAt(date, period.startTime, timeZone);
  if (start > now) return null;
  const length = (minutesOf(period.endTime) - minutesOf(period.startTime) + 24 * 60) % (24 * 60) || 24 * 60;
  const end = new Date(start.getTime() + length * 60_000);
  if (now >= start && now < end) return now;
  const offset = Math.min(30, Math.floor(length / 2)) * 60_000;
  return new Date(Math.min(start.getTime() + offset, now.getTime()));
}

/** The period of an entry made now (domain `periodAt` on the hospital's clock). */
export function periodNow(options: Pick<EntryOptions, 'periods' | 'timeZone'>, now: Date): string | null {
  return periodAt(now, options.periods, options.timeZone);
}

/** A reading's value in the display unit with the unit's name, e.g. "7.2 mmol/L"; '' when untested. */
export function valueText(
  reading: Pick<Reading, 'item' | 'testValue'> & EnteredValue,
  unit: { code: string; name: string },
): string {
  const text = formatReading(reading.item as MeasurementItem, reading.testValue, unit.code, reading);
  return text ? `${text} ${unit.name}` : '';
}

/** The number alone, in the display unit ('' when untested); what was entered, exactly, in its own unit. */
export function valueNumber(
  reading: Pick<Reading, 'item' | 'testValue'> & EnteredValue,
  unit: { code: string },
): string {
  return formatReading(reading.item as MeasurementItem, reading.testValue, unit.code, reading);
}

/** Classifications that need attention, in the order of urgency. */
export type Classification = 'criticalLow' | 'criticalHigh' | 'low' | 'high' | 'normal' | 'unknown';

const FALLBACK_COLORS: Record<string, string> = {
  criticalLow: '#722ED1',
  criticalHigh: '#F5222D',
  low: '#FA8C16',
  high: '#FA541C',
};

/** The colour a reading is shown in: its band's colour from the settings, else one per classification. */
export function readingColor(reading: Pick<Reading, 'color' | 'determineType'>): string | undefined {
  if (!reading.determineType || reading.determineType === 'normal' || reading.determineType === 'unknown') {
    return undefined;
  }
  return reading.color || FALLBACK_COLORS[reading.determineType];
}

export const isCriticalReading = (reading: Pick<Reading, 'determineType'>) =>
  reading.determineType === 'criticalLow' || reading.determineType === 'criticalHigh';
