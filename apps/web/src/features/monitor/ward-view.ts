import type { ScreenCritical } from '@glucocare/domain/responses';
import { dateInZone, formatDateTime, timeInZone } from '../../components/format';

/**
 * Presentation rules of the ward dashboard (issue 20), kept apart from the components so that they are
 * tested on their own: the remembered ward, the ratios, the times of the hospital's clock.
 */

const WARD_KEY = 'gc.monitor.ward';

/** The ward chosen last on this device ('' = every ward of the scope). */
export function readWardChoice(): string {
  try {
    return localStorage.getItem(WARD_KEY) ?? '';
  } catch {
    return '';
  }
}

export function writeWardChoice(code: string): void {
  try {
    if (code) localStorage.setItem(WARD_KEY, code);
    else localStorage.removeItem(WARD_KEY);
  } catch {
    // private mode: the choice lasts for the visit only
  }
}

/** A ratio as a percentage with one decimal ("66.7%"); '–' without tests. */
export function percentText(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '–';
  return `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}

/**
 * A reading's time on the hospital's clock: "HH:mm" on the dashboard's day, "MM-DD HH:mm" before it
 * (a bed whose last glucose was yesterday must not look measured today).
 */
export function readingTimeText(at: string, day: string, timeZone?: string): string {
  const date = dateInZone(at, timeZone);
  const time = timeInZone(at, timeZone);
  return date === day ? time : `${date.slice(5)} ${time}`;
}

/** The full time for the tooltip. */
export const fullTimeText = (at: string, timeZone?: string) => formatDateTime(at, timeZone);

/** The tag colour of a critical value's loop state: red while nobody handled it, amber while a recheck is due. */
export const CRITICAL_STATE_COLORS: Record<ScreenCritical['state'], string> = {
  open: 'red',
  acknowledged: 'volcano',
  awaitingRecheck: 'gold',
  handled: 'green',
};
