import { type StatisticsRangeQuery, shareOf, type WorkloadQuery } from '@glucocare/domain';
import type { ChartsView, TestTimeView, WorkloadView } from '@glucocare/domain/responses';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { measurements, users, virtualWardFollowups, virtualWardStays } from '../../db/schema';
import { readTirSetting } from '../settings/strategy-service';
import { hospitalTimeZone } from '../settings/time-zone';
import { duringVisibleStay, type OutcomesContext, stayScope } from './outcomes-service';

/**
 * The virtual ward's workload, test-time and chart statistics (issue 18, docs/api.md "Statistics and
 * outcomes (patient-days)"). Days and months are the hospital's calendar (its time zone); a range is
 * `beginDate` 00:00 to the end of `endDate`. Scope: follow-ups and stays the caller sees (the managing
 * department's, or of a patient joined from one of the caller's departments; every one for the
 * all-departments scope); readings of virtual-ward patients taken during such a stay.
 */

/** The first instant of `beginDate` and of the day after `endDate` in the hospital's zone, ISO UTC. */
async function dayBounds(db: DbOrTx, timeZone: string, beginDate: string, endDate: string) {
  const { rows } = await db.execute<{ from: string; to: string }>(sql`
    select to_char((${beginDate}::date::timestamp at time zone ${timeZone}) at time zone 'UTC',
                   'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "from",
           to_char((((${endDate}::date + 1)::timestamp) at time zone ${timeZone}) at time zone 'UTC',
                   'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "to"`);
  return rows[0] as { from: string; to: string };
}

const inRange = (column: SQL, from: string, to: string) =>
  sql`${column} >= ${from}::timestamptz and ${column} < ${to}::timestamptz`;

/**
 * Distinct patients with a stay current at some time of each period (a day, or a month clipped to the
 * range): joined before the period ends and not exited before it starts.
 */
async function managedPerPeriod(
  ctx: OutcomesContext,
  timeZone: string,
  query: { beginDate: string; endDate: string },
  groupBy: 'day' | 'month',
): Promise<Map<string, number>> {
  const s = virtualWardStays;
  const step = groupBy === 'day' ? sql`interval '1 day'` : sql`interval '1 month'`;
  const format = groupBy === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const first =
    groupBy === 'day' ? sql`${query.beginDate}::date` : sql`date_trunc('month', ${query.beginDate}::date)`;
  const { rows } = await ctx.db.execute<{ period: string; patients: number }>(sql`
    select to_char(p.start, ${format}) as period, count(distinct ${s.patientId})::int as patients
      from (select greatest(g, ${query.beginDate}::date::timestamp) as start,
                   least(g + ${step}, (${query.endDate}::date + 1)::timestamp) as stop
              from generate_series(${first}::timestamp, ${query.endDate}::date::timestamp, ${step}) g) p
      join ${s} on ${s.tenantId} = ${ctx.session.tenantId}
       and ${s.joinedAt} < (p.stop at time zone ${timeZone})
       and (${s.exitedAt} is null or ${s.exitedAt} >= (p.start at time zone ${timeZone}))
       and ${stayScope(ctx.session, { managing: sql`${s.managingDepartmentCode}`, ward: sql`${s.wardDepartmentCode}` })}
     group by 1`);
  return new Map(rows.map((row) => [row.period, Number(row.patients)]));
}

/** The periods of a range: every day, or every month it touches (YYYY-MM-DD / YYYY-MM). */
function periodsOf(beginDate: string, endDate: string, groupBy: 'day' | 'month'): string[] {
  const out: string[] = [];
  const end = Date.parse(`${endDate}T00:00:00Z`);
  for (let at = Date.parse(`${beginDate}T00:00:00Z`); at <= end; at += 86_400_000) {
    const day = new Date(at).toISOString().slice(0, 10);
    const period = groupBy === 'day' ? day : day.slice(0, 7);
    if (out[out.length - 1] !== period) out.push(period);
  }
  return out;
}

type WorkRow = {
  period: string;
  specialist_id: string;
  specialist_name: string;
  reviews: number;
  followups: number;
  joins: number;
  exits: number;
};

/**
 * GET /v1/virtualward/statistics/workload: per specialist and period, the reviews (follow-ups of kind
 * `review`), other follow-ups (visits, phone calls), stays created (joins by hand: `created_by`) and
 * stays ended (`exited_by`); and per period the patients managed (a stay current at some time of it).
 * Deleted follow-ups do not count. The total's `patients` are the distinct patients over the range.
 */
export async function workload(ctx: OutcomesContext, query: WorkloadQuery): Promise<WorkloadView> {
  const timeZone = await hospitalTimeZone(ctx.db, ctx.session);
  const { from, to } = await dayBounds(ctx.db, timeZone, query.beginDate, query.endDate);
  const format = query.groupBy === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  const f = virtualWardFollowups;
  const s = virtualWardStays;
  const tenantId = ctx.session.tenantId;
  const visibleStay = stayScope(ctx.session, {
    managing: sql`${s.managingDepartmentCode}`,
    ward: sql`${s.wardDepartmentCode}`,
  });
  const periodOf = (column: SQL) => sql`to_char(${column} at time zone ${timeZone}, ${format})`;
  const { rows } = await ctx.db.execute<WorkRow>(sql`
    select w.period, w.user_id as specialist_id, coalesce(max(${users.nickName}), max(w.name)) as specialist_name,
           sum(w.reviews)::int as reviews, sum(w.followups)::int as followups, sum(w.joins)::int as joins,
           sum(w.exits)::int as exits
      from (select ${periodOf(sql`${f.reviewedAt}`)} as period, ${f.specialistId} as user_id,
                   max(${f.specialistName}) as name,
                   count(*) filter (where ${f.kind} = 'review') as reviews,
                   count(*) filter (where ${f.kind} <> 'review') as followups, 0 as joins, 0 as exits
              from ${f} left join ${s} on ${s.tenantId} = ${f.tenantId} and ${s.id} = ${f.stayId}
             where ${f.tenantId} = ${tenantId} and ${f.deletedAt} is null
               and ${inRange(sql`${f.reviewedAt}`, from, to)}
               and ${stayScope(ctx.session, { managing: sql`${s.managingDepartmentCode}`, ward: sql`${f.departmentCode}` })}
             group by 1, 2
            union all
            select ${periodOf(sql`${s.joinedAt}`)}, ${s.createdBy}, null, 0, 0, count(*), 0
              from ${s}
             where ${s.tenantId} = ${tenantId} and ${s.createdBy} is not null
               and ${inRange(sql`${s.joinedAt}`, from, to)} and ${visibleStay}
             group by 1, 2
            union all
            select ${periodOf(sql`${s.exitedAt}`)}, ${s.exitedBy}, max(${s.exitedByName}), 0, 0, 0, count(*)
              from ${s}
             where ${s.tenantId} = ${tenantId} and ${s.exitedBy} is not null
               and ${inRange(sql`${s.exitedAt}`, from, to)} and ${visibleStay}
             group by 1, 2) w
      left join ${users} on ${users.tenantId} = ${tenantId} and ${users.id} = w.user_id
     group by 1, 2
     order by 1, 3, 2`);
  const [managed, all] = await Promise.all([
    managedPerPeriod(ctx, timeZone, query, query.groupBy),
    ctx.db.execute<{ patients: number }>(sql`
      select count(distinct ${s.patientId})::int as patients from ${s}
       where ${s.tenantId} = ${tenantId} and ${s.joinedAt} < ${to}::timestamptz
         and (${s.exitedAt} is null or ${s.exitedAt} >= ${from}::timestamptz) and ${visibleStay}`),
  ]);
  const totalPatients = Number(all.rows[0]?.patients ?? 0);
  const specialists = new Map<number, WorkloadView['specialists'][number]>();
  const total = { reviews: 0, followups: 0, joins: 0, exits: 0, patients: totalPatients };
  const out = rows.map((row) => {
    const counts = {
      reviews: Number(row.reviews),
      followups: Number(row.followups),
      joins: Number(row.joins),
      exits: Number(row.exits),
    };
    const id = Number(row.specialist_id);
    const name = row.specialist_name ?? String(id);
    const sum = specialists.get(id) ?? {
      specialistId: id,
      specialistName: name,
      reviews: 0,
      followups: 0,
      joins: 0,
      exits: 0,
    };
    for (const key of ['reviews', 'followups', 'joins', 'exits'] as const) {
      sum[key] += counts[key];
      total[key] += counts[key];
    }
    specialists.set(id, sum);
    return { period: row.period, specialistId: id, specialistName: name, ...counts };
  });
  return {
    beginDate: query.beginDate,
    endDate: query.endDate,
    groupBy: query.groupBy,
    rows: out,
    specialists: [...specialists.values()].sort((a, b) => a.specialistName.localeCompare(b.specialistName)),
    managed: periodsOf(query.beginDate, query.endDate, query.groupBy).map((period) => ({
      period,
      patients: managed.get(period) ?? 0,
    })),
    total,
  };
}

/** Live glucose rows of the tenant in [from, to) taken during a stay the caller sees. */
function virtualWardReadings(ctx: OutcomesContext, from: string, to: string): SQL {
  const m = measurements;
  return sql`${m.tenantId} = ${ctx.session.tenantId} and ${m.item} = 'GLU' and ${m.deletedAt} is null
    and ${inRange(sql`${m.testTime}`, from, to)} and ${duringVisibleStay(ctx.session)}`;
}

/**
 * GET /v1/virtualward/statistics/testTime: readings (with a value) of virtual-ward patients during their
 * stays, by hour of the hospital's clock and by glucose period with the share inside the period's window
 * (the write-time mark `window_mark`: none = inside, `early`, `late`); and the planned measurements
 * recorded without a value, by their reason (untested or not carried out).
 */
export async function testTime(ctx: OutcomesContext, query: StatisticsRangeQuery): Promise<TestTimeView> {
  const timeZone = await hospitalTimeZone(ctx.db, ctx.session);
  const { from, to } = await dayBounds(ctx.db, timeZone, query.beginDate, query.endDate);
  const m = measurements;
  const zh = ctx.lang === 'zh-CN';
  const where = virtualWardReadings(ctx, from, to);
  const [hours, periods, missed] = await Promise.all([
    ctx.db.execute<{ hour: number; readings: number }>(sql`
      select extract(hour from ${m.testTime} at time zone ${timeZone})::int as hour, count(*)::int as readings
        from ${m} where ${where} and ${m.value} is not null group by 1`),
    ctx.db.execute<{ code: string; name: string | null; readings: number; early: number; late: number }>(sql`
      select coalesce(${m.periodCode}, '') as code, max(gp.${sql.raw(zh ? 'name_zh' : 'name_en')}) as name,
             count(*)::int as readings,
             (count(*) filter (where ${m.windowMark} = 'early'))::int as early,
             (count(*) filter (where ${m.windowMark} = 'late'))::int as late,
             min(gp.sort) as sort
        from ${m} left join glucose_periods gp on gp.tenant_id = ${m.tenantId} and gp.code = ${m.periodCode}
       where ${where} and ${m.value} is not null
       group by 1 order by min(gp.sort) nulls last, 1`),
    ctx.db.execute<{ reason: string; name: string | null; count: number }>(sql`
      select coalesce(${m.untestedReason}, ${m.rejectReason}, 'other') as reason,
             max(d.${sql.raw(zh ? 'name_zh' : 'name_en')}) as name, count(*)::int as count
        from ${m} left join dict_entries d on d.tenant_id = ${m.tenantId}
         and d.type = case when ${m.untestedReason} is not null then 'untestedReason' else 'rejectReason' end
         and d.code = coalesce(${m.untestedReason}, ${m.rejectReason})
       where ${where} and ${m.value} is null
       group by 1 order by 3 desc, 1`),
  ]);
  const byHour = new Map(hours.rows.map((row) => [Number(row.hour), Number(row.readings)]));
  const hourRows = Array.from({ length: 24 }, (_, hour) => ({ hour, readings: byHour.get(hour) ?? 0 }));
  const missedRows = missed.rows.map((row) => ({
    reason: row.reason,
    reasonName: row.name ?? row.reason,
    count: Number(row.count),
  }));
  return {
    beginDate: query.beginDate,
    endDate: query.endDate,
    readings: hourRows.reduce((sum, row) => sum + row.readings, 0),
    hours: hourRows,
    periods: periods.rows.map((row) => {
      const readings = Number(row.readings);
      const inWindow = readings - Number(row.early) - Number(row.late);
      return {
        periodCode: row.code,
        periodName: row.name ?? row.code,
        readings,
        inWindow,
        early: Number(row.early),
        late: Number(row.late),
        inWindowShare: shareOf(inWindow, readings),
      };
    }),
    missed: missedRows,
    missedTotal: missedRows.reduce((sum, row) => sum + row.count, 0),
  };
}

/**
 * GET /v1/virtualward/statistics/charts: per hospital day, the readings of virtual-ward patients during
 * their stays by the classification stored at write (low, normal, high, critically low/high; other =
 * unknown), their mean (mmol/L), and the patients with a stay current that day; and the distribution of
 * those readings over the TIR setting's bands (as the analysis ranges them: below veryLow, below low,
 * up to high, up to veryHigh, above; stored mmol/L values).
 */
export async function charts(ctx: OutcomesContext, query: StatisticsRangeQuery): Promise<ChartsView> {
  const [timeZone, tir] = await Promise.all([
    hospitalTimeZone(ctx.db, ctx.session),
    readTirSetting(ctx.db, ctx.session),
  ]);
  const { from, to } = await dayBounds(ctx.db, timeZone, query.beginDate, query.endDate);
  const m = measurements;
  const where = sql`${virtualWardReadings(ctx, from, to)} and ${m.value} is not null`;
  type DayRow = {
    day: string;
    low: number;
    normal: number;
    high: number;
    critical_low: number;
    critical_high: number;
    total: number;
    mean: number | null;
  };
  const [days, distribution, managed] = await Promise.all([
    ctx.db.execute<DayRow>(sql`
      select to_char(${m.testTime} at time zone ${timeZone}, 'YYYY-MM-DD') as day,
             (count(*) filter (where ${m.classification} = 'low'))::int as low,
             (count(*) filter (where ${m.classification} = 'normal'))::int as normal,
             (count(*) filter (where ${m.classification} = 'high'))::int as high,
             (count(*) filter (where ${m.classification} = 'criticalLow'))::int as critical_low,
             (count(*) filter (where ${m.classification} = 'criticalHigh'))::int as critical_high,
             count(*)::int as total, avg(${m.value})::float8 as mean
        from ${m} where ${where} group by 1`),
    ctx.db.execute<{ very_low: number; low: number; in_range: number; high: number; very_high: number }>(sql`
      select (count(*) filter (where ${m.value} < ${tir.veryLow}))::int as very_low,
             (count(*) filter (where ${m.value} >= ${tir.veryLow} and ${m.value} < ${tir.low}))::int as low,
             (count(*) filter (where ${m.value} >= ${tir.low} and ${m.value} <= ${tir.high}))::int as in_range,
             (count(*) filter (where ${m.value} > ${tir.high} and ${m.value} <= ${tir.veryHigh}))::int as high,
             (count(*) filter (where ${m.value} > ${tir.veryHigh}))::int as very_high
        from ${m} where ${where}`),
    managedPerPeriod(ctx, timeZone, query, 'day'),
  ]);
  const byDay = new Map(days.rows.map((row) => [row.day, row]));
  const d = distribution.rows[0];
  return {
    beginDate: query.beginDate,
    endDate: query.endDate,
    days: periodsOf(query.beginDate, query.endDate, 'day').map((day) => {
      const row = byDay.get(day);
      const counted = row
        ? Number(row.low) +
          Number(row.normal) +
          Number(row.high) +
          Number(row.critical_low) +
          Number(row.critical_high)
        : 0;
      return {
        day,
        low: Number(row?.low ?? 0),
        normal: Number(row?.normal ?? 0),
        high: Number(row?.high ?? 0),
        criticalLow: Number(row?.critical_low ?? 0),
        criticalHigh: Number(row?.critical_high ?? 0),
        other: row ? Number(row.total) - counted : 0,
        mean: row?.mean == null ? null : Number(row.mean),
        patients: managed.get(day) ?? 0,
      };
    }),
    distribution: {
      veryLow: Number(d?.very_low ?? 0),
      low: Number(d?.low ?? 0),
      inRange: Number(d?.in_range ?? 0),
      high: Number(d?.high ?? 0),
      veryHigh: Number(d?.very_high ?? 0),
      bands: { veryLow: tir.veryLow, low: tir.low, high: tir.high, veryHigh: tir.veryHigh },
    },
  };
}
