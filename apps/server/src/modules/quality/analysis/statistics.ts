import {
  passRate,
  type QcCurveQuery,
  type QcStatisticsQuery,
  qcFigures,
  roundedFigures,
  sdLines,
  type ViolationCounts,
  violationCounts,
  WESTGARD_RULES,
  zScore,
} from '@glucocare/domain';
import type { QcCurveView, QcStatisticsView } from '@glucocare/domain/responses';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { controlSolutions, qcRecords } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { departmentScopeCondition } from '../../../lib/scope';
import { hospitalTimeZone } from '../../settings/time-zone';
import {
  type AnalysisContext,
  dayBounds,
  departmentNames,
  iso,
  monthBounds,
  numberOrNull,
  selectAnalyzers,
} from './common';

const r = qcRecords;

/**
 * The month of one analyzer, item and level (the bench's ceiling renders the same builders):
 * `curveMonth` is the condition, `curveLotsQuery` the lots run in it, `curveRunsQuery` the runs of a lot.
 */
export function curveMonth(
  tenantId: string,
  query: { analyzerId: number; item: string; level: number; from: string; to: string },
) {
  return and(
    eq(r.tenantId, tenantId),
    eq(r.analyzerId, query.analyzerId),
    eq(r.item, query.item),
    eq(r.level, query.level),
    sql`${r.deletedAt} is null and ${r.testedAt} >= ${query.from}::timestamptz and ${r.testedAt} < ${query.to}::timestamptz`,
  );
}
export function curveLotsQuery(db: DbOrTx, ofMonth: SQL | undefined) {
  return db
    .select({ lot: r.controlLot, last: sql<string>`max(${r.testedAt})` })
    .from(r)
    .where(ofMonth)
    .groupBy(r.controlLot)
    .orderBy(sql`2 desc`);
}
export function curveRunsQuery(db: DbOrTx, ofMonth: SQL | undefined, lot: string) {
  return db
    .select()
    .from(r)
    .where(and(ofMonth, eq(r.controlLot, lot)))
    .orderBy(r.testedAt, r.id);
}

/**
 * GET /v2/deviceQc/control: the Levey-Jennings month of one analyzer, level and control lot (the lot in
 * use on the analyzer by default, else the lot last run that month). The lines are drawn on the target
 * and SD the latest run of the month was judged on (copied into the run at write), or the lot's level
 * when there is no run; each point's z-score uses its own run's target and SD. Month boundaries are the
 * hospital's calendar.
 */
export async function qcCurve(ctx: AnalysisContext, query: QcCurveQuery): Promise<QcCurveView> {
  const all = await selectAnalyzers(ctx);
  const options = all.map(({ controlSolutionId: _lots, ...ref }) => ref);
  const asked = query.sn !== undefined || query.analyzerId !== undefined;
  // the scope's list holds every analyzer the caller may read: the one asked for is found there (404
  // when it is not: another tenant, a department outside the scope, deleted)
  const analyzer = asked
    ? all.find((one) =>
        query.analyzerId !== undefined ? one.analyzerId === query.analyzerId : one.sn === query.sn,
      )
    : all[0];
  if (asked && !analyzer) throw new AppError(404, 'qc.analyzer.notFound');
  if (!analyzer) return emptyCurve(query);
  const timeZone = await hospitalTimeZone(ctx.db, ctx.session);
  const { from, to } = await monthBounds(ctx.db, timeZone, query.month);
  const tenantId = ctx.session.tenantId;
  const ofMonth = curveMonth(tenantId, {
    analyzerId: analyzer.analyzerId,
    item: query.itemCategory,
    level: query.level,
    from,
    to,
  });
  const lotRows = await curveLotsQuery(ctx.db, ofMonth);
  const lots = lotRows.map((row) => row.lot).sort();
  let inUse:
    | {
        lotNumber: string;
        levels: { target: number; sd: number; rangeLow: number | null; rangeHigh: number | null }[];
      }
    | undefined;
  if (analyzer.controlSolutionId !== null) {
    [inUse] = await ctx.db
      .select({ lotNumber: controlSolutions.lotNumber, levels: controlSolutions.levels })
      .from(controlSolutions)
      .where(
        and(eq(controlSolutions.tenantId, tenantId), eq(controlSolutions.id, analyzer.controlSolutionId)),
      );
  }
  const lot = query.lot ?? inUse?.lotNumber ?? lotRows[0]?.lot ?? null;
  const runs = lot ? await curveRunsQuery(ctx.db, ofMonth, lot) : [];
  const lotLevels =
    inUse?.lotNumber === lot
      ? inUse?.levels
      : lot
        ? (
            await ctx.db
              .select({ levels: controlSolutions.levels })
              .from(controlSolutions)
              .where(
                and(
                  eq(controlSolutions.tenantId, tenantId),
                  eq(controlSolutions.item, query.itemCategory),
                  eq(controlSolutions.lotNumber, lot),
                ),
              )
              .orderBy(sql`${controlSolutions.deletedAt} is null desc`)
              .limit(1)
          )[0]?.levels
        : undefined;
  const latest = runs[runs.length - 1];
  const level = lotLevels?.[query.level];
  const positive = (value: number | null | undefined) => (value != null && value > 0 ? value : null);
  const target = latest ? numberOrNull(latest.target) : positive(level?.target);
  const sd = latest ? numberOrNull(latest.sd) : positive(level?.sd);
  const lines = sdLines(target, sd);
  const values = runs.flatMap((run) => (run.testValue === null ? [] : [run.testValue]));
  const passes = runs.filter((run) => run.result === 'pass').length;
  return {
    analyzers: options,
    analyzer: {
      analyzerId: analyzer.analyzerId,
      sn: analyzer.sn,
      model: analyzer.model,
      departmentCode: analyzer.departmentCode,
      departmentName: analyzer.departmentName,
    },
    month: query.month,
    itemCategory: query.itemCategory,
    level: query.level,
    lot,
    lots: lot && !lots.includes(lot) ? [...lots, lot].sort() : lots,
    target,
    sd,
    rangeLow: latest ? latest.rangeLow : (level?.rangeLow ?? null),
    rangeHigh: latest ? latest.rangeHigh : (level?.rangeHigh ?? null),
    lines: lines && {
      plus1: lines.plus1,
      minus1: lines.minus1,
      plus2: lines.plus2,
      minus2: lines.minus2,
      plus3: lines.plus3,
      minus3: lines.minus3,
    },
    points: runs.map((run) => ({
      id: run.id,
      testedAt: iso(run.testedAt),
      value: run.testValue,
      z: (() => {
        const z = zScore(run.testValue, run.target, run.sd);
        return z === null ? null : Math.round(z * 1000) / 1000;
      })(),
      result: run.result as 'pass' | 'fail',
      rejected: run.rejected,
      inRange: run.inRange,
      violations: run.violations,
      stripLot: run.stripLot,
      testerName: run.testerName,
      failureReason: run.failureReason,
      improvementActions: run.improvementActions,
    })),
    figures: {
      ...roundedFigures(qcFigures(values)),
      passes,
      passRate: passRate(passes, runs.length),
      violationCounts: violationCounts(runs),
    },
  };
}

/** The curve of a caller without analyzers. */
function emptyCurve(query: QcCurveQuery): QcCurveView {
  return {
    analyzer: null,
    analyzers: [],
    month: query.month,
    itemCategory: query.itemCategory,
    level: query.level,
    lot: null,
    lots: [],
    target: null,
    sd: null,
    rangeLow: null,
    rangeHigh: null,
    lines: null,
    points: [],
    figures: {
      n: 0,
      mean: null,
      sd: null,
      cv: null,
      passes: 0,
      passRate: null,
      violationCounts: violationCounts([]),
    },
  };
}

type GroupRow = {
  month: string;
  analyzer_id: string;
  analyzer_sn: string;
  department_code: string;
  level: number;
  control_lot: string;
  target: number | null;
  runs: number;
  passes: number;
  n: number;
  mean: number | null;
  sd: number | null;
} & Record<string, number | string | null>;

/**
 * Runs grouped per hospital month, analyzer, level and control lot: counts, passes, and the figures of
 * CLSI C24 (domain quality/statistics.ts) — PostgreSQL's `avg` and `stddev_samp` are the mean and the
 * sample SD (n − 1) of that definition, worked out where the rows are; the CV is derived from them by
 * the domain's definition. One statement for any number of analyzers (the bench's `qcstats`).
 */
export function groupedRunsStatement(
  session: Pick<AnalysisContext['session'], 'tenantId' | 'scope'>,
  timeZone: string,
  where: SQL,
): SQL {
  return sql`
    select to_char(${r.testedAt} at time zone ${timeZone}, 'YYYY-MM') as month, ${r.analyzerId} as analyzer_id,
           max(${r.analyzerSn}) as analyzer_sn, max(${r.departmentCode}) as department_code, ${r.level} as level,
           ${r.controlLot} as control_lot,
           (array_agg(${r.target} order by ${r.testedAt} desc))[1] as target,
           count(*)::int as runs, count(*) filter (where ${r.result} = 'pass')::int as passes,
           count(${r.testValue})::int as n, avg(${r.testValue}) as mean, stddev_samp(${r.testValue}) as sd,
           ${sql.join(
             WESTGARD_RULES.map(
               (rule) =>
                 sql`count(*) filter (where ${rule} = any(${r.violations}))::int as ${sql.identifier(`v_${rule}`)}`,
             ),
             sql`, `,
           )}
      from ${r}
     where ${r.tenantId} = ${session.tenantId} and ${r.deletedAt} is null and ${where}
       and ${departmentScopeCondition(session.scope, r.departmentCode) ?? sql`true`}
     group by 1, 2, 5, 6
     order by 1, 4, 3, 5, 6`;
}

/** {@link groupedRunsStatement} run and read: the figures per month, analyzer, level and lot. */
export async function groupedRuns(ctx: AnalysisContext, timeZone: string, where: SQL) {
  const { rows } = await ctx.db.execute<GroupRow>(groupedRunsStatement(ctx.session, timeZone, where));
  return rows.map((row) => {
    const counts = Object.fromEntries(
      WESTGARD_RULES.map((rule) => [rule, Number(row[`v_${rule}`] ?? 0)]),
    ) as ViolationCounts;
    const mean = numberOrNull(row.mean);
    const sd = numberOrNull(row.sd);
    const figures = roundedFigures({
      n: Number(row.n),
      mean,
      sd,
      cv: sd === null || mean === null || mean === 0 ? null : (sd / mean) * 100,
    });
    const runs = Number(row.runs);
    const passes = Number(row.passes);
    return {
      month: row.month,
      analyzerId: Number(row.analyzer_id),
      sn: row.analyzer_sn,
      departmentCode: row.department_code,
      level: Number(row.level),
      controlLot: row.control_lot,
      target: numberOrNull(row.target),
      runs,
      passes,
      passRate: passRate(passes, runs),
      ...figures,
      violationCounts: counts,
    };
  });
}

const addCounts = (a: ViolationCounts, b: ViolationCounts) =>
  Object.fromEntries(WESTGARD_RULES.map((rule) => [rule, a[rule] + b[rule]])) as ViolationCounts;

/**
 * GET /v1/deviceQc/departmentControlStatistics: per analyzer, level, lot and month, and per department
 * and month (runs, passes and violations summed over its analyzers; mean, SD and CV are per level and
 * lot only — values of different levels are not pooled).
 */
export async function qcStatistics(
  ctx: AnalysisContext,
  query: QcStatisticsQuery,
): Promise<QcStatisticsView> {
  const timeZone = await hospitalTimeZone(ctx.db, ctx.session);
  const { from, to } = await dayBounds(ctx.db, timeZone, query.beginDate, query.endDate);
  const filters: SQL[] = [
    sql`${r.testedAt} >= ${from}::timestamptz and ${r.testedAt} < ${to}::timestamptz`,
    sql`${r.item} = ${query.itemCategory}`,
  ];
  if (query.departmentCode) filters.push(sql`${r.departmentCode} = ${query.departmentCode}`);
  if (query.sn) filters.push(sql`${r.analyzerSn} = ${query.sn}`);
  const groups = await groupedRuns(ctx, timeZone, sql.join(filters, sql` and `));
  const departmentCodes = [...new Set(groups.map((group) => group.departmentCode))];
  const names = new Map<string, string | null>();
  if (departmentCodes.length) {
    const rows = await departmentNames(ctx, departmentCodes);
    for (const row of rows) names.set(row.code, row.name);
  }
  const departmentsOf = new Map<string, QcStatisticsView['departments'][number] & { ids: Set<number> }>();
  for (const group of groups) {
    const key = `${group.month}\u0000${group.departmentCode}`;
    const sum = departmentsOf.get(key) ?? {
      month: group.month,
      departmentCode: group.departmentCode,
      departmentName: names.get(group.departmentCode) ?? null,
      analyzers: 0,
      runs: 0,
      passes: 0,
      passRate: null,
      violationCounts: violationCounts([]),
      ids: new Set<number>(),
    };
    sum.ids.add(group.analyzerId);
    sum.runs += group.runs;
    sum.passes += group.passes;
    sum.violationCounts = addCounts(sum.violationCounts, group.violationCounts);
    departmentsOf.set(key, sum);
  }
  const departments = [...departmentsOf.values()].map(({ ids, ...rest }) => ({
    ...rest,
    analyzers: ids.size,
    passRate: passRate(rest.passes, rest.runs),
  }));
  const runs = groups.reduce((total, group) => total + group.runs, 0);
  const passes = groups.reduce((total, group) => total + group.passes, 0);
  return {
    beginDate: query.beginDate,
    endDate: query.endDate,
    analyzers: groups.map(({ target: _target, ...group }) => ({
      ...group,
      departmentName: names.get(group.departmentCode) ?? null,
    })),
    departments,
    total: { runs, passes, passRate: passRate(passes, runs) },
  };
}
