/**
 * The SQL ceilings: what the ward dashboard and the data-management query cost in PostgreSQL alone,
 * run directly with node-postgres. The statements are those the endpoints' services send (copied
 * from `modules/patients/list.ts` + `modules/tasks/progress.ts`, and `modules/review/service.ts` +
 * `modules/measurements/view.ts`), one after the other on one connection, without the session and
 * permission look-ups. The difference to the HTTP figures is the app's own share (session, permission,
 * validation, mapping, JSON, HTTP) plus the statements the app runs in parallel on two connections.
 */
import type pg from 'pg';
import { BENCH_TENANT, BENCH_WARD, type HospitalInfo } from './generate';

export interface CeilingQuery {
  name: string;
  statements: { text: string; values: unknown[] }[];
}

type Windows = { weekStart: string; weekEnd: string; monthStart: string; monthEnd: string };

/** Where the hospital day of `dataEnd` starts and ends, ± the 24 h margin the task list reads. */
const TASK_WINDOW = `(date_trunc('day', $2::timestamptz at time zone $3) - interval '1 day') at time zone $3`;
const TASK_WINDOW_END = `(date_trunc('day', $2::timestamptz at time zone $3) + interval '2 days') at time zone $3`;

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
  '/app-service/v1/patients/hospitalizedPatients': async (info) => {
    const where = `p.tenant_id = $1 and p.deleted_at is null and p.status = 'inHospital' and p.department_code = $2`;
    return {
      name: `SQL ceiling: ward dashboard (${BENCH_WARD}, 50 beds; page, count, today's readings)`,
      statements: [
        {
          // list.ts selectInpatients
          text: `select p.id, p.name, p.gender, p.date_of_birth::text, p.age, p.status, p.department_code,
                        d.name as department_name, p.bed, p.inpatient_number, p.wristband_code, p.appointment_code,
                        p.admitted_at, p.discharged_at, p.doctor_code, doc.nick_name as doctor_name, p.tags,
                        p.height_cm, p.weight_kg, p.version,
                        g.id as glu_id, g.value as glu_value, g.test_time as glu_time,
                        g.classification as glu_classification, g.color as glu_color,
                        g.period_code as glu_period_code, gp.name_zh as glu_period_name,
                        (select count(*)::int from critical_events ce
                          where ce.tenant_id = p.tenant_id and ce.patient_id = p.id and ce.status = 'open') as open_critical
                   from patients p
                   ${DEPARTMENT_AND_DOCTOR}
                   left join lateral (
                     select m.id, m.value, m.test_time, m.classification, m.color, m.period_code
                       from measurements m
                      where m.tenant_id = p.tenant_id and m.patient_id = p.id and m.item = 'GLU'
                        and m.deleted_at is null and m.value is not null
                      order by m.test_time desc limit 1) g on true
                   left join glucose_periods gp on gp.tenant_id = p.tenant_id and gp.code = g.period_code
                  where ${where}
                  order by d.sort nulls last, p.department_code,
                           substring(p.bed from '^[^0-9]*') nulls last,
                           substring(p.bed from '[0-9]+')::numeric nulls last, p.bed, p.name, p.id
                  limit 50 offset 0`,
          values: [BENCH_TENANT, BENCH_WARD],
        },
        {
          text: `select count(*)::int as n from patients p where ${where}`,
          values: [BENCH_TENANT, BENCH_WARD],
        },
        {
          // progress.ts loadTaskPatients (todayProgress), for the page's patients
          text: `select p.id, p.name, p.gender, p.bed, p.inpatient_number, p.department_code, d.name as department_name,
                        p.doctor_code, doc.nick_name as doctor_name, p.admitted_at, p.discharged_at,
                        coalesce((
                          select json_agg(json_build_object(
                                   'id', m.id, 'periodCode', m.period_code, 'testTime', m.test_time, 'value', m.value,
                                   'untestedReason', m.untested_reason, 'classification', m.classification,
                                   'color', m.color) order by m.test_time)
                            from measurements m
                           where m.tenant_id = p.tenant_id and m.patient_id = p.id and m.item = 'GLU'
                             and m.deleted_at is null and m.test_time >= ${TASK_WINDOW}
                             and m.test_time < ${TASK_WINDOW_END}
                             and (m.value is not null or m.untested_reason is not null)), '[]'::json) as readings
                   from patients p
                   ${DEPARTMENT_AND_DOCTOR}
                  where p.tenant_id = $1 and p.deleted_at is null
                    and p.id = any(select id from patients where tenant_id = $1 and status = 'inHospital'
                                      and deleted_at is null and department_code = $4)`,
          values: [BENCH_TENANT, info.dataEnd, info.timeZone, BENCH_WARD],
        },
      ],
    };
  },
  '/app-service/v1/testRecord/query': async (info, w, db) => {
    const where = `m.tenant_id = $1 and m.department_code = $2 and m.item = 'GLU'
                   and m.test_time >= ($3::date::timestamp at time zone $5)
                   and m.test_time < (($4::date + 1)::timestamp at time zone $5) and m.deleted_at is null`;
    const values = [BENCH_TENANT, BENCH_WARD, w.monthStart, w.monthEnd, info.timeZone];
    const page = `select m.patient_id from measurements m where ${where} order by m.test_time desc, m.id desc limit 20`;
    const patientIds = [
      ...new Set((await db.query<{ patient_id: string }>(page, values)).rows.map((r) => r.patient_id)),
    ];
    return {
      name: `SQL ceiling: data management (GLU, ${BENCH_WARD}, one month; page, count, names)`,
      statements: [
        {
          // review/service.ts recordPage over measurements/view.ts selectReadings
          text: `select m.*, gp.name_zh, rd.name_zh, fd.name_zh
                   from measurements m
                   left join glucose_periods gp on gp.tenant_id = m.tenant_id and gp.code = m.period_code
                   left join dict_entries rd on rd.tenant_id = m.tenant_id and rd.type = 'untestedReason'
                                            and rd.code = m.untested_reason and rd.deleted_at is null
                   left join dict_entries fd on fd.tenant_id = m.tenant_id and fd.type = 'refusalReason'
                                            and fd.code = m.refusal_reason and fd.deleted_at is null
                   join patients p on p.tenant_id = m.tenant_id and p.id = m.patient_id
                  where ${where}
                  order by m.test_time desc, m.id desc
                  limit 20 offset 0`,
          values,
        },
        { text: `select count(*)::int from measurements m where ${where}`, values },
        {
          // recordsOf: the page's patients with their doctors, and the departments' names
          text: `select p.id, p.name, p.bed, p.inpatient_number, p.doctor_code, u.nick_name
                   from patients p
                   left join users u on u.tenant_id = p.tenant_id and lower(u.user_name) = lower(p.doctor_code)
                  where p.tenant_id = $1 and p.id = any($2::bigint[])`,
          values: [BENCH_TENANT, patientIds],
        },
        {
          text: `select code, name from departments where tenant_id = $1 and code = any($2::text[])`,
          values: [BENCH_TENANT, [BENCH_WARD]],
        },
      ],
    };
  },
};
