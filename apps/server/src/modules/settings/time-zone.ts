import { calendarDate } from '@glucocare/domain';
import type { DbOrTx } from '../../db/client';
import { cachedConfig, type TenantRef } from './config-cache';
import { getSetting } from './service';

/** The hospital's time zone (setting `hospital.timeZone`, default Asia/Shanghai). */
export function hospitalTimeZone(db: DbOrTx, tenant: TenantRef): Promise<string> {
  return cachedConfig(db, tenant, 'timeZone', (tenantId) => getSetting(db, tenantId, 'hospital.timeZone'));
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone (domain `calendarDate`). */
export const dateIn: (at: Date, timeZone: string) => string = calendarDate;
