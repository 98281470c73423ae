/**
 * Measurement classification (§3 Hospital settings: glucose periods with min/max, crisis values by item
 * and by period with colours and levels, crisis grades, age-based crisis settings per department, age
 * brackets): whether a glucose, ketone or uric-acid reading is normal, low, high or critical, which
 * colour shows it and which crisis grade it has.
 *
 * Decisions where the spec is silent (each repeated on the function it concerns):
 * - Limits are resolved **per limit** from the most specific level that sets it: department + age
 *   bracket → department → period → item. A measurement never falls back to "normal" for want of
 *   limits: with no normal-range limit it is `unknown` unless a critical limit is crossed.
 * - Readings are stored and compared at full precision (what was entered, converted without rounding);
 *   glucose is compared in the unit it was entered in against each limit as it reads in that unit
 *   ({@link compareGlucoseWithLimit}: 70 mg/dL equals 3.9 mmol/L, 3.85 mmol/L is below it).
 * - `time` of a measurement is not used: callers that have no period derive one with {@link periodAt}.
 */
import { compareGlucoseWithLimit, isMgDl, MGDL_PER_MMOL } from '../helpers/glucose';
import { zonedFormat } from '../helpers/zoned-format';
import type { MessageKey } from '../i18n/messages';
import { SETTING_LIMITS } from '../rules/settings';

/** Items a measurement can be of: blood glucose, ketone (β-hydroxybutyrate) and uric acid. */
export const MEASUREMENT_ITEMS = ['GLU', 'KET', 'UA'] as const;
/** An item a measurement can be of (see {@link MEASUREMENT_ITEMS}). */
export type MeasurementItem = (typeof MEASUREMENT_ITEMS)[number];

/** Unit each item is stored, configured and compared in. */
export const STORAGE_UNITS = { GLU: 'mmol/L', KET: 'mmol/L', UA: 'µmol/L' } as const satisfies Record<
  MeasurementItem,
  string
>;

/**
 * µmol/L of uric acid per mg/dL: 10 dL/L ÷ 168.11 g/mol (molar mass of uric acid, C5H4N4O3) × 1000
 * = 59.48. This is the factor of the usual SI conversion tables (e.g. the AMA Manual of Style SI
 * conversion table: "uric acid, mg/dL × 59.48 = µmol/L").
 */
export const UA_UMOL_PER_MGDL = 59.48;

/** Results of {@link classifyMeasurement}. `unknown` means "cannot say", never "normal". */
export const CLASSIFICATIONS = ['normal', 'low', 'high', 'criticalLow', 'criticalHigh', 'unknown'] as const;
/** Result of {@link classifyMeasurement} (see {@link CLASSIFICATIONS}). */
export type Classification = (typeof CLASSIFICATIONS)[number];

/** The four limits of a rule. */
export type LimitName = 'low' | 'high' | 'criticalLow' | 'criticalHigh';
/** Levels limits are configured at, from the most specific to the least. */
export type LimitLevel = 'departmentAge' | 'department' | 'period' | 'item';
/** Levels in order of precedence (most specific first). */
export const LIMIT_LEVELS = [
  'departmentAge',
  'department',
  'period',
  'item',
] as const satisfies readonly LimitLevel[];

/**
 * Limits at one level of specificity; any field may be absent (null/undefined) = "not set here". A
 * limit that is not a finite number (NaN, Infinity) and a blank colour or grade also count as not set.
 * Values are in the item's storage unit ({@link STORAGE_UNITS}).
 */
export interface LimitRule {
  /** normal range, lower end: value < low → low (equal is normal) */
  low?: number | null;
  /** normal range, upper end: value > high → high (equal is normal) */
  high?: number | null;
  /** value <= criticalLow → criticalLow (equal is critical) */
  criticalLow?: number | null;
  /** value >= criticalHigh → criticalHigh (equal is critical) */
  criticalHigh?: number | null;
  lowColor?: string | null;
  highColor?: string | null;
  criticalLowColor?: string | null;
  criticalHighColor?: string | null;
  /** critical grade code (e.g. 'I', 'II'), for the critical limits this rule sets */
  grade?: string | null;
}

/** A crisis grade (§3 "crisis grades"). */
export interface CrisisGrade {
  code: string;
  name?: string;
  color?: string | null;
  sort?: number;
}

/** Item-level rule (crisis values by item). */
export type ItemLimitRule = LimitRule & { item: MeasurementItem };
/** Period-level rule (glucose period min/max, crisis values by period). */
export type PeriodLimitRule = LimitRule & { item: MeasurementItem; periodCode: string };
/** Department rule; `periodCode` null/absent/blank = all periods. */
export type DepartmentLimitRule = LimitRule & {
  item: MeasurementItem;
  departmentCode: string;
  periodCode?: string | null;
};
/** Department + age bracket rule (inclusive years); `periodCode` null/absent/blank = all periods. */
export type DepartmentAgeLimitRule = LimitRule & {
  item: MeasurementItem;
  departmentCode: string;
  minAge: number;
  maxAge: number;
  periodCode?: string | null;
};

/** Everything {@link classifyMeasurement} reads from the hospital settings. */
export interface ClassificationSettings {
  items: ItemLimitRule[];
  periods: PeriodLimitRule[];
  departments: DepartmentLimitRule[];
  departmentAges: DepartmentAgeLimitRule[];
  grades?: CrisisGrade[];
}

/** A reading to classify. `time` is not used by the classification (see {@link periodAt}). */
export interface MeasurementInput {
  item: MeasurementItem;
  value: number;
  unit?: string | null;
  periodCode?: string | null;
  time?: string | Date;
}

/** What the classification needs to know of the patient. */
export interface PatientContext {
  departmentCode?: string | null;
  /** age in years; a fractional age is read as completed years (14.9 → 14) */
  age?: number | null;
}

/** Result of {@link classifyMeasurement}. */
export interface ClassificationResult {
  classification: Classification;
  /**
   * The value in the storage unit (mmol/L for GLU and KET, µmol/L for UA) at full precision, as
   * {@link toStorageValue} gives it; NaN when the value or its unit cannot be read.
   */
  valueMmol: number;
  /** colour of the band hit; null for normal and unknown, and when nothing sets a colour */
  color: string | null;
  /** crisis grade code, set only for critical results */
  grade: string | null;
  /** the effective limits (null when unset) */
  limits: Required<Pick<LimitRule, LimitName>>;
  /** the level each effective limit came from (null when unset) */
  sources: Record<LimitName, LimitLevel | null>;
}

const LIMIT_NAMES: readonly LimitName[] = ['low', 'high', 'criticalLow', 'criticalHigh'];
const COLOR_FIELD = {
  low: 'lowColor',
  high: 'highColor',
  criticalLow: 'criticalLowColor',
  criticalHigh: 'criticalHighColor',
} as const satisfies Record<LimitName, keyof LimitRule>;
type ColorField = (typeof COLOR_FIELD)[LimitName];
const RULE_FIELDS = [...LIMIT_NAMES, ...Object.values(COLOR_FIELD), 'grade'] as const;
type RuleField = (typeof RULE_FIELDS)[number];

function limitOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function isSet(rule: LimitRule, field: RuleField): boolean {
  return field === 'low' || field === 'high' || field === 'criticalLow' || field === 'criticalHigh'
    ? limitOf(rule[field]) !== null
    : textOf(rule[field]) !== null;
}

/** A code as compared: trimmed; blank, null and undefined are "none". */
function codeOf(value: unknown): string | null {
  return textOf(value);
}

/** Completed years of an age, or null when there is no usable age. */
function ageOf(age: number | null | undefined): number | null {
  return typeof age === 'number' && Number.isFinite(age) && age >= 0 ? Math.floor(age) : null;
}

function normalizeUnit(unit: string | null | undefined): string {
  return typeof unit === 'string' ? unit.trim().toLowerCase().replace(/[µμ]/g, 'u').replace(/\s+/g, '') : '';
}

/** A unit code of the readings (`mmolL`, `mgDl`, `umolL`) from a code or a name (`mg/dL`, `µmol/L`, any case), or null. */
export function readingUnitCode(unit: string | null | undefined): 'mmolL' | 'mgDl' | 'umolL' | null {
  const name = normalizeUnit(unit);
  if (name === 'mmoll' || name === 'mmol/l') return 'mmolL';
  if (name === 'mgdl' || name === 'mg/dl') return 'mgDl';
  if (name === 'umoll' || name === 'umol/l') return 'umolL';
  return null;
}

/**
 * A reading in `unit` converted to the storage unit of `item` at full precision (never rounded: rounding
 * is for display only), or null when the value is not a finite number or the unit is not one the item
 * accepts:
 * - GLU: a unit {@link isMgDl} accepts is mg/dL, ÷18 (§5 Other glucose conversion); any other unit, or
 *   none, is mmol/L (the project's rule for glucose unit names), kept as given.
 * - KET: only mmol/L (`mmol/L`, `mmolL`, any case) or no unit; there is no single conversion from
 *   mg/dL (it depends on which ketone body is measured), so other units give null.
 * - UA: µmol/L (`umol/L`, `μmol/L`, `µmol/L`, `umolL`, any case) or no unit, kept as given; mg/dL (as
 *   {@link isMgDl}) × {@link UA_UMOL_PER_MGDL}; other units (including mmol/L, to avoid a thousandfold
 *   mix-up) give null.
 */
export function toStorageValue(item: MeasurementItem, value: number, unit?: string | null): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const name = normalizeUnit(unit);
  switch (item) {
    case 'GLU':
      return isMgDl(unit) ? value / MGDL_PER_MMOL : value;
    case 'KET':
      return name === '' || name === 'mmol/l' || name === 'mmoll' ? value : null;
    case 'UA':
      if (name === '' || name === 'umol/l' || name === 'umoll') return value;
      return isMgDl(unit) ? value * UA_UMOL_PER_MGDL : null;
    default:
      return null;
  }
}

/** Rules of one identical scope, merged field by field (the first listed that sets a field wins). */
interface ScopeGroup {
  level: LimitLevel;
  rule: LimitRule;
}

function mergeRules(rules: readonly LimitRule[]): LimitRule {
  const merged: LimitRule = {};
  for (const field of RULE_FIELDS) {
    const first = rules.find((rule) => isSet(rule, field));
    if (first) Object.assign(merged, { [field]: first[field] });
  }
  return merged;
}

/** Groups by key, keeping the order in which keys first appear and the list order inside a group. */
function groupBy<T>(list: readonly T[], key: (entry: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const entry of list) {
    const k = key(entry);
    const group = groups.get(k);
    if (group) group.push(entry);
    else groups.set(k, [entry]);
  }
  return [...groups.values()];
}

/** Whether a department-level rule's period applies: its own period equal to `period`, or none. */
function periodApplies(rulePeriod: unknown, period: string | null): boolean {
  const own = codeOf(rulePeriod);
  return own === null || own === period;
}

/**
 * The scope groups that apply to a measurement, most specific first:
 * 1. department + age bracket: period-specific brackets before all-period ones, then the narrower
 *    bracket (smaller maxAge − minAge) first, then list order;
 * 2. department: the period-specific rule before the all-period one;
 * 3. the period; 4. the item.
 */
function applicableGroups(
  item: MeasurementItem,
  periodCode: string | null,
  patient: PatientContext,
  settings: ClassificationSettings,
): ScopeGroup[] {
  const department = codeOf(patient.departmentCode);
  const age = ageOf(patient.age);
  const groups: ScopeGroup[] = [];

  if (department !== null && age !== null) {
    const rules = (settings.departmentAges ?? []).filter((rule) => {
      const min = limitOf(rule.minAge);
      const max = limitOf(rule.maxAge);
      return (
        rule.item === item &&
        codeOf(rule.departmentCode) === department &&
        periodApplies(rule.periodCode, periodCode) &&
        min !== null &&
        max !== null &&
        min <= age &&
        age <= max
      );
    });
    const grouped = groupBy(
      rules,
      (rule) => `${codeOf(rule.periodCode) ?? ''}|${rule.minAge}|${rule.maxAge}`,
    );
    const rank = (group: DepartmentAgeLimitRule[]) => {
      const first = group[0];
      return [codeOf(first.periodCode) === null ? 1 : 0, first.maxAge - first.minAge];
    };
    grouped.sort((a, b) => {
      const [pa, wa] = rank(a);
      const [pb, wb] = rank(b);
      return pa - pb || wa - wb;
    });
    for (const group of grouped) groups.push({ level: 'departmentAge', rule: mergeRules(group) });
  }

  if (department !== null) {
    const rules = (settings.departments ?? []).filter(
      (rule) =>
        rule.item === item &&
        codeOf(rule.departmentCode) === department &&
        periodApplies(rule.periodCode, periodCode),
    );
    const specific = rules.filter((rule) => codeOf(rule.periodCode) !== null);
    const general = rules.filter((rule) => codeOf(rule.periodCode) === null);
    if (specific.length > 0) groups.push({ level: 'department', rule: mergeRules(specific) });
    if (general.length > 0) groups.push({ level: 'department', rule: mergeRules(general) });
  }

  if (periodCode !== null) {
    const rules = (settings.periods ?? []).filter(
      (rule) => rule.item === item && codeOf(rule.periodCode) === periodCode,
    );
    if (rules.length > 0) groups.push({ level: 'period', rule: mergeRules(rules) });
  }

  const itemRules = (settings.items ?? []).filter((rule) => rule.item === item);
  if (itemRules.length > 0) groups.push({ level: 'item', rule: mergeRules(itemRules) });
  return groups;
}

function firstSetting(groups: readonly ScopeGroup[], field: RuleField): number {
  return groups.findIndex((group) => isSet(group.rule, field));
}

function colorAt(groups: readonly ScopeGroup[], field: ColorField): string | null {
  const index = firstSetting(groups, field);
  return index < 0 ? null : textOf(groups[index].rule[field]);
}

/**
 * Classifies a measurement against the hospital settings.
 *
 * **Limits.** Each of low, high, criticalLow and criticalHigh is taken, independently, from the most
 * specific level that sets it: the patient's department + age bracket (minAge ≤ age ≤ maxAge,
 * inclusive; a fractional age counts as completed years) → the patient's department → the
 * measurement's period → the item. So a department that sets only criticalHigh keeps the normal range
 * of the period. Within the department and department + age levels a rule for the measurement's period
 * beats one for all periods (no period), and a rule for another period does not apply; when age
 * brackets overlap, the period-specific one wins, then the narrower one (smaller maxAge − minAge), then
 * the first listed. Rules of exactly the same scope are merged field by field, the first listed winning
 * on a conflict ({@link validateClassificationSettings} reports such conflicts). With no department
 * the department levels are skipped, with no (usable) age the age brackets are, and with no period the
 * period level and period-specific department rules are.
 *
 * **Comparison.** The value is converted to the storage unit at full precision by
 * {@link toStorageValue}; limits are used as configured, and glucose is compared in the unit it was
 * entered in ({@link compareGlucoseWithLimit}). Critical is checked before low/high:
 * value ≤ criticalLow → criticalLow; value ≥ criticalHigh → criticalHigh (when a misconfiguration
 * makes both true, criticalLow wins: hypoglycaemia is the more immediate danger); value < low → low;
 * value > high → high; otherwise normal. A value equal to low or high is normal; equal to a critical
 * limit is critical. A critical limit inside the normal range is a configuration error, but the value
 * is still classified critical (the critical rule wins). One normal-range side unset leaves that side
 * open. With neither low nor high set, a value that is not critical is `unknown` — never "normal".
 * A value that is not a finite number, or a unit the item does not accept, gives `unknown` (valueMmol
 * NaN, limits still reported).
 *
 * **Grade.** For a critical result: the grade of the scope that supplied the crossed critical limit
 * (not inherited from less specific levels); null otherwise.
 *
 * **Colour.** Colours are resolved like limits, per field, most specific level first. For low/high:
 * the effective lowColor/highColor. For a critical result, walking the levels from the most specific:
 * the first critical colour of that side set, except that when the walk reaches the scope that supplied
 * the crossed limit and it has no own critical colour, that scope's grade colour (from
 * `settings.grades`) is used; if neither is found, the plain low/high colour; else null. Normal and
 * unknown have no colour (null).
 */
export function classifyMeasurement(
  m: MeasurementInput,
  patient: PatientContext,
  settings: ClassificationSettings,
): ClassificationResult {
  const periodCode = codeOf(m.periodCode);
  const groups = applicableGroups(m.item, periodCode, patient ?? {}, settings);

  const sourceIndex = {} as Record<LimitName, number>;
  const limits = {} as ClassificationResult['limits'];
  const sources = {} as ClassificationResult['sources'];
  for (const name of LIMIT_NAMES) {
    const index = firstSetting(groups, name);
    sourceIndex[name] = index;
    limits[name] = index < 0 ? null : limitOf(groups[index].rule[name]);
    sources[name] = index < 0 ? null : groups[index].level;
  }

  const value = toStorageValue(m.item, m.value, m.unit);
  const result = (
    classification: Classification,
    color: string | null = null,
    grade: string | null = null,
  ) => ({
    classification,
    valueMmol: value ?? Number.NaN,
    color,
    grade,
    limits,
    sources,
  });
  if (value === null) return result('unknown');

  const critical = (side: 'criticalLow' | 'criticalHigh') => {
    const source = sourceIndex[side];
    const grade = textOf(groups[source].rule.grade);
    const gradeColor = grade === null ? null : textOf(settings.grades?.find((g) => g.code === grade)?.color);
    const field = COLOR_FIELD[side];
    let color: string | null = null;
    for (let i = 0; i < groups.length && color === null; i += 1) {
      color = textOf(groups[i].rule[field]) ?? (i === source ? gradeColor : null);
    }
    color ??= colorAt(groups, side === 'criticalLow' ? 'lowColor' : 'highColor');
    return result(side, color, grade);
  };

  const unit = m.item === 'GLU' ? m.unit : undefined;
  const vs = (limit: number) => compareGlucoseWithLimit(value, limit, unit);
  if (limits.criticalLow !== null && vs(limits.criticalLow) <= 0) return critical('criticalLow');
  if (limits.criticalHigh !== null && vs(limits.criticalHigh) >= 0) return critical('criticalHigh');
  if (limits.low === null && limits.high === null) return result('unknown');
  if (limits.low !== null && vs(limits.low) < 0) return result('low', colorAt(groups, 'lowColor'));
  if (limits.high !== null && vs(limits.high) > 0) return result('high', colorAt(groups, 'highColor'));
  return result('normal');
}

/** A glucose period's time window (§3 glucose periods), `HH:mm` or `HH:mm:ss`. */
export interface GlucosePeriodWindow {
  code: string;
  startTime: string;
  endTime: string;
}

const SECONDS_PER_DAY = 24 * 60 * 60;
const TIME_OF_DAY = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}[T ](\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;

/** Seconds since midnight of "H:mm[:ss]", or null; "24:00" only when `allowEndOfDay`. */
function secondsOfDay(text: string, allowEndOfDay = false): number | null {
  const match = TIME_OF_DAY.exec(text.trim());
  if (!match) return null;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (minutes > 59 || seconds > 59) return null;
  if (hours === 24 && allowEndOfDay && minutes === 0 && seconds === 0) return SECONDS_PER_DAY;
  if (hours > 23) return null;
  return hours * 3600 + minutes * 60 + seconds;
}

/** Seconds since midnight of an instant, on the wall clock of `timeZone` (the runtime's zone if none). */
function instantSecondsOfDay(date: Date, timeZone: string | undefined): number | null {
  if (Number.isNaN(date.getTime())) return null;
  if (timeZone === undefined) return date.getHours() * 3600 + date.getMinutes() * 60 + date.getSeconds();
  const parts = zonedFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? Number.NaN);
  const seconds = (part('hour') % 24) * 3600 + part('minute') * 60 + part('second');
  return Number.isFinite(seconds) ? seconds : null;
}

/**
 * The code of the glucose period whose window contains `time`, for measurements entered without a
 * period; null when no window contains it or the time cannot be read.
 *
 * - A window is [startTime, endTime): start inclusive, end exclusive, to the second. A window whose
 *   end is before its start wraps past midnight (21:00-03:00 holds 23:00 and 02:59, not 03:00). An end
 *   of "24:00", "23:59" or "23:59:59" means the end of the day (a common way of writing it; otherwise
 *   the last minute of the day would belong to no period). A window with equal start and end is empty.
 *   Windows that cannot be read are skipped; when windows overlap, the first listed wins (pass them in
 *   the settings' sort order).
 * - `time` may be a time of day ("07:30", "07:30:15"), a wall-clock date-time without offset
 *   ("2024-03-01 07:30", "2024-03-01T07:30:00") whose clock time is used as written, an instant (an ISO
 *   string with "Z" or an offset, or a Date) read on the clock of `timeZone` (an IANA name such as
 *   "Asia/Shanghai"; the runtime's zone when absent). An unknown `timeZone` throws a RangeError.
 */
export function periodAt(
  time: string | Date,
  periods: readonly GlucosePeriodWindow[],
  timeZone?: string,
): string | null {
  let seconds: number | null;
  if (time instanceof Date) {
    seconds = instantSecondsOfDay(time, timeZone);
  } else if (typeof time === 'string') {
    const text = time.trim();
    const wallClock = WALL_CLOCK.exec(text);
    if (TIME_OF_DAY.test(text)) seconds = secondsOfDay(text);
    else if (wallClock) seconds = secondsOfDay(wallClock[1]);
    else seconds = instantSecondsOfDay(new Date(text), timeZone);
  } else {
    seconds = null;
  }
  if (seconds === null) return null;

  for (const period of periods ?? []) {
    if (typeof period?.startTime !== 'string' || typeof period.endTime !== 'string') continue;
    const start = secondsOfDay(period.startTime);
    let end = secondsOfDay(period.endTime, true);
    if (start === null || end === null) continue;
    if (end >= 23 * 3600 + 59 * 60) end = SECONDS_PER_DAY;
    const inside =
      start < end ? start <= seconds && seconds < end : start > end && (seconds >= start || seconds < end);
    if (inside) return codeOf(period.code);
  }
  return null;
}

/** Problems {@link validateClassificationSettings} reports, as message keys. */
export const CLASSIFICATION_ISSUE_CODES = {
  /** criticalLow ≥ low: a value at the bottom of the normal range would already be critical */
  criticalLowOrder: 'settings.classification.criticalLowOrder',
  /** low ≥ high */
  rangeOrder: 'settings.classification.rangeOrder',
  /** criticalHigh ≤ high */
  criticalHighOrder: 'settings.classification.criticalHighOrder',
  /** criticalLow ≥ criticalHigh (the existing crisis-value key) */
  crisisOrder: 'settings.crisis.order',
  /** minAge > maxAge (the existing age-bracket key) */
  ageOrder: 'settings.age.order',
  /** an age that is not a whole number from 0 to 150 (the existing key; params min, max) */
  ageRange: 'settings.age.range',
  /** two rules of identical scope both set the same field */
  duplicateScope: 'settings.classification.duplicateScope',
  /** two age brackets of the same department, item and period overlap */
  ageOverlap: 'settings.classification.ageOverlap',
  /** a department rule without a department code (it can never apply) */
  departmentRequired: 'settings.classification.departmentRequired',
  /** a period rule without a period code (it can never apply) */
  periodRequired: 'settings.classification.periodRequired',
  /** a grade code that is not among `settings.grades` */
  unknownGrade: 'settings.classification.unknownGrade',
} as const satisfies Record<string, MessageKey>;
export type ClassificationIssueCode =
  (typeof CLASSIFICATION_ISSUE_CODES)[keyof typeof CLASSIFICATION_ISSUE_CODES];

/** One configuration problem of {@link validateClassificationSettings}. */
export interface ClassificationSettingsIssue {
  code: ClassificationIssueCode;
  /** 'error': the classification would be wrong or arbitrary; 'warning': resolved, but worth a look */
  severity: 'error' | 'warning';
  /** the list: item → `items`, period → `periods`, department → `departments`, departmentAge → `departmentAges` */
  level: LimitLevel;
  /** index of the rule in its list */
  index: number;
  /** the field to highlight */
  field?: RuleField | 'minAge' | 'maxAge' | 'departmentCode' | 'periodCode';
  /** for duplicates and overlaps: the other rule (the one listed first) */
  otherIndex?: number;
  params?: Record<string, string | number>;
}

type AnyRule = LimitRule & {
  item?: unknown;
  periodCode?: unknown;
  departmentCode?: unknown;
  minAge?: unknown;
  maxAge?: unknown;
};

/**
 * The configuration problems of the classification settings, for the settings screens, ordered by
 * list (items, periods, departments, departmentAges) then index. Empty when all is well.
 *
 * - Order of limits, checked on each scope as merged for classification (so a glucose period's
 *   min/max and a crisis value for the same period are checked together), reported on the rule that
 *   supplied the flagged field: criticalLow ≥ low, low ≥ high, criticalHigh ≤ high (all errors, the
 *   boundaries being: equal to low/high is normal, equal to a critical limit is critical, so equal
 *   limits are wrong too) and criticalLow ≥ criticalHigh. Limits from different levels (a department's
 *   critical value against a period's range) are not compared here: which ones meet depends on the
 *   measurement, and {@link classifyMeasurement} lets the critical rule win.
 * - Age brackets: minAge > maxAge (error), an age not a whole number 0-150 (error); two brackets of the
 *   same department, item and period that overlap: a warning when one lies inside the other (edges may touch)
 *   (the narrower wins: a legitimate exception such as 0-14 inside 0-150), an error otherwise.
 * - Identical scopes: two rules of the same scope setting the same field — an error when the values
 *   differ (the first listed wins silently), a warning when they are equal.
 * - A department rule without a department, a period rule without a period (errors: they never
 *   apply), and a grade not among `settings.grades` (warning; only checked when grades are given).
 */
export function validateClassificationSettings(
  settings: ClassificationSettings,
): ClassificationSettingsIssue[] {
  const issues: ClassificationSettingsIssue[] = [];
  const lists: [LimitLevel, readonly AnyRule[]][] = [
    ['item', settings.items ?? []],
    ['period', settings.periods ?? []],
    ['department', settings.departments ?? []],
    ['departmentAge', settings.departmentAges ?? []],
  ];
  const gradeCodes = settings.grades ? new Set(settings.grades.map((g) => textOf(g.code))) : null;
  const { min: ageMin, max: ageMax } = SETTING_LIMITS.age;

  for (const [level, rules] of lists) {
    const entries = rules.map((rule, index) => ({ rule, index }));

    for (const { rule, index } of entries) {
      if ((level === 'department' || level === 'departmentAge') && codeOf(rule.departmentCode) === null) {
        issues.push({
          code: 'settings.classification.departmentRequired',
          severity: 'error',
          level,
          index,
          field: 'departmentCode',
        });
      }
      if (level === 'period' && codeOf(rule.periodCode) === null) {
        issues.push({
          code: 'settings.classification.periodRequired',
          severity: 'error',
          level,
          index,
          field: 'periodCode',
        });
      }
      const grade = textOf(rule.grade);
      if (gradeCodes && grade !== null && !gradeCodes.has(grade)) {
        issues.push({
          code: 'settings.classification.unknownGrade',
          severity: 'warning',
          level,
          index,
          field: 'grade',
          params: { grade },
        });
      }
      if (level === 'departmentAge') {
        for (const field of ['minAge', 'maxAge'] as const) {
          const age = rule[field];
          if (typeof age !== 'number' || !Number.isInteger(age) || age < ageMin || age > ageMax) {
            issues.push({
              code: 'settings.age.range',
              severity: 'error',
              level,
              index,
              field,
              params: { min: ageMin, max: ageMax },
            });
          }
        }
        if (typeof rule.minAge === 'number' && typeof rule.maxAge === 'number' && rule.minAge > rule.maxAge) {
          issues.push({ code: 'settings.age.order', severity: 'error', level, index, field: 'minAge' });
        }
      }
    }

    const scope = (rule: AnyRule) => {
      const base = `${String(rule.item)}|${codeOf(rule.departmentCode) ?? ''}|${codeOf(rule.periodCode) ?? ''}`;
      return level === 'departmentAge' ? `${base}|${String(rule.minAge)}|${String(rule.maxAge)}` : base;
    };
    for (const group of groupBy(entries, (entry) => scope(entry.rule))) {
      // Order of the limits on the merged scope, reported on the rule supplying the flagged field.
      const supplier = (field: LimitName) => group.find((entry) => isSet(entry.rule, field));
      const value = (field: LimitName) => limitOf(supplier(field)?.rule[field]);
      const check = (ok: boolean, field: LimitName, code: ClassificationIssueCode) => {
        const at = supplier(field);
        if (!ok && at) issues.push({ code, severity: 'error', level, index: at.index, field });
      };
      const [low, high, criticalLow, criticalHigh] = LIMIT_NAMES.map(value);
      if (criticalLow !== null && low !== null)
        check(criticalLow < low, 'criticalLow', 'settings.classification.criticalLowOrder');
      if (low !== null && high !== null) check(low < high, 'low', 'settings.classification.rangeOrder');
      if (criticalHigh !== null && high !== null)
        check(criticalHigh > high, 'criticalHigh', 'settings.classification.criticalHighOrder');
      if (criticalLow !== null && criticalHigh !== null)
        check(criticalLow < criticalHigh, 'criticalLow', 'settings.crisis.order');

      // Rules of the same scope setting the same field.
      group.forEach((later, position) => {
        for (const earlier of group.slice(0, position)) {
          const field = RULE_FIELDS.find((f) => isSet(earlier.rule, f) && isSet(later.rule, f));
          if (field === undefined) continue;
          const same = earlier.rule[field] === later.rule[field];
          issues.push({
            code: 'settings.classification.duplicateScope',
            severity: same ? 'warning' : 'error',
            level,
            index: later.index,
            field,
            otherIndex: earlier.index,
          });
        }
      });
    }

    if (level === 'departmentAge') {
      const valid = entries.filter(
        ({ rule }) =>
          typeof rule.minAge === 'number' &&
          typeof rule.maxAge === 'number' &&
          Number.isFinite(rule.minAge) &&
          Number.isFinite(rule.maxAge) &&
          rule.minAge <= rule.maxAge,
      );
      const bracketScope = (rule: AnyRule) =>
        `${String(rule.item)}|${codeOf(rule.departmentCode) ?? ''}|${codeOf(rule.periodCode) ?? ''}`;
      for (const group of groupBy(valid, (entry) => bracketScope(entry.rule))) {
        group.forEach((later, position) => {
          const [lMin, lMax] = [later.rule.minAge as number, later.rule.maxAge as number];
          for (const earlier of group.slice(0, position)) {
            const [eMin, eMax] = [earlier.rule.minAge as number, earlier.rule.maxAge as number];
            if (lMin === eMin && lMax === eMax) continue; // identical scope: reported above
            if (lMin > eMax || eMin > lMax) continue;
            const nested = (lMin >= eMin && lMax <= eMax) || (eMin >= lMin && eMax <= lMax);
            issues.push({
              code: 'settings.classification.ageOverlap',
              severity: nested ? 'warning' : 'error',
              level,
              index: later.index,
              field: 'minAge',
              otherIndex: earlier.index,
              params: { minAge: lMin, maxAge: lMax, otherMinAge: eMin, otherMaxAge: eMax },
            });
          }
        });
      }
    }
  }

  const levelOrder = (level: LimitLevel) => LIMIT_LEVELS.length - 1 - LIMIT_LEVELS.indexOf(level);
  return issues
    .map((issue, position) => ({ issue, position }))
    .sort(
      (a, b) =>
        levelOrder(a.issue.level) - levelOrder(b.issue.level) ||
        a.issue.index - b.issue.index ||
        a.position - b.position,
    )
    .map(({ issue }) => issue);
}
