import {
  type GlucometricCriteria,
  HYPO_DAY_LIMIT,
  type Lang,
  monthsBetween,
  type OutcomeQuery,
  type PatientDayOutcome,
  SEVERE_HYPO_DAY_LIMIT,
  shareOf,
  staySideStatistics,
} from '@glucocare/domain';
import type { OutcomeStaysView, OutcomesView, StayBeforeAfterView } from '@glucocare/domain/responses';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { departments, measurements, patients, virtualWardStays } from '../../db/schema';
import { recordNotFound } from '../../http/errors';
import { departmentScopeCondition } from '../../lib/scope';
import type { SessionUser } from '../auth/sessions';
import { departmentName, inScope } from '../departments/service';
import { getSetting } from '../settings/service';
import { readBaseline, readTirSetting } from '../settings/strategy-service';
import { hospitalTimeZone } from '../settings/time-zone';

/**
 * The virtual ward's outcomes as patient-days (issue 18; definitions and references in the domain's
 * virtual-ward/glucometrics.ts, the reference implementation this SQL is tested against) and the
 * before/after statistics of a stay.
 */

export interface OutcomesContext {
  db: DbOrTx;
  session: Pick<SessionUser, 'tenantId' | 'scope' | 'configVersion'>;
  lang: Lang;
}

/** The limits of the hospital in effect: the review criteria's hyperglycaemia, the TIR setting's target. */
export async function glucometricCriteria(ctx: Omit<OutcomesContext, 'lang'>): Promise<GlucometricCriteria> {
  const [review, tir] = await Promise.all([
    getSetting(ctx.db, ctx.session.tenantId, 'virtualWard.reviewCriteria'),
    readTirSetting(ctx.db, ctx.session),
  ]);
  return {
    hyperValue: review.hyperValue,
    hyperCount: review.hyperCount,
    goalLow: tir.low,
    goalHigh: tir.high,
  };
}

/**
 * The stays the caller sees: every stay for the all-departments scope, else the stays managed by one of
 * the caller's departments or of a patient joined from one of them.
 */
export function stayScope(session: Pick<SessionUser, 'scope'>, stay: { managing: SQL; ward: SQL }): SQL {
  if (session.scope.all) return sql`true`;
  if (!session.scope.departments.length) return sql`false`;
  const list = sql.join(
    session.scope.departments.map((code) => sql`${code}`),
    sql`, `,
  );
  return sql`(${stay.managing} in (${list}) or ${stay.ward} in (${list}))`;
}

/** The condition "this reading was taken during a stay of its patient that the caller sees". */
export function duringVisibleStay(session: Pick<SessionUser, 'scope'>): SQL {
  const m = measurements;
  const s = virtualWardStays;
  const visibleStay = stayScope(session, {
    managing: sql`${s.managingDepartmentCode}`,
    ward: sql`${s.wardDepartmentCode}`,
  });
  return sql`exists (select 1 from ${s} where ${s.tenantId} = ${m.tenantId} and ${s.patientId} = ${m.patientId}
    and ${m.testTime} >= ${s.joinedAt} and (${s.exitedAt} is null or ${m.testTime} < ${s.exitedAt})
    and ${visibleStay})`;
}

type OutcomeRow = {
  month: string | null;
  patient_days: number;
  hypo_days: number;
  severe_hypo_days: number;
  hyper_days: number;
  goal_days: number;
  mean_per_patient_day: number | null;
  readings: number;
  patients: number;
  is_total: boolean;
};

/**
 * The outcome statement: live glucose readings with a value in [from, to) of the scope, grouped by
 * patient and hospital date (`test_time at time zone` the hospital's), then by month, with the total
 * (grouping sets: a patient of two months counts once in the total). Exported for the bench's ceiling.
 */
export function outcomeStatement(params: {
  tenantId: string;
  timeZone: string;
  from: string;
  to: string;
  criteria: GlucometricCriteria;
  readingScope: SQL | undefined;
}): SQL {
  const { tenantId, timeZone, from, to, criteria, readingScope } = params;
  const m = measurements;
  return sql`
    select to_char(day, 'YYYY-MM') as month, count(*)::int as patient_days,
           (count(*) filter (where low < ${HYPO_DAY_LIMIT}))::int as hypo_days,
           (count(*) filter (where low < ${SEVERE_HYPO_DAY_LIMIT}))::int as severe_hypo_days,
           (count(*) filter (where high_readings >= ${criteria.hyperCount}))::int as hyper_days,
           (count(*) filter (where low >= ${criteria.goalLow} and high <= ${criteria.goalHigh}))::int as goal_days,
           avg(day_mean)::float8 as mean_per_patient_day, sum(n)::int as readings,
           count(distinct patient_id)::int as patients, grouping(to_char(day, 'YYYY-MM')) = 1 as is_total
      from (select ${m.patientId} as patient_id, (${m.testTime} at time zone ${timeZone})::date as day,
                   count(*) as n, avg(${m.value}) as day_mean, min(${m.value}) as low, max(${m.value}) as high,
                   count(*) filter (where ${m.value} >= ${criteria.hyperValue}) as high_readings
              from ${m}
             where ${m.tenantId} = ${tenantId} and ${m.item} = 'GLU' and ${m.deletedAt} is null
               and ${m.value} is not null
               and ${m.testTime} >= ${from}::timestamptz and ${m.testTime} < ${to}::timestamptz
               and ${readingScope ?? sql`true`}
             group by 1, 2) patient_day
     group by grouping sets ((to_char(day, 'YYYY-MM')), ())`;
}

/** The first instant of hospital month `beginMonth` and of the month after `endMonth` (YYYY-MM), ISO UTC. */
export async function monthBounds(db: DbOrTx, timeZone: string, beginMonth: string, endMonth: string) {
  const { rows } = await db.execute<{ from: string; to: string }>(sql`
    select to_char((${`${beginMonth}-01`}::timestamp at time zone ${timeZone}) at time zone 'UTC',
                   'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "from",
           to_char(((${`${endMonth}-01`}::date + interval '1 month')::timestamp at time zone ${timeZone})
                   at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "to"`);
  return rows[0];
}

function outcomeOf(row: OutcomeRow | undefined): PatientDayOutcome {
  const count = (value: number | undefined) => Number(value ?? 0);
  const n = count(row?.patient_days);
  return {
    patientDays: n,
    hypoDays: count(row?.hypo_days),
    severeHypoDays: count(row?.severe_hypo_days),
    hyperDays: count(row?.hyper_days),
    goalDays: count(row?.goal_days),
    hypoShare: shareOf(count(row?.hypo_days), n),
    severeHypoShare: shareOf(count(row?.severe_hypo_days), n),
    hyperShare: shareOf(count(row?.hyper_days), n),
    goalShare: shareOf(count(row?.goal_days), n),
    meanPerPatientDay: n === 0 || row?.mean_per_patient_day == null ? null : Number(row.mean_per_patient_day),
    readings: count(row?.readings),
    patients: count(row?.patients),
  };
}

/** A department of the tenant in the caller's scope, else 404 like a missing one. */
async function scopedDepartment(ctx: OutcomesContext, code: string) {
  const [row] = await ctx.db
    .select({ code: departments.code, name: departments.name, nameEn: departments.nameEn })
    .from(departments)
    .where(
      and(
        eq(departments.tenantId, ctx.session.tenantId),
        eq(departments.code, code),
        departmentScopeCondition(ctx.session.scope, departments.code),
      ),
    );
  if (!row) throw recordNotFound();
  return row;
}

/**
 * GET /v1/virtualward/outcomes. `virtualWard`: readings of patients while in a stay the caller sees
 * (joined_at ≤ test time < exited_at, or still current); `department`: readings taken in that department
 * (in the caller's scope, else 404); `hospital`: readings taken in any department of the caller's scope.
 */
export async function outcomes(ctx: OutcomesContext, query: OutcomeQuery): Promise<OutcomesView> {
  const { beginMonth, endMonth, scope } = query;
  const department =
    scope === 'department' ? await scopedDepartment(ctx, query.departmentCode as string) : null;
  const [timeZone, criteria] = await Promise.all([
    hospitalTimeZone(ctx.db, ctx.session),
    glucometricCriteria(ctx),
  ]);
  const { from, to } = await monthBounds(ctx.db, timeZone, beginMonth, endMonth);
  const m = measurements;
  const readingScope =
    scope === 'virtualWard'
      ? duringVisibleStay(ctx.session)
      : department
        ? eq(m.departmentCode, department.code)
        : departmentScopeCondition(ctx.session.scope, m.departmentCode);
  const { rows } = await ctx.db.execute<OutcomeRow>(
    outcomeStatement({ tenantId: ctx.session.tenantId, timeZone, from, to, criteria, readingScope }),
  );
  const byMonth = new Map<string, OutcomeRow>();
  let total: OutcomeRow | undefined;
  for (const row of rows) {
    if (row.is_total) total = row;
    else byMonth.set(row.month as string, row);
  }
  return {
    beginMonth,
    endMonth,
    scope,
    departmentCode: department?.code ?? null,
    departmentName: department ? departmentName(department, ctx.lang) : null,
    criteria: { hypo: HYPO_DAY_LIMIT, severeHypo: SEVERE_HYPO_DAY_LIMIT, ...criteria },
    months: monthsBetween(beginMonth, endMonth).map((month) => ({ month, ...outcomeOf(byMonth.get(month)) })),
    total: outcomeOf(total),
  };
}

const DAY_MS = 86_400_000;

/**
 * GET /v1/virtualward/stays/{id}/beforeAfter: the patient's glucose readings of the baseline setting's
 * `days` × 24 h before joining (joined_at − days ≤ t < joined_at) against those from joining until the
 * exit, or now (joined_at ≤ t < exited_at). When the baseline names periods, only readings of those
 * periods count, on both sides, so the two stay comparable. The stay is in scope when the patient's
 * department now, the ward it joined from or the managing department lies in the caller's scope; else 404.
 */
export async function stayBeforeAfter(ctx: OutcomesContext, stayId: number): Promise<StayBeforeAfterView> {
  const s = virtualWardStays;
  const [stay] = await ctx.db
    .select({
      id: s.id,
      patientId: s.patientId,
      joinedAt: s.joinedAt,
      exitedAt: s.exitedAt,
      ward: s.wardDepartmentCode,
      managing: s.managingDepartmentCode,
      patientName: patients.name,
      patientDepartment: patients.departmentCode,
    })
    .from(s)
    .innerJoin(patients, and(eq(patients.tenantId, s.tenantId), eq(patients.id, s.patientId)))
    .where(and(eq(s.tenantId, ctx.session.tenantId), eq(s.id, stayId), isNull(patients.deletedAt)));
  const scope = ctx.session.scope;
  if (
    !stay ||
    !(inScope(scope, stay.patientDepartment) || inScope(scope, stay.ward) || inScope(scope, stay.managing))
  ) {
    throw recordNotFound();
  }

  const [timeZone, criteria, baseline] = await Promise.all([
    hospitalTimeZone(ctx.db, ctx.session),
    glucometricCriteria(ctx),
    readBaseline(ctx.db, ctx.session.tenantId),
  ]);
  const joined = stay.joinedAt;
  const beforeFrom = new Date(joined.getTime() - baseline.days * DAY_MS);
  const afterTo = stay.exitedAt ?? new Date();
  const m = measurements;
  const rows = await ctx.db
    .select({ testTime: m.testTime, value: m.value })
    .from(m)
    .where(
      and(
        eq(m.tenantId, ctx.session.tenantId),
        eq(m.patientId, stay.patientId),
        eq(m.item, 'GLU'),
        isNull(m.deletedAt),
        sql`${m.value} is not null`,
        sql`${m.testTime} >= ${beforeFrom.toISOString()}::timestamptz`,
        sql`${m.testTime} < ${afterTo.toISOString()}::timestamptz`,
        baseline.periods.length
          ? sql`${m.periodCode} in (${sql.join(
              baseline.periods.map((code) => sql`${code}`),
              sql`, `,
            )})`
          : undefined,
      ),
    );
  const side = (fromAt: Date, toAt: Date) => {
    const readings = rows
      .filter((row) => row.testTime >= fromAt && row.testTime < toAt)
      .map((row) => ({ patientId: stay.patientId, testTime: row.testTime, mmol: row.value as number }));
    return {
      from: fromAt.toISOString(),
      to: toAt.toISOString(),
      ...staySideStatistics(readings, timeZone, criteria),
    };
  };
  return {
    stayId: stay.id,
    patientId: stay.patientId,
    patientName: stay.patientName,
    joinedAt: joined.toISOString(),
    exitedAt: stay.exitedAt?.toISOString() ?? null,
    baselineDays: baseline.days,
    periods: baseline.periods,
    before: side(beforeFrom, joined),
    after: side(joined, afterTo),
  };
}

/** The most stays {@link outcomeStays} lists (the latest joined first). */
export const OUTCOME_STAYS_LIMIT = 500;

/**
 * GET /v1/virtualward/outcomes/stays: the stays the caller sees that were current at some time of the
 * months `beginMonth`..`endMonth`, the latest joined first (at most {@link OUTCOME_STAYS_LIMIT}): the
 * outcome page's choice of a stay to compare before and after joining.
 */
export async function outcomeStays(
  ctx: OutcomesContext,
  query: Pick<OutcomeQuery, 'beginMonth' | 'endMonth'>,
): Promise<OutcomeStaysView> {
  const timeZone = await hospitalTimeZone(ctx.db, ctx.session);
  const { from, to } = await monthBounds(ctx.db, timeZone, query.beginMonth, query.endMonth);
  const s = virtualWardStays;
  const rows = await ctx.db
    .select({
      id: s.id,
      patientId: s.patientId,
      patientName: patients.name,
      wardDepartmentCode: s.wardDepartmentCode,
      joinedAt: s.joinedAt,
      exitedAt: s.exitedAt,
    })
    .from(s)
    .innerJoin(patients, and(eq(patients.tenantId, s.tenantId), eq(patients.id, s.patientId)))
    .where(
      and(
        eq(s.tenantId, ctx.session.tenantId),
        isNull(patients.deletedAt),
        sql`${s.joinedAt} < ${to}::timestamptz`,
        sql`(${s.exitedAt} is null or ${s.exitedAt} >= ${from}::timestamptz)`,
        stayScope(ctx.session, {
          managing: sql`${s.managingDepartmentCode}`,
          ward: sql`${s.wardDepartmentCode}`,
        }),
      ),
    )
    .orderBy(desc(s.joinedAt), desc(s.id))
    .limit(OUTCOME_STAYS_LIMIT);
  return rows.map((row) => ({
    ...row,
    joinedAt: row.joinedAt.toISOString(),
    exitedAt: row.exitedAt?.toISOString() ?? null,
  }));
}
