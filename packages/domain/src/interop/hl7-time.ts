/**
 * HL7 v2 date-times (DTM, HL7 v2.5 §2.A.22: `YYYY[MM[DD[HH[MM[SS[.S[S[S[S]]]]]]]]][+/-ZZZZ]`) on the
 * hospital's clock. Sent with the offset the zone has at that instant; read with the offset given, or
 * — as many HIS send none — as the hospital's wall clock.
 */
import { zoneOffsetMs } from '../tasks/day';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/** An instant as an HL7 timestamp to the second, with the zone's offset at that instant. */
export function hl7Timestamp(at: Date, timeZone: string): string {
  const offsetMs = zoneOffsetMs(at, timeZone);
  const wall = new Date(Math.floor(at.getTime() / 1000) * 1000 + offsetMs);
  return (
    `${wall.getUTCFullYear()}${pad(wall.getUTCMonth() + 1)}${pad(wall.getUTCDate())}` +
    `${pad(wall.getUTCHours())}${pad(wall.getUTCMinutes())}${pad(wall.getUTCSeconds())}` +
    offsetText(Math.round(offsetMs / 60_000))
  );
}

const DTM = /^(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:\.(\d{1,4}))?([+-]\d{4})?$/;

/**
 * The instant of an HL7 timestamp; without an offset, the wall clock of `timeZone` (a time the clock
 * skips in spring is read with the offset before the change). Null for anything else, including
 * dates that do not exist (31 February) and out-of-range hours or offsets.
 */
export function parseHl7Timestamp(text: string, timeZone: string): Date | null {
  const m = DTM.exec(text.trim());
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', frac = '0', zone] = m;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second, Number(`0.${frac}`) * 1000);
  if (new Date(wall).getUTCDate() !== day) return null;
  if (zone) {
    const zh = Number(zone.slice(1, 3));
    const zm = Number(zone.slice(3, 5));
    if (zh > 14 || zm > 59) return null;
    return new Date(wall - (zone[0] === '-' ? -1 : 1) * (zh * 60 + zm) * 60_000);
  }
  // the offset at the wall time read as UTC is right but near a change of the zone's offset; one
  // correction with the offset at the first guess settles it
  const guess = wall - zoneOffsetMs(new Date(wall), timeZone);
  return new Date(wall - zoneOffsetMs(new Date(guess), timeZone));
}
