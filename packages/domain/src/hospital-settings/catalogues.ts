/**
 * Hospital settings request bodies: the unit catalogue, patient tags, advice frequencies and the
 * dictionary types the settings screens own (reasons, meter parameters, symptoms and plans). They
 * build on the §5 Settings rules of `rules/settings.ts` and, like every body, refuse unknown fields.
 */
import { z } from 'zod';
import { CATALOGUE_LIMITS, dictEntrySaveSchema } from '../admin/catalogues';
import type { LengthLimit } from '../constants';
import {
  isBlank,
  lengthIn,
  optionalText,
  recordVersion,
  requiredEnum,
  requiredNumber,
  whenFieldsValid,
} from '../rules/common';
import { optionalName } from '../rules/names';
import {
  adviceFrequencySchema,
  SETTING_LIMITS,
  settingColorSchema,
  settingFrequencySchema,
  settingUnitSchema,
} from '../rules/settings';

/** Lengths and ranges of these forms (where §5 is silent: our choice), inclusive. */
export const CATALOGUE_SETTING_LIMITS = {
  unit: SETTING_LIMITS.unit,
  unitName: SETTING_LIMITS.name,
  tag: { min: 1, max: 12 },
  /** the English name of a tag: twice the room of the Chinese one (as a period's name) */
  tagEn: { min: 1, max: 24 },
  frequency: { min: 1, max: 20 },
  timesPerDay: { min: 1, max: 24 },
} as const satisfies Record<string, LengthLimit>;

const id = z.number().int().positive();
const version = recordVersion;
const sort = z.number().int().min(CATALOGUE_LIMITS.sort.min).max(CATALOGUE_LIMITS.sort.max);

// ---------------------------------------------------------------- units

/**
 * Unit categories. GLU, KET and UA hold the one display unit of each measured item (the session reads
 * it; the item display setting changes it); DRUG and INSPECTION are catalogues the hospital edits.
 */
export const UNIT_CATEGORIES = ['GLU', 'KET', 'UA', 'DRUG', 'INSPECTION'] as const;
export type UnitCategory = (typeof UNIT_CATEGORIES)[number];
export const DISPLAY_UNIT_CATEGORIES = ['GLU', 'KET', 'UA'] as const satisfies readonly UnitCategory[];
export const EDITABLE_UNIT_CATEGORIES = ['DRUG', 'INSPECTION'] as const satisfies readonly UnitCategory[];

/** Whether units of a category are edited in the unit catalogue (not through the item display setting). */
export function isEditableUnitCategory(category: string): boolean {
  return (EDITABLE_UNIT_CATEGORIES as readonly string[]).includes(category);
}

/** POST /v1/units/save: `code` is the unit as written (`IU`, `µmol/L`), `name` how it is read out. */
export const unitSaveSchema = z
  .strictObject({
    category: requiredEnum(
      UNIT_CATEGORIES,
      'settings.unitCategory.required',
      'settings.unitCategory.invalid',
    ),
    code: settingUnitSchema,
    name: optionalText()
      .check(lengthIn(CATALOGUE_SETTING_LIMITS.unitName, 'settings.unitName.length'))
      .nullish(),
  })
  .superRefine((unit, ctx) => {
    if (!isEditableUnitCategory(unit.category)) {
      ctx.addIssue({ code: 'custom', path: ['category'], message: 'settings.unit.displayFixed' });
    }
  }, whenFieldsValid('category'));
export type UnitSave = z.infer<typeof unitSaveSchema>;

// ---------------------------------------------------------------- patient tags

export const tagTextSchema = z
  .string({ error: (issue) => (isBlank(issue.input) ? 'settings.tag.required' : undefined) })
  .trim()
  .min(1, { error: 'settings.tag.required', abort: true })
  .check(lengthIn(CATALOGUE_SETTING_LIMITS.tag, 'settings.tag.length'));

/**
 * POST /v1/tagOption: the tag text (1-12, unique; what a patient stores, and its name in the request's
 * language), its Chinese (1-12) and English (1-24) names when given apart, an optional `#RRGGBB`
 * colour and sort.
 */
const tagFields = {
  tagZh: optionalName(CATALOGUE_SETTING_LIMITS.tag, 'settings.tag.length'),
  tagEn: optionalName(CATALOGUE_SETTING_LIMITS.tagEn, 'settings.tag.length'),
  color: z.preprocess((value) => (value === '' ? null : value), settingColorSchema.nullish()),
  sort: sort.optional(),
};
export const tagOptionSchema = z.strictObject({ tag: tagTextSchema, ...tagFields });
export type TagOptionInput = z.infer<typeof tagOptionSchema>;

/**
 * A tag's version: the row version PostgreSQL keeps (its `xmin`, an unsigned 32-bit transaction id),
 * as the tag table has no version column of its own.
 */
const TAG_VERSION = z.number().int().min(0).max(4_294_967_295);

/**
 * PUT /v1/tagOption: a tag's names, colour and sort, by `id` and the `version` it was read at. The
 * text patients store stays as created (a tag is found by it); a field left out is kept, and the tag
 * keeps one name at least (the server checks that against the stored names).
 */
export const tagOptionUpdateSchema = z.strictObject({ id, version: TAG_VERSION, ...tagFields });
export type TagOptionUpdate = z.infer<typeof tagOptionUpdateSchema>;

// ---------------------------------------------------------------- advice frequencies

/** A time of day as `HH:mm` (00:00-23:59). */
const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const executeTimesSchema = z
  .array(z.string().regex(CLOCK_TIME, { error: 'settings.frequency.executeTimeFormat' }), {
    error: 'settings.frequency.executeTimeFormat',
  })
  .max(CATALOGUE_SETTING_LIMITS.timesPerDay.max, { error: 'settings.frequency.executeTimesTooMany' })
  .superRefine((times, ctx) => {
    const seen = new Set<string>();
    times.forEach((time, index) => {
      if (seen.has(time)) {
        ctx.addIssue({ code: 'custom', path: [index], message: 'settings.frequency.executeTimeDuplicate' });
      }
      seen.add(time);
    });
  });

export const timesPerDaySchema = requiredNumber('settings.frequency.timesPerDay').check((ctx) => {
  const { min, max } = CATALOGUE_SETTING_LIMITS.timesPerDay;
  if (!Number.isInteger(ctx.value) || ctx.value < min || ctx.value > max) {
    ctx.issues.push({
      code: 'custom',
      input: ctx.value,
      message: 'settings.frequency.timesPerDay',
      // the bounds travel with the issue so "{{min}}-{{max}}" is filled like every range message
      ...({ minimum: min, maximum: max } as object),
    });
  }
});

const frequencyFields = {
  ...adviceFrequencySchema.shape,
  frequency: settingFrequencySchema.check(
    lengthIn(CATALOGUE_SETTING_LIMITS.frequency, 'settings.frequency.length'),
  ),
  timesPerDay: timesPerDaySchema.nullish(),
  executeTimes: executeTimesSchema.optional(),
  sort: sort.optional(),
  isActive: z.boolean().optional(),
};

/**
 * A frequency's execution times must match its times per day (when given): "tid" at 08:00, 12:00,
 * 18:00 is three times. Without times per day (as needed, at once) any number of times is allowed.
 */
function checkTimesMatch(
  value: { timesPerDay?: number | null; executeTimes?: string[] },
  ctx: z.core.$RefinementCtx,
) {
  const expected = value.timesPerDay;
  const given = value.executeTimes?.length ?? 0;
  if (expected === null || expected === undefined || given === expected) return;
  ctx.addIssue({
    code: 'custom',
    path: ['executeTimes'],
    message: 'settings.frequency.executeTimeCount',
    ...({ minimum: expected, maximum: expected } as object),
  });
}

/** POST /v1/adviceFrequency/frequency. */
export const adviceFrequencyCreateSchema = z
  .strictObject(frequencyFields)
  .superRefine(checkTimesMatch, whenFieldsValid('timesPerDay', 'executeTimes'));
/** PUT /v1/adviceFrequency/frequency: the same plus `id` and the current `version`. */
export const adviceFrequencyUpdateSchema = z
  .strictObject({ id, version, ...frequencyFields })
  .superRefine(checkTimesMatch, whenFieldsValid('timesPerDay', 'executeTimes'));
export type AdviceFrequencyCreate = z.infer<typeof adviceFrequencyCreateSchema>;
export type AdviceFrequencyUpdate = z.infer<typeof adviceFrequencyUpdateSchema>;

/** Execution times in the order of the day, as they are stored and shown. */
export function orderedTimes(times: readonly string[]): string[] {
  return [...times].sort();
}

// ---------------------------------------------------------------- dictionary-backed settings

/** The dictionary types the hospital settings screens edit (each a tab or panel of its own). */
export const SETTINGS_DICT_TYPES = [
  'untestedReason',
  'rejectReason',
  'refusalReason',
  'meterParameter',
  'symptom',
  'treatmentPlan',
] as const;
export type SettingsDictType = (typeof SETTINGS_DICT_TYPES)[number];

/**
 * Types whose entries are numbers keyed by code (§3 "Meter parameters (dictionary key and value)",
 * §5 "Dictionary value numeric"): the value is required, not just numeric when given.
 */
const VALUE_REQUIRED_DICT_TYPES: readonly string[] = ['meterParameter'];

export function isDictValueRequired(type: string | null | undefined): boolean {
  return !!type && VALUE_REQUIRED_DICT_TYPES.includes(type);
}

/**
 * POST /v1/dict as the server checks it: {@link dictEntrySaveSchema} plus a value required for the
 * types of {@link isDictValueRequired}.
 */
export const dictEntryBodySchema = dictEntrySaveSchema.superRefine(
  (entry, ctx) => {
    if (isDictValueRequired(entry.type) && isBlank(entry.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'dict.value.requiredForType' });
    }
  },
  whenFieldsValid('type', 'value'),
);
