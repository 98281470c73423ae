import {
  passRate,
  type QcMonthReportQuery,
  type QcReportArchive,
  type QcReportReject,
  type QcReportState,
  type QcReportSubmit,
  qcMonthReportable,
  qcReportTransition,
  translate,
} from '@glucocare/domain';
import type { QcMonthReportsView, QcMonthReportView, QcReportSummaryView } from '@glucocare/domain/responses';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { isUniqueViolation, type Tx } from '../../../db/client';
import { analyzers, qcMonthlyReports, qcRecords } from '../../../db/schema';
import { AppError, recordNotFound } from '../../../http/errors';
import { departmentScopeCondition } from '../../../lib/scope';
import { updateVersioned } from '../../../lib/versioned';
import { auditActor, type RequestMeta, writeAudit } from '../../audit/service';
import { publishLive } from '../../live/publish';
import {
  type AnalysisContext,
  type AnalyzerRef,
  analyzerOf,
  hospitalClock,
  iso,
  monthBounds,
  selectAnalyzers,
} from './common';
import { groupedRuns } from './statistics';

type ReportRow = typeof qcMonthlyReports.$inferSelect;
const r = qcRecords;

/**
 * The month's figures of analyzers as a monthly report holds them: per level and control lot (runs,
 * passes, pass rate, n, mean, SD, CV, rules broken) and every failed or warned run with its failure
 * reason and actions. Two statements for any number of analyzers.
 */
export async function summariesOf(
  ctx: AnalysisContext,
  timeZone: string,
  month: string,
  item: string,
  analyzerIds: number[],
): Promise<Map<number, QcReportSummaryView>> {
  const out = new Map<number, QcReportSummaryView>();
  for (const id of analyzerIds)
    out.set(id, { runs: 0, passes: 0, passRate: null, levels: [], incidents: [] });
  if (!analyzerIds.length) return out;
  const { from, to } = await monthBounds(ctx.db, timeZone, month);
  const where = sql`${r.testedAt} >= ${from}::timestamptz and ${r.testedAt} < ${to}::timestamptz
    and ${r.item} = ${item} and ${inArray(r.analyzerId, analyzerIds)}`;
  const [groups, incidents] = await Promise.all([
    groupedRuns(ctx, timeZone, where),
    ctx.db
      .select()
      .from(r)
      .where(
        and(
          eq(r.tenantId, ctx.session.tenantId),
          sql`${r.deletedAt} is null`,
          where,
          sql`(${r.result} = 'fail' or cardinality(${r.violations}) > 0)`,
        ),
      )
      .orderBy(r.testedAt, r.id),
  ]);
  for (const group of groups) {
    const summary = out.get(group.analyzerId);
    if (!summary) continue;
    summary.runs += group.runs;
    summary.passes += group.passes;
    summary.levels.push({
      level: group.level,
      controlLot: group.controlLot,
      target: group.target,
      runs: group.runs,
      passes: group.passes,
      passRate: group.passRate,
      n: group.n,
      mean: group.mean,
      sd: group.sd,
      cv: group.cv,
      violationCounts: group.violationCounts,
    });
  }
  for (const run of incidents) {
    out.get(run.analyzerId)?.incidents.push({
      id: run.id,
      testedAt: iso(run.testedAt),
      level: run.level,
      value: run.testValue,
      result: run.result as 'pass' | 'fail',
      violations: run.violations,
      failureReason: run.failureReason,
      improvementActions: run.improvementActions,
      testerName: run.testerName,
    });
  }
  for (const summary of out.values()) {
    summary.passRate = passRate(summary.passes, summary.runs);
    summary.levels.sort((a, b) => a.level - b.level || a.controlLot.localeCompare(b.controlLot));
  }
  return out;
}

const stateOf = (row: ReportRow | undefined): QcReportState =>
  row ? (row.status as QcReportState) : 'notSubmitted';

function viewOf(analyzer: AnalyzerRef, month: string, row: ReportRow | undefined, live: QcReportSummaryView) {
  const state = stateOf(row);
  const frozen = state === 'submitted' || state === 'archived';
  const when = (value: Date | null | undefined) => (value ? iso(value) : null);
  return {
    analyzerId: analyzer.analyzerId,
    sn: analyzer.sn,
    model: analyzer.model,
    departmentCode: analyzer.departmentCode,
    departmentName: analyzer.departmentName,
    month,
    id: row?.id ?? null,
    version: row?.version ?? null,
    state,
    appraisal: row?.appraisal ?? null,
    summary: frozen && row?.summary ? (row.summary as QcReportSummaryView) : live,
    submittedByName: row?.submittedByName ?? null,
    submittedAt: when(row?.submittedAt),
    rejectedByName: row?.rejectedByName ?? null,
    rejectedAt: when(row?.rejectedAt),
    rejectReason: row?.rejectReason ?? null,
    archivedByName: row?.archivedByName ?? null,
    archivedAt: when(row?.archivedAt),
  } satisfies QcMonthReportView;
}

/**
 * GET /v1/deviceQc/monthReport: one row per live analyzer of the caller's scope (narrowed by SN and
 * department) with the month's figures and the report's state — not submitted without a row; the
 * figures as submitted once submitted, the month's runs as they are now otherwise.
 */
export async function monthReports(
  ctx: AnalysisContext,
  query: QcMonthReportQuery,
): Promise<QcMonthReportsView> {
  const { timeZone } = await hospitalClock(ctx);
  const filters: SQL[] = [];
  if (query.sn) filters.push(eq(analyzers.sn, query.sn));
  if (query.departmentCode) filters.push(eq(analyzers.departmentCode, query.departmentCode));
  const list = await selectAnalyzers(ctx, filters.length ? and(...filters) : undefined);
  const ids = list.map((analyzer) => analyzer.analyzerId);
  const [rows, summaries] = await Promise.all([
    ids.length
      ? ctx.db
          .select()
          .from(qcMonthlyReports)
          .where(
            and(
              eq(qcMonthlyReports.tenantId, ctx.session.tenantId),
              eq(qcMonthlyReports.month, query.month),
              inArray(qcMonthlyReports.analyzerId, ids),
            ),
          )
      : Promise.resolve([] as ReportRow[]),
    summariesOf(ctx, timeZone, query.month, query.itemCategory, ids),
  ]);
  const byAnalyzer = new Map(rows.map((row) => [row.analyzerId, row]));
  return {
    month: query.month,
    itemCategory: query.itemCategory,
    records: list.map((analyzer) =>
      viewOf(analyzer, query.month, byAnalyzer.get(analyzer.analyzerId), summaries.get(analyzer.analyzerId)!),
    ),
  };
}

export interface ReportWriteOptions {
  meta: RequestMeta;
}

function notAllowed(ctx: AnalysisContext, state: QcReportState) {
  return new AppError(409, 'qc.report.notAllowed', {
    state: translate(ctx.lang, `qc.report.state.${state}`),
  });
}

/** Announces a report change to the department's QC screens and writes its audit row. */
async function record(
  tx: Tx,
  ctx: AnalysisContext,
  options: ReportWriteOptions,
  action: 'submit' | 'reject' | 'archive',
  before: ReportRow | undefined,
  after: ReportRow,
) {
  const brief = (row: ReportRow | undefined) =>
    row && {
      analyzerId: row.analyzerId,
      month: row.month,
      status: row.status,
      appraisal: row.appraisal,
      rejectReason: row.rejectReason,
      version: row.version,
    };
  await writeAudit(
    tx,
    {
      ...auditActor(ctx.session),
      action,
      entity: 'qcMonthlyReport',
      entityId: after.id,
      before: brief(before) ?? null,
      after: brief(after),
      reason: action === 'reject' ? after.rejectReason : null,
    },
    options.meta,
  );
  await publishLive(tx, ctx.session.tenantId, [{ topic: 'quality', departmentCode: after.departmentCode }]);
}

async function reportView(ctx: AnalysisContext, analyzer: AnalyzerRef, row: ReportRow, item: string) {
  const { timeZone } = await hospitalClock(ctx);
  const live = await summariesOf(ctx, timeZone, row.month, item, [analyzer.analyzerId]);
  return viewOf(analyzer, row.month, row, live.get(analyzer.analyzerId)!);
}

/**
 * POST /v1/deviceQc/monthReport/submit: a first submission (no `version`) or a rejected report
 * submitted again (its `version`); only a month that has begun. The month's figures are kept in
 * `summary` as submitted (what the verifier signs). A report submitted or archived already → 409.
 */
export async function submitReport(ctx: AnalysisContext, body: QcReportSubmit, options: ReportWriteOptions) {
  const analyzer = await analyzerOf(ctx, { analyzerId: body.analyzerId });
  const { timeZone, currentMonth } = await hospitalClock(ctx);
  if (!qcMonthReportable(body.month, currentMonth)) {
    const message = translate(ctx.lang, 'qc.report.futureMonth');
    throw new AppError(400, 'qc.report.futureMonth', undefined, { errors: [{ field: 'month', message }] });
  }
  const summaries = await summariesOf(ctx, timeZone, body.month, body.itemCategory, [analyzer.analyzerId]);
  const summary = summaries.get(analyzer.analyzerId)!;
  const now = ctx.now;
  const submitted = {
    status: 'submitted',
    appraisal: body.appraisal,
    summary,
    submittedBy: ctx.session.userId,
    submittedByName: ctx.session.nickName || ctx.session.userName,
    submittedAt: now,
    departmentCode: analyzer.departmentCode,
  };
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(qcMonthlyReports)
        .where(
          and(
            eq(qcMonthlyReports.tenantId, ctx.session.tenantId),
            eq(qcMonthlyReports.analyzerId, analyzer.analyzerId),
            eq(qcMonthlyReports.month, body.month),
          ),
        )
        .for('update');
      const state = stateOf(current);
      if (current && body.version !== undefined && current.version !== body.version)
        throw new AppError(409, 'error.conflict');
      if (!qcReportTransition(state, 'submit')) throw notAllowed(ctx, state);
      let after: ReportRow;
      if (!current) {
        if (body.version !== undefined) throw new AppError(409, 'error.conflict');
        [after] = (await tx
          .insert(qcMonthlyReports)
          .values({
            tenantId: ctx.session.tenantId,
            analyzerId: analyzer.analyzerId,
            month: body.month,
            ...submitted,
          })
          .returning()) as [ReportRow];
      } else {
        if (body.version === undefined) throw new AppError(409, 'error.conflict');
        after = await updateVersioned(
          tx,
          qcMonthlyReports,
          { tenantId: ctx.session.tenantId, id: current.id },
          body.version,
          submitted,
        );
      }
      await record(tx, ctx, options, 'submit', current, after);
      return after;
    });
    return reportView(ctx, analyzer, row, body.itemCategory);
  } catch (error) {
    // two first submissions at once: the unique index lets one through
    if (isUniqueViolation(error)) throw new AppError(409, 'error.conflict');
    throw error;
  }
}

/** A report of the caller's scope by id, locked for the change; 404 otherwise. */
async function reportFor(tx: Tx, ctx: AnalysisContext, id: number) {
  const [row] = await tx
    .select()
    .from(qcMonthlyReports)
    .where(
      and(
        eq(qcMonthlyReports.tenantId, ctx.session.tenantId),
        eq(qcMonthlyReports.id, id),
        departmentScopeCondition(ctx.session.scope, qcMonthlyReports.departmentCode),
      ),
    )
    .for('update');
  if (!row) throw recordNotFound();
  return row;
}

async function review(
  ctx: AnalysisContext,
  body: { id: number; version: number },
  action: 'reject' | 'archive',
  values: Partial<ReportRow>,
  options: ReportWriteOptions,
) {
  const row = await ctx.db.transaction(async (tx) => {
    const current = await reportFor(tx, ctx, body.id);
    if (current.version !== body.version) throw new AppError(409, 'error.conflict');
    const next = qcReportTransition(stateOf(current), action);
    if (!next) throw notAllowed(ctx, stateOf(current));
    const after = await updateVersioned(
      tx,
      qcMonthlyReports,
      { tenantId: ctx.session.tenantId, id: current.id },
      body.version,
      { ...values, status: next },
    );
    await record(tx, ctx, options, action, current, after);
    return after;
  });
  const analyzer = await analyzerOf(ctx, { analyzerId: row.analyzerId });
  return reportView(ctx, analyzer, row, 'GLU');
}

/** POST /v1/deviceQc/monthReport/reject: a submitted report back to its submitter with a reason. */
export function rejectReport(ctx: AnalysisContext, body: QcReportReject, options: ReportWriteOptions) {
  return review(
    ctx,
    body,
    'reject',
    {
      rejectReason: body.reason,
      rejectedBy: ctx.session.userId,
      rejectedByName: ctx.session.nickName || ctx.session.userName,
      rejectedAt: ctx.now,
    },
    options,
  );
}

/** POST /v1/deviceQc/monthReport/archive: verify and archive a submitted report. */
export function archiveReport(ctx: AnalysisContext, body: QcReportArchive, options: ReportWriteOptions) {
  return review(
    ctx,
    body,
    'archive',
    {
      archivedBy: ctx.session.userId,
      archivedByName: ctx.session.nickName || ctx.session.userName,
      archivedAt: ctx.now,
    },
    options,
  );
}
