/**
 * The pump strategy of a hospital (issue 16 "Reminders that become today's tasks"): how many days an
 * infusion set (tube) stays in before it is due for a change, and below which reported battery (%) and
 * insulin left (IU) a bound pump is a reminder. The pump register's warning colour follows the same
 * thresholds.
 */
import { z } from 'zod';
import type { LengthLimit } from '../constants';
import {
  PUMP_LOW_BATTERY_PERCENT_DEFAULT,
  PUMP_LOW_DOSE_UNITS_DEFAULT,
  PUMP_TUBE_CHANGE_DAYS_DEFAULT,
} from '../rules/pump';
import { wholeNumberIn } from './strategy';

/** Bounds of the pump strategy, inclusive (our choice where the spec is silent, see docs/api.md). */
export const PUMP_STRATEGY_LIMITS = {
  /** days between tube changes: infusion sets are labelled for 2-3 days, some for up to 7 */
  tubeChangeDays: { min: 1, max: 7 },
  /** % */
  lowBatteryPercent: { min: 1, max: 99 },
  /** IU (a reservoir holds 300 IU at most) */
  lowDoseUnits: { min: 1, max: 300 },
} as const satisfies Record<string, LengthLimit>;

/** GET/POST /v1/systemSetting/pumpStrategy: three whole numbers within {@link PUMP_STRATEGY_LIMITS}. */
export const pumpStrategySchema = z.strictObject({
  tubeChangeDays: wholeNumberIn(PUMP_STRATEGY_LIMITS.tubeChangeDays, 'settings.pump.tubeChangeDays'),
  lowBatteryPercent: wholeNumberIn(PUMP_STRATEGY_LIMITS.lowBatteryPercent, 'settings.pump.lowBatteryPercent'),
  lowDoseUnits: wholeNumberIn(PUMP_STRATEGY_LIMITS.lowDoseUnits, 'settings.pump.lowDoseUnits'),
});
export type PumpStrategy = z.infer<typeof pumpStrategySchema>;

/** Every 3 days, below 20 % and below 20 IU until a hospital saves its own. */
export const DEFAULT_PUMP_STRATEGY: PumpStrategy = {
  tubeChangeDays: PUMP_TUBE_CHANGE_DAYS_DEFAULT,
  lowBatteryPercent: PUMP_LOW_BATTERY_PERCENT_DEFAULT,
  lowDoseUnits: PUMP_LOW_DOSE_UNITS_DEFAULT,
};

/** Whether a reported battery (%) or insulin left (IU) is below the strategy's threshold (null: never reported). */
export function isLowPumpLevel(
  kind: 'battery' | 'dose',
  value: number | null | undefined,
  strategy: Pick<PumpStrategy, 'lowBatteryPercent' | 'lowDoseUnits'>,
): boolean {
  if (value === null || value === undefined) return false;
  return value < (kind === 'battery' ? strategy.lowBatteryPercent : strategy.lowDoseUnits);
}
