/**
 * The SQL ceilings: what the ward dashboard, the data-management query, the glucose report and the
 * department statistics cost in PostgreSQL alone,
 * run directly with node-postgres as prepared statements. The statements are those the endpoints'
 * services send (copied from `modules/patients/list.ts` + `modules/tasks/progress.ts`, and
 * `modules/review/service.ts` + `modules/measurements/view.ts`), one after the other on one connection,
 * without the session statement. The difference to the HTTP figures is the app's own share (session,
 * permission, validation, task planning, mapping, JSON, HTTP) plus the count the data-management page
 * runs in parallel on a second connection.
 */
import {
  hospitalDateRange,
  hospitalDayAt,
  addDays as shiftDays,
  type TaskPeriod,
  taskReadingSpan,
} from '@glucocare/domain';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { DbOrTx } from '../../../apps/server/src/db/client';
import { patients } from '../../../apps/server/src/db/schema';
import { linkedChartStatement } from '../../../apps/server/src/modules/insulin/linked-chart';
import {
  wardDashboardStatement,
  wardDepartmentsStatement,
} from '../../../apps/server/src/modules/monitor/ward';
import { getSetting } from '../../../apps/server/src/modules/settings/service';
import { readTirSetting } from '../../../apps/server/src/modules/settings/strategy-service';
import { loadTaskSettings, taskPatientsStatement } from '../../../apps/server/src/modules/tasks/progress';
import {
  monthBounds,
  outcomeStatement,
} from '../../../apps/server/src/modules/virtual-ward/outcomes-service';
import {
  readManagingDepartment,
  readReviewCriteria,
  worklistStatement,
} from '../../../apps/server/src/modules/virtual-ward/review-service';
import { BENCH_TENANT, BENCH_WARD, type HospitalInfo } from './generate';
import { qcCurveCeiling, qcStatisticsCeiling } from './quality';

export interface CeilingQuery {
  name: string;
  statements: { text: string; values: unknown[] }[];
}

type Windows = {
  weekStart: string;
  weekEnd: string;
  monthStart: string;
  monthEnd: string;
  yearStart: string;
};

/** The patient's department and doctor names, as both patient statements join them. */
const DEPARTMENT_AND_DOCTOR = `left join departments d on d.tenant_id = p.tenant_id and d.code = p.department_code
                   left join lateral (
                     select u.nick_name from users u
                      where u.tenant_id = p.tenant_id and lower(u.user_name) = lower(p.doctor_code) and u.deleted_at is null
                      limit 1) doc on true`;

export const CEILINGS: Record<
  string,
  (info: HospitalInfo, w: Windows, db: pg.Pool) => Promise<CeilingQuery>
> = {
  '/app-service/v1/patients/hospitalizedPatients': async (info, _w, db) => {
    const ward = `p.tenant_id = $1 and p.deleted_at is null and p.status = 'inHospital' and p.department_code = $2`;
    const wardOrder = (alias: string) => `d.sort nulls last, ${alias}.department_code,
      substring(${alias}.bed from '^[^0-9]*') nulls last, substring(${alias}.bed from '[0-9]+')::numeric nulls last,
      ${alias}.bed, ${alias}.name, ${alias}.id`;
    // the readings that can count for the day: the day widened by 6 h around the periods' windows
    const { rows: periods } = await db.query<TaskPeriod>(
      `select code, start_time as "startTime", end_time as "endTime" from glucose_periods
        where tenant_id = $1 and is_active order by sort, code`,
      [BENCH_TENANT],
    );
    const day = hospitalDayAt(new Date(info.dataEnd), info.timeZone).date;
    const span = taskReadingSpan(day, periods, info.timeZone);
    return {
      name: `SQL ceiling: ward dashboard (${BENCH_WARD}, 50 beds; page, count and today's readings in one statement)`,
      statements: [
        {
          // list.ts selectInpatients with progress.ts taskTimesColumn: the page and the count, then the
          // per-patient probes for the page's rows (latest glucose and open critical values: their
          // derived rows, issue 20)
          text: `select p.id, p.name, p.gender, p.date_of_birth::text, p.age, p.status, p.department_code,
                        d.name as department_name, p.bed, p.inpatient_number, p.wristband_code, p.appointment_code,
                        p.admitted_at, p.discharged_at, p.doctor_code, doc.nick_name as doctor_name, p.tags,
                        p.height_cm, p.weight_kg, p.version,
                        g.id as glu_id, g.value as glu_value, g.test_time as glu_time,
                        g.classification as glu_classification, g.color as glu_color,
                        g.period_code as glu_period_code, gp.name_zh as glu_period_name,
                        coalesce(pn.open_critical, 0) as open_critical,
                        coalesce((
                          select json_agg(json_build_array(m.period_code, m.test_time) order by m.test_time)
                            from measurements m
                           where m.tenant_id = p.tenant_id and m.patient_id = p.id and m.item = 'GLU'
                             and m.deleted_at is null and m.test_time >= $3 and m.test_time < $4
                             and (m.value is not null or m.untested_reason is not null)), '[]'::json) as readings,
                        p.total::int as total
                   from (select p.*, count(*) over () as total
                           from patients p
                           left join departments d on d.tenant_id = p.tenant_id and d.code = p.department_code
                          where ${ward}
                          order by ${wardOrder('p')}
                          limit 50 offset 0) p
                   ${DEPARTMENT_AND_DOCTOR}
                   left join lateral (
                     select l.measurement_id as id, l.value, l.test_time, l.classification, l.color, l.period_code
                       from patient_latest_readings l
                      where l.tenant_id = p.tenant_id and l.patient_id = p.id and l.item = 'GLU') g on true
                   left join glucose_periods gp on gp.tenant_id = p.tenant_id and gp.code = g.period_code
                   left join patient_now pn on pn.tenant_id = p.tenant_id and pn.patient_id = p.id
                  order by ${wardOrder('p')}`,
          values: [BENCH_TENANT, BENCH_WARD, span.from, span.until],
        },
      ],
    };
  },
  '/app-service/v1/testRecord/query': async (info, w) => {
    const where = `m.tenant_id = $1 and m.department_code = $2 and m.item = 'GLU'
                   and m.test_time >= ($3::date::timestamp at time zone $5)
                   and m.test_time < (($4::date + 1)::timestamp at time zone $5) and m.deleted_at is null`;
    const values = [BENCH_TENANT, BENCH_WARD, w.monthStart, w.monthEnd, info.timeZone];
    return {
      name: `SQL ceiling: data management (GLU, ${BENCH_WARD}, one month; page with names, count)`,
      statements: [
        {
          // review/service.ts selectRecords over measurements/view.ts selectReadings: the patient joined,
          // the other names looked up by key
          text: `select m.*,
                        (select gp.name_zh from glucose_periods gp where gp.tenant_id = m.tenant_id and gp.code = m.period_code),
                        (select d.name_zh from dict_entries d where d.tenant_id = m.tenant_id and d.type = 'untestedReason'
                            and d.code = m.untested_reason and d.deleted_at is null),
                        (select d.name_zh from dict_entries d where d.tenant_id = m.tenant_id and d.type = 'refusalReason'
                            and d.code = m.refusal_reason and d.deleted_at is null),
                        p.name, p.bed, p.inpatient_number, p.doctor_code,
                        (select u.nick_name from users u where u.tenant_id = p.tenant_id and lower(u.user_name) = lower(p.doctor_code)),
                        (select d.name from departments d where d.tenant_id = m.tenant_id and d.code = m.department_code)
                   from measurements m
                   join patients p on p.tenant_id = m.tenant_id and p.id = m.patient_id
                  where ${where}
                  order by m.test_time desc, m.id desc
                  limit 20 offset 0`,
          values,
        },
        { text: `select count(*)::int from measurements m where ${where}`, values },
      ],
    };
  },
  '/app-service/v1/gluDataAnalysis/bloodGlucoseReport': async (info, w) => ({
    name: 'SQL ceiling: glucose report (the patient in scope, then a year of readings)',
    statements: [
      {
        // patients/access.ts patientInScope
        text: `select * from patients where tenant_id = $1 and id = $2 and deleted_at is null`,
        values: [BENCH_TENANT, info.yearPatientId],
      },
      {
        // analysis/service.ts readingsIn
        text: `select id::float8 as id, (extract(epoch from test_time) * 1000)::float8 as "testTime", value,
                      period_code as "periodCode", classification
                 from measurements
                where tenant_id = $1 and patient_id = $2 and item = 'GLU' and deleted_at is null and value is not null
                  and test_time >= ($3::date::timestamp at time zone $5)
                  and test_time < (($4::date + 1)::timestamp at time zone $5)
                order by test_time, id`,
        values: [BENCH_TENANT, info.yearPatientId, w.yearStart, w.weekEnd, info.timeZone],
      },
    ],
  }),
  '/app-service/v1/insulinRecord/linkedChart/{id}': async (info, w) => {
    // the app's own statement (insulin/linked-chart.ts linkedChartStatement), rendered by the same dialect
    const days = { beginDate: shiftDays(w.weekEnd, -13), endDate: w.weekEnd };
    const { start, end } = hospitalDateRange(days.beginDate, days.endDate, info.timeZone);
    const chart = new PgDialect().sqlToQuery(
      linkedChartStatement(BENCH_TENANT, info.yearPatientId, start, end, {
        all: false,
        departments: [BENCH_WARD],
      }),
    );
    return {
      name: 'SQL ceiling: linked chart (the patient in scope, readings, doses and basal profiles in one statement)',
      statements: [{ text: chart.sql, values: chart.params }],
    };
  },
  // issue 19: the app's own statements of the Levey-Jennings month and of the month's QC statistics
  '/app-service/v2/deviceQc/control': (info, w, db) => qcCurveCeiling(db, info, w.monthStart.slice(0, 7)),
  '/app-service/v1/deviceQc/departmentControlStatistics': (info, w, db) => qcStatisticsCeiling(db, info, w),
  '/app-service/v1/virtualward/worklist': async (_info, _w, db) => {
    // the app's own statement (virtual-ward/review-service.ts worklistStatement) with the settings the
    // app reads (criteria, managing department) for an administrator (scope all), page 1 of 20, rendered
    // by the same dialect; the window ends now, as the app's does
    const orm = drizzle(db) as unknown as Parameters<typeof readReviewCriteria>[0];
    const [criteria, managing] = await Promise.all([
      readReviewCriteria(orm, BENCH_TENANT),
      readManagingDepartment(orm, BENCH_TENANT),
    ]);
    const statement = new PgDialect().sqlToQuery(
      worklistStatement({
        tenantId: BENCH_TENANT,
        criteria,
        now: new Date(),
        managing,
        scope: { all: true },
        query: { page: 1, size: 20 },
        lang: 'en-US',
      }),
    );
    return {
      name: "SQL ceiling: daily review worklist (the window's readings per patient, patients, stays, last follow-up in one statement)",
      statements: [{ text: statement.sql, values: statement.params }],
    };
  },
  '/app-service/v1/monitor/ward': async (info) => {
    // the app's own two statements (monitor/ward.ts) for a nurse of the bench ward, rendered by the same
    // dialect: the scope's wards, then the figures, the beds' now and the recent lists from the derived
    // rows; today as the app takes it (the server's clock on the hospital's calendar)
    const dialect = new PgDialect();
    const nurse = { tenantId: BENCH_TENANT, scope: { all: false as const, departments: [BENCH_WARD] } };
    const day = hospitalDayAt(new Date(), info.timeZone);
    const departments = dialect.sqlToQuery(wardDepartmentsStatement(nurse, 'en-US', BENCH_WARD));
    const dashboard = dialect.sqlToQuery(
      wardDashboardStatement({
        tenantId: BENCH_TENANT,
        lang: 'en-US',
        wards: [BENCH_WARD],
        day: day.date,
        dayStart: day.start,
        dayEnd: day.end,
      }),
    );
    return {
      name: `SQL ceiling: ward-wide dashboard (${BENCH_WARD}: the scope's wards, then one statement over the derived rows)`,
      statements: [
        { text: departments.sql, values: departments.params },
        { text: dashboard.sql, values: dashboard.params },
      ],
    };
  },
  '/app-service/v1/tasks/todayTask': async (_info, _w, db) => {
    // the app's own statement (tasks/progress.ts taskPatientsStatement) with the settings the app reads
    // (time zone, periods, strategy), rendered by the same dialect: the ward's in-hospital patients with
    // the readings that can count for today and their monitoring orders of the day
    const settings = await loadTaskSettings(drizzle(db), BENCH_TENANT, new Date());
    const where = sql`${patients.status} = 'inHospital' and ${patients.departmentCode} = ${BENCH_WARD}`;
    const statement = new PgDialect().sqlToQuery(
      taskPatientsStatement(BENCH_TENANT, where, settings, 'en-US'),
    );
    return {
      name: `SQL ceiling: today's tasks (${BENCH_WARD}: patients, today's readings and monitoring orders in one statement)`,
      statements: [{ text: statement.sql, values: statement.params }],
    };
  },
  '/app-service/v1/statistics/departmentAnalysis': async (_info, w) => ({
    name: 'SQL ceiling: department statistics (the departments, then the month of day counts)',
    statements: [
      {
        text: `select code, name, name_en, is_active from departments where tenant_id = $1 order by sort, code`,
        values: [BENCH_TENANT],
      },
      {
        // statistics/service.ts bucketCounts over glucose_day_counts
        text: `select bucket, sum(n)::int as test_count, count(distinct patient_id)::int as person_count,
                      sum(normal)::int, sum(low)::int, sum(critical_low)::int, sum(high)::int,
                      sum(critical_high)::int, grouping(bucket) = 1 as is_total
                 from (select department_code as bucket, patient_id, sum(test_count) as n,
                              sum(normal_count) as normal, sum(low_count) as low,
                              sum(critical_low_count) as critical_low, sum(high_count) as high,
                              sum(critical_high_count) as critical_high
                         from glucose_day_counts
                        where tenant_id = $1 and day >= $2::date and day <= $3::date
                        group by 1, 2
                       having sum(test_count) > 0) per_patient
                group by grouping sets ((bucket), ())`,
        values: [BENCH_TENANT, w.monthStart, w.monthEnd],
      },
    ],
  }),
  '/app-service/v1/virtualward/outcomes': async (info, w, db) => {
    // the app's own statement (virtual-ward/outcomes-service.ts outcomeStatement) with the limits the app
    // reads (review criteria, TIR setting) and the month's bounds in the hospital zone, rendered by the
    // same dialect: a month's patient-day outcomes for the whole hospital
    // the settings readers take the app's database type; this plain drizzle over the pool runs them alike
    const orm = drizzle(db) as unknown as DbOrTx;
    const month = w.monthStart.slice(0, 7);
    const [review, tir, bounds] = await Promise.all([
      getSetting(orm, BENCH_TENANT, 'virtualWard.reviewCriteria'),
      readTirSetting(orm, BENCH_TENANT),
      monthBounds(orm, info.timeZone, month, month),
    ]);
    const statement = new PgDialect().sqlToQuery(
      outcomeStatement({
        tenantId: BENCH_TENANT,
        timeZone: info.timeZone,
        from: bounds.from,
        to: bounds.to,
        criteria: {
          hyperValue: review.hyperValue,
          hyperCount: review.hyperCount,
          goalLow: tir.low,
          goalHigh: tir.high,
        },
        readingScope: undefined,
      }),
    );
    return {
      name: `SQL ceiling: patient-day outcomes (whole hospital, ${month}: readings by patient and hospital day, then the month)`,
      statements: [{ text: statement.sql, values: statement.params }],
    };
  },
};
