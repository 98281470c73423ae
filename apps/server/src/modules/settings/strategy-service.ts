import {
  type AutoConsultationEntry,
  type BaselineSetting,
  DEFAULT_MONITOR_STRATEGY,
  DEFAULT_TIR_BANDS,
  type Lang,
  type MessageKey,
  type MonitorStrategy,
  mergeConsultationEntries,
  monitorStrategyOf,
  type PumpStrategy,
  type TirStrategy,
  translate,
} from '@glucocare/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { glucosePeriods, settings } from '../../db/schema';
import { AppError } from '../../http/errors';
import { existingCodes } from '../departments/service';
import { cachedConfig, type TenantRef } from './config-cache';
import { getSetting, SETTINGS, type SettingKey, type SettingValue } from './service';

// Not a resource declaration (lib/resource.ts): strategies are typed settings (settings/service.ts), one
// document per key, not rows of a list.

/** The stored value of a setting, or null when the tenant never saved one (or it no longer parses). */
async function storedSetting<K extends SettingKey>(
  db: DbOrTx,
  tenantId: string,
  key: K,
): Promise<SettingValue<K> | null> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.tenantId, tenantId), eq(settings.key, key)));
  if (!row) return null;
  const parsed = SETTINGS[key].schema.safeParse(row.value);
  return parsed.success ? (parsed.data as SettingValue<K>) : null;
}

/** Codes of the tenant's enabled glucose periods, in the day's order. */
export async function enabledPeriodCodes(db: DbOrTx, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ code: glucosePeriods.code })
    .from(glucosePeriods)
    .where(and(eq(glucosePeriods.tenantId, tenantId), eq(glucosePeriods.isActive, true)))
    .orderBy(asc(glucosePeriods.sort), asc(glucosePeriods.code));
  return rows.map((row) => row.code);
}

/** A 400 naming one field, worded in the request language like the schema problems are. */
function fieldProblem(lang: Lang, field: string, key: MessageKey, params: Record<string, string>) {
  const message = translate(lang, key, params);
  return new AppError(400, key, params, { errors: [{ field, message }] });
}

/** Every code of `codes` must be an enabled glucose period of the tenant (`field.index` names the first that is not). */
export async function checkPeriodCodes(
  db: DbOrTx,
  tenantId: string,
  field: string,
  codes: readonly string[] | null | undefined,
  lang: Lang,
): Promise<void> {
  if (!codes?.length) return;
  const known = new Set(await enabledPeriodCodes(db, tenantId));
  const index = codes.findIndex((code) => !known.has(code));
  if (index >= 0) {
    throw fieldProblem(lang, `${field}.${index}`, 'settings.strategy.unknownPeriod', { code: codes[index] });
  }
}

/** Every code must be a department of the tenant; `fieldOf(index)` names the field of the first that is not. */
export async function checkDepartmentCodes(
  db: DbOrTx,
  tenantId: string,
  codes: readonly (string | null | undefined)[],
  fieldOf: (index: number) => string,
  lang: Lang,
): Promise<void> {
  const wanted = codes.filter((code): code is string => !!code);
  const known = await existingCodes(db, tenantId, [...new Set(wanted)]);
  const index = codes.findIndex((code) => !!code && !known.has(code));
  if (index >= 0) {
    throw fieldProblem(lang, fieldOf(index), 'settings.strategy.unknownDepartment', {
      code: codes[index] as string,
    });
  }
}

/** The six consultation triggers in effect (stored over the defaults). */
export async function readAutoConsultation(db: DbOrTx, tenantId: string): Promise<AutoConsultationEntry[]> {
  return mergeConsultationEntries(await getSetting(db, tenantId, 'strategy.autoConsultation'));
}

/** The monitoring strategy in effect; by default the five-point profile, as far as the tenant has those periods. */
export function readMonitorStrategy(db: DbOrTx, tenant: TenantRef): Promise<MonitorStrategy> {
  return cachedConfig(db, tenant, 'monitorStrategy', async (tenantId) => {
    const stored = await storedSetting(db, tenantId, 'strategy.monitor');
    // a setting stored before issue 15 has no window slack or late-entry minutes: the defaults apply
    if (stored) return monitorStrategyOf(stored);
    const enabled = new Set(await enabledPeriodCodes(db, tenantId));
    return {
      ...DEFAULT_MONITOR_STRATEGY,
      defaultPeriods: DEFAULT_MONITOR_STRATEGY.defaultPeriods.filter((code) => enabled.has(code)),
    };
  });
}

export interface TirSetting {
  veryLow: number;
  low: number;
  high: number;
  veryHigh: number;
  periods: string[];
}

const tirOf = (value: TirStrategy): TirSetting => ({
  veryLow: value.veryLow,
  low: value.low as number,
  high: value.high as number,
  veryHigh: value.veryHigh,
  periods: value.periods,
});

/** The TIR setting in effect (analytics read it here); by default the consensus bands over every enabled period. */
export function readTirSetting(db: DbOrTx, tenant: TenantRef): Promise<TirSetting> {
  return cachedConfig(db, tenant, 'tir', async (tenantId) => {
    const stored = await storedSetting(db, tenantId, 'strategy.tir');
    if (stored) return tirOf(stored);
    return { ...DEFAULT_TIR_BANDS, periods: await enabledPeriodCodes(db, tenantId) };
  });
}

/** The baseline in effect; `periods` [] = every period. */
export async function readBaseline(db: DbOrTx, tenantId: string): Promise<BaselineSetting> {
  const value = await getSetting(db, tenantId, 'strategy.baseline');
  return { days: value.days, periods: value.periods ?? [] };
}

/**
 * The pump strategy in effect (issue 16): days between tube changes, low battery (%) and low dose (IU)
 * thresholds of today's pump reminders and of the pump register's warning colour.
 */
export function readPumpStrategy(db: DbOrTx, tenant: TenantRef): Promise<PumpStrategy> {
  return cachedConfig(db, tenant, 'pumpStrategy', (tenantId) => getSetting(db, tenantId, 'strategy.pump'));
}
