import type { HandoverQuery } from '../../api/handover';
import { clockParts } from '../../components/format';

/** The date and shift picked, or null for the shift going on now. */
export type ShiftPick = { date: string; shift: string } | null;

/** The query of a ward and a pick (none without a ward). */
export function handoverQuery(departmentCode: string | null, pick: ShiftPick): HandoverQuery | null {
  if (!departmentCode) return null;
  return pick ? { departmentCode, date: pick.date, shift: pick.shift } : { departmentCode };
}

/**
 * A time of the hand-over as the sheet shows it: `HH:mm` on the shift's own date, `MM-DD HH:mm` on
 * another day (the night after midnight, a value opened days before), on the hospital's clock.
 */
export function shiftTime(at: string | null, shiftDate: string, timeZone: string): string {
  if (!at) return '';
  const { date, time } = clockParts(at, timeZone);
  return date === shiftDate ? time : `${date.slice(5)} ${time}`;
}
