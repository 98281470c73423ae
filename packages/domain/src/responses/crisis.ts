import { z } from 'zod';
import { CLASSIFICATIONS, LIMIT_LEVELS, MEASUREMENT_ITEMS } from '../clinical/classification';
import { CRISIS_SCOPES } from '../hospital-settings/crisis';

/** Critical-value settings: rules by item, period, department, age bracket and virtual ward; grades; brackets. */

const limit = z.number().nullable();
const color = z.string().nullable();

/** A critical-value rule: normal range and critical limits (storage unit) with their colours. */
export const crisisRuleView = z.object({
  id: z.number(),
  scope: z.enum(CRISIS_SCOPES),
  item: z.enum(MEASUREMENT_ITEMS),
  periodCode: z.string().nullable(),
  departmentCode: z.string().nullable(),
  ageBracketId: z.number().nullable(),
  low: limit,
  high: limit,
  criticalLow: limit,
  criticalHigh: limit,
  lowColor: color,
  highColor: color,
  criticalLowColor: color,
  criticalHighColor: color,
  grade: z.string().nullable(),
  version: z.number(),
  updatedAt: z.string(),
});
export type CrisisRuleView = z.infer<typeof crisisRuleView>;

/** A rule with the names of what it applies to (request language). */
export const namedCrisisRuleView = crisisRuleView.extend({
  departmentName: z.string().nullable(),
  periodName: z.string().nullable(),
  ageBracketName: z.string().nullable(),
  minAge: z.number().nullable(),
  maxAge: z.number().nullable(),
});
export type NamedCrisisRuleView = z.infer<typeof namedCrisisRuleView>;

/** An item's rule and, for glucose, each period's normal range and rule. */
export const crisisItemSettingsView = z.object({
  category: z.enum(MEASUREMENT_ITEMS),
  unit: z.string(),
  item: crisisRuleView.nullable(),
  periods: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      min: limit,
      max: limit,
      isActive: z.boolean(),
      rule: crisisRuleView.nullable(),
    }),
  ),
});
export type CrisisItemSettingsView = z.infer<typeof crisisItemSettingsView>;

const limitSource = z.enum(LIMIT_LEVELS).nullable();

/** How a reading would be classified with the current settings, and where each limit came from. */
export const crisisClassificationView = z.object({
  category: z.enum(MEASUREMENT_ITEMS),
  storageUnit: z.string(),
  value: z.number().nullable(),
  classification: z.enum(CLASSIFICATIONS),
  color: z.string().nullable(),
  grade: z.string().nullable(),
  gradeName: z.string().nullable(),
  limits: z.object({ low: limit, high: limit, criticalLow: limit, criticalHigh: limit }),
  sources: z.object({
    low: limitSource,
    high: limitSource,
    criticalLow: limitSource,
    criticalHigh: limitSource,
  }),
});
export type CrisisClassificationView = z.infer<typeof crisisClassificationView>;

/** A critical grade with the number of rules using it. */
export const crisisGradeView = z.object({
  id: z.number(),
  grade: z.string(),
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  color: z.string(),
  description: z.string().nullable(),
  sort: z.number(),
  version: z.number(),
  ruleCount: z.number(),
  updatedAt: z.string(),
});
export type CrisisGradeView = z.infer<typeof crisisGradeView>;

/** An age bracket with the number of age settings using it. */
export const ageBracketView = z.object({
  id: z.number(),
  name: z.string(),
  minAge: z.number(),
  maxAge: z.number(),
  sort: z.number(),
  version: z.number(),
  settingCount: z.number(),
  updatedAt: z.string(),
});
export type AgeBracketView = z.infer<typeof ageBracketView>;
