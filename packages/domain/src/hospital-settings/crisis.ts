/**
 * Critical-value settings (§3 Hospital settings: crisis values by item and by period with colours and
 * levels, crisis grades, age-based crisis settings per department, age brackets; §5 Settings "Crisis
 * low below crisis high; colours required", "Age min and max required, min not above max").
 *
 * Every rule body carries the four limits of {@link LimitRule} (normal range low/high, critical
 * low/high), in the item's storage unit ({@link STORAGE_UNITS}). Unlike `crisisValueSchema` (a form that
 * always has both crisis values) a rule may set only some limits — a department that only lowers the
 * critical low keeps everything else from the less specific levels — so each limit is optional, but:
 * at least one is given; each is > 0; a critical value given needs its colour; the pairs are ordered
 * (critical low < low < high < critical high, critical low < critical high).
 */
import { z } from 'zod';
import {
  CLASSIFICATION_ISSUE_CODES,
  type ClassificationIssueCode,
  type ClassificationSettings,
  classifyMeasurement,
  type LimitLevel,
  type LimitName,
  MEASUREMENT_ITEMS,
  type MeasurementItem,
} from '../clinical/classification';
import type { LengthLimit } from '../constants';
import type { MessageKey } from '../i18n/messages';
import {
  isBlank,
  lengthIn,
  matches,
  optionalText,
  recordVersion,
  requiredEnum,
  requiredId,
  requiredText,
  whenFieldsValid,
} from '../rules/common';
import { ageBracketSchema, SETTING_LIMITS, settingColorSchema, settingNameSchema } from '../rules/settings';

/** Scopes a `crisis_rules` row can have (see the table's comment). */
export const CRISIS_SCOPES = ['item', 'period', 'department', 'departmentAge', 'virtualWard'] as const;
export type CrisisScope = (typeof CRISIS_SCOPES)[number];

/** Limits of the critical-value forms (where the spec is silent: our choice). */
export const CRISIS_LIMITS = {
  /** a limit, in the storage unit: above 0 (exclusive) up to 9999 µmol/L or mmol/L */
  value: { min: 0, max: 9999 },
  /** grade code (§5 "Code 1-12") */
  grade: SETTING_LIMITS.code,
  /** grade names (§5 "name 1-12") */
  gradeName: SETTING_LIMITS.name,
  gradeDescription: { min: 0, max: 200 },
  /** an age bracket's name (one text for both languages, e.g. "Older adults 老年") */
  bracketName: { min: 1, max: 40 },
  sort: { min: 0, max: 9999 },
} as const satisfies Record<string, LengthLimit>;

/** The four limits of a rule and their colours, in the order the forms show them. */
export const LIMIT_FIELDS = [
  'criticalLow',
  'low',
  'high',
  'criticalHigh',
] as const satisfies readonly LimitName[];
export const LIMIT_COLOR_FIELDS = {
  low: 'lowColor',
  high: 'highColor',
  criticalLow: 'criticalLowColor',
  criticalHigh: 'criticalHighColor',
} as const satisfies Record<LimitName, string>;

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
/** Longest department, period or grade code a rule refers to. */
const CODE_MAX = 32;

const id = z.number().int().positive();
const version = recordVersion;
const sort = z.number().int().min(CRISIS_LIMITS.sort.min).max(CRISIS_LIMITS.sort.max);

/** The item: GLU, KET or UA. */
export const crisisCategorySchema = requiredEnum(
  MEASUREMENT_ITEMS,
  'crisis.category.required',
  'crisis.category.invalid',
);

/** One limit: a number above 0 and at most 9999, or absent / null (not set at this scope). */
export const crisisLimitSchema = z
  .number()
  .check((ctx) => {
    const { min, max } = CRISIS_LIMITS.value;
    if (!(ctx.value > min && ctx.value <= max)) {
      ctx.issues.push({
        code: ctx.value > max ? 'too_big' : 'too_small',
        origin: 'number',
        minimum: min,
        maximum: max,
        inclusive: false,
        input: ctx.value,
        message: 'crisis.value.range',
      } as z.core.$ZodRawIssue);
    }
  })
  .nullish();

/** A band colour `#RRGGBB`, optional. */
const optionalColor = optionalText().check(matches(HEX_COLOR, 'settings.color.invalid')).nullish();

/** A code (period, department, grade) that may be absent, null or ''. */
const optionalCode = optionalText().max(CODE_MAX, { error: 'validation.tooLong' }).nullish();

const limitFields = {
  low: crisisLimitSchema,
  high: crisisLimitSchema,
  criticalLow: crisisLimitSchema,
  criticalHigh: crisisLimitSchema,
  lowColor: optionalColor,
  highColor: optionalColor,
  criticalLowColor: optionalColor,
  criticalHighColor: optionalColor,
  grade: optionalCode,
};

type Limits = {
  low?: number | null;
  high?: number | null;
  criticalLow?: number | null;
  criticalHigh?: number | null;
  lowColor?: string | null;
  highColor?: string | null;
  criticalLowColor?: string | null;
  criticalHighColor?: string | null;
  category?: string;
  periodCode?: string | null;
  id?: number | null;
  version?: number | null;
};

const has = (value: number | null | undefined): value is number => typeof value === 'number';

/**
 * The order of the limits given in one body (the same keys as {@link validateClassificationSettings}
 * uses on the stored settings, so a form and a failed save word a problem alike) and the colour each
 * critical value needs.
 */
function checkLimits(rule: Limits, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: MessageKey) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  const { low, high, criticalLow, criticalHigh } = rule;
  if (![low, high, criticalLow, criticalHigh].some(has)) {
    issue('criticalLow', 'crisis.value.required');
    return;
  }
  if (has(criticalLow) && isBlank(rule.criticalLowColor))
    issue('criticalLowColor', 'settings.color.required');
  if (has(criticalHigh) && isBlank(rule.criticalHighColor))
    issue('criticalHighColor', 'settings.color.required');
  if (has(low) && has(high) && low >= high) issue('low', CLASSIFICATION_ISSUE_CODES.rangeOrder);
  if (has(criticalLow) && has(criticalHigh) && criticalLow >= criticalHigh) {
    issue('criticalLow', CLASSIFICATION_ISSUE_CODES.crisisOrder);
  } else if (has(criticalLow) && has(low) && criticalLow >= low) {
    issue('criticalLow', CLASSIFICATION_ISSUE_CODES.criticalLowOrder);
  }
  if (has(criticalHigh) && has(high) && criticalHigh <= high)
    issue('criticalHigh', CLASSIFICATION_ISSUE_CODES.criticalHighOrder);
}

/** Periods are glucose periods: a rule for a period is a glucose rule. */
function checkPeriodItem(rule: Limits, ctx: z.RefinementCtx): void {
  if (!isBlank(rule.periodCode) && rule.category !== undefined && rule.category !== 'GLU') {
    ctx.addIssue({ code: 'custom', path: ['periodCode'], message: 'crisis.period.glucoseOnly' });
  }
}

/** An update sends the id and the version it read; a create sends neither. */
function checkIdVersion(rule: Limits, ctx: z.RefinementCtx): void {
  if (!isBlank(rule.id) && isBlank(rule.version)) {
    ctx.addIssue({ code: 'custom', path: ['version'], message: 'crisis.version.required' });
  } else if (isBlank(rule.id) && !isBlank(rule.version)) {
    ctx.addIssue({ code: 'custom', path: ['id'], message: 'crisis.id.required' });
  }
}

const LIMIT_KEYS = Object.keys(limitFields);

/**
 * The item-level or period-level critical values (`POST /v2/crisisSetting`), and the virtual-ward ones
 * (`POST /v1/fictitious/crisisSetting/`): `periodCode` absent or null is the item's own rule. A period's
 * normal range belongs to the glucose period (its min and max), so a period rule sets no low/high.
 */
export const crisisSettingSaveSchema = z
  .strictObject({
    category: crisisCategorySchema,
    periodCode: optionalCode,
    ...limitFields,
    id: id.nullish(),
    version: version.nullish(),
  })
  .superRefine(checkLimits, whenFieldsValid(...LIMIT_KEYS))
  .superRefine(
    (rule, ctx) => {
      checkPeriodItem(rule, ctx);
      if (!isBlank(rule.periodCode)) {
        if (has(rule.low)) ctx.addIssue({ code: 'custom', path: ['low'], message: 'crisis.period.noRange' });
        if (has(rule.high))
          ctx.addIssue({ code: 'custom', path: ['high'], message: 'crisis.period.noRange' });
      }
    },
    whenFieldsValid('category', 'periodCode', 'low', 'high'),
  )
  .superRefine(checkIdVersion, whenFieldsValid('id', 'version'));
export type CrisisSettingSave = z.infer<typeof crisisSettingSaveSchema>;

/** The virtual-ward limits: the same body as the item and period critical values. */
export const virtualWardCrisisSaveSchema = crisisSettingSaveSchema;
export type VirtualWardCrisisSave = CrisisSettingSave;

const departmentCode = requiredText('crisis.department.required').max(CODE_MAX, {
  error: 'validation.tooLong',
});

/**
 * A department's own definition (`POST /v2/crisisSetting/departmentDefine`): for all periods (no
 * `periodCode`) or one glucose period; create without id, update with id and version.
 */
export const departmentCrisisSaveSchema = z
  .strictObject({
    departmentCode,
    category: crisisCategorySchema,
    periodCode: optionalCode,
    ...limitFields,
    id: id.nullish(),
    version: version.nullish(),
  })
  .superRefine(checkLimits, whenFieldsValid(...LIMIT_KEYS))
  .superRefine(checkPeriodItem, whenFieldsValid('category', 'periodCode'))
  .superRefine(checkIdVersion, whenFieldsValid('id', 'version'));
export type DepartmentCrisisSave = z.infer<typeof departmentCrisisSaveSchema>;

/** Sets the grade of a department rule (`POST /v1/crisisSetting/departmentDefine/grade`). */
export const departmentCrisisGradeSchema = z.strictObject({
  id,
  version,
  grade: requiredText('crisis.grade.required').check(lengthIn(CRISIS_LIMITS.grade, 'settings.code.length')),
});
export type DepartmentCrisisGrade = z.infer<typeof departmentCrisisGradeSchema>;

const ageSettingFields = {
  departmentCode,
  ageBracketId: requiredId('crisis.ageBracket.required'),
  category: crisisCategorySchema,
  periodCode: optionalCode,
  ...limitFields,
};

/** A department's limits for one age bracket (`POST /v1/crisisSetting/departmentDefine/age/setting`). */
export const ageCrisisCreateSchema = z
  .strictObject(ageSettingFields)
  .superRefine(checkLimits, whenFieldsValid(...LIMIT_KEYS))
  .superRefine(checkPeriodItem, whenFieldsValid('category', 'periodCode'));
/** The same, changed (`PUT`): with the id and the version read. */
export const ageCrisisUpdateSchema = z
  .strictObject({ id, version, ...ageSettingFields })
  .superRefine(checkLimits, whenFieldsValid(...LIMIT_KEYS))
  .superRefine(checkPeriodItem, whenFieldsValid('category', 'periodCode'));
export type AgeCrisisCreate = z.infer<typeof ageCrisisCreateSchema>;
export type AgeCrisisUpdate = z.infer<typeof ageCrisisUpdateSchema>;

/**
 * A critical grade (`POST /v2/crisisGrade`): code 1-12 (e.g. `I`), names 1-12 in both languages, a
 * colour, an optional description; create without id, update with id and version.
 */
export const crisisGradeSaveSchema = z
  .strictObject({
    grade: requiredText('settings.code.required').check(
      lengthIn(CRISIS_LIMITS.grade, 'settings.code.length'),
    ),
    nameZh: settingNameSchema,
    nameEn: settingNameSchema,
    color: settingColorSchema,
    description: optionalText()
      .max(CRISIS_LIMITS.gradeDescription.max, { error: 'validation.tooLong' })
      .nullish(),
    sort: sort.optional(),
    id: id.nullish(),
    version: version.nullish(),
  })
  .superRefine(checkIdVersion, whenFieldsValid('id', 'version'));
export type CrisisGradeSave = z.infer<typeof crisisGradeSaveSchema>;

/**
 * An age bracket (`POST /v1/ageBracket`): the §5 rule of {@link ageBracketSchema} (minimum and maximum
 * age required, whole years 0-150, minimum not above maximum) with a name (1-40, unique per tenant).
 */
export const ageBracketCreateSchema = ageBracketSchema.safeExtend({
  name: requiredText('settings.name.required').check(
    lengthIn(CRISIS_LIMITS.bracketName, 'settings.name.length'),
  ),
  sort: sort.optional(),
});
/** The same, changed (`PUT /v1/ageBracket`): with the id and the version read. */
export const ageBracketUpdateSchema = ageBracketCreateSchema.safeExtend({ id, version });
export type AgeBracketCreate = z.infer<typeof ageBracketCreateSchema>;
export type AgeBracketUpdate = z.infer<typeof ageBracketUpdateSchema>;

/** A limit order problem of the limits that meet for one measurement context. */
export interface EffectiveLimitIssue {
  code: ClassificationIssueCode;
  item: MeasurementItem;
  periodCode: string | null;
  departmentCode: string | null;
  /** the age bracket of the context, when a department + age rule supplied one of the limits */
  minAge: number | null;
  maxAge: number | null;
  /** the field blamed (as {@link validateClassificationSettings} blames it) */
  field: LimitName;
  /** levels the two compared limits came from */
  levels: [LimitLevel, LimitLevel];
}

/** [the limit that must be lower, the one that must be higher, the problem, the field blamed] */
const ORDER_CHECKS: readonly [LimitName, LimitName, ClassificationIssueCode, LimitName][] = [
  ['criticalLow', 'criticalHigh', CLASSIFICATION_ISSUE_CODES.crisisOrder, 'criticalLow'],
  ['criticalLow', 'low', CLASSIFICATION_ISSUE_CODES.criticalLowOrder, 'criticalLow'],
  ['low', 'high', CLASSIFICATION_ISSUE_CODES.rangeOrder, 'low'],
  ['high', 'criticalHigh', CLASSIFICATION_ISSUE_CODES.criticalHighOrder, 'criticalHigh'],
];

/**
 * The order of the limits as they meet for a measurement, where they come from different levels:
 * {@link validateClassificationSettings} checks each scope on its own, so an item's critical low of
 * 5.0 passes there beside a fasting range of 4.4-7.0, yet every fasting reading of 4.5 would be
 * critical. Here every context a rule can create is classified — each item, with no period and with
 * each of `periodCodes` (glucose only), with no department, each department that has rules, and each
 * age bracket of a department (probed at its minimum and maximum age) — and the effective limits must
 * be ordered: critical low < low < high < critical high, critical low < critical high. Pairs from the
 * same level are left to {@link validateClassificationSettings}; one issue per problem and levels.
 */
export function effectiveLimitIssues(
  settings: ClassificationSettings,
  periodCodes: readonly string[],
): EffectiveLimitIssue[] {
  const contexts: { departmentCode: string | null; age: number | null }[] = [
    { departmentCode: null, age: null },
  ];
  const departments = new Set([
    ...settings.departments.map((rule) => rule.departmentCode),
    ...settings.departmentAges.map((rule) => rule.departmentCode),
  ]);
  for (const code of departments) contexts.push({ departmentCode: code, age: null });
  for (const rule of settings.departmentAges) {
    contexts.push({ departmentCode: rule.departmentCode, age: rule.minAge });
    contexts.push({ departmentCode: rule.departmentCode, age: rule.maxAge });
  }

  const issues = new Map<string, EffectiveLimitIssue>();
  for (const item of MEASUREMENT_ITEMS) {
    const periods = item === 'GLU' ? [null, ...periodCodes] : [null];
    for (const periodCode of periods) {
      for (const context of contexts) {
        const { limits, sources } = classifyMeasurement(
          { item, value: Number.NaN, periodCode },
          context,
          settings,
        );
        for (const [first, second, code, blamed] of ORDER_CHECKS) {
          const [a, b] = [limits[first], limits[second]];
          const [levelA, levelB] = [sources[first], sources[second]];
          if (a === null || b === null || levelA === null || levelB === null || levelA === levelB) continue;
          if (a < b) continue;
          const usesDepartment = [levelA, levelB].some((l) => l === 'department' || l === 'departmentAge');
          const usesAge = levelA === 'departmentAge' || levelB === 'departmentAge';
          const bracket = usesAge ? bracketOf(settings, context.departmentCode, context.age, item) : null;
          const issue: EffectiveLimitIssue = {
            code,
            item,
            periodCode,
            departmentCode: usesDepartment ? context.departmentCode : null,
            minAge: bracket?.minAge ?? null,
            maxAge: bracket?.maxAge ?? null,
            field: blamed,
            levels: [levelA, levelB],
          };
          const key = JSON.stringify([
            code,
            item,
            periodCode,
            issue.departmentCode,
            issue.minAge,
            issue.maxAge,
          ]);
          if (!issues.has(key)) issues.set(key, issue);
        }
      }
    }
  }
  return [...issues.values()];
}

/** The narrowest bracket of a department holding an age (the one that wins, when they nest). */
function bracketOf(
  settings: ClassificationSettings,
  departmentCode: string | null,
  age: number | null,
  item: MeasurementItem,
): { minAge: number; maxAge: number } | null {
  if (departmentCode === null || age === null) return null;
  const holding = settings.departmentAges
    .filter(
      (r) => r.item === item && r.departmentCode === departmentCode && r.minAge <= age && age <= r.maxAge,
    )
    .sort((a, b) => a.maxAge - a.minAge - (b.maxAge - b.minAge));
  return holding[0] ?? null;
}
