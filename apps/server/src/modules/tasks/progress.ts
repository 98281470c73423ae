import {
  type Classification,
  type HospitalDay,
  hospitalDayAt,
  hospitalDayOf,
  type Lang,
  type MonitorDayTask,
  type MonitorItem,
  type MonitoringOrder,
  type MonitoringPlanner,
  type MonitorStrategy,
  monitoringPlanner,
  monitorReadingSpan,
  type PumpStrategy,
  REJECT_REASON_DICT,
  type TaskPeriod,
  UNTESTED_REASON_DICT,
} from '@glucocare/domain';
import type { PatientPumpView } from '@glucocare/domain/responses';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { patients } from '../../db/schema';
import { departmentNameColumn, patientNameJoins } from '../patients/list';
import { type GlucosePeriod, listGlucosePeriods } from '../periods/service';
import type { TenantRef } from '../settings/config-cache';
import { readMonitorStrategy, readPumpStrategy } from '../settings/strategy-service';
import { hospitalTimeZone } from '../settings/time-zone';
import { type OpenPumpJson, openPumpColumn, patientPumpOf } from './pump-reminders';

/**
 * A patient's tasks of today (hospital calendar) by state, as task keys in the day's order: the period
 * code of a glucose period task, `KET:fasting`, `@02:00`, `KET@02:00` for the tasks of monitoring orders
 * (domain `monitorTaskKey`).
 */
export interface TodayProgress {
  /** measured (a live reading with a value) today */
  done: string[];
  /** recorded as not tested today (only readings without a value), with the reason's name */
  untested: { code: string; reason: string }[];
  /** planned, not measured, within the due window now */
  due: string[];
  /** planned, not measured, past the overdue limit */
  overdue: string[];
  /** planned for later today */
  upcoming: string[];
}

/** What planning a day needs besides the patients: the clock, the day, the periods and the strategy. */
export interface TaskSettings {
  now: Date;
  timeZone: string;
  day: HospitalDay;
  /** enabled glucose periods in the settings' order */
  periods: readonly GlucosePeriod[];
  strategy: MonitorStrategy;
  /** the pump strategy (issue 16): tube change interval and low level thresholds of the pump reminders */
  pump: PumpStrategy;
  /** the day's tasks of any patient at `now` from their monitoring orders (domain `monitoringPlanner`, planned once) */
  plan: MonitoringPlanner;
}

/**
 * Reads the hospital's time zone, enabled glucose periods and monitoring strategy for `now` (from the
 * configuration cache when `tenant` is a session). The planned day is today's, or the hospital date
 * `date` when given (the shift hand-over plans the days its shift touches); states are those at `now`.
 */
export async function loadTaskSettings(
  db: DbOrTx,
  tenant: TenantRef,
  now: Date,
  date?: string,
): Promise<TaskSettings> {
  // one after the other: `db` may be a transaction, whose connection takes one query at a time
  const timeZone = await hospitalTimeZone(db, tenant);
  const periods = await listGlucosePeriods(db, tenant);
  const strategy = await readMonitorStrategy(db, tenant);
  const pump = await readPumpStrategy(db, tenant);
  const day = date ? hospitalDayOf(date, timeZone) : hospitalDayAt(now, timeZone);
  const enabled = periods.filter((period) => period.isActive);
  return {
    now,
    timeZone,
    day,
    periods: enabled,
    strategy,
    pump,
    plan: monitoringPlanner({
      date: day.date,
      now,
      timeZone,
      periods: enabled as readonly TaskPeriod[],
      plannedCodes: strategy.defaultPeriods,
      timing: strategy,
    }),
  };
}

/** A live reading (glucose, or ketone or uric acid when ordered) that can do a task: a value or an untested reason. */
export interface TaskReading {
  id: number;
  item: MonitorItem;
  periodCode: string | null;
  testTime: Date;
  value: number | null;
  enteredValue: number | null;
  enteredUnit: string | null;
  /** the untested reason's code, or the rejection reason's (a reading without a value) */
  untestedReason: string | null;
  /** that reason's name in the request language (its code when the entry is gone) */
  untestedReasonName: string | null;
  /** no value: the task is untested, never done */
  untested: boolean;
  classification: Classification | null;
  color: string | null;
}

/** A patient of the task list with the day's readings. */
export interface TaskPatient {
  id: number;
  name: string;
  gender: string;
  bed: string | null;
  inpatientNumber: string | null;
  departmentCode: string;
  departmentName: string;
  doctorCode: string | null;
  doctorName: string | null;
  admittedAt: Date;
  dischargedAt: Date | null;
  readings: TaskReading[];
  /** the monitoring orders that may plan tasks of the day (see {@link monitoringOrdersJoin}) */
  orders: MonitoringOrder[];
  /** the pump worn now with today's reminders (issue 16), null without one */
  pump: PatientPumpView | null;
}

/** A task reading as {@link taskReadingsColumn} returns it (JSON). */
export interface TaskReadingJson {
  id: number;
  item: MonitorItem;
  periodCode: string | null;
  testTime: string;
  value: number | null;
  enteredValue: number | null;
  enteredUnit: string | null;
  untestedReason: string | null;
  untestedReasonName: string | null;
  classification: Classification | null;
  color: string | null;
}

interface TaskPatientRow extends Record<string, unknown> {
  id: string;
  name: string;
  gender: string;
  bed: string | null;
  inpatient_number: string | null;
  department_code: string;
  department_name: string | null;
  doctor_code: string | null;
  doctor_name: string | null;
  admitted_at: Date | string;
  discharged_at: Date | string | null;
  readings: TaskReadingJson[];
  orders: MonitoringOrderJson[] | null;
  pump: OpenPumpJson | null;
}

/**
 * A monitoring order as {@link monitoringOrdersJoin} returns it: id, item, periods, times, test time,
 * begin, end, stop.
 */
export type MonitoringOrderJson = [
  number | string,
  MonitorItem,
  string[] | null,
  string[] | null,
  string | null,
  string,
  string | null,
  string | null,
];

const instant = (value: string | null) => (value === null ? null : new Date(value));

/** The orders of {@link monitoringOrdersJoin} as the day's plan reads them. */
export function monitoringOrdersOf(json: readonly MonitoringOrderJson[] | null): MonitoringOrder[] {
  return (json ?? []).map(([id, item, periods, times, testTime, beginAt, endAt, stoppedAt]) => ({
    id: Number(id),
    item,
    periods,
    times,
    testTime: instant(testTime),
    beginAt: new Date(beginAt),
    endAt: instant(endAt),
    stoppedAt: instant(stoppedAt),
  }));
}

/**
 * A lateral join (alias `mo`) of each patient row's monitoring orders that may plan tasks of the day of
 * `settings`: `mo.orders`, a JSON array of {@link MonitoringOrderJson} (id order), and `mo.items`, the
 * items they measure (the readings to load besides glucose). The active ones are one probe of the
 * partial index patient_orders_monitoring_idx; an order stopped during the day still plans its earlier
 * tasks, found through patient_orders_patient_idx (stopped orders are few). Deleted orders never count.
 * For any statement over `patients`.
 */
export function monitoringOrdersJoin(settings: TaskSettings): SQL {
  const { start, end } = settings.day;
  const common = sql`po.tenant_id = ${patients.tenantId} and po.patient_id = ${patients.id} and po.deleted_at is null
       and po.classification = 'monitoring' and po.category in ('GLU', 'KET', 'UA') and po.begin_at < ${end}
       and (po.order_type <> 'temporary' or (po.test_time >= ${start} and po.test_time < ${end}))`;
  return sql`left join lateral (
    select json_agg(json_build_array(o.id, o.category, o.monitor_periods, o.monitor_times, o.test_time,
             o.begin_at, o.end_at, o.stopped_at) order by o.id) as orders,
           array_agg(distinct o.category) as items
      from (select po.* from patient_orders po
             where ${common} and po.status = 'active' and (po.end_at is null or po.end_at > ${start})
            union all
            select po.* from patient_orders po
             where ${common} and po.status = 'stopped' and po.stopped_at > ${start}
               and (po.end_at is null or po.end_at > ${start})) o) mo on true`;
}

/** The instants whose readings can count for the day of `settings` (domain `monitorReadingSpan`). */
function readingSpanOf(settings: TaskSettings): { from: Date; until: Date } {
  return monitorReadingSpan(settings.day.date, settings.periods as readonly TaskPeriod[], settings.timeZone);
}

/**
 * A JSON array (test-time order) of `element` for each live reading of the patient row that can count
 * for the day of `settings` — glucose, and ketone or uric acid when an order of the day measures them
 * (`mo.items` of {@link monitoringOrdersJoin}, which the statement must join): one probe of
 * measurements_patient_time_uq per patient and item, over the domain's `monitorReadingSpan` of the
 * enabled periods. For any statement over `patients`.
 */
function readingsOfTheDay(settings: TaskSettings, element: SQL): SQL {
  const { from, until } = readingSpanOf(settings);
  return sql`coalesce((
    select json_agg(${element} order by m.test_time)
      from measurements m
     where m.tenant_id = ${patients.tenantId} and m.patient_id = ${patients.id}
       and m.item = any(array['GLU']::text[] || mo.items)
       and m.deleted_at is null and m.test_time >= ${from} and m.test_time < ${until}
       and (m.value is not null or m.untested_reason is not null or m.reject_reason is not null)), '[]'::json)`;
}

/**
 * The name in `lang` of the reason a reading has no value: its untested reason, else its rejection
 * reason (dictionary names; the code when the entry is gone). Null for a reading with a value.
 */
function untestedReasonName(
  lang: Lang,
  reading: { withoutValue: SQL; untested: SQL; rejected: SQL } = {
    withoutValue: sql`m.value is null`,
    untested: sql`m.untested_reason`,
    rejected: sql`m.reject_reason`,
  },
): SQL {
  const name = lang === 'zh-CN' ? sql.raw('d.name_zh') : sql.raw('d.name_en');
  const entry = (type: string, code: SQL) => sql`(select ${name} from dict_entries d
     where d.tenant_id = ${patients.tenantId} and d.type = ${type} and d.code = ${code} and d.deleted_at is null)`;
  return sql`case when ${reading.withoutValue} then coalesce(
    ${entry(UNTESTED_REASON_DICT, reading.untested)}, ${entry(REJECT_REASON_DICT, reading.rejected)},
    ${reading.untested}, ${reading.rejected}) end`;
}

/** The day's readings with what the task list shows of them (see {@link taskReadingsOf}). */
export function taskReadingsColumn(settings: TaskSettings, lang: Lang): SQL {
  return readingsOfTheDay(
    settings,
    sql`json_build_object('id', m.id, 'item', m.item, 'periodCode', m.period_code, 'testTime', m.test_time, 'value', m.value,
      'enteredValue', m.entered_value, 'enteredUnit', m.entered_unit, 'untestedReason', coalesce(m.untested_reason, m.reject_reason),
      'untestedReasonName', ${untestedReasonName(lang)}, 'classification', m.classification, 'color', m.color)`,
  );
}

/**
 * A reading of {@link taskTimesColumn}: period code, test time, for a reading without a value the
 * name of its reason (null otherwise), and its item.
 */
export type TaskTimeJson = [string | null, string, (string | null)?, MonitorItem?];

/**
 * The day's readings as [period code, test time, untested reason, item]: all the bed cards' progress
 * needs, read from the derived `patient_day_readings` (issue 20; migration 0023, kept in every writer's
 * transaction) — a primary-key probe of each UTC day the span of {@link readingsOfTheDay} touches, the
 * entries inside the span kept — instead of the bed's readings. See {@link taskTimesOf}.
 */
export function taskTimesColumn(settings: TaskSettings, lang: Lang): SQL {
  const { from, until } = readingSpanOf(settings);
  const utcDay = (at: Date) => at.toISOString().slice(0, 10);
  // an entry: [period, time, item, without a value, untested reason, rejection reason] (schema DayReadingEntry)
  const reason = untestedReasonName(lang, {
    withoutValue: sql`(e.entry ->> 3)::boolean`,
    untested: sql`(e.entry ->> 4)`,
    rejected: sql`(e.entry ->> 5)`,
  });
  return sql`coalesce((
    select json_agg(json_build_array(e.entry ->> 0, e.entry ->> 1, ${reason}, e.entry ->> 2) order by pdr.day, e.ordinality)
      from patient_day_readings pdr
     cross join lateral jsonb_array_elements(pdr.entries) with ordinality as e(entry, ordinality)
     where pdr.tenant_id = ${patients.tenantId} and pdr.patient_id = ${patients.id}
       and pdr.day between ${utcDay(from)}::date and ${utcDay(until)}::date
       and (e.entry ->> 2) = any(array['GLU']::text[] || mo.items)
       and (e.entry ->> 1)::timestamptz >= ${from} and (e.entry ->> 1)::timestamptz < ${until}), '[]'::json)`;
}

/** A reading of {@link taskTimesColumn} as the day's plan and the bed cards read it. */
export type TaskTime = Pick<TaskReading, 'periodCode' | 'testTime' | 'item'> & {
  untested: boolean;
  untestedReasonName: string | null;
};

/** The readings of {@link taskTimesColumn} as the day's plan reads them. */
export function taskTimesOf(json: readonly TaskTimeJson[] | null): TaskTime[] {
  return (json ?? []).map(([periodCode, testTime, reason, item]) => ({
    item: item ?? 'GLU',
    periodCode,
    testTime: new Date(testTime),
    untested: reason !== null && reason !== undefined,
    untestedReasonName: reason ?? null,
  }));
}

/** The readings of {@link taskReadingsColumn} with their ids and times as numbers and instants. */
export function taskReadingsOf(json: readonly TaskReadingJson[] | null): TaskReading[] {
  return (json ?? []).map((reading) => ({
    ...reading,
    id: Number(reading.id),
    testTime: new Date(reading.testTime),
    untested: reading.value === null,
  }));
}

/**
 * The statement of {@link loadTaskPatients}: patients matching `where` with their department and doctor
 * names, the readings that can count for the day and their monitoring orders of the day, in one
 * statement (the bench's SQL ceiling of today's tasks renders the same).
 */
export function taskPatientsStatement(tenantId: string, where: SQL, settings: TaskSettings, lang: Lang): SQL {
  return sql`
    select ${patients.id} as id, ${patients.name} as name, ${patients.gender} as gender, ${patients.bed} as bed,
           ${patients.inpatientNumber} as inpatient_number, ${patients.departmentCode} as department_code,
           ${departmentNameColumn(lang)} as department_name,
           ${patients.doctorCode} as doctor_code, doc.nick_name as doctor_name,
           ${patients.admittedAt} as admitted_at, ${patients.dischargedAt} as discharged_at,
           ${taskReadingsColumn(settings, lang)} as readings, mo.orders as orders, ${openPumpColumn()} as pump
      from ${patients}
      ${patientNameJoins}
      ${monitoringOrdersJoin(settings)}
     where ${patients.tenantId} = ${tenantId} and ${patients.deletedAt} is null and ${where}`;
}

/**
 * Patients matching `where` with their department and doctor names, the live readings around the
 * hospital day and their monitoring orders of the day, in one statement.
 */
export async function loadTaskPatients(
  db: DbOrTx,
  tenantId: string,
  where: SQL,
  settings: TaskSettings,
  lang: Lang,
): Promise<TaskPatient[]> {
  const result = await db.execute<TaskPatientRow>(taskPatientsStatement(tenantId, where, settings, lang));
  return result.rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    gender: row.gender,
    bed: row.bed,
    inpatientNumber: row.inpatient_number,
    departmentCode: row.department_code,
    departmentName: row.department_name ?? row.department_code,
    doctorCode: row.doctor_code,
    doctorName: row.doctor_name,
    admittedAt: new Date(row.admitted_at),
    dischargedAt: row.discharged_at ? new Date(row.discharged_at) : null,
    readings: taskReadingsOf(row.readings),
    orders: monitoringOrdersOf(row.orders),
    pump: patientPumpOf(row.pump, settings),
  }));
}

/** A patient's stay, readings and monitoring orders, as far as the day's tasks need them. */
export type TaskStayReadings<R = TaskTime> = Pick<TaskPatient, 'admittedAt' | 'dischargedAt' | 'orders'> & {
  readings: readonly R[];
};

/** A patient's tasks of the day at `settings.now` (see domain `monitoringPlanner`). */
export function tasksOf<
  R extends Pick<TaskReading, 'periodCode' | 'testTime' | 'item'> & { untested?: boolean },
>(patient: TaskStayReadings<R>, settings: TaskSettings): MonitorDayTask<R>[] {
  return settings.plan(patient, patient.readings, patient.orders);
}

/** A day without tasks (no plan, or a patient not in hospital). */
export const EMPTY_PROGRESS: TodayProgress = { done: [], untested: [], due: [], overdue: [], upcoming: [] };

/**
 * A patient's tasks of today — of their monitoring orders, else the monitoring strategy's
 * `defaultPeriods` — by their state at `settings.now`: done, untested (with the reason), due, overdue or
 * upcoming (the bed cards), as task keys.
 */
export function progressOf(patient: TaskStayReadings, settings: TaskSettings): TodayProgress {
  const lists: TodayProgress = { done: [], untested: [], due: [], overdue: [], upcoming: [] };
  for (const task of tasksOf(patient, settings)) {
    if (task.state === 'untested') {
      lists.untested.push({ code: task.periodCode, reason: task.reading?.untestedReasonName ?? '' });
    } else {
      lists[task.state].push(task.periodCode);
    }
  }
  return lists;
}
