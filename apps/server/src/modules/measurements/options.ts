import {
  ITEM_DISPLAY_UNITS,
  type Lang,
  MEASURABLE_RANGES,
  type MeasurementItem,
  type MeasurementUnitCode,
  REFUSAL_REASON_DICT,
  REJECT_REASON_DICT,
  UNTESTED_REASON_DICT,
} from '@glucocare/domain';
import type { EntryOptionsView } from '@glucocare/domain/responses';
import type { Database } from '../../db/client';
import { entriesOfType } from '../dictionaries/service';
import type { PatientRow } from '../patients/access';
import { itemDisplaySetting } from '../settings/item-display';
import { getSetting } from '../settings/service';
import { readMonitorStrategy } from '../settings/strategy-service';
import { dateIn, hospitalTimeZone } from '../settings/time-zone';
import { departmentStaff, hospitalLists } from './context';

/** Periods, reasons, testers, units and the patient's stay for the entry form (request language). */
export async function entryOptions(
  db: Database,
  tenantId: string,
  patient: PatientRow,
  item: MeasurementItem,
  lang: Lang,
  now: Date,
): Promise<EntryOptionsView> {
  const timeZone = await hospitalTimeZone(db, tenantId);
  const [lists, untested, refusal, rejection, testers, display, recordApproval] = await Promise.all([
    hospitalLists(db, tenantId),
    entriesOfType(db, tenantId, UNTESTED_REASON_DICT, lang),
    entriesOfType(db, tenantId, REFUSAL_REASON_DICT, lang),
    entriesOfType(db, tenantId, REJECT_REASON_DICT, lang),
    departmentStaff(db, tenantId, patient.departmentCode, dateIn(now, timeZone)),
    itemDisplaySetting(db, tenantId, item),
    getSetting(db, tenantId, 'feature.recordApproval'),
  ]);
  const units = ITEM_DISPLAY_UNITS[item].map((u) => {
    const range = MEASURABLE_RANGES[item][u.code as MeasurementUnitCode];
    return {
      code: u.code,
      name: u.name,
      precision: u.precision,
      min: range?.min ?? null,
      max: range?.max ?? null,
    };
  });
  const strategy = await readMonitorStrategy(db, tenantId);
  const zh = lang === 'zh-CN';
  return {
    item,
    periods: lists.periods.map((p) => ({
      code: p.code,
      name: zh ? p.nameZh : p.nameEn,
      startTime: p.startTime,
      endTime: p.endTime,
    })),
    untestedReasons: untested.map((e) => ({ code: e.code, name: e.name })),
    refusalReasons: refusal.map((e) => ({ code: e.code, name: e.name })),
    rejectReasons: rejection.map((e) => ({ code: e.code, name: e.name })),
    testers: testers.map((t) => ({ id: t.id, userName: t.userName, nickName: t.nickName })),
    unit: units.find((u) => u.code === display.unit) ?? units[0]!,
    units,
    timeZone,
    admittedAt: patient.admittedAt.toISOString(),
    dischargedAt: patient.dischargedAt ? patient.dischargedAt.toISOString() : null,
    inHospital: patient.status === 'inHospital',
    recordApproval,
    windowSlackMinutes: strategy.windowSlackMinutes,
  };
}
