import {
  type CrisisScope,
  type Lang,
  type MeasurementItem,
  type MessageKey,
  STORAGE_UNITS,
  translate,
} from '@glucocare/domain';
import { and, asc, count, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { ageBrackets, crisisGrades, crisisRules, departments, glucosePeriods } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import type { VersionedKey } from '../../lib/resource';
import { deleteVersioned, updateVersioned } from '../../lib/versioned';
import { auditActor as actor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { departmentName, inScope } from '../departments/service';
import { assertClassificationConsistent, limitsOf } from './classification-settings';

// Not a resource declaration (lib/resource.ts): a critical-value rule is saved as create-or-update within a
// scope family (item and period rules move between each other) and every change is checked against the whole
// classification configuration in the same transaction; the helper's find and update cannot say either, so
// the rule keeps its own versioned writes (lib/versioned).

type RuleRow = typeof crisisRules.$inferSelect;

/** The limits, colours and grade of a rule as a body sends them (absent = not set at this scope). */
export interface RuleLimits {
  low?: number | null;
  high?: number | null;
  criticalLow?: number | null;
  criticalHigh?: number | null;
  lowColor?: string | null;
  highColor?: string | null;
  criticalLowColor?: string | null;
  criticalHighColor?: string | null;
  grade?: string | null;
}

/** What a save changes: the scope's coordinates, the limits, and id + version for an update. */
export interface RuleInput extends RuleLimits {
  item: MeasurementItem;
  periodCode?: string | null;
  departmentCode?: string | null;
  ageBracketId?: number | null;
  id?: number | null;
  version?: number | null;
}

/** A stored rule as every call answers it. */
export function ruleView(row: RuleRow) {
  return {
    id: row.id,
    scope: row.scope as CrisisScope,
    item: row.item as MeasurementItem,
    periodCode: row.periodCode,
    departmentCode: row.departmentCode,
    ageBracketId: row.ageBracketId,
    ...limitsOf(row),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type RuleView = ReturnType<typeof ruleView>;

const blankToNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);
const numberOrNull = (value: number | null | undefined) => (typeof value === 'number' ? value : null);

/** A 400 with one field problem, worded in the request language. */
export function fieldProblem(
  lang: Lang,
  field: string,
  key: MessageKey,
  params?: Record<string, string | number>,
) {
  const message = translate(lang, key, params);
  return new AppError(400, key, params, { errors: [{ field, message }] });
}

const mine = (tenantId: string, where?: SQL) => and(eq(crisisRules.tenantId, tenantId), where);

const periodName = (row: { nameZh: string; nameEn: string }, lang: Lang) =>
  lang === 'zh-CN' ? row.nameZh : row.nameEn;

/** A department of the tenant within the caller's scope; otherwise 404 as if it did not exist. */
export async function scopedDepartment(db: DbOrTx, session: SessionUser, code: string) {
  const [row] = await db
    .select()
    .from(departments)
    .where(and(eq(departments.tenantId, session.tenantId), eq(departments.code, code)));
  if (!row || !inScope(session.scope, row.code)) throw recordNotFound();
  return row;
}

async function checkReferences(tx: DbOrTx, session: SessionUser, input: RuleInput, lang: Lang) {
  const periodCode = blankToNull(input.periodCode);
  if (periodCode !== null) {
    const [period] = await tx
      .select({ code: glucosePeriods.code })
      .from(glucosePeriods)
      .where(and(eq(glucosePeriods.tenantId, session.tenantId), eq(glucosePeriods.code, periodCode)));
    if (!period) throw fieldProblem(lang, 'periodCode', 'crisis.period.unknown', { code: periodCode });
  }
  const grade = blankToNull(input.grade);
  if (grade !== null) {
    const [found] = await tx
      .select({ grade: crisisGrades.grade })
      .from(crisisGrades)
      .where(and(eq(crisisGrades.tenantId, session.tenantId), eq(crisisGrades.grade, grade)));
    if (!found) throw fieldProblem(lang, 'grade', 'settings.classification.unknownGrade');
  }
  if (input.departmentCode != null) await scopedDepartment(tx, session, input.departmentCode);
  if (input.ageBracketId != null) {
    const [bracket] = await tx
      .select({ id: ageBrackets.id })
      .from(ageBrackets)
      .where(and(eq(ageBrackets.tenantId, session.tenantId), eq(ageBrackets.id, input.ageBracketId)));
    if (!bracket) throw recordNotFound();
  }
}

/** A rule of the tenant of one of `scopes` (a department rule also within the caller's scope), or 404. */
async function findRule(db: DbOrTx, session: SessionUser, id: number, scopes: readonly CrisisScope[]) {
  const [row] = await db
    .select()
    .from(crisisRules)
    .where(mine(session.tenantId, and(eq(crisisRules.id, id), inArray(crisisRules.scope, [...scopes]))));
  if (!row) throw recordNotFound();
  if (row.departmentCode !== null && !inScope(session.scope, row.departmentCode)) throw recordNotFound();
  return row;
}

function columnsOf(input: RuleInput) {
  return {
    item: input.item,
    periodCode: blankToNull(input.periodCode),
    departmentCode: blankToNull(input.departmentCode),
    ageBracketId: input.ageBracketId ?? null,
    low: numberOrNull(input.low),
    high: numberOrNull(input.high),
    criticalLow: numberOrNull(input.criticalLow),
    criticalHigh: numberOrNull(input.criticalHigh),
    lowColor: blankToNull(input.lowColor),
    highColor: blankToNull(input.highColor),
    criticalLowColor: blankToNull(input.criticalLowColor),
    criticalHighColor: blankToNull(input.criticalHighColor),
    grade: blankToNull(input.grade),
  };
}

/**
 * Creates (no id) or updates (id + the version read) the rule of one scope, then checks the tenant's
 * whole classification settings in the same transaction: a problem rolls the change back with the
 * §8 critical-value save failure. Audited as `crisisRule`.
 */
export async function saveRule(
  db: Database,
  session: SessionUser,
  scope: CrisisScope,
  input: RuleInput,
  meta: RequestMeta,
  lang: Lang,
): Promise<RuleView> {
  return db.transaction(async (tx) => {
    // item and period rules are one family: an update may move a rule between them
    const family: CrisisScope[] = scope === 'item' || scope === 'period' ? ['item', 'period'] : [scope];
    const current = input.id != null ? await findRule(tx, session, input.id, family) : null;
    await checkReferences(tx, session, input, lang);
    let row: RuleRow | undefined;
    if (current) {
      if (current.version !== input.version) throw new AppError(409, 'error.conflict');
      row = await updateVersioned(
        tx,
        crisisRules,
        { tenantId: session.tenantId, id: current.id },
        current.version,
        {
          scope,
          ...columnsOf(input),
        },
      );
    } else {
      [row] = await tx
        .insert(crisisRules)
        .values({ tenantId: session.tenantId, scope, ...columnsOf(input) })
        .returning();
    }
    await assertClassificationConsistent(tx, session.tenantId, { lang, savedRuleId: row.id });
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: current ? 'update' : 'create',
        entity: 'crisisRule',
        entityId: row.id,
        before: current ? ruleView(current) : null,
        after: ruleView(row),
      },
      meta,
    );
    return ruleView(row);
  });
}

/** Sets the grade of a department (or department + age) rule, version-checked. */
export async function setRuleGrade(
  db: Database,
  session: SessionUser,
  input: { id: number; version: number; grade: string },
  meta: RequestMeta,
  lang: Lang,
): Promise<RuleView> {
  return db.transaction(async (tx) => {
    const current = await findRule(tx, session, input.id, ['department', 'departmentAge']);
    if (current.version !== input.version) throw new AppError(409, 'error.conflict');
    await checkReferences(tx, session, { item: current.item as MeasurementItem, grade: input.grade }, lang);
    const row = await updateVersioned(
      tx,
      crisisRules,
      { tenantId: session.tenantId, id: current.id },
      current.version,
      { grade: input.grade.trim() },
    );
    await writeAudit(
      tx,
      {
        ...actor(session),
        action: 'update',
        entity: 'crisisRule',
        entityId: row.id,
        before: ruleView(current),
        after: ruleView(row),
      },
      meta,
    );
    return ruleView(row);
  });
}

/**
 * Removes a rule of one of `scopes`. What remains is checked too: without, say, a period's own
 * critical low the item's applies to that period again and must suit its range.
 */
export async function deleteRule(
  db: Database,
  session: SessionUser,
  { id, version }: VersionedKey,
  scopes: readonly CrisisScope[],
  meta: RequestMeta,
  lang: Lang,
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findRule(tx, session, id, scopes);
    await deleteVersioned(tx, crisisRules, { tenantId: session.tenantId, id }, version);
    await assertClassificationConsistent(tx, session.tenantId, { lang });
    await writeAudit(
      tx,
      { ...actor(session), action: 'delete', entity: 'crisisRule', entityId: id, before: ruleView(current) },
      meta,
    );
  });
}

// ---------------------------------------------------------------- reads

/** Names of the tenant's glucose periods, by code. */
async function periodNames(db: DbOrTx, tenantId: string, lang: Lang) {
  const rows = await db
    .select({ code: glucosePeriods.code, nameZh: glucosePeriods.nameZh, nameEn: glucosePeriods.nameEn })
    .from(glucosePeriods)
    .where(eq(glucosePeriods.tenantId, tenantId));
  return new Map(rows.map((row) => [row.code, periodName(row, lang)]));
}

/**
 * `GET /v2/crisisSetting`: an item's own rule and, for glucose, every glucose period (by sort) with its
 * normal range and its critical-value rule.
 */
export async function itemSettings(db: Database, tenantId: string, item: MeasurementItem, lang: Lang) {
  const [rules, periods] = await Promise.all([
    db
      .select()
      .from(crisisRules)
      .where(mine(tenantId, and(eq(crisisRules.item, item), inArray(crisisRules.scope, ['item', 'period'])))),
    item === 'GLU'
      ? db
          .select()
          .from(glucosePeriods)
          .where(eq(glucosePeriods.tenantId, tenantId))
          .orderBy(asc(glucosePeriods.sort), asc(glucosePeriods.code))
      : Promise.resolve([]),
  ]);
  const itemRule = rules.find((rule) => rule.scope === 'item');
  return {
    category: item,
    unit: STORAGE_UNITS[item],
    item: itemRule ? ruleView(itemRule) : null,
    periods: periods.map((period) => {
      const rule = rules.find((r) => r.scope === 'period' && r.periodCode === period.code);
      return {
        code: period.code,
        name: periodName(period, lang),
        min: period.minValue,
        max: period.maxValue,
        isActive: period.isActive,
        rule: rule ? ruleView(rule) : null,
      };
    }),
  };
}

/** The rules of one scope kind with department, period and age-bracket names, for the lists. */
async function namedRules(
  db: DbOrTx,
  session: SessionUser,
  scope: CrisisScope,
  filter: { departmentCode?: string; item?: MeasurementItem; page?: number; size?: number },
  lang: Lang,
) {
  const scopedCodes = session.scope.all ? null : session.scope.departments;
  const where = mine(
    session.tenantId,
    and(
      eq(crisisRules.scope, scope),
      filter.item ? eq(crisisRules.item, filter.item) : undefined,
      filter.departmentCode ? eq(crisisRules.departmentCode, filter.departmentCode) : undefined,
      scopedCodes === null
        ? undefined
        : scopedCodes.length > 0
          ? inArray(crisisRules.departmentCode, scopedCodes)
          : isNull(crisisRules.id),
    ),
  );
  const query = db
    .select({ rule: crisisRules, department: departments, bracket: ageBrackets })
    .from(crisisRules)
    .leftJoin(
      departments,
      and(eq(departments.tenantId, crisisRules.tenantId), eq(departments.code, crisisRules.departmentCode)),
    )
    .leftJoin(
      ageBrackets,
      and(eq(ageBrackets.tenantId, crisisRules.tenantId), eq(ageBrackets.id, crisisRules.ageBracketId)),
    )
    .where(where)
    .orderBy(
      asc(departments.sort),
      asc(crisisRules.departmentCode),
      asc(crisisRules.item),
      asc(ageBrackets.minAge),
      asc(crisisRules.periodCode),
      asc(crisisRules.id),
    );
  const paged = filter.page !== undefined && filter.size !== undefined;
  const [rows, totals, names] = await Promise.all([
    paged
      ? query.limit(filter.size as number).offset(((filter.page as number) - 1) * (filter.size as number))
      : query,
    paged ? db.select({ total: count() }).from(crisisRules).where(where) : Promise.resolve(null),
    periodNames(db, session.tenantId, lang),
  ]);
  const records = rows.map(({ rule, department, bracket }) => ({
    ...ruleView(rule),
    departmentName: department ? departmentName(department, lang) : null,
    periodName: rule.periodCode ? (names.get(rule.periodCode) ?? rule.periodCode) : null,
    ageBracketName: bracket?.name ?? null,
    minAge: bracket?.minAge ?? null,
    maxAge: bracket?.maxAge ?? null,
  }));
  return { records, total: totals ? totals[0].total : records.length };
}
export type NamedRule = Awaited<ReturnType<typeof namedRules>>['records'][number];

/** One department's own rules (all periods and per period), of one item when given. */
export async function departmentRules(
  db: Database,
  session: SessionUser,
  departmentCode: string,
  item: MeasurementItem | undefined,
  lang: Lang,
) {
  await scopedDepartment(db, session, departmentCode);
  return (await namedRules(db, session, 'department', { departmentCode, item }, lang)).records;
}

/** Every department rule within the caller's scope, paged. */
export async function departmentRulePage(
  db: Database,
  session: SessionUser,
  query: { departmentCode?: string; item?: MeasurementItem; page: number; size: number },
  lang: Lang,
) {
  const { records, total } = await namedRules(db, session, 'department', query, lang);
  return { records, total, page: query.page, size: query.size };
}

/** Age settings (department + age bracket rules) within the caller's scope. */
export async function ageRules(
  db: Database,
  session: SessionUser,
  query: { departmentCode?: string; item?: MeasurementItem },
  lang: Lang,
) {
  if (query.departmentCode) await scopedDepartment(db, session, query.departmentCode);
  return (await namedRules(db, session, 'departmentAge', query, lang)).records;
}

/** The virtual-ward rules (no department: every caller sees them all). */
export async function virtualWardRules(
  db: Database,
  session: SessionUser,
  item: MeasurementItem | undefined,
  lang: Lang,
) {
  return (await namedRules(db, { ...session, scope: { all: true } }, 'virtualWard', { item }, lang)).records;
}
