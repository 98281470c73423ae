/**
 * Strategy settings of a hospital (§3 Hospital settings: auto consultation, monitoring and screen
 * strategies, TIR, baseline; §7 virtual-ward settings): request bodies, defaults and the pure rules
 * that read them. Values are in storage units: mmol/L for glucose, ketone and urea, µmol/L for uric acid.
 */
import { z } from 'zod';
import { MEASUREMENT_ITEMS, type MeasurementItem } from '../clinical/classification';
import type { LengthLimit } from '../constants';
import { checkLowHigh } from '../helpers/target-range';
import type { MessageKey } from '../i18n/messages';
import { SCREEN_PANELS } from '../monitor/panels';
import {
  isBlank,
  lengthIn,
  matches,
  numberIn,
  optionalText,
  positive,
  requiredEnum,
  requiredNumber,
  requiredText,
  whenFieldsValid,
} from '../rules/common';
import { tirPeriodsSchema, tirSettingSchema } from '../rules/settings';

/** Bounds of the strategy settings, inclusive (where the spec is silent: our choice, see docs/api.md). */
export const STRATEGY_LIMITS = {
  /** minutes before / after a task's planned time (today's tasks) */
  taskMinutes: { min: 0, max: 720 },
  /** minutes after its test time from which a reading entered by hand is a late entry (up to a day) */
  lateEntryMinutes: { min: 1, max: 1440 },
  refreshSeconds: { min: 10, max: 3600 },
  recentHours: { min: 1, max: 72 },
  /** how long a wall screen shows each page of a rotating panel */
  rotateSeconds: { min: 5, max: 120 },
  /** the wall screen's own title */
  screenTitle: { min: 0, max: 40 },
  baselineDays: { min: 1, max: 90 },
  /** the virtual ward's glucose threshold, mmol/L (above 0; 33.3 = 600 mg/dL, the meters' upper limit) */
  gluMinValue: { min: 0, max: 33.3 },
  /** the virtual ward's HbA1c threshold, % */
  hbA1cMinValue: { min: 4, max: 20 },
  /** codes in one list (periods, departments) */
  codes: { min: 0, max: 100 },
} as const satisfies Record<string, LengthLimit>;

export const DEPARTMENT_CODE = /^[A-Za-z0-9_-]{1,32}$/;

/** A true or false that must be given. */
export const requiredBoolean = z.boolean({
  error: (issue) => (isBlank(issue.input) ? 'validation.required' : undefined),
});

/** A whole number within `limit`; absent or out of range both give `key` (it names the range). */
export const wholeNumberIn = (limit: LengthLimit, key: MessageKey) =>
  requiredNumber(key).check(numberIn(limit, key, { integer: true }));

/** Reports every entry of `values` that repeats an earlier one (on `path(index)`). */
function reportRepeats<T>(
  values: readonly T[],
  ctx: z.RefinementCtx,
  key: MessageKey,
  path: (index: number) => (string | number)[] = (index) => [index],
): void {
  const seen = new Set<T>();
  values.forEach((value, index) => {
    if (seen.has(value)) ctx.addIssue({ code: 'custom', path: path(index), message: key });
    seen.add(value);
  });
}

/** Glucose period codes: text codes, each once, at most 100. */
function periodCodesSchema(requiredKey: MessageKey, options: { atLeastOne: boolean }) {
  const codes = z
    .array(requiredText(requiredKey), {
      error: (issue) => (isBlank(issue.input) ? requiredKey : undefined),
    })
    .max(STRATEGY_LIMITS.codes.max, { error: 'validation.tooLong' });
  return (options.atLeastOne ? codes.min(1, { error: requiredKey }) : codes).superRefine((values, ctx) =>
    reportRepeats(values, ctx, 'settings.strategy.duplicatePeriod'),
  );
}

// ---------------------------------------------------------------- auto consultation

/**
 * Readings that can raise a consultation request (§3 Consultation "Trigger thresholds for fasting,
 * postprandial and random glucose, ketone, uric acid and urea"), in the screen's order.
 */
export const CONSULTATION_ITEMS = [
  'fastingGlucose',
  'postprandialGlucose',
  'randomGlucose',
  'ketone',
  'uricAcid',
  'urea',
] as const;
export type ConsultationItem = (typeof CONSULTATION_ITEMS)[number];

/** The glucose triggers: their thresholds show in the hospital's glucose unit (mg/dL or mmol/L). */
export const CONSULTATION_GLUCOSE_ITEMS = [
  'fastingGlucose',
  'postprandialGlucose',
  'randomGlucose',
] as const satisfies readonly ConsultationItem[];

export function isGlucoseConsultationItem(item: ConsultationItem): boolean {
  return (CONSULTATION_GLUCOSE_ITEMS as readonly ConsultationItem[]).includes(item);
}

/** Storage unit of each trigger's thresholds. */
export const CONSULTATION_ITEM_UNITS: Record<ConsultationItem, 'mmol/L' | 'µmol/L'> = {
  fastingGlucose: 'mmol/L',
  postprandialGlucose: 'mmol/L',
  randomGlucose: 'mmol/L',
  ketone: 'mmol/L',
  uricAcid: 'µmol/L',
  urea: 'mmol/L',
};

/** Glucose periods whose readings are fasting readings. */
export const FASTING_PERIOD_CODES: readonly string[] = ['fasting'];
/** Glucose periods whose readings are postprandial (the after-meal periods). */
export const POSTPRANDIAL_PERIOD_CODES: readonly string[] = ['afterBreakfast', 'afterLunch', 'afterDinner'];

/**
 * Which glucose trigger a reading of `periodCode` meets: the fasting period → fasting, the after-meal
 * periods → postprandial, every other period (early morning, before lunch or dinner, before sleep, a
 * period the hospital added) and a reading without a period → random.
 */
export function consultationItemOfGlucosePeriod(periodCode: string | null | undefined): ConsultationItem {
  if (periodCode && FASTING_PERIOD_CODES.includes(periodCode)) return 'fastingGlucose';
  if (periodCode && POSTPRANDIAL_PERIOD_CODES.includes(periodCode)) return 'postprandialGlucose';
  return 'randomGlucose';
}

/** One trigger as stored and answered: thresholds and department are null when not set. */
export interface AutoConsultationEntry {
  item: ConsultationItem;
  enabled: boolean;
  minValue: number | null;
  maxValue: number | null;
  consultDepartmentCode: string | null;
}

/**
 * Defaults (all disabled; a hospital picks its consulting departments): hypoglycaemia at 3.9 mmol/L
 * for every glucose kind; hyperglycaemia at 10.0 fasting, 13.9 after a meal, 16.7 at random; ketone
 * 1.5 mmol/L (ketosis); uric acid 540 µmol/L; urea 14.3 mmol/L.
 */
export const DEFAULT_AUTO_CONSULTATION: readonly AutoConsultationEntry[] = [
  { item: 'fastingGlucose', enabled: false, minValue: 3.9, maxValue: 10.0, consultDepartmentCode: null },
  { item: 'postprandialGlucose', enabled: false, minValue: 3.9, maxValue: 13.9, consultDepartmentCode: null },
  { item: 'randomGlucose', enabled: false, minValue: 3.9, maxValue: 16.7, consultDepartmentCode: null },
  { item: 'ketone', enabled: false, minValue: null, maxValue: 1.5, consultDepartmentCode: null },
  { item: 'uricAcid', enabled: false, minValue: null, maxValue: 540, consultDepartmentCode: null },
  { item: 'urea', enabled: false, minValue: null, maxValue: 14.3, consultDepartmentCode: null },
];

const threshold = z.number().check(positive('settings.consultation.thresholdPositive')).nullish();

/**
 * One trigger: an enabled one needs at least one threshold; thresholds > 0; min < max when both are
 * given; the consulting department as a department code (its existence is the server's check).
 */
export const autoConsultationEntrySchema = z
  .strictObject({
    item: requiredEnum(
      CONSULTATION_ITEMS,
      'settings.consultation.itemRequired',
      'settings.consultation.itemInvalid',
    ),
    enabled: requiredBoolean,
    minValue: threshold,
    maxValue: threshold,
    consultDepartmentCode: optionalText().check(matches(DEPARTMENT_CODE, 'department.code.format')).nullish(),
  })
  .superRefine(
    (entry, ctx) => {
      const problem = checkLowHigh(entry.minValue, entry.maxValue);
      if (problem === 'order') {
        ctx.addIssue({ code: 'custom', path: ['minValue'], message: 'settings.consultation.order' });
      } else if (problem === 'required' && entry.enabled) {
        ctx.addIssue({
          code: 'custom',
          path: ['minValue'],
          message: 'settings.consultation.thresholdRequired',
        });
      }
    },
    whenFieldsValid('enabled', 'minValue', 'maxValue'),
  );
export type AutoConsultationEntryInput = z.infer<typeof autoConsultationEntrySchema>;

/** POST /v1/autoConsultation/multi: the triggers to change, each item at most once. */
export const autoConsultationSchema = z
  .array(autoConsultationEntrySchema)
  .max(CONSULTATION_ITEMS.length, { error: 'settings.consultation.duplicateItem' })
  .superRefine((entries, ctx) =>
    reportRepeats(
      entries.map((entry) => entry.item),
      ctx,
      'settings.consultation.duplicateItem',
      (index) => [index, 'item'],
    ),
  );
export type AutoConsultationInput = z.infer<typeof autoConsultationSchema>;

/** A trigger as stored: blanks become null. */
export function normalizeConsultationEntry(entry: AutoConsultationEntryInput): AutoConsultationEntry {
  return {
    item: entry.item,
    enabled: entry.enabled,
    minValue: entry.minValue ?? null,
    maxValue: entry.maxValue ?? null,
    consultDepartmentCode: entry.consultDepartmentCode || null,
  };
}

/**
 * The six triggers in {@link CONSULTATION_ITEMS} order: `changes` over `current`, `current` over the
 * defaults; an item neither names keeps its default.
 */
export function mergeConsultationEntries(
  current: readonly AutoConsultationEntryInput[],
  changes: readonly AutoConsultationEntryInput[] = [],
): AutoConsultationEntry[] {
  const byItem = new Map<ConsultationItem, AutoConsultationEntry>();
  for (const entry of [...DEFAULT_AUTO_CONSULTATION, ...current, ...changes]) {
    byItem.set(entry.item, normalizeConsultationEntry(entry));
  }
  return CONSULTATION_ITEMS.map((item) => byItem.get(item) as AutoConsultationEntry);
}

/** Whether a reading of a trigger's kind raises a consultation: enabled and ≤ min or ≥ max. */
export function triggersConsultation(entry: AutoConsultationEntry, value: number): boolean {
  if (!entry.enabled || !Number.isFinite(value)) return false;
  return (
    (entry.minValue !== null && value <= entry.minValue) ||
    (entry.maxValue !== null && value >= entry.maxValue)
  );
}

// ---------------------------------------------------------------- monitoring strategy

/**
 * What "Today's tasks" expects of a ward: the periods measured daily for a new inpatient, how many
 * minutes before its planned time a task is "due soon" and how many after it is "overdue"; and what
 * entry checks of a reading's time (issue 15, `measurements/timing.ts`): the minutes a test time may lie
 * outside its period's window (`windowSlackMinutes`) and after how many minutes past its test time a
 * reading entered by hand is a late entry (`lateEntryMinutes`).
 *
 * The two entry fields may be left out of a request (clients older than issue 15 send only the first
 * three): a field left out keeps the value in effect ({@link monitorStrategyOf}), and a stored setting
 * without them reads as the defaults.
 */
export const monitorStrategySchema = z.strictObject({
  defaultPeriods: periodCodesSchema('settings.monitor.periodsRequired', { atLeastOne: true }),
  dueSoonMinutes: wholeNumberIn(STRATEGY_LIMITS.taskMinutes, 'settings.monitor.minutes'),
  overdueMinutes: wholeNumberIn(STRATEGY_LIMITS.taskMinutes, 'settings.monitor.minutes'),
  windowSlackMinutes: wholeNumberIn(STRATEGY_LIMITS.taskMinutes, 'settings.monitor.minutes').optional(),
  lateEntryMinutes: wholeNumberIn(STRATEGY_LIMITS.lateEntryMinutes, 'settings.monitor.minutes').optional(),
});
/** A monitoring strategy as posted or stored (the entry fields may be absent). */
export type MonitorStrategyInput = z.infer<typeof monitorStrategySchema>;
/** The monitoring strategy in effect: every field set. */
export type MonitorStrategy = Required<MonitorStrategyInput>;

/**
 * The five-point profile (fasting, 2 h after each meal, before sleep): the 7-point profile without the
 * pre-lunch and pre-dinner readings, the usual daily routine of a non-ICU diabetic inpatient. A test
 * time up to 30 minutes outside its period's window passes unmarked; a reading entered more than an
 * hour after its test time is a late entry.
 */
export const DEFAULT_MONITOR_STRATEGY: MonitorStrategy = {
  defaultPeriods: ['fasting', 'afterBreakfast', 'afterLunch', 'afterDinner', 'beforeSleep'],
  dueSoonMinutes: 30,
  overdueMinutes: 60,
  windowSlackMinutes: 30,
  lateEntryMinutes: 60,
};

/** A strategy as posted or stored, completed: an entry field left out keeps its value in `before`. */
export function monitorStrategyOf(
  value: MonitorStrategyInput,
  before: MonitorStrategyInput = DEFAULT_MONITOR_STRATEGY,
): MonitorStrategy {
  return {
    defaultPeriods: value.defaultPeriods,
    dueSoonMinutes: value.dueSoonMinutes,
    overdueMinutes: value.overdueMinutes,
    windowSlackMinutes:
      value.windowSlackMinutes ?? before.windowSlackMinutes ?? DEFAULT_MONITOR_STRATEGY.windowSlackMinutes,
    lateEntryMinutes:
      value.lateEntryMinutes ?? before.lateEntryMinutes ?? DEFAULT_MONITOR_STRATEGY.lateEntryMinutes,
  };
}

// ---------------------------------------------------------------- screen strategy

/** The wall screen of a ward: refresh, privacy, departments shown ([] = all), items, time window. */
export const screenStrategySchema = z.strictObject({
  refreshSeconds: wholeNumberIn(STRATEGY_LIMITS.refreshSeconds, 'settings.screen.refreshSeconds'),
  maskPatientNames: requiredBoolean,
  departmentCodes: z
    .array(requiredText('department.code.required').check(matches(DEPARTMENT_CODE, 'department.code.format')))
    .max(STRATEGY_LIMITS.codes.max, { error: 'validation.tooLong' })
    .superRefine((codes, ctx) => reportRepeats(codes, ctx, 'settings.screen.duplicateDepartment')),
  items: z
    .array(requiredEnum(MEASUREMENT_ITEMS, 'settings.screen.itemsRequired', 'settings.screen.itemInvalid'), {
      error: (issue) => (isBlank(issue.input) ? 'settings.screen.itemsRequired' : undefined),
    })
    .min(1, { error: 'settings.screen.itemsRequired' })
    .superRefine((items, ctx) => reportRepeats(items, ctx, 'settings.screen.duplicateItem')),
  recentHours: wholeNumberIn(STRATEGY_LIMITS.recentHours, 'settings.screen.recentHours'),
  // issue 20: the panels shown, the rotation and the title (absent in settings saved before: defaults)
  /** the big screen's panels shown, in the screen's own order (at least one) */
  panels: z
    .array(requiredEnum(SCREEN_PANELS, 'settings.screen.panelsRequired', 'settings.screen.panelInvalid'))
    .min(1, { error: 'settings.screen.panelsRequired' })
    .superRefine((panels, ctx) => reportRepeats(panels, ctx, 'settings.screen.duplicatePanel'))
    .optional(),
  rotateSeconds: wholeNumberIn(STRATEGY_LIMITS.rotateSeconds, 'settings.screen.rotateSeconds').optional(),
  /** the title over the screen (empty: the hospital's name) */
  title: optionalText().check(lengthIn(STRATEGY_LIMITS.screenTitle, 'settings.screen.title')).nullish(),
});
export type ScreenStrategy = z.infer<typeof screenStrategySchema>;

/** A public screen masks names by default (privacy); every department and item, the last 24 hours. */
export const DEFAULT_SCREEN_STRATEGY: ScreenStrategy = {
  refreshSeconds: 60,
  maskPatientNames: true,
  departmentCodes: [],
  items: [...MEASUREMENT_ITEMS] as MeasurementItem[],
  recentHours: 24,
  panels: [...SCREEN_PANELS],
  rotateSeconds: 15,
  title: null,
};

/** A stored screen strategy with the fields added later filled from the defaults. */
export function screenStrategyOf(value: ScreenStrategy): Required<ScreenStrategy> {
  return {
    ...value,
    panels: value.panels ?? [...SCREEN_PANELS],
    rotateSeconds: value.rotateSeconds ?? DEFAULT_SCREEN_STRATEGY.rotateSeconds!,
    title: value.title ?? null,
  };
}

// ---------------------------------------------------------------- TIR

/**
 * TIR bands and included periods: the low/high rule of {@link tirSettingSchema} (both given, > 0,
 * low < high, at least one period) plus the very-low and very-high bands, 0 < veryLow < low < high <
 * veryHigh, and no period twice.
 */
export const tirStrategySchema = z
  .strictObject({
    veryLow: requiredNumber('settings.tir.veryLowRequired').check(positive('settings.tir.veryLowPositive')),
    low: z.number().nullish(),
    high: z.number().nullish(),
    veryHigh: requiredNumber('settings.tir.veryHighRequired'),
    periods: tirPeriodsSchema.superRefine((codes, ctx) =>
      reportRepeats(codes, ctx, 'settings.strategy.duplicatePeriod'),
    ),
  })
  .superRefine(
    (tir, ctx) => {
      const core = tirSettingSchema.safeParse({ low: tir.low, high: tir.high, periods: tir.periods });
      if (core.success) return;
      for (const issue of core.error.issues) {
        if (issue.path[0] === 'low' || issue.path[0] === 'high') {
          ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
        }
      }
    },
    whenFieldsValid('low', 'high'),
  )
  .superRefine(
    (tir, ctx) => {
      if (tir.veryLow >= (tir.low as number)) {
        ctx.addIssue({ code: 'custom', path: ['veryLow'], message: 'settings.tir.veryLowOrder' });
      }
      if (tir.veryHigh <= (tir.high as number)) {
        ctx.addIssue({ code: 'custom', path: ['veryHigh'], message: 'settings.tir.veryHighOrder' });
      }
    },
    whenFieldsValid('veryLow', 'low', 'high', 'veryHigh'),
  );
export type TirStrategy = z.infer<typeof tirStrategySchema>;

/** The international consensus bands (Battelino et al. 2019), mmol/L: < 3.0, < 3.9, > 10.0, > 13.9. */
export const DEFAULT_TIR_BANDS = { veryLow: 3.0, low: 3.9, high: 10.0, veryHigh: 13.9 } as const;

// ---------------------------------------------------------------- baseline

/**
 * Baseline of the virtual ward's before/after statistics: the readings of the `days` before a patient
 * joins, of `periods` only when given (absent or [] = every period).
 */
export const baselineSchema = z.strictObject({
  days: wholeNumberIn(STRATEGY_LIMITS.baselineDays, 'settings.baseline.days'),
  periods: periodCodesSchema('settings.strategy.periodRequired', { atLeastOne: false }).nullish(),
});
export type BaselineInput = z.infer<typeof baselineSchema>;
export interface BaselineSetting {
  days: number;
  periods: string[];
}
export const DEFAULT_BASELINE: BaselineSetting = { days: 7, periods: [] };

// ---------------------------------------------------------------- virtual ward

/** POST /virtualward/setting/isAutoJoinVirtualRoom */
export const autoJoinVirtualWardSchema = z.strictObject({ value: requiredBoolean });

/** POST /virtualward/setting/gluMinValue: mmol/L, above 0 and at most 33.3. */
export const virtualWardGluMinSchema = z.strictObject({
  value: requiredNumber('settings.virtualWard.gluRequired').check((ctx) => {
    if (ctx.value <= STRATEGY_LIMITS.gluMinValue.min || ctx.value > STRATEGY_LIMITS.gluMinValue.max) {
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: 'settings.virtualWard.gluRange',
      });
    }
  }),
});

/** POST /virtualward/setting/hbA1cMinValue: %, 4-20. */
export const virtualWardHbA1cMinSchema = z.strictObject({
  value: requiredNumber('settings.virtualWard.hbA1cRequired').check(
    numberIn(STRATEGY_LIMITS.hbA1cMinValue, 'settings.virtualWard.hbA1cRange'),
  ),
});

/**
 * Auto-join is off until a hospital turns it on; the thresholds are the diagnostic ones of diabetes
 * (random glucose ≥ 11.1 mmol/L, HbA1c ≥ 6.5 %), so a patient of another ward, discharged or outpatient reaching them is followed.
 */
export const DEFAULT_VIRTUAL_WARD = { autoJoin: false, gluMinValue: 11.1, hbA1cMinValue: 6.5 } as const;

/**
 * The measurement item codes whose readings meet a non-glucose trigger. Urea has no bedside item: its
 * readings will come as laboratory results (HL7, issue 21) under the code `UREA`.
 */
const CONSULTATION_ITEM_OF_MEASUREMENT: Readonly<Record<string, ConsultationItem>> = {
  KET: 'ketone',
  UA: 'uricAcid',
  UREA: 'urea',
};

/** A reading as the auto-consultation rule reads it: its item, glucose period and value in the storage unit. */
export interface ConsultationReading {
  item: string;
  periodCode: string | null;
  /** in the trigger's storage unit ({@link CONSULTATION_ITEM_UNITS}); null for a reading without a value */
  value: number | null;
  /** the patient's department: a reading never asks its own department for a consultation */
  departmentCode: string;
}

/** A trigger a reading crossed, and which of its thresholds. */
export interface CrossedTrigger {
  entry: AutoConsultationEntry & { consultDepartmentCode: string };
  /** `low`: at or below minValue; `high`: at or above maxValue */
  bound: 'low' | 'high';
  threshold: number;
}

/** The trigger a reading of this item and period falls under (glucose by its period), null for other items. */
export function consultationItemOfReading(reading: Pick<ConsultationReading, 'item' | 'periodCode'>) {
  if (reading.item === 'GLU') return consultationItemOfGlucosePeriod(reading.periodCode);
  return CONSULTATION_ITEM_OF_MEASUREMENT[reading.item] ?? null;
}

/**
 * The auto-consultation trigger a reading crosses (issue 17): the trigger of its kind
 * ({@link consultationItemOfReading}), when enabled, with a consulting department other than the
 * patient's own (a ward does not consult itself), and the value at or beyond a threshold
 * ({@link triggersConsultation}). A reading has one kind, so at most one trigger; null otherwise.
 */
export function crossedConsultationTrigger(
  entries: readonly AutoConsultationEntry[],
  reading: ConsultationReading,
): CrossedTrigger | null {
  if (reading.value === null) return null;
  const item = consultationItemOfReading(reading);
  const entry = item ? entries.find((candidate) => candidate.item === item) : undefined;
  if (!entry?.consultDepartmentCode || entry.consultDepartmentCode === reading.departmentCode) return null;
  if (!triggersConsultation(entry, reading.value)) return null;
  const low = entry.minValue !== null && reading.value <= entry.minValue;
  return {
    entry: entry as CrossedTrigger['entry'],
    bound: low ? 'low' : 'high',
    threshold: (low ? entry.minValue : entry.maxValue) as number,
  };
}
