import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { oneNameAtLeast, twoNames } from './names';
import { users } from './tenancy';

/**
 * Hospital settings kept as rows (§3 Hospital settings). Settings that are one value per tenant live
 * in the `settings` key-value table instead (see modules/settings/service.ts). Values are in each
 * item's storage unit (mmol/L for glucose and ketone, µmol/L for uric acid) whatever unit a form shows.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const version = () => integer('version').notNull().default(1);
const tenantId = () => text('tenant_id').notNull();
const id = () => bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity();

/**
 * Glucose periods (the eight meal periods and any the hospital adds): a time window [start, end) as
 * `HH:mm` used to place a reading without a period, and the normal range (min, max) of the period.
 * Records store the period code, so a period is stopped (is_active false), never deleted.
 */
export const glucosePeriods = pgTable(
  'glucose_periods',
  {
    tenantId: tenantId(),
    id: id(),
    code: text('code').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    sort: integer('sort').notNull().default(0),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    minValue: doublePrecision('min_value'),
    maxValue: doublePrecision('max_value'),
    isActive: boolean('is_active').notNull().default(true),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('glucose_periods_code_uq').on(t.tenantId, t.code),
  ],
);

/** Insulin periods: when insulin doses are given (breakfast, lunch, dinner, bedtime ...). */
export const insulinPeriods = pgTable(
  'insulin_periods',
  {
    tenantId: tenantId(),
    id: id(),
    code: text('code').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    sort: integer('sort').notNull().default(0),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('insulin_periods_code_uq').on(t.tenantId, t.code),
  ],
);

/** Critical grades (levels): a code such as `I`, its names and colour. */
export const crisisGrades = pgTable(
  'crisis_grades',
  {
    tenantId: tenantId(),
    id: id(),
    grade: text('grade').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    color: text('color').notNull(),
    description: text('description'),
    sort: integer('sort').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('crisis_grades_grade_uq').on(t.tenantId, t.grade),
  ],
);

/** Age brackets (whole years, inclusive) that age-based critical settings refer to. */
export const ageBrackets = pgTable(
  'age_brackets',
  {
    tenantId: tenantId(),
    id: id(),
    name: text('name').notNull(),
    minAge: integer('min_age').notNull(),
    maxAge: integer('max_age').notNull(),
    sort: integer('sort').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('age_brackets_name_uq').on(t.tenantId, t.name),
  ],
);

/**
 * Limits for classifying a measurement (packages/domain classifyMeasurement), at one scope:
 * - `item`: crisis values of an item (no period, department or bracket);
 * - `period`: crisis values of a glucose period (its normal range is on glucose_periods);
 * - `department`: a department's own definition, for all periods (period null) or one period;
 * - `departmentAge`: a department + age bracket, for all periods or one;
 * - `virtualWard`: the limits used for virtual-ward patients, by item (period null) or period.
 * Any limit may be null ("not set at this scope"). One row per scope (the unique index).
 */
export const crisisRules = pgTable(
  'crisis_rules',
  {
    tenantId: tenantId(),
    id: id(),
    scope: text('scope').notNull(),
    item: text('item').notNull(),
    periodCode: text('period_code'),
    departmentCode: text('department_code'),
    ageBracketId: bigint('age_bracket_id', { mode: 'number' }),
    low: doublePrecision('low'),
    high: doublePrecision('high'),
    criticalLow: doublePrecision('critical_low'),
    criticalHigh: doublePrecision('critical_high'),
    lowColor: text('low_color'),
    highColor: text('high_color'),
    criticalLowColor: text('critical_low_color'),
    criticalHighColor: text('critical_high_color'),
    grade: text('grade'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('crisis_rules_scope_uq').on(
      t.tenantId,
      t.scope,
      t.item,
      sql`coalesce(${t.periodCode}, '')`,
      sql`coalesce(${t.departmentCode}, '')`,
      sql`coalesce(${t.ageBracketId}, 0)`,
    ),
    index('crisis_rules_department_idx').on(t.tenantId, t.departmentCode),
    foreignKey({
      name: 'crisis_rules_age_bracket_fk',
      columns: [t.tenantId, t.ageBracketId],
      foreignColumns: [ageBrackets.tenantId, ageBrackets.id],
    }),
  ],
);

/** QC target values: per strip type and control level (0-2), the target and SD (0 when absent). */
export const targetSettings = pgTable(
  'target_settings',
  {
    tenantId: tenantId(),
    stripType: text('strip_type').notNull(),
    level: integer('level').notNull(),
    target: doublePrecision('target').notNull(),
    sd: doublePrecision('sd').notNull(),
    updatedAt: updatedAt(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.stripType, t.level] })],
);

/** Patient tags offered on the inpatient list (a patient stores the tag text it was given). */
export const tagOptions = pgTable(
  'tag_options',
  {
    tenantId: tenantId(),
    id: id(),
    /** the text a patient stores (the name it was created with) */
    tag: text('tag').notNull(),
    /** its Chinese and English names (null: the tag text) */
    tagZh: text('tag_zh'),
    tagEn: text('tag_en'),
    color: text('color'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('tag_options_tag_uq').on(t.tenantId, t.tag),
  ],
);

/** Advice (order) frequencies: code, name, frequency text, times per day and the times they fall at. */
export const adviceFrequencies = pgTable(
  'advice_frequencies',
  {
    tenantId: tenantId(),
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    frequency: text('frequency').notNull(),
    timesPerDay: integer('times_per_day'),
    executeTimes: jsonb('execute_times').$type<string[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('advice_frequencies_code_uq').on(t.tenantId, t.code),
  ],
);

/** Inspection (laboratory) packages, e.g. "diabetes panel". */
export const inspectionPackages = pgTable(
  'inspection_packages',
  {
    tenantId: tenantId(),
    id: id(),
    code: text('code').notNull(),
    ...twoNames(),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('inspection_packages_code_uq').on(t.tenantId, t.code),
    oneNameAtLeast('inspection_packages', t),
  ],
);

/** Inspection items of a package, with unit and reference range. */
export const inspectionItems = pgTable(
  'inspection_items',
  {
    tenantId: tenantId(),
    id: id(),
    packageId: bigint('package_id', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    ...twoNames(),
    unit: text('unit'),
    referenceLow: doublePrecision('reference_low'),
    referenceHigh: doublePrecision('reference_high'),
    sort: integer('sort').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('inspection_items_code_uq').on(t.tenantId, t.code),
    index('inspection_items_package_idx').on(t.tenantId, t.packageId, t.sort),
    oneNameAtLeast('inspection_items', t),
    foreignKey({
      name: 'inspection_items_package_fk',
      columns: [t.tenantId, t.packageId],
      foreignColumns: [inspectionPackages.tenantId, inspectionPackages.id],
    }),
  ],
);

/**
 * Mapping items: an external system's item code (HIS, LIS or a meter) mapped to this product's
 * measurement item (GLU, KET, UA) or inspection item code, so uploads and HL7 messages land right.
 */
export const mappingItems = pgTable(
  'mapping_items',
  {
    tenantId: tenantId(),
    id: id(),
    source: text('source').notNull(),
    externalCode: text('external_code').notNull(),
    externalName: text('external_name'),
    targetKind: text('target_kind').notNull(),
    targetCode: text('target_code').notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('mapping_items_external_uq').on(t.tenantId, t.source, t.externalCode),
  ],
);

/** A user's own preferences (e.g. test time ascending), one JSON value per key. */
export const userSettings = pgTable(
  'user_settings',
  {
    tenantId: tenantId(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.key] }),
    foreignKey({
      name: 'user_settings_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
  ],
);
