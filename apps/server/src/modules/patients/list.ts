import {
  type Classification,
  completedYears,
  hospitalDayAt,
  hospitalDayOf,
  type Lang,
} from '@glucocare/domain';
import type { InpatientView } from '@glucocare/domain/responses';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patients } from '../../db/schema';
import { containsPattern } from '../../lib/query';
import { departmentScopeCondition } from '../../lib/scope';
import type { SessionUser } from '../auth/sessions';
import type { TenantRef } from '../settings/config-cache';
import { hospitalTimeZone } from '../settings/time-zone';
import {
  EMPTY_PROGRESS,
  loadTaskSettings,
  type MonitoringOrderJson,
  monitoringOrdersJoin,
  monitoringOrdersOf,
  progressOf,
  type TaskSettings,
  type TaskTimeJson,
  type TodayProgress,
  taskTimesColumn,
  taskTimesOf,
} from '../tasks/progress';
import { type OpenPumpJson, openPumpColumn, patientPumpOf } from '../tasks/pump-reminders';
import { patientScopeCondition } from './access';

export interface InpatientFilter {
  queryCondition?: string;
  departmentCode?: string;
  doctorCode?: string;
  tag?: string;
  criticalOnly?: boolean;
  hospitalizationNum?: string;
}

interface InpatientRow extends Record<string, unknown> {
  id: string;
  name: string;
  gender: string;
  date_of_birth: string | null;
  age: number | null;
  status: 'inHospital' | 'discharged' | 'outpatient';
  department_code: string;
  department_name: string | null;
  bed: string | null;
  inpatient_number: string | null;
  outpatient_number: string | null;
  wristband_code: string | null;
  appointment_code: string | null;
  admitted_at: Date;
  discharged_at: Date | null;
  doctor_code: string | null;
  doctor_name: string | null;
  tags: string[];
  height_cm: number | null;
  weight_kg: number | null;
  version: number;
  /** the open pump binding (issue 16) */
  pump: OpenPumpJson | null;
  /** the monitoring orders of the day (issue 17) */
  orders: MonitoringOrderJson[] | null;
  glu_id: string | null;
  glu_value: number | null;
  glu_entered_value: number | null;
  glu_entered_unit: string | null;
  glu_time: Date | null;
  glu_classification: Classification | null;
  glu_color: string | null;
  glu_period_code: string | null;
  glu_period_name: string | null;
  open_critical: number;
  /** glucose readings that can count for today's tasks */
  readings: TaskTimeJson[];
  /** how many patients match, when a page was asked for */
  total: number | null;
}

/**
 * An open critical event of the patient row exists: its derived row says so (issue 20, `patient_now`,
 * kept in the writers' transaction; no row means none open and no recheck awaited).
 */
const hasOpenCritical = sql`exists (select 1 from patient_now pn
   where pn.tenant_id = ${patients.tenantId} and pn.patient_id = ${patients.id} and pn.open_critical > 0)`;

/**
 * Patients of the caller's tenant and departments, not deleted, with `status` (any when absent);
 * `virtualWard`: also those with a current virtual-ward stay the caller's departments manage (one
 * patient's view; the ward lists stay the ward's).
 */
function scopedPatients(
  session: SessionUser,
  status?: 'inHospital' | 'discharged',
  options: { virtualWard?: boolean } = {},
): SQL[] {
  const parts: SQL[] = [sql`${patients.tenantId} = ${session.tenantId}`, sql`${patients.deletedAt} is null`];
  if (status) parts.push(sql`${patients.status} = ${status}`);
  const scope = options.virtualWard
    ? patientScopeCondition(session.scope)
    : departmentScopeCondition(session.scope, patients.departmentCode);
  if (scope) parts.push(scope);
  return parts;
}

/** The conditions of the inpatient list: tenant, in hospital, not deleted, the caller's scope, the filters. */
export function inpatientConditions(session: SessionUser, filter: InpatientFilter): SQL {
  const parts = scopedPatients(session, 'inHospital');
  if (filter.departmentCode) parts.push(sql`${patients.departmentCode} = ${filter.departmentCode}`);
  if (filter.doctorCode) parts.push(sql`${patients.doctorCode} = ${filter.doctorCode}`);
  if (filter.tag) parts.push(sql`${patients.tags} @> array[${filter.tag}]::text[]`);
  if (filter.criticalOnly) parts.push(hasOpenCritical);
  if (filter.hospitalizationNum) parts.push(sql`${patients.inpatientNumber} = ${filter.hospitalizationNum}`);
  const text = filter.queryCondition?.trim();
  if (text) {
    const pattern = containsPattern(text);
    parts.push(sql`(${patients.name} ilike ${pattern} or ${patients.inpatientNumber} ilike ${pattern}
      or ${patients.wristbandCode} ilike ${pattern} or ${patients.bed} ilike ${pattern})`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * The joins that name a patient row's department (`d`) and responsible doctor (`doc.nick_name`): the
 * department by code, the doctor by user name (case-insensitive, the users' unique index). Lists of
 * patients (the inpatient list, today's tasks) share them with {@link departmentNameColumn}.
 */
export const patientNameJoins = sql`
  left join departments d on d.tenant_id = ${patients.tenantId} and d.code = ${patients.departmentCode}
  left join lateral (
    select u.nick_name from users u
     where u.tenant_id = ${patients.tenantId} and lower(u.user_name) = lower(${patients.doctorCode})
       and u.deleted_at is null
     limit 1) doc on true`;

/** The department's name in the request language, with {@link patientNameJoins}. */
export function departmentNameColumn(lang: Lang): SQL {
  return lang === 'en-US' ? sql`coalesce(d.name_en, d.name)` : sql`d.name`;
}

/** Ward order: department sort, bed in natural order (text before the number, the number, the rest), name. */
export const WARD_ORDER = sql`d.sort nulls last, ${patients.departmentCode},
  substring(${patients.bed} from '^[^0-9]*') nulls last,
  substring(${patients.bed} from '[0-9]+')::numeric nulls last,
  ${patients.bed}, ${patients.name}, ${patients.id}`;

/**
 * The patient row's latest live glucose reading with a value as `g` (`g.id`, `g.value`, …): its derived
 * row (issue 20, `patient_latest_readings`, kept by the readings' triggers in the writer's transaction)
 * instead of a probe of the readings. Patient lists with a latest glucose share it.
 */
export const latestGlucoseJoin = sql`
  left join lateral (
    select l.measurement_id as id, l.value, l.entered_value, l.entered_unit, l.test_time, l.classification,
           l.color, l.period_code
      from patient_latest_readings l
     where l.tenant_id = ${patients.tenantId} and l.patient_id = ${patients.id} and l.item = 'GLU') g on true`;

/**
 * Patients with their department and doctor names, latest glucose reading and number of open critical
 * events (their derived rows, issue 20: one primary-key probe each per patient), the glucose readings
 * of today's tasks, in `order` (by default ward order: department sort, bed in natural order, 2 before
 * 10, then name). One statement for the page: the inner select picks the page's rows and counts every
 * match (`total`); the per-patient probes run for the page's rows only.
 */
async function selectInpatients(
  db: DbOrTx,
  lang: Lang,
  where: SQL,
  settings: TaskSettings,
  page?: { limit: number; offset: number },
  order: SQL = WARD_ORDER,
): Promise<InpatientRow[]> {
  const en = lang === 'en-US';
  const matching = sql`(
    select ${patients}.*, ${page ? sql`count(*) over ()` : sql`null::bigint`} as total
      from ${patients}
      left join departments d on d.tenant_id = ${patients.tenantId} and d.code = ${patients.departmentCode}
     where ${where}
     order by ${order}
     ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}) as ${patients}`;
  const result = await db.execute<InpatientRow>(sql`
    select ${patients.id} as id, ${patients.name} as name, ${patients.gender} as gender,
           ${patients.dateOfBirth}::text as date_of_birth, ${patients.age} as age, ${patients.status} as status,
           ${patients.departmentCode} as department_code,
           ${departmentNameColumn(lang)} as department_name,
           ${patients.bed} as bed, ${patients.inpatientNumber} as inpatient_number,
           ${patients.outpatientNumber} as outpatient_number,
           ${patients.wristbandCode} as wristband_code, ${patients.appointmentCode} as appointment_code,
           ${patients.admittedAt} as admitted_at, ${patients.dischargedAt} as discharged_at,
           ${patients.doctorCode} as doctor_code, doc.nick_name as doctor_name, ${patients.tags} as tags,
           ${patients.heightCm} as height_cm, ${patients.weightKg} as weight_kg, ${patients.version} as version,
           g.id as glu_id, g.value as glu_value, g.entered_value as glu_entered_value,
           g.entered_unit as glu_entered_unit, g.test_time as glu_time, g.classification as glu_classification,
           g.color as glu_color, g.period_code as glu_period_code,
           ${en ? sql`gp.name_en` : sql`gp.name_zh`} as glu_period_name,
           coalesce(pn.open_critical, 0) as open_critical,
           ${taskTimesColumn(settings, lang)} as readings, mo.orders as orders, ${openPumpColumn()} as pump,
           ${patients}.total::int as total
      from ${matching}
      ${patientNameJoins}
      ${monitoringOrdersJoin(settings)}
      ${latestGlucoseJoin}
      left join glucose_periods gp on gp.tenant_id = ${patients.tenantId} and gp.code = g.period_code
      left join patient_now pn on pn.tenant_id = ${patients.tenantId} and pn.patient_id = ${patients.id}
     order by ${order}`);
  return result.rows;
}

/** `day`: today's date in the hospital calendar (the age is counted to it). */
function toView(
  row: InpatientRow,
  day: string,
  today: TodayProgress,
  pump: InpatientView['pump'],
): InpatientView {
  return {
    id: Number(row.id),
    name: row.name,
    gender: row.gender,
    age: row.date_of_birth ? (completedYears(row.date_of_birth, day) ?? row.age) : row.age,
    status: row.status,
    departmentCode: row.department_code,
    departmentName: row.department_name ?? row.department_code,
    bed: row.bed,
    inpatientNumber: row.inpatient_number,
    outpatientNumber: row.outpatient_number,
    wristbandCode: row.wristband_code,
    appointmentCode: row.appointment_code,
    admittedAt: new Date(row.admitted_at).toISOString(),
    dischargedAt: row.discharged_at ? new Date(row.discharged_at).toISOString() : null,
    doctorCode: row.doctor_code,
    doctorName: row.doctor_name,
    tags: row.tags ?? [],
    heightCm: row.height_cm,
    weightKg: row.weight_kg,
    version: row.version,
    latestGlucose: latestGlucoseOf(row),
    openCriticalCount: row.open_critical,
    today,
    pump,
  };
}

/** Views of patient rows, with today's progress of the in-hospital ones. */
function toViews(rows: InpatientRow[], settings: TaskSettings) {
  return rows.map((row) => {
    const today =
      row.status === 'inHospital'
        ? progressOf(
            {
              admittedAt: new Date(row.admitted_at),
              dischargedAt: row.discharged_at ? new Date(row.discharged_at) : null,
              readings: taskTimesOf(row.readings),
              orders: monitoringOrdersOf(row.orders),
            },
            settings,
          )
        : EMPTY_PROGRESS;
    const pump = row.status === 'inHospital' ? patientPumpOf(row.pump, settings) : null;
    return toView(row, settings.day.date, today, pump);
  });
}

/** One page of patients matching `where` in `order`, and how many match. */
async function pageWhere(
  db: DbOrTx,
  tenant: TenantRef,
  lang: Lang,
  now: Date,
  where: SQL,
  order: SQL,
  paging: { page: number; size: number },
) {
  const settings = await loadTaskSettings(db, tenant, now);
  const rows = await selectInpatients(
    db,
    lang,
    where,
    settings,
    { limit: paging.size, offset: (paging.page - 1) * paging.size },
    order,
  );
  // past the last page no row carries the count
  const total =
    rows[0]?.total ??
    (paging.page > 1
      ? ((await db.execute<{ n: number }>(sql`select count(*)::int as n from ${patients} where ${where}`))
          .rows[0]?.n ?? 0)
      : 0);
  return { records: toViews(rows, settings), total, page: paging.page, size: paging.size };
}

/** GET /v1/patients/hospitalizedPatients: the in-hospital patients of the caller's departments, paged. */
export async function pageInpatients(
  db: DbOrTx,
  session: SessionUser,
  filter: InpatientFilter & { page: number; size: number },
  lang: Lang,
  now: Date,
) {
  return pageWhere(db, session, lang, now, inpatientConditions(session, filter), WARD_ORDER, filter);
}

/** The instant the hospital's calendar day of `now` began. */
export async function startOfHospitalDay(db: DbOrTx, tenant: TenantRef, now: Date): Promise<Date> {
  return hospitalDayAt(now, await hospitalTimeZone(db, tenant)).start;
}

/**
 * A query's day range (`YYYY-MM-DD`, both ends inclusive) as instants in the hospital's time zone:
 * from the start of `begin` until (excluding) the start of the day after `end`.
 */
export async function hospitalDayBounds(
  db: DbOrTx,
  tenant: TenantRef,
  begin: string | undefined,
  end: string | undefined,
): Promise<{ from?: Date; until?: Date }> {
  if (!begin && !end) return {};
  const timeZone = await hospitalTimeZone(db, tenant);
  return {
    from: begin ? hospitalDayOf(begin, timeZone).start : undefined,
    until: end ? hospitalDayOf(end, timeZone).end : undefined,
  };
}

/**
 * GET /v1/patients/hospitalizedPatients/counts: the header counts of the same list (no paging). A
 * patient recorded only as not tested today is not "measured today" (issue 15).
 */
export async function countInpatients(db: DbOrTx, session: SessionUser, filter: InpatientFilter, now: Date) {
  const where = inpatientConditions(session, filter);
  const dayStart = await startOfHospitalDay(db, session, now);
  const result = await db.execute<{
    in_hospital: number;
    admitted_today: number;
    with_open_critical: number;
    measured_today: number;
  }>(sql`
    select count(*)::int as in_hospital,
           count(*) filter (where ${patients.admittedAt} >= ${dayStart})::int as admitted_today,
           count(*) filter (where ${hasOpenCritical})::int as with_open_critical,
           count(*) filter (where exists (
             select 1 from measurements m
              where m.tenant_id = ${patients.tenantId} and m.patient_id = ${patients.id}
                and m.item in ('GLU', 'KET', 'UA') and m.deleted_at is null and m.value is not null
                and m.test_time >= ${dayStart} and m.test_time <= ${now}))::int as measured_today
      from ${patients}
     where ${where}`);
  const row = result.rows[0]!;
  return {
    inHospital: row.in_hospital,
    admittedToday: row.admitted_today,
    withOpenCritical: row.with_open_critical,
    measuredToday: row.measured_today,
  };
}

/** One patient of the caller's scope (in hospital or discharged) as the list shows it, or null. */
export async function inpatientViewOf(
  db: DbOrTx,
  session: SessionUser,
  patientId: number,
  lang: Lang,
  now: Date,
): Promise<InpatientView | null> {
  const parts = [
    ...scopedPatients(session, undefined, { virtualWard: true }),
    sql`${patients.id} = ${patientId}`,
  ];
  const settings = await loadTaskSettings(db, session, now);
  const rows = await selectInpatients(db, lang, sql.join(parts, sql` and `), settings);
  return toViews(rows, settings)[0] ?? null;
}

export interface DischargedFilter {
  queryCondition?: string;
  departmentCode?: string;
  /** discharge instants from (inclusive) and before (exclusive) */
  from?: Date;
  until?: Date;
}

/** GET /v1/patients/dischargedPatients: discharged patients of the caller's departments, newest first. */
export async function pageDischarged(
  db: DbOrTx,
  session: SessionUser,
  filter: DischargedFilter & { page: number; size: number },
  lang: Lang,
  now: Date,
) {
  const parts = scopedPatients(session, 'discharged');
  if (filter.departmentCode) parts.push(sql`${patients.departmentCode} = ${filter.departmentCode}`);
  if (filter.from) parts.push(sql`${patients.dischargedAt} >= ${filter.from}`);
  if (filter.until) parts.push(sql`${patients.dischargedAt} < ${filter.until}`);
  const text = filter.queryCondition?.trim();
  if (text) {
    const pattern = containsPattern(text);
    parts.push(sql`(${patients.name} ilike ${pattern} or ${patients.inpatientNumber} ilike ${pattern}
      or ${patients.wristbandCode} ilike ${pattern})`);
  }
  const order = sql`${patients.dischargedAt} desc, ${patients.id} desc`;
  return pageWhere(db, session, lang, now, sql.join(parts, sql` and `), order, filter);
}

/** The latest glucose columns (`glu_*`) of a patient row as the lists answer them; null without one. */
export function latestGlucoseOf(row: {
  glu_id: string | number | null;
  glu_value: number | null;
  glu_entered_value: number | null;
  glu_entered_unit: string | null;
  glu_time: Date | string | null;
  glu_classification: Classification | null;
  glu_color: string | null;
  glu_period_code: string | null;
  glu_period_name: string | null;
}) {
  return row.glu_id && row.glu_value !== null && row.glu_time
    ? {
        id: Number(row.glu_id),
        testValue: row.glu_value,
        enteredValue: row.glu_entered_value,
        enteredUnit: row.glu_entered_unit,
        testTime: new Date(row.glu_time).toISOString(),
        determineType: row.glu_classification,
        color: row.glu_color,
        periodCode: row.glu_period_code,
        periodName: row.glu_period_name,
      }
    : null;
}
