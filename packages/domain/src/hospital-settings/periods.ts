/**
 * Hospital settings (issue 4): glucose periods, insulin periods, QC target values, inspection
 * packages and items, and mapping items. Request bodies (strict: unknown fields such as `tenantId`
 * or `createdAt` are refused, nothing is coerced) and the rules the forms and the server share.
 */
import { z } from 'zod';
import { CATALOGUE_LIMITS } from '../admin/catalogues';
import { MEASUREMENT_ITEMS } from '../clinical/classification';
import type { LengthLimit } from '../constants';
import { checkTargetRange, type RangeBound } from '../helpers/target-range';
import type { MessageKey } from '../i18n/messages';
import {
  isBlank,
  lengthIn,
  matches,
  numberIn,
  optionalText,
  recordVersion,
  requiredEnum,
  requiredId,
  requiredNumber,
  requiredText,
  whenFieldsValid,
} from '../rules/common';
import { NAME_REQUIRED, requireOneName, twoNameFields } from '../rules/names';
import { SETTING_LIMITS, settingCodeSchema, settingNameSchema } from '../rules/settings';

/** Limits of these settings (inclusive). Where the spec is silent they are our choice. */
export const PERIOD_LIMITS = {
  /** a period's normal range in mmol/L: wide enough for any ward, narrow enough to catch typos */
  glucoseMmol: { min: 0.5, max: 50 },
  /** a QC target or SD (mmol/L for glucose and ketone strips, µmol/L for uric acid) */
  qcValue: { min: 0, max: 99_999 },
  /**
   * an English period name: §5 "name 1-12" is sized for Chinese names; "After breakfast" already
   * needs 15, so the English name gets twice the room
   */
  nameEn: { min: 1, max: 24 },
  inspectionName: { min: 1, max: 40 },
  externalCode: { min: 1, max: 32 },
  externalName: { min: 0, max: 40 },
  sort: CATALOGUE_LIMITS.sort,
} as const satisfies Record<string, LengthLimit>;

/** Decimals a QC target or SD may have (§5 QC values are read off control-solution inserts). */
export const QC_VALUE_DECIMALS = 2;

const id = z.number().int().positive();
const version = recordVersion;
const sort = z.number().int().min(PERIOD_LIMITS.sort.min).max(PERIOD_LIMITS.sort.max);

/** Codes are stored on records and sent to other systems: letters, digits and `_`, 1-12 (§5 Settings). */
export const periodCodeSchema = settingCodeSchema.check(matches(/^[A-Za-z0-9_]+$/, 'period.code.format'));

/** A period's English name (see {@link PERIOD_LIMITS}.nameEn). */
export const periodNameEnSchema = requiredText('settings.name.required').check(
  lengthIn(PERIOD_LIMITS.nameEn, 'settings.name.length'),
);

// ---------------------------------------------------------------- time windows

const START_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/** An end may also be `24:00`, the end of the day, so the last period can close the day. */
const END_TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

export const periodStartTimeSchema = requiredText('period.startTime.required').check(
  matches(START_TIME, 'period.startTime.format'),
);
export const periodEndTimeSchema = requiredText('period.endTime.required').check(
  matches(END_TIME, 'period.endTime.format'),
);

export const MINUTES_PER_DAY = 24 * 60;

/** Minutes since midnight of `HH:mm` (`24:00` → 1440), or null when it is not such a time. */
export function minutesOfDay(time: string | null | undefined): number | null {
  if (typeof time !== 'string' || !END_TIME.test(time)) return null;
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** `HH:mm` of minutes since midnight (1440 → `24:00`). */
export function timeOfMinutes(minutes: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** A time window of a period, as stored: [start, end) in `HH:mm`, wrapping past midnight when end < start. */
export interface PeriodWindow {
  code: string;
  startTime: string;
  endTime: string;
}

/** A stretch of the day in minutes since midnight, [start, end). */
export interface DaySpan {
  start: number;
  end: number;
}

/**
 * The stretches of the day a window covers: one, or two when it wraps past midnight (21:00-03:00 →
 * 21:00-24:00 and 00:00-03:00). An end of 23:59 counts as the end of the day, as `periodAt` of the
 * classification reads it; a window with equal start and end, or unreadable times, covers nothing.
 */
export function windowSpans(window: Pick<PeriodWindow, 'startTime' | 'endTime'>): DaySpan[] {
  const start = minutesOfDay(window.startTime);
  let end = minutesOfDay(window.endTime);
  if (start === null || end === null || start === MINUTES_PER_DAY) return [];
  if (end >= MINUTES_PER_DAY - 1) end = MINUTES_PER_DAY;
  if (start < end) return [{ start, end }];
  if (start > end) return [{ start, end: MINUTES_PER_DAY }, ...(end > 0 ? [{ start: 0, end }] : [])];
  return [];
}

export interface PeriodCoverage {
  /** stretches of the day no window covers */
  gaps: DaySpan[];
  /** stretches two or more windows cover, with their codes */
  overlaps: (DaySpan & { codes: string[] })[];
}

/**
 * Where the windows of a set of periods leave the day uncovered or overlap. A reading entered without
 * a period gets one from these windows, so both are worth a warning; neither is an error (a hospital
 * may leave the night unassigned, and `periodAt` resolves overlaps by sort order).
 */
export function periodCoverage(windows: readonly PeriodWindow[]): PeriodCoverage {
  const owners: string[][] = Array.from({ length: MINUTES_PER_DAY }, () => []);
  for (const window of windows) {
    for (const span of windowSpans(window)) {
      for (let minute = span.start; minute < span.end; minute++) owners[minute]!.push(window.code);
    }
  }
  const gaps: DaySpan[] = [];
  const overlaps: PeriodCoverage['overlaps'] = [];
  let minute = 0;
  while (minute < MINUTES_PER_DAY) {
    const here = owners[minute]!;
    const key = here.length >= 2 ? here.join('\u0001') : String(here.length);
    let end = minute + 1;
    while (end < MINUTES_PER_DAY) {
      const next = owners[end]!;
      const nextKey = next.length >= 2 ? next.join('\u0001') : String(next.length);
      if (nextKey !== key) break;
      end++;
    }
    if (here.length === 0) gaps.push({ start: minute, end });
    else if (here.length >= 2) overlaps.push({ start: minute, end, codes: [...here] });
    minute = end;
  }
  return { gaps, overlaps };
}

/** Start ≠ end: a window with equal times is empty (00:00-24:00 is the whole day); null when fine. */
export function periodWindowIssue(startTime: string, endTime: string): MessageKey | null {
  const start = minutesOfDay(startTime);
  return start !== null && start === minutesOfDay(endTime) ? 'period.time.same' : null;
}

function checkWindow(
  value: { startTime: string; endTime: string },
  ctx: z.core.$RefinementCtx<{ startTime: string; endTime: string }>,
) {
  const key = periodWindowIssue(value.startTime, value.endTime);
  if (key) ctx.addIssue({ code: 'custom', path: ['endTime'], message: key });
}

// ---------------------------------------------------------------- glucose periods

/** One bound of a period's normal range, in mmol/L ({@link PERIOD_LIMITS}.glucoseMmol). */
export const glucoseLimitSchema = z
  .number()
  .check(numberIn(PERIOD_LIMITS.glucoseMmol, 'period.range.limits'));

/** The problem of a normal range as a whole, on the field it belongs to; null when fine. */
export interface GlucoseRangeIssue {
  field: 'minValue' | 'maxValue';
  key: MessageKey;
}

/**
 * A period's normal range: both bounds or neither; when given, §5 Queries "min must be below max and
 * both greater than 0" ({@link checkTargetRange}). Either unit works: the rule is scale-free.
 */
export function glucoseRangeIssue(min: RangeBound, max: RangeBound): GlucoseRangeIssue | null {
  if (isBlank(min) && isBlank(max)) return null;
  const problem = checkTargetRange(min, max);
  if (problem === 'required') {
    return { field: isBlank(min) ? 'minValue' : 'maxValue', key: 'period.range.required' };
  }
  if (problem === 'positive') {
    return { field: Number(min) <= 0 ? 'minValue' : 'maxValue', key: 'period.range.positive' };
  }
  if (problem === 'order') return { field: 'minValue', key: 'period.range.order' };
  return null;
}

const glucosePeriodFields = {
  code: periodCodeSchema,
  nameZh: settingNameSchema,
  nameEn: periodNameEnSchema,
  sort: sort.optional(),
  startTime: periodStartTimeSchema,
  endTime: periodEndTimeSchema,
  minValue: glucoseLimitSchema.nullish(),
  maxValue: glucoseLimitSchema.nullish(),
  isActive: z.boolean().optional(),
};

type GlucosePeriodShape = {
  startTime: string;
  endTime: string;
  minValue?: number | null;
  maxValue?: number | null;
};

function checkGlucosePeriod(value: GlucosePeriodShape, ctx: z.core.$RefinementCtx<GlucosePeriodShape>) {
  const issue = glucoseRangeIssue(value.minValue, value.maxValue);
  if (issue) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.key });
}

const windowWhen = whenFieldsValid('startTime', 'endTime');
const rangeWhen = whenFieldsValid('minValue', 'maxValue');

export const glucosePeriodCreateSchema = z
  .strictObject(glucosePeriodFields)
  .superRefine(checkWindow, windowWhen)
  .superRefine(checkGlucosePeriod, rangeWhen);
export const glucosePeriodUpdateSchema = z
  .strictObject({ id, version, ...glucosePeriodFields })
  .superRefine(checkWindow, windowWhen)
  .superRefine(checkGlucosePeriod, rangeWhen);
export type GlucosePeriodCreate = z.infer<typeof glucosePeriodCreateSchema>;
export type GlucosePeriodUpdate = z.infer<typeof glucosePeriodUpdateSchema>;

/** The fields of a glucose period form, one by one (zod's refined objects drop `.shape`). */
export const glucosePeriodFieldSchemas = glucosePeriodFields;

/** Enable or stop a row that carries a version (glucose periods, insulin periods, packages, items). */
export const settingStatusSchema = z.strictObject({ id, isActive: z.boolean(), version });
export type SettingStatusInput = z.infer<typeof settingStatusSchema>;

// ---------------------------------------------------------------- insulin periods

const insulinPeriodFields = {
  code: periodCodeSchema,
  nameZh: settingNameSchema,
  nameEn: periodNameEnSchema,
  sort: sort.optional(),
  startTime: periodStartTimeSchema,
  endTime: periodEndTimeSchema,
  isActive: z.boolean().optional(),
};
export const insulinPeriodCreateSchema = z
  .strictObject(insulinPeriodFields)
  .superRefine(checkWindow, windowWhen);
export const insulinPeriodUpdateSchema = z
  .strictObject({ id, version, ...insulinPeriodFields })
  .superRefine(checkWindow, windowWhen);
export type InsulinPeriodCreate = z.infer<typeof insulinPeriodCreateSchema>;
export type InsulinPeriodUpdate = z.infer<typeof insulinPeriodUpdateSchema>;
export const insulinPeriodFieldSchemas = insulinPeriodFields;

// ---------------------------------------------------------------- QC target values

/** Control levels of a control solution (§9 "Control solution levels 0-2"). */
export const QC_LEVELS = [0, 1, 2] as const;
export type QcLevel = (typeof QC_LEVELS)[number];

/** Whether a number has at most `decimals` decimal places (0.1 + 0.2 style float noise tolerated). */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

const qcValue = (requiredKey: MessageKey) =>
  requiredNumber(requiredKey)
    .check(numberIn(PERIOD_LIMITS.qcValue, 'target.value.range'))
    .check((ctx) => {
      if (!hasAtMostDecimals(ctx.value, QC_VALUE_DECIMALS)) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: 'target.value.decimals' });
      }
    });

/** The target of a level (§5 QC: required, 0 when the level is absent). */
export const qcTargetSchema = qcValue('target.target.required');
/** The SD of a level (§5 QC: required, 0 when the level is absent). */
export const qcSdSchema = qcValue('target.sd.required');

export const targetLevelSchema = z.strictObject({
  level: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'target.levels.each' }),
  target: qcTargetSchema,
  sd: qcSdSchema,
});

/** A strip type: the code of an enabled entry of the dictionary type `stripType`. */
export const stripTypeSchema = requiredText('target.stripType.required').check(
  lengthIn(CATALOGUE_LIMITS.dictCode, 'settings.code.length'),
);

/** The dictionary type whose enabled entries are the strip types target values are kept for. */
export const STRIP_TYPE_DICT = 'stripType';

/** POST /v1/targetSetting: the three control levels of one strip type, levels 0, 1 and 2 once each. */
export const targetSettingSchema = z
  .strictObject({
    stripType: stripTypeSchema,
    levels: z.array(targetLevelSchema, { error: 'target.levels.each' }),
  })
  .superRefine((value, ctx) => {
    const levels = value.levels.map((entry) => entry.level).sort();
    if (levels.length !== QC_LEVELS.length || levels.some((level, index) => level !== QC_LEVELS[index])) {
      ctx.addIssue({ code: 'custom', path: ['levels'], message: 'target.levels.each' });
    }
  }, whenFieldsValid('levels'));
export type TargetSettingInput = z.infer<typeof targetSettingSchema>;

// ---------------------------------------------------------------- inspection packages and items

/** Chinese and English names of packages and items, 1-40 each, one at least. */
const inspectionNames = twoNameFields(
  PERIOD_LIMITS.inspectionName,
  PERIOD_LIMITS.inspectionName,
  'settings.name.length',
);
const inspectionNameRequired = requireOneName(NAME_REQUIRED.setting);
const nameWhen = whenFieldsValid('name', 'nameEn');

const inspectionPackageFields = {
  code: periodCodeSchema,
  ...inspectionNames,
  sort: sort.optional(),
  isActive: z.boolean().optional(),
};
export const inspectionPackageCreateSchema = z
  .strictObject(inspectionPackageFields)
  .superRefine(inspectionNameRequired, nameWhen);
export const inspectionPackageUpdateSchema = z
  .strictObject({ id, version, ...inspectionPackageFields })
  .superRefine(inspectionNameRequired, nameWhen);
export type InspectionPackageCreate = z.infer<typeof inspectionPackageCreateSchema>;
export type InspectionPackageUpdate = z.infer<typeof inspectionPackageUpdateSchema>;

/** An item's unit: optional, 1-12 characters when given (§5 Settings "Unit 1-12"). */
export const inspectionUnitSchema = optionalText()
  .check(lengthIn(SETTING_LIMITS.unit, 'settings.unit.length'))
  .nullish();

/** A reference bound: any finite number (some results, such as base excess, go below 0). */
export const referenceBoundSchema = z.number().nullish();

/** Reference low below reference high when both are given; either alone is a one-sided range. */
export function referenceRangeIssue(low: RangeBound, high: RangeBound): MessageKey | null {
  if (isBlank(low) || isBlank(high)) return null;
  return Number(low) < Number(high) ? null : 'inspection.reference.order';
}

const inspectionItemFields = {
  packageId: requiredId('inspection.package.required'),
  code: periodCodeSchema,
  ...inspectionNames,
  unit: inspectionUnitSchema,
  referenceLow: referenceBoundSchema,
  referenceHigh: referenceBoundSchema,
  sort: sort.optional(),
  isActive: z.boolean().optional(),
};

type ReferenceShape = { referenceLow?: number | null; referenceHigh?: number | null };
function checkReference(value: ReferenceShape, ctx: z.core.$RefinementCtx<ReferenceShape>) {
  const key = referenceRangeIssue(value.referenceLow, value.referenceHigh);
  if (key) ctx.addIssue({ code: 'custom', path: ['referenceLow'], message: key });
}
const referenceWhen = whenFieldsValid('referenceLow', 'referenceHigh');

export const inspectionItemCreateSchema = z
  .strictObject(inspectionItemFields)
  .superRefine(inspectionNameRequired, nameWhen)
  .superRefine(checkReference, referenceWhen);
export const inspectionItemUpdateSchema = z
  .strictObject({ id, version, ...inspectionItemFields })
  .superRefine(inspectionNameRequired, nameWhen)
  .superRefine(checkReference, referenceWhen);
export type InspectionItemCreate = z.infer<typeof inspectionItemCreateSchema>;
export type InspectionItemUpdate = z.infer<typeof inspectionItemUpdateSchema>;
export const inspectionItemFieldSchemas = inspectionItemFields;

// ---------------------------------------------------------------- mapping items

/** Systems whose item codes are mapped: the hospital information system, the laboratory, meters. */
export const MAPPING_SOURCES = ['HIS', 'LIS', 'METER'] as const;
export type MappingSource = (typeof MAPPING_SOURCES)[number];
/** What an external code maps to: a measurement item (GLU, KET, UA) or an inspection item. */
export const MAPPING_TARGET_KINDS = ['measurement', 'inspection'] as const;
export type MappingTargetKind = (typeof MAPPING_TARGET_KINDS)[number];

const mappingFields = {
  source: requiredEnum(MAPPING_SOURCES, 'mapping.source.required', 'mapping.source.invalid'),
  externalCode: requiredText('mapping.externalCode.required').check(
    lengthIn(PERIOD_LIMITS.externalCode, 'mapping.externalCode.length'),
  ),
  externalName: optionalText().max(PERIOD_LIMITS.externalName.max, { error: 'validation.tooLong' }).nullish(),
  targetKind: requiredEnum(MAPPING_TARGET_KINDS, 'mapping.targetKind.required', 'mapping.targetKind.invalid'),
  targetCode: requiredText('mapping.targetCode.required').check(
    lengthIn(SETTING_LIMITS.code, 'settings.code.length'),
  ),
};

type MappingShape = { targetKind: MappingTargetKind; targetCode: string };
function checkMappingTarget(value: MappingShape, ctx: z.core.$RefinementCtx<MappingShape>) {
  if (
    value.targetKind === 'measurement' &&
    !(MEASUREMENT_ITEMS as readonly string[]).includes(value.targetCode)
  ) {
    ctx.addIssue({ code: 'custom', path: ['targetCode'], message: 'mapping.targetCode.measurement' });
  }
}
const mappingWhen = whenFieldsValid('targetKind', 'targetCode');

export const mappingItemCreateSchema = z
  .strictObject(mappingFields)
  .superRefine(checkMappingTarget, mappingWhen);
export const mappingItemUpdateSchema = z
  .strictObject({ id, version, ...mappingFields })
  .superRefine(checkMappingTarget, mappingWhen);
export type MappingItemCreate = z.infer<typeof mappingItemCreateSchema>;
export type MappingItemUpdate = z.infer<typeof mappingItemUpdateSchema>;
export const mappingItemFieldSchemas = mappingFields;
