import { calendarDate } from '@glucocare/domain';
import type { DbOrTx } from '../../db/client';
import { getSetting } from './service';

/** The hospital's time zone (setting `hospital.timeZone`, default Asia/Shanghai). */
export function hospitalTimeZone(db: DbOrTx, tenantId: string): Promise<string> {
  return getSetting(db, tenantId, 'hospital.timeZone');
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone (domain `calendarDate`). */
export const dateIn: (at: Date, timeZone: string) => string = calendarDate;
