import {
  APPROVE_ALL_MAX,
  type ApproveSkipReason,
  type DataFilter,
  type DataQuery,
  EXPORT_MAX_ROWS,
  type Lang,
  MEASUREMENT_ITEMS,
  NO_PERIOD,
  type PendingFilter,
  type PendingQuery,
  pivotByPeriod,
  REVIEW_MAX_PAGE_SIZE,
  translate,
} from '@glucocare/domain';
import type {
  ReviewPivotPeriodView as PivotPeriod,
  ReviewPivotRowView as PivotRecordRow,
  ReviewRecordView as ReviewRecord,
} from '@glucocare/domain/responses';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { departments, glucosePeriods, measurements, patients, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { qualified } from '../../lib/query';
import { departmentScopeCondition } from '../../lib/scope';
import type { RequestMeta } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { type ReadingRow, selectReadings, toReadingView } from '../measurements/view';
import { hospitalTimeZone } from '../settings/time-zone';
import { dataConditions, pendingConditions, type ReviewConditions, whereOf } from './filters';

// Not a resource declaration (lib/resource.ts): approval and data management act on readings through the one
// reading write path (measurements/write.ts), so their changes cannot be a second resource declaration of the
// same rows.

export interface Page<T> {
  records: T[];
  total: number;
  page: number;
  size: number;
}

interface Context {
  db: DbOrTx;
  session: SessionUser;
  lang: Lang;
}

const pageSize = (size: number) => Math.min(size, REVIEW_MAX_PAGE_SIZE);

/** A reading's patient (same tenant). */
const patientOfReading = and(
  eq(patients.tenantId, measurements.tenantId),
  eq(patients.id, measurements.patientId),
) as SQL;

/**
 * The patient, doctor and department names a review record adds to a reading: the patient joined, the
 * doctor (user name matched case-insensitively, the users' unique index) and the department looked up
 * by key (see `readingColumns` of measurements/view on why look-ups rather than joins).
 */
function recordColumns(lang: Lang) {
  const departmentName = lang === 'zh-CN' ? sql`d.name` : sql`coalesce(nullif(d.name_en, ''), d.name)`;
  return {
    patientName: patients.name,
    bed: patients.bed,
    inpatientNumber: patients.inpatientNumber,
    doctorCode: patients.doctorCode,
    doctorName: sql<string | null>`(select u.nick_name from ${users} u
      where u.tenant_id = ${qualified(patients.tenantId)} and lower(u.user_name) = lower(${qualified(patients.doctorCode)}))`,
    departmentName: sql<string | null>`(select ${departmentName} from ${departments} d
      where d.tenant_id = ${qualified(measurements.tenantId)} and d.code = ${qualified(measurements.departmentCode)})`,
  };
}

/** The readings (the shared select of `measurements/view`) matching `where` with their patients: one statement. */
function selectRecords(ctx: Context, where: SQL) {
  return selectReadings(ctx.db, ctx.lang, recordColumns(ctx.lang))
    .innerJoin(patients, patientOfReading)
    .where(where);
}

type RecordRow = ReadingRow & {
  patientName: string;
  bed: string | null;
  inpatientNumber: string | null;
  doctorCode: string | null;
  doctorName: string | null;
  departmentName: string | null;
};

function recordsOf(rows: RecordRow[]): ReviewRecord[] {
  return rows.map((row) => ({
    ...toReadingView(row),
    patientName: row.patientName,
    bed: row.bed,
    inpatientNumber: row.inpatientNumber,
    doctorCode: row.doctorCode,
    doctorName: row.doctorName,
    departmentName: row.departmentName,
  }));
}

/** How many readings match; the patient row is joined only when a patient filter asks for it. */
async function countReadings(db: DbOrTx, conditions: ReviewConditions): Promise<number> {
  const base = db.select({ total: count() }).from(measurements);
  const [{ total }] = conditions.patient.length
    ? await base.innerJoin(patients, patientOfReading).where(whereOf(conditions))
    : await base.where(and(...conditions.reading));
  return total;
}

const newestFirst = [desc(measurements.testTime), desc(measurements.id)];

async function recordPage(
  ctx: Context,
  conditions: ReviewConditions,
  page: number,
  size: number,
): Promise<Page<ReviewRecord>> {
  const [rows, total] = await Promise.all([
    selectRecords(ctx, whereOf(conditions))
      .orderBy(...newestFirst)
      .limit(size)
      .offset((page - 1) * size),
    countReadings(ctx.db, conditions),
  ]);
  return { records: recordsOf(rows), total, page, size };
}

// ---------- approval ----------

export type PendingCounts = Record<(typeof MEASUREMENT_ITEMS)[number], number>;

/**
 * GET /v1/testRecord/pending: a page of pending readings of one item, newest first, with the pending
 * count of each item under the same filters (the tabs' badges).
 */
export async function pendingPage(
  ctx: Context,
  query: PendingQuery,
): Promise<Page<ReviewRecord> & { counts: PendingCounts }> {
  const timeZone = await hospitalTimeZone(ctx.db, ctx.session);
  const size = pageSize(query.size);
  const conditions = pendingConditions(ctx.session, query, timeZone);
  const allItems = pendingConditions(ctx.session, query, timeZone, { item: false });
  const byItemOf = (where: SQL | undefined, joinPatient: boolean) => {
    const base = ctx.db.select({ item: measurements.item, total: count() }).from(measurements);
    return (
      joinPatient ? base.innerJoin(patients, patientOfReading).where(where) : base.where(where)
    ).groupBy(measurements.item);
  };
  const [page, byItem] = await Promise.all([
    recordPage(ctx, conditions, query.page, size),
    // the patient is joined only for the keyword
    allItems.patient.length ? byItemOf(whereOf(allItems), true) : byItemOf(and(...allItems.reading), false),
  ]);
  const counts = Object.fromEntries(MEASUREMENT_ITEMS.map((item) => [item, 0])) as PendingCounts;
  for (const row of byItem) if (row.item in counts) counts[row.item as keyof PendingCounts] = row.total;
  return { ...page, counts };
}

export interface ApproveResult {
  approved: number;
  approvedIds: number[];
  skipped: { id: number; reason: ApproveSkipReason; message: string }[];
}

/**
 * Approves pending readings in one statement: the UPDATE (tenant, scope, pending and not deleted)
 * returns the rows it changed and the same statement writes one audit row per record. `target` is
 * either the selected ids or a sub-select of the readings to approve.
 */
async function approveWhere(
  ctx: Context,
  meta: RequestMeta,
  target: SQL,
  now: Date,
): Promise<{ id: number }[]> {
  const { session } = ctx;
  const scope = departmentScopeCondition(session.scope, measurements.departmentCode) ?? sql`true`;
  const result = await ctx.db.execute<{ id: string }>(sql`
    with approved as (
      update ${measurements}
         set status = 'approved', approved_by = ${session.userId}, approved_by_name = ${session.nickName},
             approved_at = ${now}, updated_by = ${session.userId}, updated_at = ${now},
             version = ${measurements.version} + 1
       where ${measurements.tenantId} = ${session.tenantId} and ${target}
         and ${measurements.status} = 'pending' and ${measurements.deletedAt} is null and ${scope}
         -- issue 19: a reading held by its meter's QC lockout is approved only once released
         and ${measurements.qcHold} is null
      returning ${measurements.id} as id, ${measurements.patientId} as patient_id,
                ${measurements.version} as version, ${measurements.item} as item
    ), audit as (
      insert into audit_log (tenant_id, actor_id, actor_name, action, entity, entity_id, patient_id,
                             before, after, ip, user_agent, request_id)
      select ${session.tenantId}, ${session.userId}, ${session.userName}, 'approve', 'measurement',
             a.id::text, a.patient_id,
             jsonb_build_object('item', a.item, 'status', 'pending', 'version', a.version - 1),
             jsonb_build_object('item', a.item, 'status', 'approved', 'approvedBy', ${session.nickName}::text,
                                'approvedAt', ${now.toISOString()}::text, 'version', a.version),
             ${meta.ip}, ${meta.userAgent}, ${meta.requestId}
        from approved a
    )
    select id from approved order by id`);
  return result.rows.map((row) => ({ id: Number(row.id) }));
}

/**
 * POST /v1/testRecord/approve: approves the selected pending readings. Already approved ones are
 * skipped as such; deleted ones, ids of other tenants and readings outside the caller's departments
 * are skipped as "not found" (one answer for all, as a missing id).
 */
export async function approveRecords(
  ctx: Context,
  meta: RequestMeta,
  ids: number[],
  now: Date,
): Promise<ApproveResult> {
  const approved = await approveWhere(
    ctx,
    meta,
    sql`${measurements.id} = any(${sql.param(ids)}::bigint[])`,
    now,
  );
  const done = new Set(approved.map((row) => row.id));
  const missing = ids.filter((id) => !done.has(id));
  const alreadyApproved = new Set<number>();
  const held = new Set<number>();
  if (missing.length) {
    const rows = await ctx.db
      .select({ id: measurements.id, status: measurements.status, qcHold: measurements.qcHold })
      .from(measurements)
      .where(
        and(
          eq(measurements.tenantId, ctx.session.tenantId),
          inArray(measurements.id, missing),
          sql`${measurements.deletedAt} is null`,
          departmentScopeCondition(ctx.session.scope, measurements.departmentCode),
        ),
      );
    for (const row of rows) {
      if (row.status === 'approved') alreadyApproved.add(row.id);
      else if (row.qcHold) held.add(row.id);
    }
  }
  return {
    approved: done.size,
    approvedIds: [...done],
    skipped: missing.map((id) => {
      const reason: ApproveSkipReason = alreadyApproved.has(id)
        ? 'alreadyApproved'
        : held.has(id)
          ? 'qcHeld'
          : 'notFound';
      return { id, reason, message: translate(ctx.lang, `review.skip.${reason}`) };
    }),
  };
}

/**
 * POST /v1/testRecord/approveAll: approves the pending readings matching the list's filters, oldest
 * first, at most {@link APPROVE_ALL_MAX} per call; says how many were approved and how many remain.
 */
export async function approveAllMatching(
  ctx: Context,
  meta: RequestMeta,
  filter: PendingFilter,
  now: Date,
): Promise<{ approved: number; remaining: number; held: number }> {
  const timeZone = await hospitalTimeZone(ctx.db, ctx.session);
  const conditions = pendingConditions(ctx.session, filter, timeZone);
  const target = ctx.db
    .select({ id: measurements.id })
    .from(measurements)
    .innerJoin(patients, patientOfReading)
    .where(and(whereOf(conditions), isNull(measurements.qcHold)))
    .orderBy(asc(measurements.testTime), asc(measurements.id))
    .limit(APPROVE_ALL_MAX);
  const approved = await approveWhere(ctx, meta, sql`${measurements.id} in (${target})`, now);
  // issue 19: readings held by a QC lockout are skipped, and said so
  const [remaining, held] = await Promise.all([
    countReadings(ctx.db, conditions),
    countReadings(ctx.db, {
      ...conditions,
      reading: [...conditions.reading, isNotNull(measurements.qcHold)],
    }),
  ]);
  return { approved: approved.length, remaining: remaining - held, held };
}

// ---------- data management ----------

/** GET /v1/testRecord/query: a page of readings with the patients' names, newest first. */
export async function dataPage(ctx: Context, query: DataQuery): Promise<Page<ReviewRecord>> {
  const timeZone = await hospitalTimeZone(ctx.db, ctx.session);
  return recordPage(ctx, dataConditions(ctx.session, query, timeZone), query.page, pageSize(query.size));
}

/**
 * GET /v1/testRecord/query/export: every matching reading (newest first) for the browser's Excel
 * export, at most {@link EXPORT_MAX_ROWS}; a larger result is refused asking to narrow the range.
 */
export async function dataExport(
  ctx: Context,
  filter: DataFilter,
): Promise<{ records: ReviewRecord[]; total: number }> {
  const timeZone = await hospitalTimeZone(ctx.db, ctx.session);
  const conditions = dataConditions(ctx.session, filter, timeZone);
  const total = await countReadings(ctx.db, conditions);
  if (total > EXPORT_MAX_ROWS) {
    throw new AppError(400, 'review.export.tooMany', { count: total, max: EXPORT_MAX_ROWS });
  }
  const rows = await selectRecords(ctx, whereOf(conditions)).orderBy(...newestFirst);
  const records = recordsOf(rows);
  return { records, total: records.length };
}

/**
 * GET /v1/testRecord/glus/pivot/query: a page of rows patient × day (latest day first) with the
 * readings of each period, and the periods header: the hospital's active periods in order, then any
 * stopped period or "-" (no period) that occurs on the page.
 */
export async function dataPivot(
  ctx: Context,
  query: DataQuery,
): Promise<Page<PivotRecordRow> & { periods: PivotPeriod[] }> {
  const tenantId = ctx.session.tenantId;
  const timeZone = await hospitalTimeZone(ctx.db, tenantId);
  const size = pageSize(query.size);
  const conditions = dataConditions(ctx.session, query, timeZone);
  const where = whereOf(conditions);
  const day = sql<string>`((${measurements.testTime} at time zone ${timeZone})::date)::text`;
  const groups = ctx.db
    .select({ patientId: measurements.patientId, day: day.as('day') })
    .from(measurements)
    .innerJoin(patients, patientOfReading)
    .where(where)
    .groupBy(measurements.patientId, sql`2`)
    .as('groups');
  const [keys, [{ total }], periodRows] = await Promise.all([
    ctx.db
      .select({ patientId: groups.patientId, day: groups.day })
      .from(groups)
      .orderBy(desc(groups.day), asc(groups.patientId))
      .limit(size)
      .offset((query.page - 1) * size),
    ctx.db.select({ total: count() }).from(groups),
    ctx.db
      .select({ code: glucosePeriods.code, nameZh: glucosePeriods.nameZh, nameEn: glucosePeriods.nameEn })
      .from(glucosePeriods)
      .where(and(eq(glucosePeriods.tenantId, tenantId), eq(glucosePeriods.isActive, true)))
      .orderBy(asc(glucosePeriods.sort), asc(glucosePeriods.code)),
  ]);
  let records: ReviewRecord[] = [];
  if (keys.length) {
    const rows = await selectRecords(
      ctx,
      and(
        where,
        sql`(${measurements.patientId}, ${day}) in (select * from unnest(${sql.param(keys.map((k) => k.patientId))}::bigint[], ${sql.param(keys.map((k) => k.day))}::text[]))`,
      ) as SQL,
    ).orderBy(asc(measurements.testTime), asc(measurements.id));
    records = recordsOf(rows);
  }
  const grid = pivotByPeriod(records, timeZone, 'desc');
  const periods: PivotPeriod[] = periodRows.map((row) => ({
    code: row.code,
    name: ctx.lang === 'zh-CN' ? row.nameZh : row.nameEn,
  }));
  const known = new Set(periods.map((period) => period.code));
  for (const record of records) {
    const code = record.periodCode ?? NO_PERIOD;
    if (!known.has(code)) {
      known.add(code);
      periods.push({
        code,
        name: code === NO_PERIOD ? translate(ctx.lang, 'review.pivot.noPeriod') : (record.periodName ?? code),
      });
    }
  }
  return {
    records: grid.map((row) => {
      // the row's first reading names the patient (and the department the day was spent in)
      const [patient] = Object.values(row.cells)[0];
      return {
        patientId: row.patientId,
        date: row.date,
        patientName: patient.patientName,
        bed: patient.bed,
        inpatientNumber: patient.inpatientNumber,
        departmentName: patient.departmentName,
        doctorName: patient.doctorName,
        cells: row.cells,
      };
    }),
    total,
    page: query.page,
    size,
    periods,
  };
}
