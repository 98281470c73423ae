import type { DbOrTx } from '../../db/client';
import { getSetting } from './service';

/** The hospital's time zone (setting `hospital.timeZone`, default Asia/Shanghai). */
export function hospitalTimeZone(db: DbOrTx, tenantId: string): Promise<string> {
  return getSetting(db, tenantId, 'hospital.timeZone');
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function dateIn(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}
