import type { Lang } from '@glucocare/domain';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { analyzers, departments } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { departmentScopeCondition } from '../../../lib/scope';
import type { SessionUser } from '../../auth/sessions';
import { departmentNameColumn } from '../../departments/service';
import { dateIn, hospitalTimeZone } from '../../settings/time-zone';

/** What every QC analysis call needs: the database, the caller, the language and the clock. */
export interface AnalysisContext {
  db: DbOrTx;
  session: SessionUser;
  lang: Lang;
  now: Date;
}

/**
 * The first instant of `month` and of the month after it in the hospital's zone (ISO UTC): a run at
 * 23:30 on the 31st Shanghai time belongs to that month though it is the 31st 15:30 UTC.
 */
export async function monthBounds(db: DbOrTx, timeZone: string, month: string) {
  const { rows } = await db.execute<{ from: string; to: string }>(sql`
    select to_char((${`${month}-01`}::date::timestamp at time zone ${timeZone}) at time zone 'UTC',
                   'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "from",
           to_char(((${`${month}-01`}::date + interval '1 month')::timestamp at time zone ${timeZone})
                   at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "to"`);
  return rows[0] as { from: string; to: string };
}

/** The first instant of `beginDate` and of the day after `endDate` in the hospital's zone. */
export async function dayBounds(db: DbOrTx, timeZone: string, beginDate: string, endDate: string) {
  const { rows } = await db.execute<{ from: string; to: string }>(sql`
    select to_char((${beginDate}::date::timestamp at time zone ${timeZone}) at time zone 'UTC',
                   'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "from",
           to_char((((${endDate}::date + 1)::timestamp) at time zone ${timeZone}) at time zone 'UTC',
                   'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "to"`);
  return rows[0] as { from: string; to: string };
}

/** The hospital's zone and its current month (YYYY-MM). */
export async function hospitalClock(ctx: AnalysisContext) {
  const timeZone = await hospitalTimeZone(ctx.db, ctx.session);
  return { timeZone, currentMonth: dateIn(ctx.now, timeZone).slice(0, 7) };
}

export type AnalyzerRef = {
  analyzerId: number;
  sn: string;
  model: string;
  departmentCode: string;
  departmentName: string | null;
  controlSolutionId: number | null;
};

/** The live analyzers of the caller's scope, with their department's name, narrowed by `where`. */
export function selectAnalyzers(ctx: AnalysisContext, where?: SQL) {
  return ctx.db
    .select({
      analyzerId: analyzers.id,
      sn: analyzers.sn,
      model: analyzers.model,
      departmentCode: analyzers.departmentCode,
      departmentName: departmentNameColumn(ctx.lang),
      controlSolutionId: analyzers.controlSolutionId,
    })
    .from(analyzers)
    .leftJoin(
      departments,
      and(eq(departments.tenantId, analyzers.tenantId), eq(departments.code, analyzers.departmentCode)),
    )
    .where(
      and(
        eq(analyzers.tenantId, ctx.session.tenantId),
        isNull(analyzers.deletedAt),
        departmentScopeCondition(ctx.session.scope, analyzers.departmentCode),
        where,
      ),
    )
    .orderBy(analyzers.departmentCode, analyzers.sn);
}

/** One analyzer of the caller's scope by id or SN; 404 otherwise (another tenant, department, deleted). */
export async function analyzerOf(
  ctx: AnalysisContext,
  key: { analyzerId?: number; sn?: string },
): Promise<AnalyzerRef> {
  const [row] = await selectAnalyzers(
    ctx,
    key.analyzerId !== undefined ? eq(analyzers.id, key.analyzerId) : eq(analyzers.sn, key.sn ?? ''),
  );
  if (!row) throw new AppError(404, 'qc.analyzer.notFound');
  return row;
}

/** An instant as ISO UTC. */
export const iso = (value: Date | string) => new Date(value).toISOString();
export const numberOrNull = (value: unknown) =>
  value === null || value === undefined ? null : Number(value);

/** The names of departments of the tenant in the request's language. */
export function departmentNames(ctx: AnalysisContext, codes: string[]) {
  return ctx.db
    .select({ code: departments.code, name: departmentNameColumn(ctx.lang) })
    .from(departments)
    .where(and(eq(departments.tenantId, ctx.session.tenantId), inArray(departments.code, codes)));
}
