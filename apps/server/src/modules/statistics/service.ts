import {
  type DepartmentAnalysisQuery,
  type Lang,
  roundDecimal,
  roundShares,
  type YearAnalysisQuery,
} from '@glucocare/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { glucoseDayCounts as dayCounts, departments } from '../../db/schema';
import { recordNotFound } from '../../http/errors';
import { departmentScopeCondition } from '../../lib/scope';
import type { SessionUser } from '../auth/sessions';
import { departmentName } from '../departments/service';
import { findTenant, tenantView } from '../tenants/service';

// Not a resource declaration (lib/resource.ts): reads only: counts over the day-count rows that triggers
// keep.

/**
 * Hospital glucose statistics (docs/api.md "Statistics"; web contract apps/web/src/api/statistics.ts).
 *
 * What counts: live glucose readings with a value (`item = 'GLU'`, `value is not null`,
 * `deleted_at is null`) of the caller's tenant, by the classification stored with each reading at
 * write time: normal → in target, low, criticalLow, high, criticalHigh; `unknown` (no limit applied)
 * counts in `testCount` only. A reading belongs to the department it was measured in
 * (`measurements.department_code`), and to the hospital calendar day (month) of its `test_time` in
 * the hospital's time zone. The caller's department scope applies; a department outside it answers
 * 404 like a missing one.
 *
 * Each answer is one aggregate statement over the per-patient-day counts the database keeps with
 * every write (`glucose_day_counts`, migration 0007: the readings' hospital day in the tenant's time
 * zone), not over the readings themselves (grouping sets: the buckets and the total together, so a
 * patient measured in two buckets counts once in the total).
 */

export interface StatisticsContext {
  db: DbOrTx;
  session: Pick<SessionUser, 'tenantId' | 'scope' | 'configVersion'>;
  lang: Lang;
}

export interface GlucoseCounts {
  testCount: number;
  personCount: number;
  inTargetCount: number;
  inTargetRate: number | null;
  lowCount: number;
  lowRate: number | null;
  criticalLowCount: number;
  criticalLowRate: number | null;
  highCount: number;
  highRate: number | null;
  criticalHighCount: number;
  criticalHighRate: number | null;
  criticalCount: number;
  criticalRate: number | null;
}

export interface YearAnalysis {
  year: number;
  departmentCode: string | null;
  departmentName: string;
  months: (GlucoseCounts & { month: number })[];
  total: GlucoseCounts;
}

export interface DepartmentAnalysis {
  beginDate: string;
  endDate: string;
  departments: (GlucoseCounts & { departmentCode: string; departmentName: string })[];
  total: GlucoseCounts;
}

/** The raw counts of one bucket as the statement returns them. */
type CountRow = {
  test_count: number;
  person_count: number;
  normal_count: number;
  low_count: number;
  critical_low_count: number;
  high_count: number;
  critical_high_count: number;
};

const ZERO: CountRow = {
  test_count: 0,
  person_count: 0,
  normal_count: 0,
  low_count: 0,
  critical_low_count: 0,
  high_count: 0,
  critical_high_count: 0,
};

/**
 * The rates of the five disjoint bands, 2 decimals, by largest remainder (`roundShares`) over the
 * bands and the readings in none of them (classification unknown): so the rates of a bucket whose
 * readings all have a band add up to exactly 100.00, as the tables and the Excel show them. The
 * critical rate (critically low + high) overlaps two of the bands, so it is a share of its own, rounded
 * alone (2 of 12 readings: 16.67 %).
 */
function bandRates(counts: Record<(typeof BANDS)[number], number>, testCount: number) {
  const inBands = BANDS.reduce((sum, band) => sum + counts[band], 0);
  const shares = roundShares([...BANDS.map((band) => counts[band]), Math.max(0, testCount - inBands)], 2);
  const rate = (band: (typeof BANDS)[number]) => (shares ? shares[BANDS.indexOf(band)] : null);
  const critical = counts.criticalLow + counts.criticalHigh;
  return {
    inTarget: rate('inTarget'),
    low: rate('low'),
    criticalLow: rate('criticalLow'),
    high: rate('high'),
    criticalHigh: rate('criticalHigh'),
    critical: testCount === 0 ? null : roundDecimal((critical / testCount) * 100, 2),
  };
}

const BANDS = ['inTarget', 'low', 'criticalLow', 'high', 'criticalHigh'] as const;

export function countsOf(row: CountRow): GlucoseCounts {
  const test = Number(row.test_count);
  const criticalLow = Number(row.critical_low_count);
  const criticalHigh = Number(row.critical_high_count);
  const counts = {
    inTarget: Number(row.normal_count),
    low: Number(row.low_count),
    criticalLow,
    high: Number(row.high_count),
    criticalHigh,
    critical: criticalLow + criticalHigh,
  };
  const rates = bandRates(counts, test);
  return {
    testCount: test,
    personCount: Number(row.person_count),
    inTargetCount: counts.inTarget,
    inTargetRate: rates.inTarget,
    lowCount: counts.low,
    lowRate: rates.low,
    criticalLowCount: counts.criticalLow,
    criticalLowRate: rates.criticalLow,
    highCount: counts.high,
    highRate: rates.high,
    criticalHighCount: counts.criticalHigh,
    criticalHighRate: rates.criticalHigh,
    criticalCount: counts.critical,
    criticalRate: rates.critical,
  };
}

/**
 * The counts of every bucket and of all buckets together, in one statement: the day counts are first
 * folded per (bucket, patient) — a hash aggregate over the range's rows — and those few rows then give
 * each bucket and the total (`grouping sets`), the total counting a patient of two buckets once.
 * `bucket` is an expression over `glucose_day_counts` (the department, the month); the total row
 * is the one with `grouping(bucket) = 1`.
 */
async function bucketCounts<B extends string | number>(
  db: DbOrTx,
  bucket: SQL,
  where: SQL | undefined,
): Promise<{ byBucket: Map<B, CountRow>; total: CountRow }> {
  const statement = sql`
    select bucket, sum(n)::int as test_count, count(distinct patient_id)::int as person_count,
           sum(normal)::int as normal_count, sum(low)::int as low_count,
           sum(critical_low)::int as critical_low_count, sum(high)::int as high_count,
           sum(critical_high)::int as critical_high_count, grouping(bucket) = 1 as is_total
      from (select ${bucket} as bucket, ${dayCounts.patientId} as patient_id, sum(${dayCounts.testCount}) as n,
                   sum(${dayCounts.normalCount}) as normal, sum(${dayCounts.lowCount}) as low,
                   sum(${dayCounts.criticalLowCount}) as critical_low, sum(${dayCounts.highCount}) as high,
                   sum(${dayCounts.criticalHighCount}) as critical_high
              from ${dayCounts}
             where ${where}
             group by 1, 2
            having sum(${dayCounts.testCount}) > 0) per_patient
     group by grouping sets ((bucket), ())`;
  const { rows } = await db.execute<CountRow & { bucket: B | null; is_total: boolean }>(statement);
  const byBucket = new Map<B, CountRow>();
  let total = ZERO;
  for (const row of rows) {
    if (row.is_total) total = row;
    else byBucket.set(row.bucket as B, row);
  }
  return { byBucket, total };
}

/** The counts of the tenant's hospital days `beginDate`..`endDate` (and departments, when given). */
function countedDays(tenantId: string, beginDate: string, endDate: string, department: SQL | undefined) {
  return and(
    eq(dayCounts.tenantId, tenantId),
    sql`${dayCounts.day} >= ${beginDate}::date`,
    sql`${dayCounts.day} <= ${endDate}::date`,
    department,
  );
}

/** A department of the tenant within the caller's scope; anything else answers 404 like a missing one. */
async function scopedDepartment(ctx: StatisticsContext, code: string) {
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

/** The condition on the readings' department: the one asked for, else the caller's scope (none for all). */
function departmentFilter(ctx: StatisticsContext, code: string | undefined): SQL | undefined {
  return code
    ? eq(dayCounts.departmentCode, code)
    : departmentScopeCondition(ctx.session.scope, dayCounts.departmentCode);
}

/**
 * GET /v1/statistics/gluYearAnalysis: the 12 months of a year (hospital calendar months) and the
 * year's total, for one department or every department of the caller's scope (named after the
 * hospital then). Months without readings, the future included, are zero rows.
 */
export async function yearAnalysis(ctx: StatisticsContext, query: YearAnalysisQuery): Promise<YearAnalysis> {
  return (await yearReport(ctx, query)).analysis;
}

/** The yearly statistics with the hospital's name in the request language (the Excel file's title). */
export async function yearReport(
  ctx: StatisticsContext,
  query: YearAnalysisQuery,
): Promise<{ analysis: YearAnalysis; hospitalName: string }> {
  const { year, departmentCode } = query;
  const department = departmentCode ? await scopedDepartment(ctx, departmentCode) : null;
  const hospitalName = tenantView(await findTenant(ctx.db, ctx.session.tenantId), ctx.lang).tenantName;
  const name = department ? departmentName(department, ctx.lang) : hospitalName;

  const where = countedDays(
    ctx.session.tenantId,
    `${year}-01-01`,
    `${year}-12-31`,
    departmentFilter(ctx, departmentCode),
  );
  const { byBucket: byMonth, total } = await bucketCounts<number>(
    ctx.db,
    sql`extract(month from ${dayCounts.day})::int`,
    where,
  );
  const analysis = {
    year,
    departmentCode: department?.code ?? null,
    departmentName: name,
    months: Array.from({ length: 12 }, (_, i) => ({
      month: i + 1,
      ...countsOf(byMonth.get(i + 1) ?? ZERO),
    })),
    total: countsOf(total),
  };
  return { analysis, hospitalName };
}

/**
 * GET /v1/statistics/departmentAnalysis: every department of the caller's scope (or the one asked
 * for), in the departments' order (sort, then code), with or without readings, over the hospital
 * days `beginDate`..`endDate`, and their total (a patient measured in two departments counts once).
 * A disabled department is listed when it has readings in the range; readings under a code no
 * department carries any more are listed under that code, last, so the rows always add up to the total.
 */
export async function departmentAnalysis(
  ctx: StatisticsContext,
  query: DepartmentAnalysisQuery,
): Promise<DepartmentAnalysis> {
  const { beginDate, endDate, departmentCode } = query;
  const listed = departmentCode
    ? [{ ...(await scopedDepartment(ctx, departmentCode)), isActive: true }]
    : await ctx.db
        .select({
          code: departments.code,
          name: departments.name,
          nameEn: departments.nameEn,
          isActive: departments.isActive,
        })
        .from(departments)
        .where(
          and(
            eq(departments.tenantId, ctx.session.tenantId),
            departmentScopeCondition(ctx.session.scope, departments.code),
          ),
        )
        .orderBy(asc(departments.sort), asc(departments.code));

  const where = countedDays(ctx.session.tenantId, beginDate, endDate, departmentFilter(ctx, departmentCode));
  const { byBucket: byCode, total } = await bucketCounts<string>(
    ctx.db,
    sql`${dayCounts.departmentCode}`,
    where,
  );
  const known = new Set(listed.map((row) => row.code));
  const departmentRows = listed
    .filter((row) => row.isActive || byCode.has(row.code))
    .map((row) => ({
      departmentCode: row.code,
      departmentName: departmentName(row, ctx.lang),
      ...countsOf(byCode.get(row.code) ?? ZERO),
    }));
  const unlisted = [...byCode.keys()].filter((code) => !known.has(code)).sort();
  for (const code of unlisted) {
    departmentRows.push({
      departmentCode: code,
      departmentName: code,
      ...countsOf(byCode.get(code) as CountRow),
    });
  }
  return {
    beginDate,
    endDate,
    departments: departmentRows,
    total: countsOf(total),
  };
}
