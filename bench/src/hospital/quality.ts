/**
 * Meter quality control at hospital scale (issue 19 "Measured"): a year of control runs for the bench
 * hospital's meters, added once to the generated hospital (the generator's version is left alone so the
 * stored hospital is reused; a run finding the meters in place adds nothing), and the SQL ceilings of the
 * Levey-Jennings month and the month's statistics: the app's own statements, rendered by the same builders.
 *
 * One meter per ward (the bench hospital's 40 wards of 50 beds: one meter per 50 beds, as wards keep one
 * meter at the nurses' station), SN `BQC` + the ward code padded with zeros to 8 ({@link qcMeterOf}), the ward's control and strip lot; two levels (0 and
 * 1), twice a day (08:00 and 20:00 hospital time), 365 days before the data's end: 40 × 2 × 2 × 365 =
 * 58,400 runs, generated in one INSERT … SELECT. Values: target + SD × z, z roughly normal (sum of four
 * uniforms) with 1 run in 100 shifted by 3 SD; the evaluation columns as the single-run rules give them
 * (1-2s warning beyond 2 SD, 1-3s rejection and `fail` beyond 3 SD; the multi-run rules are not replayed —
 * the reads measured here do not evaluate, they read what the evaluation stored).
 */
import type { QcStrategy } from '@glucocare/domain';
import { DEFAULT_QC_STRATEGY } from '@glucocare/domain';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { qcRecords } from '../../../apps/server/src/db/schema';
import type { SessionUser } from '../../../apps/server/src/modules/auth/sessions';
import { selectAnalyzers } from '../../../apps/server/src/modules/quality/analysis/common';
import {
  curveLotsQuery,
  curveMonth,
  curveRunsQuery,
  groupedRunsStatement,
} from '../../../apps/server/src/modules/quality/analysis/statistics';
import type { CeilingQuery } from './ceiling';
import { BENCH_TENANT, BENCH_WARD, type HospitalInfo } from './generate';

export const QC_SN_PREFIX = 'BQC';
export const QC_CONTROL_LOT = 'BQCL2026A1';
const LEVELS = [
  { target: 2.8, sd: 0.2, rangeLow: 2.2, rangeHigh: 3.4 },
  { target: 7.0, sd: 0.35, rangeLow: 5.95, rangeHigh: 8.05 },
  { target: 16.7, sd: 0.8, rangeLow: 14.3, rangeHigh: 19.1 },
];

/** The meters and their year of runs, added when missing; returns the meters and runs there are. */
export async function ensureQcYear(
  db: pg.Pool,
  info: HospitalInfo,
): Promise<{ meters: number; runs: number }> {
  const counts = async () =>
    (
      await db.query<{ meters: number; runs: number }>(
        `select (select count(*)::int from analyzers where tenant_id = $1 and sn like $2 || '%') as meters,
                (select count(*)::int from qc_records where tenant_id = $1 and analyzer_sn like $2 || '%') as runs`,
        [BENCH_TENANT, QC_SN_PREFIX],
      )
    ).rows[0]!;
  const existing = await counts();
  if (existing.runs > 0) return existing;
  const client = await db.connect();
  try {
    await client.query('begin');
    const {
      rows: [control],
    } = await client.query<{ id: string }>(
      `insert into control_solutions (tenant_id, lot_number, manufacture_date, expiry_date, manufacturer, type, levels,
                                      opened_on, discard_on)
       values ($1, $2, ($3::timestamptz - interval '400 days')::date, ($3::timestamptz + interval '400 days')::date,
               'Roche', 'Bench control', $4::jsonb, ($3::timestamptz - interval '30 days')::date,
               ($3::timestamptz + interval '60 days')::date)
       returning id`,
      [BENCH_TENANT, QC_CONTROL_LOT, info.dataEnd, JSON.stringify(LEVELS)],
    );
    const {
      rows: [strip],
    } = await client.query<{ id: string }>(
      `insert into test_strips (tenant_id, type, lot_number, manufacture_date, expiry_date, control_ranges)
       values ($1, 'Bench strips', 'BQCS2026A1', ($2::timestamptz - interval '300 days')::date,
               ($2::timestamptz + interval '300 days')::date, $3::jsonb)
       returning id`,
      [
        BENCH_TENANT,
        info.dataEnd,
        JSON.stringify(LEVELS.map((l) => ({ min: l.rangeLow, max: l.rangeHigh }))),
      ],
    );
    await client.query(
      `insert into analyzers (tenant_id, model, manufacturer, sn, work_station, department_code, control_solution_id,
                              test_strip_id)
       select $1, 'Accu-Chek Inform II', 'Roche', $2 || lpad(code, 8, '0'),
              code || ' nurses station', code, $3, $4
         from departments where tenant_id = $1 and is_ward`,
      [BENCH_TENANT, QC_SN_PREFIX, control!.id, strip!.id],
    );
    await client.query('select setseed(0.19)');
    await client.query(
      `insert into qc_records (tenant_id, analyzer_id, analyzer_sn, department_code, item, level, tested_at, test_value,
                               control_solution_id, control_lot, test_strip_id, strip_lot, target, sd, range_low,
                               range_high, result, in_range, violations, rejected, tester_name, source)
       select $1, g.id, g.sn, g.department_code, 'GLU', g.level, g.at, round((g.target + g.sd * g.z)::numeric, 2)::float8,
              $3, $4, $5, 'BQCS2026A1', g.target, g.sd, g.target - 3 * g.sd, g.target + 3 * g.sd,
              case when abs(g.z) > 3 then 'fail' else 'pass' end, abs(g.z) <= 3,
              case when abs(g.z) > 3 then '{1-3s}'::text[] when abs(g.z) > 2 then '{1-2s}'::text[] else '{}'::text[] end,
              abs(g.z) > 3, 'bench nurse', 'meter'
         from (select a.id, a.sn, a.department_code, l.level, l.target, l.sd,
                      ((d::date + s.at)::timestamp at time zone $6) + l.level * interval '2 minutes' as at,
                      (random() + random() + random() + random() - 2) * 1.73
                        + case when random() < 0.01 then 3 else 0 end as z
                 from analyzers a
                 cross join generate_series(($2::timestamptz at time zone $6)::date - 365,
                                            ($2::timestamptz at time zone $6)::date - 1, interval '1 day') d
                 cross join (values (time '08:00'), (time '20:00')) s(at)
                 cross join (values (0, 2.8, 0.2), (1, 7.0, 0.35)) l(level, target, sd)
                where a.tenant_id = $1 and a.sn like $7 || '%') g`,
      [BENCH_TENANT, info.dataEnd, control!.id, QC_CONTROL_LOT, strip!.id, info.timeZone, QC_SN_PREFIX],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  await db.query('analyze analyzers');
  await db.query('analyze qc_records');
  return counts();
}

/** The meter of a ward (ward codes are at most 8 characters): `BQC0000ENDO`. */
export const qcMeterOf = (ward: string) => `${QC_SN_PREFIX}${ward.padStart(8, '0')}`;

/** The first instant of a hospital month and of the next, ISO (as the app's monthBounds gives them). */
async function monthRange(db: pg.Pool, timeZone: string, month: string) {
  const { rows } = await db.query<{ from: string; to: string }>(
    `select to_char(($1::date::timestamp at time zone $2) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "from",
            to_char((($1::date + interval '1 month')::timestamp at time zone $2) at time zone 'UTC',
                    'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "to"`,
    [`${month}-01`, timeZone],
  );
  return rows[0]!;
}

const admin = { tenantId: BENCH_TENANT, scope: { all: true as const } };
const toQuery = (query: { toSQL: () => { sql: string; params: unknown[] } }) => {
  const { sql: text, params } = query.toSQL();
  return { text, values: params };
};

/**
 * The Levey-Jennings month's statements as the app sends them for an administrator (modules/quality/
 * analysis/statistics.ts qcCurve): the analyzers of the scope (the picker, and the analyzer asked), the lots
 * of the month, the lot in use, the runs of the lot. The month's bounds and the time zone are read first
 * by the app too (a constant select and a cached setting): left out.
 */
export async function qcCurveCeiling(db: pg.Pool, info: HospitalInfo, month: string): Promise<CeilingQuery> {
  const orm = drizzle(db);
  const ctx = { db: orm as never, session: admin as SessionUser, lang: 'en-US' as const, now: new Date() };
  const sn = qcMeterOf(BENCH_WARD);
  const {
    rows: [meter],
  } = await db.query<{ id: string; control_solution_id: string }>(
    'select id, control_solution_id from analyzers where tenant_id = $1 and sn = $2',
    [BENCH_TENANT, sn],
  );
  if (!meter) throw new Error(`no QC data in this bench database (run the qccurve scenario first)`);
  const { from, to } = await monthRange(db, info.timeZone, month);
  const ofMonth = curveMonth(BENCH_TENANT, {
    analyzerId: Number(meter.id),
    item: 'GLU',
    level: 1,
    from,
    to,
  });
  return {
    name: "SQL ceiling: Levey-Jennings month (the scope's analyzers, the month's lots, the lot in use, the lot's runs)",
    statements: [
      toQuery(selectAnalyzers(ctx)),
      toQuery(curveLotsQuery(orm as never, ofMonth)),
      {
        text: 'select lot_number, levels from control_solutions where tenant_id = $1 and id = $2',
        values: [BENCH_TENANT, meter!.control_solution_id],
      },
      toQuery(curveRunsQuery(orm as never, ofMonth, QC_CONTROL_LOT)),
    ],
  };
}

/**
 * The month's statistics as the app sends them for an administrator (qcStatistics): the grouped runs of
 * every meter in one statement, then the departments' names.
 */
export async function qcStatisticsCeiling(
  db: pg.Pool,
  info: HospitalInfo,
  w: { monthStart: string; monthEnd: string },
): Promise<CeilingQuery> {
  const { rows } = await db.query<{ from: string; to: string }>(
    `select to_char(($1::date::timestamp at time zone $3) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "from",
            to_char((($2::date + 1)::timestamp at time zone $3) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "to"`,
    [w.monthStart, w.monthEnd, info.timeZone],
  );
  const { from, to } = rows[0]!;
  // the app's filters (qcStatistics), as it joins them
  const where = sql.join(
    [
      sql`${qcRecords.testedAt} >= ${from}::timestamptz and ${qcRecords.testedAt} < ${to}::timestamptz`,
      sql`${qcRecords.item} = ${'GLU'}`,
    ],
    sql` and `,
  );
  const statement = new PgDialect().sqlToQuery(groupedRunsStatement(admin, info.timeZone, where));
  const { rows: codes } = await db.query<{ code: string }>(
    'select code from departments where tenant_id = $1 and is_ward',
    [BENCH_TENANT],
  );
  return {
    name: 'SQL ceiling: QC statistics of a month (every meter, level and lot grouped in one statement; the department names)',
    statements: [
      { text: statement.sql, values: statement.params },
      {
        text: 'select code, coalesce(name_en, name) as name from departments where tenant_id = $1 and code = any($2)',
        values: [BENCH_TENANT, codes.map((row) => row.code)],
      },
    ],
  };
}

/** The QC strategy with the lockout on or off (the `qcupload` scenario). */
export const qcStrategy = (lockout: boolean): QcStrategy => ({ ...DEFAULT_QC_STRATEGY, lockout });

/**
 * Registers the upload's device serials as analyzers of the bench ward with the bench lots, so that the
 * lockout check finds them (and removes them afterwards).
 */
export async function registerUploadMeters(db: pg.Pool, serials: string[]): Promise<void> {
  await db.query(
    `insert into analyzers (tenant_id, model, sn, work_station, department_code, control_solution_id, test_strip_id)
     select $1, 'Bench upload meter', s, 'bench', $2,
            (select id from control_solutions where tenant_id = $1 and lot_number = $4),
            (select id from test_strips where tenant_id = $1 and lot_number = 'BQCS2026A1')
       from unnest($3::text[]) s
     on conflict do nothing`,
    [BENCH_TENANT, BENCH_WARD, serials, QC_CONTROL_LOT],
  );
}
export async function removeUploadMeters(db: pg.Pool, serials: string[]): Promise<void> {
  await db.query('delete from analyzers where tenant_id = $1 and sn = any($2)', [BENCH_TENANT, serials]);
}
