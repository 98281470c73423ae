import {
  addDays,
  type Classification,
  hospitalDayAt,
  hospitalDayOf,
  type Lang,
  type MeasurementItem,
  screenStrategyOf,
} from '@glucocare/domain';
import {
  DISTRIBUTION_BAND_LIMITS,
  DISTRIBUTION_BANDS,
  glucoseRates,
  maskedName,
} from '@glucocare/domain/monitor';
import type {
  ClassCounts,
  CrisisRecords,
  MonitorOverview,
  PatientDistribution,
  PersonMonitor,
  ScreenConfig,
  ScreenCritical,
  ScreenReading,
} from '@glucocare/domain/responses';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { itemDisplaySetting } from '../settings/item-display';
import { getSetting } from '../settings/service';
import { findTenant, tenantView } from '../tenants/service';
import type { ScreenLinkGrant } from './links';

/**
 * The figures of the wall screens (issue 20, spec §2 "Hospital big screen"), for a valid screen link.
 *
 * Which wards: the link's (every ward for a whole-hospital link) ∩ the screen strategy's
 * `departmentCodes` (empty: all). Which readings: live readings with a value, by the department they
 * were measured in (as the hospital statistics count them), of the strategy's items; "today" is the
 * hospital calendar day in the hospital's time zone; "recent" the strategy's `recentHours` up to now.
 * What a corridor may see of a patient: the bed, the name masked with domain `maskedName` while
 * `maskPatientNames` is on (the default), and the values — never the inpatient number, wristband,
 * birth date or any other identifier.
 *
 * Sources are the derived rows kept in the writers' transactions, never per-bed probes of the
 * readings: `glucose_day_counts` (today's and the week's counts by class, per patient and ward),
 * `patient_latest_readings` (each patient's latest reading per item), `critical_events` by its time
 * index; only the hourly trend groups today's readings, one index range of the day.
 */

export interface ScreenContext {
  db: DbOrTx;
  grant: ScreenLinkGrant;
  now: Date;
  lang: Lang;
}

const RECORD_LIMIT = 100;
const ABNORMAL_LIMIT = 50;
const TOP_DEPARTMENTS = 5;

interface Resolved {
  strategy: ReturnType<typeof screenStrategyOf>;
  /** the wards shown, in ward order (after the intersection) */
  departments: { code: string; name: string }[];
  codes: string[];
  day: string;
  dayStart: Date;
  dayEnd: Date;
  recentFrom: Date;
}

/** The strategy, the wards shown and the day of a wall request. */
async function resolve(ctx: ScreenContext): Promise<Resolved> {
  const { db, grant, now, lang } = ctx;
  const strategy = screenStrategyOf(await getSetting(db, grant.tenantId, 'strategy.screen'));
  const linkCodes = grant.departmentCodes;
  const strategyCodes = strategy.departmentCodes.length ? strategy.departmentCodes : null;
  const wanted = [linkCodes, strategyCodes].filter((codes): codes is string[] => codes !== null);
  // "code in every list": one `= any` per list (a whole-hospital link with no strategy list: every ward)
  const inLists = wanted.length
    ? sql.join(
        wanted.map((codes) => sql`d.code = any(${sql.param(codes)}::text[])`),
        sql` and `,
      )
    : sql`d.is_ward`;
  const rows = (
    await db.execute<{ code: string; name: string; name_en: string | null }>(sql`
      select d.code, d.name, d.name_en from departments d
       where d.tenant_id = ${grant.tenantId} and d.is_active and ${inLists}
       order by d.sort, d.code`)
  ).rows;
  const departments = rows.map((row) => ({
    code: row.code,
    name: lang === 'en-US' && row.name_en ? row.name_en : row.name,
  }));
  const day = hospitalDayAt(now, grant.timeZone);
  return {
    strategy,
    departments,
    codes: departments.map((d) => d.code),
    day: day.date,
    dayStart: day.start,
    dayEnd: day.end,
    recentFrom: new Date(now.getTime() - strategy.recentHours * 3_600_000),
  };
}

const codesParam = (r: Resolved) => sql`${sql.param(r.codes)}::text[]`;
const itemsParam = (r: Resolved) => sql`${sql.param(r.strategy.items as MeasurementItem[])}::text[]`;

/** The screen's configuration: the strategy resolved for the link, the hospital, the wards. */
async function configOf(ctx: ScreenContext, r: Resolved): Promise<ScreenConfig> {
  const [tenant, glucose] = await Promise.all([
    findTenant(ctx.db, ctx.grant.tenantId),
    itemDisplaySetting(ctx.db, ctx.grant.tenantId, 'GLU'),
  ]);
  const hospitalName = tenantView(tenant, ctx.lang).tenantName;
  return {
    title: r.strategy.title || hospitalName,
    hospitalName,
    variant: ctx.grant.variant,
    panels: r.strategy.panels,
    refreshSeconds: r.strategy.refreshSeconds,
    rotateSeconds: r.strategy.rotateSeconds,
    recentHours: r.strategy.recentHours,
    maskPatientNames: r.strategy.maskPatientNames,
    items: r.strategy.items as MeasurementItem[],
    glucoseUnit: glucose.unit,
    timeZone: ctx.grant.timeZone,
    departments: r.departments,
    validUntil: hospitalDayOf(ctx.grant.validUntil, ctx.grant.timeZone).end.toISOString(),
  };
}

type CountRow = {
  tests: number;
  normal: number;
  low: number;
  high: number;
  critical_low: number;
  critical_high: number;
};

const countColumns = sql`coalesce(sum(c.test_count), 0)::int as tests,
  coalesce(sum(c.normal_count), 0)::int as normal, coalesce(sum(c.low_count), 0)::int as low,
  coalesce(sum(c.high_count), 0)::int as high, coalesce(sum(c.critical_low_count), 0)::int as critical_low,
  coalesce(sum(c.critical_high_count), 0)::int as critical_high,
  count(distinct c.patient_id) filter (where c.test_count > 0)::int as measured`;

function classCounts(row: CountRow | undefined): ClassCounts {
  return {
    tests: row?.tests ?? 0,
    normal: row?.normal ?? 0,
    low: row?.low ?? 0,
    high: row?.high ?? 0,
    criticalLow: row?.critical_low ?? 0,
    criticalHigh: row?.critical_high ?? 0,
  };
}

/**
 * `GET /v1/monitor/`: the day and week of the link's wards.
 * - inHospital / admittedToday: patients in hospital now in the wards (admitted since the day began);
 * - measurePersonCount / measureCount / todaySummary: today's glucose readings (`glucose_day_counts`);
 *   measurePersonCount counts patients with at least one;
 * - weeklySummary: the same for each of the last seven days, today included;
 * - todayDepartmentSummary: each ward's day (in-hospital patients of the ward, its readings);
 * - trend: today's glucose readings by the hospital-clock hour of their test time.
 */
export async function monitorOverview(ctx: ScreenContext): Promise<MonitorOverview> {
  const r = await resolve(ctx);
  const { db, grant } = ctx;
  const tenant = grant.tenantId;
  const codes = codesParam(r);
  const weekStart = addDays(r.day, -6);
  const [config, patientsRows, wardRows, weekRows, trendRows] = await Promise.all([
    configOf(ctx, r),
    db.execute<{ department_code: string; in_hospital: number; admitted_today: number }>(sql`
      select p.department_code, count(*)::int as in_hospital,
             count(*) filter (where p.admitted_at >= ${r.dayStart})::int as admitted_today
        from patients p
       where p.tenant_id = ${tenant} and p.deleted_at is null and p.status = 'inHospital'
         and p.department_code = any(${codes})
       group by p.department_code`),
    db.execute<CountRow & { department_code: string | null; measured: number }>(sql`
      select c.department_code, ${countColumns}
        from glucose_day_counts c
       where c.tenant_id = ${tenant} and c.day = ${r.day}::date and c.department_code = any(${codes})
       group by grouping sets ((c.department_code), ())`),
    db.execute<CountRow & { day: string; measured: number }>(sql`
      select c.day::text as day, ${countColumns}
        from glucose_day_counts c
       where c.tenant_id = ${tenant} and c.day between ${weekStart}::date and ${r.day}::date
         and c.department_code = any(${codes})
       group by c.day`),
    db.execute<CountRow & { hour: number }>(sql`
      select extract(hour from m.test_time at time zone ${grant.timeZone})::int as hour,
             count(*)::int as tests,
             count(*) filter (where m.classification = 'normal')::int as normal,
             count(*) filter (where m.classification = 'low')::int as low,
             count(*) filter (where m.classification = 'high')::int as high,
             count(*) filter (where m.classification = 'criticalLow')::int as critical_low,
             count(*) filter (where m.classification = 'criticalHigh')::int as critical_high
        from measurements m
       where m.tenant_id = ${tenant} and m.item = 'GLU' and m.deleted_at is null and m.value is not null
         and m.test_time >= ${r.dayStart} and m.test_time < ${r.dayEnd}
         and m.department_code = any(${codes})
       group by 1`),
  ]);
  const inWard = new Map(patientsRows.rows.map((row) => [row.department_code, row]));
  const total = wardRows.rows.find((row) => row.department_code === null);
  const byWard = new Map(
    wardRows.rows.filter((row) => row.department_code).map((row) => [row.department_code!, row]),
  );
  const todaySummary = classCounts(total);
  const byDay = new Map(weekRows.rows.map((row) => [row.day, row]));
  const byHour = new Map(trendRows.rows.map((row) => [row.hour, row]));
  return {
    config,
    at: ctx.now.toISOString(),
    day: r.day,
    inHospital: patientsRows.rows.reduce((sum, row) => sum + row.in_hospital, 0),
    admittedToday: patientsRows.rows.reduce((sum, row) => sum + row.admitted_today, 0),
    measurePersonCount: total?.measured ?? 0,
    measureCount: todaySummary.tests,
    todaySummary: { ...todaySummary, ...glucoseRates(todaySummary) },
    weeklySummary: Array.from({ length: 7 }, (_, i) => {
      const day = addDays(weekStart, i);
      const row = byDay.get(day);
      return { day, ...classCounts(row), measuredPatients: row?.measured ?? 0 };
    }),
    todayDepartmentSummary: r.departments.map((d) => {
      const counts = classCounts(byWard.get(d.code));
      return {
        departmentCode: d.code,
        departmentName: d.name,
        ...counts,
        inHospital: inWard.get(d.code)?.in_hospital ?? 0,
        measuredPatients: byWard.get(d.code)?.measured ?? 0,
        ...glucoseRates(counts),
      };
    }),
    trend: Array.from({ length: 24 }, (_, hour) => ({ hour, ...classCounts(byHour.get(hour)) })),
  };
}

type ReadingRow = {
  id: number;
  patient_id: number;
  name: string;
  bed: string | null;
  department_code: string;
  department_name: string | null;
  department_name_en: string | null;
  item: MeasurementItem;
  value: number;
  entered_value: number | null;
  entered_unit: string | null;
  test_time: Date | string;
  classification: Classification | null;
  color: string | null;
  period_name: string | null;
};

/** A reading as a wall shows it: the name masked while the strategy says so; no other identifier. */
function readingView(row: ReadingRow, r: Resolved, lang: Lang): ScreenReading {
  return {
    id: Number(row.id),
    patientId: Number(row.patient_id),
    name: r.strategy.maskPatientNames ? maskedName(row.name) : row.name,
    bed: row.bed,
    departmentCode: row.department_code,
    departmentName:
      (lang === 'en-US' && row.department_name_en ? row.department_name_en : row.department_name) ??
      row.department_code,
    item: row.item,
    value: row.value,
    enteredValue: row.entered_value,
    enteredUnit: row.entered_unit,
    testTime: new Date(row.test_time).toISOString(),
    classification: row.classification,
    color: row.color,
    periodName: row.period_name,
  };
}

/** The patient, ward and period columns of a reading `x` of patient `p` (joins below). */
const readingJoins = sql`
  join patients p on p.tenant_id = x.tenant_id and p.id = x.patient_id and p.deleted_at is null
  left join departments d on d.tenant_id = x.tenant_id and d.code = x.department_code
  left join glucose_periods gp on gp.tenant_id = x.tenant_id and gp.code = x.period_code`;

const readingColumns = sql`p.name, p.bed, x.department_code, d.name as department_name,
  d.name_en as department_name_en, x.item, x.value, x.entered_value, x.entered_unit, x.test_time,
  x.classification, x.color`;

const periodName = (lang: Lang) => (lang === 'en-US' ? sql`gp.name_en` : sql`gp.name_zh`);

/**
 * `GET /v1/monitor/personMonitor`: each in-hospital patient's latest reading of each shown item taken
 * within the recent hours (`patient_latest_readings`), newest first, at most 100.
 */
export async function personMonitor(ctx: ScreenContext): Promise<PersonMonitor> {
  const r = await resolve(ctx);
  const rows = await ctx.db.execute<ReadingRow>(sql`
    select x.measurement_id as id, x.patient_id, ${readingColumns}, ${periodName(ctx.lang)} as period_name
      from patient_latest_readings x
      ${readingJoins}
     where x.tenant_id = ${ctx.grant.tenantId} and x.department_code = any(${codesParam(r)})
       and x.item = any(${itemsParam(r)}) and x.test_time >= ${r.recentFrom} and x.test_time <= ${ctx.now}
       and p.status = 'inHospital'
     order by x.test_time desc, x.measurement_id desc
     limit ${RECORD_LIMIT}`);
  return { at: ctx.now.toISOString(), records: rows.rows.map((row) => readingView(row, r, ctx.lang)) };
}

/**
 * `GET /v1/monitor/crisisLowRecords`: the critical values measured within the recent hours in the wards
 * (not voided), newest first, at most 100, each with where its loop stands: `open` until a doctor
 * acknowledges it, `acknowledged`, then `awaitingRecheck` once handled while its due recheck is neither
 * recorded nor given up, else `handled`.
 */
export async function crisisRecords(ctx: ScreenContext): Promise<CrisisRecords> {
  const r = await resolve(ctx);
  const rows = await ctx.db.execute<ReadingRow & { critical_id: number; state: ScreenCritical['state'] }>(sql`
    select ce.id as critical_id, x.id, x.patient_id, ${readingColumns}, ${periodName(ctx.lang)} as period_name,
           case when ce.status = 'open' and ce.acknowledged_at is null then 'open'
                when ce.status = 'open' then 'acknowledged'
                when ce.recheck_due_at is not null and ce.recheck_measurement_id is null
                     and ce.recheck_skipped_reason is null then 'awaitingRecheck'
                else 'handled' end as state
      from critical_events ce
      join measurements x on x.tenant_id = ce.tenant_id and x.id = ce.measurement_id
      ${readingJoins}
     where ce.tenant_id = ${ctx.grant.tenantId} and ce.measured_at >= ${r.recentFrom}
       and ce.measured_at <= ${ctx.now} and ce.status <> 'void'
       and ce.department_code = any(${codesParam(r)}) and ce.item = any(${itemsParam(r)})
       and x.deleted_at is null and x.value is not null
     order by ce.measured_at desc, ce.id desc
     limit ${RECORD_LIMIT}`);
  return {
    at: ctx.now.toISOString(),
    records: rows.rows.map((row) => ({
      ...readingView(row, r, ctx.lang),
      criticalId: Number(row.critical_id),
      state: row.state,
    })),
  };
}

/** The band of a glucose value `v` (mmol/L) as SQL, by the domain's limits (`distributionBandOf`). */
const bandOf = (v: SQL) => sql`case when ${v} >= ${DISTRIBUTION_BAND_LIMITS.from13_9} then 'from13_9'
  when ${v} >= ${DISTRIBUTION_BAND_LIMITS.from10to13_9} then 'from10to13_9'
  when ${v} >= ${DISTRIBUTION_BAND_LIMITS.from3_9to10} then 'from3_9to10' else 'below3_9' end`;

/**
 * `GET /v1/monitor/todayPatientDistribution`:
 * - bands: the patients whose latest glucose was taken today (so it is their latest of the day), in
 *   the wards, by the band of that value (domain `distributionBandOf`: <3.9, 3.9–<10, 10–<13.9, ≥13.9);
 * - highDepartments / lowDepartments: the five wards with the most high (high + critically high) and
 *   low (low + critically low) glucose readings today, most first, wards without any left out;
 * - abnormal: today's patients with a high or low glucose reading in the wards, with their latest
 *   glucose and today's high and low counts; most critical readings first, then most abnormal
 *   readings, then the latest first; at most 50.
 */
export async function patientDistribution(ctx: ScreenContext): Promise<PatientDistribution> {
  const r = await resolve(ctx);
  const { db, grant } = ctx;
  const codes = codesParam(r);
  const names = new Map(r.departments.map((d) => [d.code, d.name]));
  const [bandRows, wardRows, abnormalRows] = await Promise.all([
    db.execute<{ band: string; patients: number }>(sql`
      select ${bandOf(sql`x.value`)} as band, count(*)::int as patients
        from patient_latest_readings x
       where x.tenant_id = ${grant.tenantId} and x.item = 'GLU' and x.department_code = any(${codes})
         and x.test_time >= ${r.dayStart} and x.test_time < ${r.dayEnd}
       group by 1`),
    db.execute<{ department_code: string; high: number; low: number }>(sql`
      select c.department_code, sum(c.high_count + c.critical_high_count)::int as high,
             sum(c.low_count + c.critical_low_count)::int as low
        from glucose_day_counts c
       where c.tenant_id = ${grant.tenantId} and c.day = ${r.day}::date and c.department_code = any(${codes})
       group by c.department_code`),
    db.execute<ReadingRow & { high_count: number; low_count: number; critical_count: number }>(sql`
      with today as (
        select c.patient_id, sum(c.high_count + c.critical_high_count)::int as high_count,
               sum(c.low_count + c.critical_low_count)::int as low_count,
               sum(c.critical_high_count + c.critical_low_count)::int as critical_count
          from glucose_day_counts c
         where c.tenant_id = ${grant.tenantId} and c.day = ${r.day}::date and c.department_code = any(${codes})
         group by c.patient_id
        having sum(c.high_count + c.critical_high_count + c.low_count + c.critical_low_count) > 0)
      select x.measurement_id as id, x.patient_id, ${readingColumns}, ${periodName(ctx.lang)} as period_name,
             t.high_count, t.low_count, t.critical_count
        from today t
        join patient_latest_readings x on x.tenant_id = ${grant.tenantId} and x.patient_id = t.patient_id
                                      and x.item = 'GLU'
        ${readingJoins}
       order by t.critical_count desc, t.high_count + t.low_count desc, x.test_time desc, x.patient_id
       limit ${ABNORMAL_LIMIT}`),
  ]);
  const bands = new Map(bandRows.rows.map((row) => [row.band, row.patients]));
  const top = (pick: (row: { high: number; low: number }) => number) =>
    wardRows.rows
      .filter((row) => pick(row) > 0)
      .sort((a, b) => pick(b) - pick(a) || a.department_code.localeCompare(b.department_code))
      .slice(0, TOP_DEPARTMENTS)
      .map((row) => ({
        departmentCode: row.department_code,
        departmentName: names.get(row.department_code) ?? row.department_code,
        count: pick(row),
      }));
  return {
    at: ctx.now.toISOString(),
    bands: DISTRIBUTION_BANDS.map((band) => ({ band, patients: bands.get(band) ?? 0 })),
    highDepartments: top((row) => row.high),
    lowDepartments: top((row) => row.low),
    abnormal: abnormalRows.rows.map((row) => ({
      ...readingView(row, r, ctx.lang),
      highCount: row.high_count,
      lowCount: row.low_count,
    })),
  };
}

/** The wards a wall stream hears: those the screen shows (re-read at every link check). */
export async function streamDepartments(ctx: ScreenContext): Promise<string[]> {
  return (await resolve(ctx)).codes;
}
