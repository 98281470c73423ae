import {
  type ClassificationSettings,
  type ClassificationSettingsIssue,
  type DepartmentAgeLimitRule,
  type DepartmentLimitRule,
  type EffectiveLimitIssue,
  effectiveLimitIssues,
  type FieldError,
  type ItemLimitRule,
  type Lang,
  type MeasurementItem,
  type PeriodLimitRule,
  translate,
  validateClassificationSettings,
} from '@glucocare/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ageBrackets, crisisGrades, crisisRules, glucosePeriods } from '../../db/schema';
import { AppError } from '../../http/errors';

type RuleRow = typeof crisisRules.$inferSelect;
type BracketAges = { minAge: number | null; maxAge: number | null };

/** Where a rule of the loaded settings came from, to say which stored row a problem is about. */
export type RuleOrigin = { kind: 'rule'; id: number } | { kind: 'period'; code: string };

/** {@link ClassificationSettings} with, for each list entry, the row it was built from. */
export interface LoadedClassificationSettings extends ClassificationSettings {
  origins: Record<'items' | 'periods' | 'departments' | 'departmentAges', RuleOrigin[]>;
  /** every glucose period code, in their sort order */
  periodCodes: string[];
}

/** A stored rule's limits, colours and grade (the `LimitRule` fields; also part of every rule view). */
export function limitsOf(row: RuleRow) {
  return {
    low: row.low,
    high: row.high,
    criticalLow: row.criticalLow,
    criticalHigh: row.criticalHigh,
    lowColor: row.lowColor,
    highColor: row.highColor,
    criticalLowColor: row.criticalLowColor,
    criticalHighColor: row.criticalHighColor,
    grade: row.grade,
  };
}

/**
 * The tenant's classification settings as `classifyMeasurement` reads them, in three indexed queries
 * (the rules with their age brackets, the glucose periods, the grades) — the measurement writes call
 * it for every reading.
 *
 * - Item level: the `item` rules. Period level: each glucose period's normal range (its min and max)
 *   merged with the period's `period` rule (critical values, colours, grade) into one rule.
 * - Department levels: the `department` rules, and the `departmentAge` rules with their bracket's ages.
 * - `virtualWard: true` loads the settings for a virtual-ward patient: for an item that has
 *   virtual-ward rules, those rules take the place of its item rule (the virtual-ward rule without a
 *   period) and of its period critical values (the virtual-ward rules of a period); the glucose
 *   periods' normal ranges and the department levels still apply. An item without virtual-ward rules
 *   keeps the ordinary ones.
 */
export async function loadClassificationSettings(
  db: DbOrTx,
  tenantId: string,
  options: { virtualWard?: boolean } = {},
): Promise<LoadedClassificationSettings> {
  return assemble(await loadRows(db, tenantId), options.virtualWard ?? false);
}

type StoredRows = Awaited<ReturnType<typeof loadRows>>;

// One after the other: inside a transaction the queries share one connection anyway.
async function loadRows(db: DbOrTx, tenantId: string) {
  const rules = await db
    .select({ rule: crisisRules, minAge: ageBrackets.minAge, maxAge: ageBrackets.maxAge })
    .from(crisisRules)
    .leftJoin(
      ageBrackets,
      and(eq(ageBrackets.tenantId, crisisRules.tenantId), eq(ageBrackets.id, crisisRules.ageBracketId)),
    )
    .where(eq(crisisRules.tenantId, tenantId))
    .orderBy(asc(crisisRules.id));
  const periods = await db
    .select({
      code: glucosePeriods.code,
      minValue: glucosePeriods.minValue,
      maxValue: glucosePeriods.maxValue,
    })
    .from(glucosePeriods)
    .where(eq(glucosePeriods.tenantId, tenantId))
    .orderBy(asc(glucosePeriods.sort), asc(glucosePeriods.code));
  const grades = await db
    .select({ code: crisisGrades.grade, color: crisisGrades.color, sort: crisisGrades.sort })
    .from(crisisGrades)
    .where(eq(crisisGrades.tenantId, tenantId));
  return { rules, periods, grades };
}

function assemble(stored: StoredRows, virtualWard: boolean): LoadedClassificationSettings {
  const { periods, grades } = stored;
  const rules = stored.rules.map(({ rule, minAge, maxAge }) => ({
    rule,
    ages: { minAge, maxAge } as BracketAges,
  }));
  const wardItems = new Set(
    virtualWard ? rules.filter(({ rule }) => rule.scope === 'virtualWard').map(({ rule }) => rule.item) : [],
  );
  const ordinaryOrWard = (rule: RuleRow) =>
    wardItems.has(rule.item) ? rule.scope === 'virtualWard' : rule.scope !== 'virtualWard';

  const settings: LoadedClassificationSettings = {
    items: [],
    periods: [],
    departments: [],
    departmentAges: [],
    grades: grades.map((g) => ({ code: g.code, color: g.color, sort: g.sort })),
    origins: { items: [], periods: [], departments: [], departmentAges: [] },
    periodCodes: periods.map((p) => p.code),
  };
  const periodRules = new Map<string, RuleRow[]>();
  for (const { rule, ages } of rules) {
    const item = rule.item as MeasurementItem;
    const origin: RuleOrigin = { kind: 'rule', id: rule.id };
    const levelItem = rule.scope === 'item' || rule.scope === 'virtualWard';
    if (levelItem && rule.periodCode === null && ordinaryOrWard(rule)) {
      settings.items.push({ item, ...limitsOf(rule) } satisfies ItemLimitRule);
      settings.origins.items.push(origin);
    } else if ((rule.scope === 'period' || rule.scope === 'virtualWard') && ordinaryOrWard(rule)) {
      const key = `${item}|${rule.periodCode}`;
      periodRules.set(key, [...(periodRules.get(key) ?? []), rule]);
    } else if (rule.scope === 'department') {
      settings.departments.push({
        item,
        departmentCode: rule.departmentCode ?? '',
        periodCode: rule.periodCode,
        ...limitsOf(rule),
      } satisfies DepartmentLimitRule);
      settings.origins.departments.push(origin);
    } else if (rule.scope === 'departmentAge' && ages.minAge !== null && ages.maxAge !== null) {
      settings.departmentAges.push({
        item,
        departmentCode: rule.departmentCode ?? '',
        periodCode: rule.periodCode,
        minAge: ages.minAge,
        maxAge: ages.maxAge,
        ...limitsOf(rule),
      } satisfies DepartmentAgeLimitRule);
      settings.origins.departmentAges.push(origin);
    }
  }

  // A period's range and its critical values are one scope: merged, so the order of low/high against
  // the critical values is checked and resolved together.
  const periodCodes = new Set(periods.map((p) => p.code));
  for (const period of periods) {
    const key = `GLU|${period.code}`;
    const [rule] = periodRules.get(key) ?? [];
    periodRules.delete(key);
    if (!rule && period.minValue === null && period.maxValue === null) continue;
    settings.periods.push({
      item: 'GLU',
      periodCode: period.code,
      ...(rule ? limitsOf(rule) : {}),
      low: period.minValue,
      high: period.maxValue,
    } satisfies PeriodLimitRule);
    settings.origins.periods.push(
      rule ? { kind: 'rule', id: rule.id } : { kind: 'period', code: period.code },
    );
  }
  // Rules of a period that no longer exists (or of another item) still count: they are listed too.
  for (const [, list] of periodRules) {
    for (const rule of list) {
      if (periodCodes.has(rule.periodCode ?? '') && rule.item === 'GLU') continue;
      settings.periods.push({
        item: rule.item as MeasurementItem,
        periodCode: rule.periodCode ?? '',
        ...limitsOf(rule),
      });
      settings.origins.periods.push({ kind: 'rule', id: rule.id });
    }
  }
  return settings;
}

const LIST_OF = {
  item: 'items',
  period: 'periods',
  department: 'departments',
  departmentAge: 'departmentAges',
} as const;

/** One problem of the settings as a field error of the failed save. */
export type ConsistencyProblem = FieldError;

interface ScopeParts {
  periodCode?: string | null;
  departmentCode?: string | null;
  minAge?: number | null;
  maxAge?: number | null;
}

/** "ICU · 65-150 · fasting: " — the scope a problem is about, when it is not the rule just saved. */
function scopeText(parts: ScopeParts): string {
  const words = [
    parts.departmentCode ?? null,
    parts.minAge != null && parts.maxAge != null ? `${parts.minAge}-${parts.maxAge}` : null,
    parts.periodCode ?? null,
  ].filter((word): word is string => !!word);
  return words.join(' · ');
}

function ruleProblem(
  settings: LoadedClassificationSettings,
  issue: ClassificationSettingsIssue,
  savedRuleId: number | null,
  lang: Lang,
) {
  const list = LIST_OF[issue.level];
  const origin = settings.origins[list][issue.index];
  const rule = (settings[list][issue.index] ?? {}) as ScopeParts;
  const own = origin?.kind === 'rule' && origin.id === savedRuleId;
  return {
    field: issue.field ?? '',
    scope: own ? '' : scopeText(rule),
    text: translate(lang, issue.code, issue.params),
  };
}

function effectiveProblem(issue: EffectiveLimitIssue, lang: Lang) {
  return { field: issue.field, scope: scopeText(issue), text: translate(lang, issue.code) };
}

/**
 * The problems (errors only) of the tenant's settings as they stand in `db` (a transaction that has
 * just made a change): `validateClassificationSettings` on each scope, and the order of the limits
 * that meet across levels (`effectiveLimitIssues`), for ordinary and for virtual-ward patients.
 * Problems of the rule `savedRuleId` are worded plainly; others say which scope they concern.
 */
export async function classificationProblems(
  db: DbOrTx,
  tenantId: string,
  lang: Lang,
  savedRuleId: number | null = null,
): Promise<ConsistencyProblem[]> {
  const problems: ConsistencyProblem[] = [];
  const seen = new Set<string>();
  const stored = await loadRows(db, tenantId);
  for (const virtualWard of [false, true]) {
    const settings = assemble(stored, virtualWard);
    const found = [
      ...validateClassificationSettings(settings)
        .filter((issue) => issue.severity === 'error')
        .map((issue) => ruleProblem(settings, issue, savedRuleId, lang)),
      ...effectiveLimitIssues(settings, settings.periodCodes).map((issue) => effectiveProblem(issue, lang)),
    ];
    for (const { field, scope, text } of found) {
      // the virtual-ward view repeats every problem its own rules do not cause
      const key = `${field}|${scope}|${text}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const words = [virtualWard ? translate(lang, 'crisis.scope.virtualWard') : '', scope].filter(Boolean);
      problems.push({ field, message: words.length ? `${words.join(' · ')}: ${text}` : text });
    }
  }
  return problems;
}

/**
 * Throws the §8 critical-value save failure (400 "Failed to save the critical values", the problems
 * as `dataContent.errors`) when the tenant's settings in `tx` are inconsistent, so the caller's
 * transaction — and the change it made — is rolled back. Call it after every change of critical
 * values, age brackets and glucose period ranges, inside the transaction that made it.
 */
export async function assertClassificationConsistent(
  tx: DbOrTx,
  tenantId: string,
  options: { lang?: Lang; savedRuleId?: number | null } = {},
): Promise<void> {
  const problems = await classificationProblems(tx, tenantId, options.lang ?? 'en-US', options.savedRuleId);
  if (problems.length > 0) throw new AppError(400, 'crisis.saveFailed', undefined, { errors: problems });
}
