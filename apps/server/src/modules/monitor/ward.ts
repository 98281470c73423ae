/**
 * The ward-wide dashboard (spec §2, issue 20): a ward's (or every ward of the caller's scope) day and
 * each bed's now, read from the derived rows kept in the writers' transactions — `glucose_day_counts`
 * (today's glucose readings by class), `patient_latest_readings` (each patient's latest reading per
 * item) and `patient_now` (open critical values, awaiting rechecks) — plus two short index scans for
 * the recent tests and critical values. Names are not masked: a staff screen behind the session.
 *
 * The figures (docs/api.md "Ward dashboard"); "today" is the hospital's calendar day in its time zone,
 * "the wards" the chosen ward or every department of the caller's scope:
 * - inHospital: patients in hospital now whose department is one of the wards;
 * - admittedToday: of those, admitted since the day began;
 * - managedToday: of those, with at least one live reading with a value (any item) today — the latest
 *   reading of some item lies in today (readings are never in the future: the write path refuses them);
 * - measurementsToday: live readings with a value (any item) taken today in the wards (the reading's
 *   department, as the statistics count) — glucose from the day counts, ketone and uric acid by index;
 * - glucoseToday: today's glucose readings of the wards by class (the day counts);
 * - abnormalRate, criticalRate: domain `glucoseRates` of glucoseToday (one definition with the walls);
 * - recentTests: the last 10 live readings with a value (any item) of the wards, newest first;
 * - recentCriticals: the last 10 critical values of the wards that are not void, newest first, with
 *   where their loop stands (see {@link CRITICAL_STATE});
 * - beds: the in-hospital patients of the wards in ward order with their latest readings, today's
 *   glucose readings (wherever taken) and their open critical values and awaiting rechecks.
 */
import { hospitalDayAt, type Lang } from '@glucocare/domain';
import { glucoseRates } from '@glucocare/domain/monitor';
import type { WardDashboard } from '@glucocare/domain/responses';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patients } from '../../db/schema';
import { recordNotFound } from '../../http/errors';
import type { SessionUser } from '../auth/sessions';
import { WARD_ORDER } from '../patients/list';
import { hospitalTimeZone } from '../settings/time-zone';

/** How many recent tests and recent critical values the dashboard lists. */
export const WARD_RECENT_LIMIT = 10;
/** how far back the recent readings are looked for first (a month or two of partitions) */
const RECENT_WINDOW_DAYS = 31;

const ITEMS = sql`(values ('GLU'), ('KET'), ('UA')) i(item)`;

/**
 * Where a critical value's loop stands (contract `screenCriticalView.state`): open and not yet read by a
 * doctor → open; open and read → acknowledged; handled with its recheck still due (neither recorded
 * nor given up) → awaitingRecheck; handled otherwise → handled.
 */
export const CRITICAL_STATE = sql`case
  when ce.status = 'open' and ce.acknowledged_at is null then 'open'
  when ce.status = 'open' then 'acknowledged'
  when ce.recheck_due_at is not null and ce.rechecked_at is null and ce.recheck_skipped_reason is null
    then 'awaitingRecheck'
  else 'handled' end`;

export interface WardSelection {
  tenantId: string;
  lang: Lang;
  /** the department codes the figures cover; null = every department (the all-departments scope) */
  wards: string[] | null;
  day: string;
  dayStart: Date;
  dayEnd: Date;
}

/** `column = any(wards)`, or true for every department. */
function inWards(wards: string[] | null, column: SQL): SQL {
  return wards === null ? sql`true` : sql`${column} = any(${sql.param(wards)}::text[])`;
}

/**
 * A reading as the screens list it (contract `screenReadingView`), as JSON: `m` the reading's columns
 * (`id`, `patient_id`, `department_code`, `item`, `value`, …), `p` the patient.
 */
function readingJson(lang: Lang, id: SQL): SQL {
  const dn = lang === 'en-US' ? sql`coalesce(dn.name_en, dn.name)` : sql`dn.name`;
  const gp = lang === 'en-US' ? sql`coalesce(gp.name_en, gp.name_zh)` : sql`gp.name_zh`;
  return sql`json_build_object(
    'id', ${id}, 'patientId', m.patient_id, 'name', p.name, 'bed', p.bed,
    'departmentCode', m.department_code,
    'departmentName', coalesce((select ${dn} from departments dn
                                 where dn.tenant_id = m.tenant_id and dn.code = m.department_code), m.department_code),
    'item', m.item, 'value', m.value, 'enteredValue', m.entered_value, 'enteredUnit', m.entered_unit,
    'testTime', m.test_time, 'classification', m.classification, 'color', m.color,
    'periodName', (select ${gp} from glucose_periods gp where gp.tenant_id = m.tenant_id and gp.code = m.period_code))`;
}

/**
 * The recent tests and the recent critical values (as JSON, two select-list entries), of readings
 * measured from `since` on, or of all time (null). The readings are partitioned by month (migration
 * 0027): with a bound, the planner reads only its months; without one, every month.
 */
function recentListsSql(s: WardSelection, since: Date | null): SQL {
  const t = s.tenantId;
  const from = (column: SQL) => (since ? sql`and ${column} >= ${since}` : sql``);
  // the last readings of every ward and item by index (measurements_department_idx), merged; for every
  // department the item's index over the hospital (measurements_item_time_idx)
  const recentReadings =
    s.wards === null
      ? sql`cross join ${ITEMS} cross join lateral (
          select * from measurements m
           where m.tenant_id = ${t} and m.item = i.item and m.deleted_at is null and m.value is not null
             ${from(sql`m.test_time`)}
           order by m.test_time desc, m.id desc limit ${WARD_RECENT_LIMIT}) m`
      : sql`cross join unnest(${sql.param(s.wards)}::text[]) w(code) cross join ${ITEMS} cross join lateral (
          select * from measurements m
           where m.tenant_id = ${t} and m.department_code = w.code and m.item = i.item
             and m.deleted_at is null and m.value is not null ${from(sql`m.test_time`)}
           order by m.test_time desc, m.id desc limit ${WARD_RECENT_LIMIT}) m`;
  return sql`
      (select coalesce(json_agg(r.reading order by r.test_time desc, r.id desc), '[]'::json)
         from (select m.id, m.test_time, ${readingJson(s.lang, sql`m.id`)} as reading
                 from (select 1) one ${recentReadings}
                 join patients p on p.tenant_id = m.tenant_id and p.id = m.patient_id
                order by m.test_time desc, m.id desc limit ${WARD_RECENT_LIMIT}) r) as recent_tests,
      (select coalesce(json_agg(r.critical order by r.measured_at desc, r.id desc), '[]'::json)
         from (select ce.id, ce.measured_at,
                      (${readingJson(s.lang, sql`m.id`)}::jsonb
                        || jsonb_build_object('criticalId', ce.id, 'state', ${CRITICAL_STATE})) as critical
                 from (select * from critical_events ce
                        where ce.tenant_id = ${t} and ce.status <> 'void'
                          and ${inWards(s.wards, sql`ce.department_code`)} ${from(sql`ce.measured_at`)}
                        order by ce.measured_at desc, ce.id desc limit ${WARD_RECENT_LIMIT}) ce
                 -- a live event's time is its reading's (the write path keeps them equal): the reading is
                 -- looked up in its month only
                 join measurements m on m.tenant_id = ce.tenant_id and m.id = ce.measurement_id
                                    and m.test_time = ce.measured_at ${from(sql`m.test_time`)}
                 join patients p on p.tenant_id = ce.tenant_id and p.id = ce.patient_id) r) as recent_criticals`;
}

/** The start of the window the dashboard's recent lists are read from first. */
function recentWindowStart(s: Pick<WardSelection, 'dayStart'>): Date {
  return new Date(s.dayStart.getTime() - RECENT_WINDOW_DAYS * 86_400_000);
}

/**
 * The dashboard's figures in one statement (the bench's SQL ceiling renders the same): the counts row,
 * the beds, and the recent tests and critical values of the last weeks, as JSON. A quiet ward with
 * fewer than the lists' length in those weeks has its lists read again over all time
 * ({@link wardRecentStatement}).
 */
export function wardDashboardStatement(s: WardSelection): SQL {
  const t = s.tenantId;
  const wardPatients = sql`${patients.tenantId} = ${t} and ${patients.status} = 'inHospital'
    and ${patients.deletedAt} is null and ${inWards(s.wards, sql`${patients.departmentCode}`)}`;
  return sql`
    with counts as (
      select coalesce(sum(c.test_count), 0)::int as tests,
             coalesce(sum(c.normal_count), 0)::int as normal,
             coalesce(sum(c.low_count), 0)::int as low,
             coalesce(sum(c.high_count), 0)::int as high,
             coalesce(sum(c.critical_low_count), 0)::int as critical_low,
             coalesce(sum(c.critical_high_count), 0)::int as critical_high
        from glucose_day_counts c
       where c.tenant_id = ${t} and c.day = ${s.day}::date and ${inWards(s.wards, sql`c.department_code`)}
    ),
    ward_patients as (
      select ${patients.id} as id, ${patients.admittedAt} >= ${s.dayStart} as admitted_today,
             exists (select 1 from patient_latest_readings l
                      where l.tenant_id = ${t} and l.patient_id = ${patients.id}
                        and l.test_time >= ${s.dayStart}) as managed_today,
             row_number() over (order by ${WARD_ORDER}) as ward_order
        from ${patients}
        left join departments d on d.tenant_id = ${patients.tenantId} and d.code = ${patients.departmentCode}
       where ${wardPatients}
    )
    select
      (select count(*)::int from ward_patients) as in_hospital,
      (select count(*)::int from ward_patients where admitted_today) as admitted_today,
      (select count(*)::int from ward_patients where managed_today) as managed_today,
      (select row_to_json(counts) from counts) as glucose,
      (select count(*)::int from measurements m
        where m.tenant_id = ${t} and m.item in ('KET', 'UA') and m.deleted_at is null and m.value is not null
          and m.test_time >= ${s.dayStart} and m.test_time < ${s.dayEnd}
          and ${inWards(s.wards, sql`m.department_code`)}) as other_today,
      (select coalesce(json_agg(json_build_object(
                'patientId', p.id, 'name', p.name, 'bed', p.bed, 'departmentCode', p.department_code,
                'admittedToday', wp.admitted_today,
                'latest', (select json_object_agg(m.item, ${readingJson(s.lang, sql`m.measurement_id`)})
                             from patient_latest_readings m
                            where m.tenant_id = p.tenant_id and m.patient_id = p.id),
                'testsToday', coalesce(today.tests, 0),
                'openCritical', coalesce(pn.open_critical, 0),
                'awaitingRecheck', coalesce(pn.awaiting_recheck, 0)) order by wp.ward_order), '[]'::json)
         from ward_patients wp
         join patients p on p.tenant_id = ${t} and p.id = wp.id
         left join patient_now pn on pn.tenant_id = ${t} and pn.patient_id = p.id
         left join (select c.patient_id, sum(c.test_count)::int as tests from glucose_day_counts c
                     where c.tenant_id = ${t} and c.day = ${s.day}::date
                       and c.patient_id in (select id from ward_patients)
                     group by c.patient_id) today on today.patient_id = p.id) as beds,
      ${recentListsSql(s, recentWindowStart(s))}`;
}

/** The recent tests and critical values over all time, for a ward quiet in the last weeks. */
export function wardRecentStatement(s: WardSelection): SQL {
  return sql`select ${recentListsSql(s, null)}`;
}

/**
 * The departments the dashboard offers (the picker): the active wards of the caller's scope in ward
 * order, and the asked-for department when it lies in the scope though closed or not a ward.
 */
export function wardDepartmentsStatement(
  session: Pick<SessionUser, 'tenantId' | 'scope'>,
  lang: Lang,
  departmentCode?: string,
): SQL {
  const name = lang === 'en-US' ? sql`coalesce(d.name_en, d.name)` : sql`d.name`;
  const scope = session.scope.all
    ? sql`true`
    : sql`d.code = any(${sql.param(session.scope.departments)}::text[])`;
  return sql`select d.code, ${name} as name from departments d
     where d.tenant_id = ${session.tenantId} and ${scope}
       and ((d.is_active and d.is_ward) or d.code = ${departmentCode ?? null})
     order by d.sort, d.code`;
}

type ReadingJson = WardDashboard['recentTests'][number];

/** JSON timestamps come with the session's offset; the contract answers ISO instants. */
function reading<T extends ReadingJson>(row: T): T {
  return { ...row, testTime: new Date(row.testTime).toISOString() };
}

interface CountsRow extends Record<string, unknown> {
  in_hospital: number;
  admitted_today: number;
  managed_today: number;
  other_today: number;
  glucose: {
    tests: number;
    normal: number;
    low: number;
    high: number;
    critical_low: number;
    critical_high: number;
  };
  beds: (Omit<WardDashboard['beds'][number], 'latest'> & {
    latest: Partial<Record<'GLU' | 'KET' | 'UA', ReadingJson>> | null;
  })[];
  recent_tests: ReadingJson[];
  recent_criticals: WardDashboard['recentCriticals'];
}

/** GET /v1/monitor/ward: the dashboard of one ward of the scope, or of every ward of it (404 outside). */
export async function wardDashboard(
  db: DbOrTx,
  session: SessionUser,
  lang: Lang,
  now: Date,
  departmentCode?: string,
): Promise<WardDashboard> {
  const departments = (
    await db.execute<{ code: string; name: string }>(wardDepartmentsStatement(session, lang, departmentCode))
  ).rows;
  if (departmentCode && !departments.some((d) => d.code === departmentCode)) throw recordNotFound();
  const timeZone = await hospitalTimeZone(db, session);
  const day = hospitalDayAt(now, timeZone);
  const wards = departmentCode ? [departmentCode] : session.scope.all ? null : session.scope.departments;
  const selection: WardSelection = {
    tenantId: session.tenantId,
    lang,
    wards,
    day: day.date,
    dayStart: day.start,
    dayEnd: day.end,
  };
  const [row] = (await db.execute<CountsRow>(wardDashboardStatement(selection))).rows;
  if (row!.recent_tests.length < WARD_RECENT_LIMIT || row!.recent_criticals.length < WARD_RECENT_LIMIT) {
    const [all] = (
      await db.execute<Pick<CountsRow, 'recent_tests' | 'recent_criticals'>>(wardRecentStatement(selection))
    ).rows;
    row!.recent_tests = all!.recent_tests;
    row!.recent_criticals = all!.recent_criticals;
  }
  const g = row!.glucose;
  const glucoseToday = {
    tests: g.tests,
    normal: g.normal,
    low: g.low,
    high: g.high,
    criticalLow: g.critical_low,
    criticalHigh: g.critical_high,
  };
  return {
    at: now.toISOString(),
    day: day.date,
    departments,
    inHospital: row!.in_hospital,
    admittedToday: row!.admitted_today,
    managedToday: row!.managed_today,
    measurementsToday: g.tests + row!.other_today,
    glucoseToday,
    ...glucoseRates(glucoseToday),
    recentTests: row!.recent_tests.map(reading),
    recentCriticals: row!.recent_criticals.map(reading),
    beds: row!.beds.map((bed) => ({
      ...bed,
      latest: {
        GLU: bed.latest?.GLU ? reading(bed.latest.GLU) : null,
        KET: bed.latest?.KET ? reading(bed.latest.KET) : null,
        UA: bed.latest?.UA ? reading(bed.latest.UA) : null,
      },
    })),
  };
}
