/**
 * Wall-clock text of instants on the hospital's clock (setting `hospital.timeZone`), for readings read
 * in bulk: the zone's offset (`zoneOffsetMs` of the hospital day) is looked up once per zone and quarter
 * of an hour — every offset, and every change of one, falls on a 15-minute step — since an upload batch
 * reads the clock of hundreds of readings.
 */
import { zoneOffsetMs } from '../tasks/day';

const offsets = new Map<string, number>();

/** "YYYY-MM-DD HH:mm:ss" of an instant on a zone's wall clock (an unknown zone throws RangeError). */
export function wallClockAt(at: Date | string, timeZone: string): string {
  const instant = typeof at === 'string' ? new Date(at) : at;
  const key = `${timeZone}|${Math.floor(instant.getTime() / 900_000)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    if (offsets.size > 50_000) offsets.clear();
    offset = zoneOffsetMs(instant, timeZone);
    offsets.set(key, offset);
  }
  const iso = new Date(instant.getTime() + offset).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}
