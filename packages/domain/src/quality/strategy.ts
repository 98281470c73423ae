import { z } from 'zod';
import { CONTROL_LEVELS } from '../constants';

/**
 * The QC strategy (issue 19, spec §2 "Quality control: … strategy", `GET/POST /v1/controlSetting`): which
 * Westgard multirules judge a control run, when control runs are due, and the lockout of meters.
 *
 * The rules are those of Westgard, Barry, Hunt and Groth, "A multi-rule Shewhart chart for quality control
 * in clinical chemistry", Clin Chem 1981;27:493-501 (domain quality/westgard.ts says how each is read).
 * 1-2s is a warning: it never rejects a run on its own.
 */
export const WESTGARD_RULES = ['1-2s', '1-3s', '2-2s', 'R-4s', '4-1s', '10x'] as const;
export type WestgardRule = (typeof WESTGARD_RULES)[number];
/** The rules that only warn. */
export const WARNING_RULES: readonly WestgardRule[] = ['1-2s'];

/**
 * Why a meter is locked (质控锁定), in the order they are told: a failed QC (cleared only by a passing
 * run), a run overdue by the schedule, a new strip or control lot not yet run, a lot expired, withdrawn
 * (invalid or suspended) or past its in-use life, or no lots assigned at all.
 */
export const LOCK_REASONS = [
  'failedQc',
  'overdue',
  'newStripLot',
  'newControlLot',
  'stripExpired',
  'stripInvalid',
  'controlExpired',
  'controlInvalid',
  'controlDiscarded',
  'noLots',
] as const;
export type LockReason = (typeof LOCK_REASONS)[number];
/** The lock reasons a coordinator may override for a while (never a failed QC). */
export const OVERRIDABLE_LOCK_REASONS: readonly LockReason[] = ['overdue', 'newStripLot', 'newControlLot'];

export interface QcSchedule {
  /** a run is due this many hours after the last passing one (null: no interval) */
  everyHours: number | null;
  /** a run is due in every nursing shift (the shifts of `strategy.shifts`) */
  perShift: boolean;
  /** a run is due at each of these local times (HH:mm) */
  fixedTimes: string[];
  /** a new strip lot put into a meter needs a passing run before patient readings */
  onNewStripLot: boolean;
  /** a new control lot needs a passing run */
  onNewControlLot: boolean;
}

export interface QcStrategy {
  /** the Westgard rules applied to each run (besides the lot's range, which always applies) */
  rules: WestgardRule[];
  /** the control levels a complete run covers (the schedule is met when each passed) */
  requiredLevels: number[];
  schedule: QcSchedule;
  /** lock meters whose QC failed, is overdue or whose lots are unusable */
  lockout: boolean;
  /** how long a coordinator's override of a schedule or new-lot lockout lasts, in hours */
  overrideHours: number;
  /** how many overrides an analyzer may have in 24 hours */
  maxOverridesPerDay: number;
  /** a control solution's in-use life once opened, in days (its discard date) */
  controlInUseDays: number;
}

export const DEFAULT_QC_STRATEGY: QcStrategy = {
  rules: ['1-2s', '1-3s', '2-2s', 'R-4s', '4-1s', '10x'],
  requiredLevels: [0, 2],
  schedule: { everyHours: 24, perShift: false, fixedTimes: [], onNewStripLot: true, onNewControlLot: true },
  lockout: true,
  overrideHours: 4,
  maxOverridesPerDay: 2,
  controlInUseDays: 90,
};

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
const whole = (required: string, range: string, min: number, max: number) =>
  z
    .number({ error: required })
    .refine((value) => Number.isInteger(value) && value >= min && value <= max, { message: range });

/** POST /v1/controlSetting */
export const qcStrategySchema = z.strictObject({
  rules: z
    .array(z.enum(WESTGARD_RULES, { error: 'qc.strategy.ruleInvalid' }))
    .refine((rules) => new Set(rules).size === rules.length, { message: 'qc.strategy.ruleRepeated' }),
  requiredLevels: z
    .array(
      z
        .number()
        .refine((level) => (CONTROL_LEVELS as readonly number[]).includes(level), 'qc.strategy.levelInvalid'),
    )
    .min(1, { message: 'qc.strategy.levelsRequired' })
    .refine((levels) => new Set(levels).size === levels.length, { message: 'qc.strategy.levelInvalid' }),
  schedule: z.strictObject({
    everyHours: whole('qc.strategy.everyHoursRange', 'qc.strategy.everyHoursRange', 1, 24 * 31).nullable(),
    perShift: z.boolean(),
    fixedTimes: z
      .array(z.string().regex(TIME_OF_DAY, { message: 'qc.strategy.timeInvalid' }))
      .max(24, { message: 'qc.strategy.timeInvalid' }),
    onNewStripLot: z.boolean(),
    onNewControlLot: z.boolean(),
  }),
  lockout: z.boolean(),
  overrideHours: whole('qc.strategy.overrideHoursRange', 'qc.strategy.overrideHoursRange', 1, 72),
  maxOverridesPerDay: whole('qc.strategy.maxOverridesRange', 'qc.strategy.maxOverridesRange', 0, 10),
  controlInUseDays: whole('qc.strategy.inUseDaysRange', 'qc.strategy.inUseDaysRange', 1, 365),
});
