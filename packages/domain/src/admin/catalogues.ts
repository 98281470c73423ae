/**
 * Request bodies of the administration catalogues (issue 3): drugs and their categories, medical-order
 * templates, glucose events and their items, management suggestions, dictionary entries and the
 * hospital name. They reuse the §5 rules of `rules/` and, like every body, refuse unknown fields
 * (`tenantId`, `createdAt`, ...) and never coerce.
 */
import { z } from 'zod';
import type { LengthLimit } from '../constants';
import { checkUpload, drugCodeSchema, drugShortCodeSchema, drugUnitSchema } from '../rules/admin';
import {
  charCount,
  isBlank,
  lengthIn,
  matches,
  optionalText,
  recordVersion,
  requiredEnum,
  requiredText,
  whenFieldsValid,
} from '../rules/common';
import { NAME_REQUIRED, requireOneName, twoNameFields } from '../rules/names';
import { orderContentSchema, orderTemplateNameSchema, orderTypeSchema } from '../rules/orders';
import {
  hospitalNameSchema,
  SETTING_LIMITS,
  settingCodeSchema,
  settingDictValueSchema,
} from '../rules/settings';

/** Lengths of the catalogue forms, in characters, inclusive (where the spec is silent: our choice). */
export const CATALOGUE_LIMITS = {
  /** drug category name */
  categoryName: { min: 1, max: 40 },
  drugName: { min: 1, max: 100 },
  /**
   * the English name of a glucose event or item: §5 "name 1-12" is sized for Chinese names, so the
   * English name gets twice the room (as a period's does)
   */
  settingNameEn: { min: 1, max: 24 },
  /** a drug's unit, as a settings unit (§5 Settings "Unit 1-12") */
  drugUnit: SETTING_LIMITS.unit,
  specification: { min: 0, max: 64 },
  /** items of one order template, and characters of one item */
  templateItems: { min: 1, max: 50 },
  templateItem: { min: 1, max: 500 },
  suggestionTitle: { min: 2, max: 40 },
  suggestionContent: { min: 1, max: 500 },
  dictCode: { min: 1, max: 32 },
  dictName: { min: 1, max: 40 },
  sort: { min: 0, max: 9999 },
} as const satisfies Record<string, LengthLimit>;

const id = z.number().int().positive();
const version = recordVersion;
const sort = z.number().int().min(CATALOGUE_LIMITS.sort.min).max(CATALOGUE_LIMITS.sort.max);
const isActive = z.boolean();

/** Optional text of at most `max` characters (absent, null or '' for none). */
const optionalShortText = (max: number) => optionalText().max(max, { error: 'validation.tooLong' }).nullish();

// ---------------------------------------------------------------- drugs

const nameWhen = whenFieldsValid('name', 'nameEn');

/** A drug category (class): code 1-12 (unique per tenant), Chinese and English names 1-40 (one at least). */
const drugCategoryFields = {
  code: settingCodeSchema,
  ...twoNameFields(CATALOGUE_LIMITS.categoryName, CATALOGUE_LIMITS.categoryName, 'settings.name.length'),
  sort: sort.optional(),
};
const categoryNameRequired = requireOneName(NAME_REQUIRED.setting);
export const drugCategoryCreateSchema = z
  .strictObject(drugCategoryFields)
  .superRefine(categoryNameRequired, nameWhen);
export const drugCategoryUpdateSchema = z
  .strictObject({ id, version, ...drugCategoryFields })
  .superRefine(categoryNameRequired, nameWhen);
export type DrugCategoryCreate = z.infer<typeof drugCategoryCreateSchema>;
export type DrugCategoryUpdate = z.infer<typeof drugCategoryUpdateSchema>;

/**
 * A drug (§3 Drug, §5 Other): code 2-32 (unique per tenant), short code 2-12 (optional), a Chinese or
 * English name (or both) and unit required, the category by its code (optional), specification
 * (optional), enabled.
 */
const drugFields = {
  code: drugCodeSchema,
  shortCode: drugShortCodeSchema,
  ...twoNameFields(CATALOGUE_LIMITS.drugName, CATALOGUE_LIMITS.drugName, 'validation.tooLong'),
  unit: drugUnitSchema.check(lengthIn(CATALOGUE_LIMITS.drugUnit, 'settings.unit.length')),
  categoryCode: optionalShortText(SETTING_LIMITS.code.max),
  specification: optionalShortText(CATALOGUE_LIMITS.specification.max),
  isActive: isActive.optional(),
};
const drugNameRequired = requireOneName(NAME_REQUIRED.drug);
export const drugCreateSchema = z.strictObject(drugFields).superRefine(drugNameRequired, nameWhen);
export const drugUpdateSchema = z
  .strictObject({ id, version, ...drugFields })
  .superRefine(drugNameRequired, nameWhen);
export type DrugCreate = z.infer<typeof drugCreateSchema>;
export type DrugUpdate = z.infer<typeof drugUpdateSchema>;

// ---------------------------------------------------------------- order templates

/** Content items of a template: at least one, at most 50, none blank, each at most 500 characters. */
export const templateContentSchema = orderContentSchema
  .max(CATALOGUE_LIMITS.templateItems.max, { error: 'order.content.tooMany' })
  .superRefine((items, ctx) => {
    items.forEach((item, index) => {
      if (charCount(item) > CATALOGUE_LIMITS.templateItem.max) {
        ctx.addIssue({
          code: 'too_big',
          origin: 'string',
          maximum: CATALOGUE_LIMITS.templateItem.max,
          inclusive: true,
          path: [index],
          message: 'validation.tooLong',
        });
      }
    });
  });

/** A medical-order template (§3, §5 Orders): name 3-40, type, content items, enabled. */
const templateFields = {
  name: orderTemplateNameSchema,
  type: orderTypeSchema,
  content: templateContentSchema,
  isActive: isActive.optional(),
};
export const orderTemplateCreateSchema = z.strictObject(templateFields);
export const orderTemplateUpdateSchema = z.strictObject({ id, version, ...templateFields });
export type OrderTemplateCreate = z.infer<typeof orderTemplateCreateSchema>;
export type OrderTemplateUpdate = z.infer<typeof orderTemplateUpdateSchema>;

/** Enable or stop a record (templates, glucose event items) at the version the client read. */
export const catalogueStatusSchema = z.strictObject({ id, isActive, version });

// ---------------------------------------------------------------- glucose events

/** Chinese name 1-12 (§5 Settings), English name 1-24, one at least: glucose events and their items. */
const settingNames = twoNameFields(
  SETTING_LIMITS.name,
  CATALOGUE_LIMITS.settingNameEn,
  'settings.name.length',
);
const settingNameRequired = requireOneName(NAME_REQUIRED.setting);

/** A glucose event type: code 1-12 (unique per tenant), names ({@link settingNames}), sort. */
const gluEventFields = { code: settingCodeSchema, ...settingNames, sort: sort.optional() };
export const gluEventCreateSchema = z.strictObject(gluEventFields).superRefine(settingNameRequired, nameWhen);
export const gluEventUpdateSchema = z
  .strictObject({ id, version, ...gluEventFields })
  .superRefine(settingNameRequired, nameWhen);
export type GluEventCreate = z.infer<typeof gluEventCreateSchema>;
export type GluEventUpdate = z.infer<typeof gluEventUpdateSchema>;

/** UTF-8 length of a text in bytes (what the file would weigh), without allocating it. */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit < 0xdc00 && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * An event item's icon: the SVG file's text (raw, not base64), checked as an icon upload
 * ({@link checkUpload}: not empty, at most 2 MB). Whether it is an SVG document, and what of it is
 * kept, is decided by the server's sanitiser.
 */
export const svgIconSchema = z.string().check((ctx) => {
  const problem = checkUpload(
    { fileName: 'icon.svg', mimeType: 'image/svg+xml', size: utf8ByteLength(ctx.value) },
    'icon',
  );
  if (problem) {
    // the input is left out of the issue: it may be 2 MB of text
    ctx.issues.push({ code: 'custom', input: '', message: problem });
  }
});

/**
 * POST /glu/event/item/save: without `id` it creates an item of `eventId`; with `id` (and `version`) it
 * updates that item. `icon`: SVG text to set, null to remove, absent to keep the current one.
 */
export const gluEventItemSaveSchema = z
  .strictObject({
    id: id.optional(),
    version: version.optional(),
    eventId: id,
    code: settingCodeSchema,
    ...settingNames,
    sort: sort.optional(),
    isActive: isActive.optional(),
    icon: svgIconSchema.nullish(),
  })
  .superRefine(settingNameRequired, nameWhen)
  .superRefine(
    (item, ctx) => {
      if (item.id !== undefined && item.version === undefined) {
        ctx.addIssue({ code: 'custom', path: ['version'], message: 'validation.required' });
      }
    },
    whenFieldsValid('id', 'version'),
  );
export type GluEventItemSave = z.infer<typeof gluEventItemSaveSchema>;

/** POST /glu/event/item/enbale (the spec's spelling). */
export const gluEventItemEnableSchema = catalogueStatusSchema;

// ---------------------------------------------------------------- management suggestions

/** Categories of the management-suggestion library the virtual ward uses. */
export const SUGGESTION_CATEGORIES = ['diet', 'exercise', 'medication', 'monitoring', 'education'] as const;
export type SuggestionCategory = (typeof SUGGESTION_CATEGORIES)[number];

const suggestionFields = {
  title: requiredText('suggestion.title.required').check(
    lengthIn(CATALOGUE_LIMITS.suggestionTitle, 'suggestion.title.length'),
  ),
  content: requiredText('suggestion.content.required').check(
    lengthIn(CATALOGUE_LIMITS.suggestionContent, 'suggestion.content.length'),
  ),
  category: requiredEnum(
    SUGGESTION_CATEGORIES,
    'suggestion.category.required',
    'suggestion.category.invalid',
  ),
  sort: sort.optional(),
  isActive: isActive.optional(),
};
export const suggestionCreateSchema = z.strictObject(suggestionFields);
export const suggestionUpdateSchema = z.strictObject({ id, version, ...suggestionFields });
export type SuggestionCreate = z.infer<typeof suggestionCreateSchema>;
export type SuggestionUpdate = z.infer<typeof suggestionUpdateSchema>;

// ---------------------------------------------------------------- dictionaries

/** A dictionary type: a name such as `untestedReason` (a letter, then letters, digits or _; 2-32). */
export const dictTypeSchema = requiredText('dict.type.required').check(
  matches(/^[A-Za-z][A-Za-z0-9_]{1,31}$/, 'dict.type.format'),
);

/** A dictionary value: optional, numeric when given ({@link settingDictValueSchema}); '' counts as none. */
export const optionalDictValueSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  settingDictValueSchema.nullish(),
);

const dictName = requiredText('settings.name.required').check(
  lengthIn(CATALOGUE_LIMITS.dictName, 'settings.name.length'),
);

/**
 * POST /v1/dict: without `id` it creates an entry, with `id` (and `version`) it updates one. Code 1-32
 * (letters, digits, `_`, `-`, `.`; unique within the type), names in both languages, value optional
 * and numeric, sort, enabled.
 */
export const dictEntrySaveSchema = z
  .strictObject({
    id: id.optional(),
    version: version.optional(),
    type: dictTypeSchema,
    code: requiredText('settings.code.required')
      .check(lengthIn(CATALOGUE_LIMITS.dictCode, 'settings.code.length'))
      .check(matches(/^[A-Za-z0-9_.-]+$/, 'dict.code.format')),
    nameZh: dictName,
    nameEn: dictName,
    value: optionalDictValueSchema,
    sort: sort.optional(),
    isActive: isActive.optional(),
  })
  .superRefine(
    (entry, ctx) => {
      if (entry.id !== undefined && entry.version === undefined) {
        ctx.addIssue({ code: 'custom', path: ['version'], message: 'validation.required' });
      }
    },
    whenFieldsValid('id', 'version'),
  );
export type DictEntrySave = z.infer<typeof dictEntrySaveSchema>;

// ---------------------------------------------------------------- hospital name

/**
 * PUT /v1/tenants: `tenantName` is the hospital name in the request's language; `tenantNameEn` and
 * `tenantNameZh` set a language explicitly (and win over `tenantName` for theirs). Each 2-50; at least
 * one is needed.
 */
export const tenantNameSchema = z
  .strictObject({
    tenantName: hospitalNameSchema.optional(),
    tenantNameEn: hospitalNameSchema.optional(),
    tenantNameZh: hospitalNameSchema.optional(),
  })
  .superRefine(
    (body, ctx) => {
      if (isBlank(body.tenantName) && isBlank(body.tenantNameEn) && isBlank(body.tenantNameZh)) {
        ctx.addIssue({ code: 'custom', path: ['tenantName'], message: 'settings.hospitalName.required' });
      }
    },
    whenFieldsValid('tenantName', 'tenantNameEn', 'tenantNameZh'),
  );
export type TenantNameInput = z.infer<typeof tenantNameSchema>;
