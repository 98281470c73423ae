/**
 * A patient's readings of one item: the list (patient tab, printed records) and the day × period grid
 * (patient tab, printed records). Callers check the patient first (`patientInScope`): these functions
 * take the tenant and the patient as given.
 */

import {
  type Lang,
  type MeasurementItem,
  NO_PERIOD,
  periodAt,
  pivotByPeriod,
  type SORT_OPTIONS,
} from '@glucocare/domain';
import type { ReadingView } from '@glucocare/domain/responses';
import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { measurements } from '../../db/schema';
import { type TenantRef, tenantIdOf } from '../settings/config-cache';
import { dateIn, hospitalTimeZone } from '../settings/time-zone';
import { hospitalLists } from './context';
import { selectReadings, toReadingView } from './view';

export type ReadingSort = (typeof SORT_OPTIONS)[number];

export interface ReadingQuery {
  item: MeasurementItem;
  /** first day (YYYY-MM-DD, hospital time zone), inclusive; none: from the first reading */
  beginDate?: string;
  /** last day (YYYY-MM-DD, hospital time zone), inclusive; none: up to the latest reading */
  endDate?: string;
  /** §9 sorting options: `last`/`allDesc` latest first (default), `earliest`/`allAsc` earliest first */
  sort?: ReadingSort;
  /** deleted readings too (they carry `deletedAt` and `deleteReason`) */
  includeDeleted?: boolean;
  lang: Lang;
}

/**
 * The first instant of a hospital day (`YYYY-MM-DD`, `days` later) as SQL, written with literals where
 * the date and the zone have the plain shape (else parameters, and PostgreSQL's cast answers a bad
 * date). The readings are partitioned by month (migration 0027): a prepared statement keeps one plan
 * for its text, and only constants let that plan leave out the months outside the range; with
 * parameters every run would open and lock every month's table.
 */
export function hospitalDayStart(date: string, timeZone: string, days = 0): SQL {
  const plain = /^\d{4}-\d{2}-\d{2}$/.test(date) && /^[A-Za-z0-9_+\-/]+$/.test(timeZone);
  const day = plain ? sql.raw(`'${date}'::date`) : sql`${date}::date`;
  const zone = plain ? sql.raw(`'${timeZone}'`) : sql`${timeZone}`;
  return days
    ? sql`((${day} + ${sql.raw(String(Math.trunc(days)))})::timestamp at time zone ${zone})`
    : sql`(${day}::timestamp at time zone ${zone})`;
}

/** An instant as a SQL literal (see {@link hospitalDayStart} for why not a parameter). */
export function instantLiteral(at: Date): SQL {
  return Number.isNaN(at.getTime()) ? sql`${at}` : sql.raw(`'${at.toISOString()}'::timestamptz`);
}

/** The condition "test time (or another instant `column`) within these days of the hospital's calendar". */
export function dayRangeCondition(
  beginDate: string | undefined,
  endDate: string | undefined,
  timeZone: string,
  column: AnyPgColumn = measurements.testTime,
): SQL | undefined {
  return and(
    beginDate ? sql`${column} >= ${hospitalDayStart(beginDate, timeZone)}` : undefined,
    endDate ? sql`${column} < ${hospitalDayStart(endDate, timeZone, 1)}` : undefined,
  );
}

function patientCondition(tenantId: string, patientId: number, query: ReadingQuery, timeZone: string) {
  return and(
    eq(measurements.tenantId, tenantId),
    eq(measurements.patientId, patientId),
    eq(measurements.item, query.item),
    query.includeDeleted ? undefined : isNull(measurements.deletedAt),
    dayRangeCondition(query.beginDate, query.endDate, timeZone),
  );
}

const latestFirst = (sort: ReadingSort | undefined) => sort !== 'earliest' && sort !== 'allAsc';

/** Every reading of the patient and item in the range, in the order asked (printed records). */
export async function patientReadings(
  db: DbOrTx,
  tenant: TenantRef,
  patientId: number,
  query: ReadingQuery,
): Promise<ReadingView[]> {
  const tenantId = tenantIdOf(tenant);
  const timeZone = await hospitalTimeZone(db, tenant);
  const order = latestFirst(query.sort) ? desc : asc;
  const rows = await selectReadings(db, query.lang)
    .where(patientCondition(tenantId, patientId, query, timeZone))
    .orderBy(order(measurements.testTime), order(measurements.id));
  return rows.map(toReadingView);
}

/** One page of {@link patientReadings} with the total (the patient tab's list). */
export async function patientReadingsPage(
  db: DbOrTx,
  tenant: TenantRef,
  patientId: number,
  query: ReadingQuery & { page: number; size: number },
) {
  const tenantId = tenantIdOf(tenant);
  const timeZone = await hospitalTimeZone(db, tenant);
  const where = patientCondition(tenantId, patientId, query, timeZone);
  const order = latestFirst(query.sort) ? desc : asc;
  const [rows, [{ total }]] = await Promise.all([
    selectReadings(db, query.lang)
      .where(where)
      .orderBy(order(measurements.testTime), order(measurements.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(measurements).where(where),
  ]);
  return { records: rows.map(toReadingView), total, page: query.page, size: query.size };
}

export interface PivotPeriod {
  code: string;
  name: string;
  startTime: string | null;
  endTime: string | null;
}

export interface PatientPivot {
  periods: PivotPeriod[];
  rows: { date: string; cells: Record<string, ReadingView[]> }[];
}

/** The days from `endDate` back to `beginDate` (YYYY-MM-DD), latest first. */
function daysBetween(beginDate: string, endDate: string): string[] {
  const days: string[] = [];
  const day = new Date(`${endDate}T00:00:00Z`);
  const first = new Date(`${beginDate}T00:00:00Z`);
  while (day >= first && days.length < 1000) {
    days.push(day.toISOString().slice(0, 10));
    day.setUTCDate(day.getUTCDate() - 1);
  }
  return days;
}

/**
 * The day × period grid of a patient's readings of one item (hospital time zone): columns are the
 * hospital's enabled glucose periods (a reading of a period since stopped adds its column; ketone or
 * uric-acid readings without a period go to the column of the period their time falls in, else to
 * `-`); one row per day from `endDate` (not after today) back to `beginDate`, days without readings
 * included so an empty cell can be filled in. Cells list their readings by `sort`: `allAsc` (default)
 * earliest first, `allDesc` latest first, `last` only the latest, `earliest` only the earliest.
 */
export async function patientPivot(
  db: DbOrTx,
  tenant: TenantRef,
  patientId: number,
  query: ReadingQuery & { beginDate: string; endDate: string; now: Date },
): Promise<PatientPivot> {
  const tenantId = tenantIdOf(tenant);
  const [timeZone, lists] = await Promise.all([hospitalTimeZone(db, tenant), hospitalLists(db, tenant)]);
  const rows = await selectReadings(db, query.lang)
    .where(patientCondition(tenantId, patientId, { ...query, includeDeleted: false }, timeZone))
    .orderBy(asc(measurements.testTime), asc(measurements.id));
  const readings = rows.map(toReadingView);
  const zh = query.lang === 'zh-CN';
  const periods: PivotPeriod[] = lists.periods.map((p) => ({
    code: p.code,
    name: zh ? p.nameZh : p.nameEn,
    startTime: p.startTime,
    endTime: p.endTime,
  }));
  const known = new Set(periods.map((p) => p.code));
  // a reading without a period is placed by its time (its own periodCode stays null)
  const placed = readings.map((view) => ({
    patientId: view.patientId,
    testTime: view.testTime,
    periodCode: view.periodCode ?? periodAt(view.testTime, lists.periods, timeZone) ?? NO_PERIOD,
    view,
  }));
  for (const reading of placed) {
    if (!known.has(reading.periodCode)) {
      known.add(reading.periodCode);
      periods.push({
        code: reading.periodCode,
        name: reading.periodCode === NO_PERIOD ? NO_PERIOD : (reading.view.periodName ?? reading.periodCode),
        startTime: null,
        endTime: null,
      });
    }
  }
  const grid = pivotByPeriod(placed, timeZone, 'desc');
  const byDate = new Map(grid.map((row) => [row.date, row]));
  const today = dateIn(query.now, timeZone);
  const [last] = [query.endDate, today].sort();
  const sort = query.sort ?? 'allAsc';
  return {
    periods,
    rows: daysBetween(query.beginDate, last).map((date) => {
      const cells: Record<string, ReadingView[]> = {};
      for (const [code, cell] of Object.entries(byDate.get(date)?.cells ?? {})) {
        const views = cell.map((reading) => reading.view);
        cells[code] =
          sort === 'last'
            ? views.slice(-1)
            : sort === 'earliest'
              ? views.slice(0, 1)
              : sort === 'allDesc'
                ? views.reverse()
                : views;
      }
      return { date, cells };
    }),
  };
}
