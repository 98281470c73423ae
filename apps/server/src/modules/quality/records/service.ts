/**
 * QC records (issue 19 "QC records", spec §3 "QC record", paths `GET /v1/deviceQc/query`, `POST/PUT
 * /v1/deviceQc`): a control run of one to three levels entered together and judged together at write
 * (evaluate.ts), a correction judged again, a deletion with a reason (kept, marked). Every write locks
 * the analyzer row first (`select … for update`), so two runs of one meter are judged in turn, then
 * works its QC columns out again, counts the strips tested, audits and announces on the live topic
 * `quality`, in one transaction.
 */
import {
  hospitalDateRange,
  type Lang,
  type QcRecordUpdateInput,
  type QcRunCreateInput,
  type QcRunEvaluateInput,
  type QcStrategy,
  zScore,
} from '@glucocare/domain';
import type { QcEvaluationView, QcRecordView } from '@glucocare/domain/responses';
import { and, desc, eq, gte, ilike, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../db/client';
import { analyzers, departments, qcRecords, testStrips } from '../../../db/schema';
import { AppError, recordNotFound } from '../../../http/errors';
import { mapPage, paginate } from '../../../lib/page';
import { containsPattern } from '../../../lib/query';
import { departmentScopeCondition } from '../../../lib/scope';
import { updateVersioned } from '../../../lib/versioned';
import { auditActor, type RequestMeta, writeAudit, writeAudits } from '../../audit/service';
import type { SessionUser } from '../../auth/sessions';
import { departmentNameColumn } from '../../departments/service';
import { publishLive } from '../../live/publish';
import { hospitalTimeZone } from '../../settings/time-zone';
import { qcStrategyOf } from '../lock-state';
import {
  type AnalyzerRow,
  earlierObservations,
  fieldError,
  judge,
  lotsOf,
  type RunLevel,
  refreshAnalyzerQc,
  scopedAnalyzer,
} from './evaluate';

export interface WriteContext {
  lang: Lang;
  meta: RequestMeta;
  now: Date;
}

type RecordRow = typeof qcRecords.$inferSelect;

const columns = (lang: Lang) => ({
  record: qcRecords,
  analyzerModel: analyzers.model,
  departmentName: departmentNameColumn(lang),
});
type JoinedRow = { record: RecordRow; analyzerModel: string | null; departmentName: string | null };

function toView(row: JoinedRow): QcRecordView {
  const r = row.record;
  return {
    id: r.id,
    analyzerId: r.analyzerId,
    analyzerSn: r.analyzerSn,
    analyzerModel: row.analyzerModel,
    departmentCode: r.departmentCode,
    departmentName: row.departmentName ?? '',
    item: r.item,
    level: r.level,
    testedAt: r.testedAt.toISOString(),
    testValue: r.testValue,
    controlSolutionId: r.controlSolutionId,
    controlLot: r.controlLot,
    testStripId: r.testStripId,
    stripLot: r.stripLot,
    target: r.target,
    sd: r.sd,
    rangeLow: r.rangeLow,
    rangeHigh: r.rangeHigh,
    z: zScore(r.testValue, r.target, r.sd),
    result: r.result as QcRecordView['result'],
    enteredResult: r.enteredResult as QcRecordView['enteredResult'],
    inRange: r.inRange,
    violations: r.violations as QcRecordView['violations'],
    rejected: r.rejected,
    testerId: r.testerId,
    testerName: r.testerName,
    failureReason: r.failureReason,
    improvementActions: r.improvementActions,
    source: r.source as QcRecordView['source'],
    deviceRecordNo: r.deviceRecordNo,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

function selectRecords(db: DbOrTx, lang: Lang) {
  return db
    .select(columns(lang))
    .from(qcRecords)
    .leftJoin(
      analyzers,
      and(eq(analyzers.tenantId, qcRecords.tenantId), eq(analyzers.id, qcRecords.analyzerId)),
    )
    .leftJoin(
      departments,
      and(eq(departments.tenantId, qcRecords.tenantId), eq(departments.code, qcRecords.departmentCode)),
    );
}

/** The caller's live records (tenant, not deleted, the record's department in scope). */
function recordScope(session: SessionUser, extra?: SQL) {
  return and(
    eq(qcRecords.tenantId, session.tenantId),
    isNull(qcRecords.deletedAt),
    departmentScopeCondition(session.scope, qcRecords.departmentCode),
    extra,
  ) as SQL;
}

export interface QcRecordQuery {
  page: number;
  size: number;
  queryCondition?: string;
  departmentCode?: string;
  beginDate?: string | null;
  endDate?: string | null;
  itemCategory?: string;
  sn?: string;
  status?: 'pass' | 'fail';
  analyzerId?: number;
  level?: number;
}

/** GET /v1/deviceQc/query: the caller's QC records, newest first, by the list's filters. */
export async function pageQcRecords(db: Database, session: SessionUser, query: QcRecordQuery, lang: Lang) {
  const timeZone = await hospitalTimeZone(db, session);
  const text = query.queryCondition?.trim();
  const range =
    query.beginDate || query.endDate
      ? hospitalDateRange(query.beginDate ?? '1900-01-01', query.endDate ?? '2999-12-31', timeZone)
      : null;
  const where = recordScope(
    session,
    and(
      query.departmentCode ? eq(qcRecords.departmentCode, query.departmentCode) : undefined,
      query.itemCategory ? eq(qcRecords.item, query.itemCategory) : undefined,
      query.sn ? ilike(qcRecords.analyzerSn, containsPattern(query.sn.trim())) : undefined,
      query.status ? eq(qcRecords.result, query.status) : undefined,
      query.analyzerId ? eq(qcRecords.analyzerId, query.analyzerId) : undefined,
      query.level !== undefined ? eq(qcRecords.level, query.level) : undefined,
      range ? and(gte(qcRecords.testedAt, range.start), lt(qcRecords.testedAt, range.end)) : undefined,
      text
        ? or(
            ilike(qcRecords.analyzerSn, containsPattern(text)),
            ilike(qcRecords.controlLot, containsPattern(text)),
            ilike(qcRecords.stripLot, containsPattern(text)),
            ilike(qcRecords.testerName, containsPattern(text)),
          )
        : undefined,
    ),
  );
  const page = await paginate(
    query,
    (limit, offset) =>
      selectRecords(db, lang)
        .where(where)
        .orderBy(desc(qcRecords.testedAt), qcRecords.level, desc(qcRecords.id))
        .limit(limit)
        .offset(offset),
    () => db.$count(qcRecords, where),
  );
  return mapPage(page, toView);
}

/** The analyzer of a run, in the caller's scope (400 on `analyzerId` otherwise), locked when `forUpdate`. */
async function analyzerOf(
  db: DbOrTx,
  session: SessionUser,
  id: number,
  lang: Lang,
  forUpdate: boolean,
): Promise<AnalyzerRow> {
  const row = await scopedAnalyzer(db, session, id, forUpdate);
  if (!row) throw fieldError(lang, 'analyzerId', 'qc.run.analyzerUnknown');
  return row;
}

function notInFuture(testedAt: string, now: Date, lang: Lang) {
  const at = new Date(testedAt);
  if (at.getTime() > now.getTime() + 60_000) throw fieldError(lang, 'testedAt', 'qc.run.testedAtFuture');
  return at;
}

/** §5: a failing run needs its failure reason and improvement actions. */
function requireFailureTexts(
  failed: boolean,
  input: { failureReason?: string | null; improvementActions?: string | null },
  lang: Lang,
) {
  if (!failed) return;
  if (!input.failureReason) throw fieldError(lang, 'failureReason', 'qc.run.failureReasonRequired');
  if (!input.improvementActions) throw fieldError(lang, 'improvementActions', 'qc.run.improvementRequired');
}

/** POST /v1/deviceQc/evaluate: how the run would be judged now, nothing saved (the form's live view). */
export async function evaluateQcRunPreview(
  db: Database,
  session: SessionUser,
  input: QcRunEvaluateInput,
  ctx: WriteContext,
): Promise<QcEvaluationView> {
  const analyzer = await analyzerOf(db, session, input.analyzerId, ctx.lang, false);
  const lots = await lotsOf(db, session.tenantId, analyzer, input, input.item, ctx.lang);
  const strategy = await qcStrategyOf(db, session);
  const testedAt = new Date(input.testedAt);
  const earlier = await earlierObservations(db, session.tenantId, {
    analyzerId: analyzer.id,
    item: input.item,
    controlSolutionId: lots.control?.id ?? null,
    testedAt,
  });
  const judged = judge(input.levels, lots, earlier, strategy.rules);
  const complete = input.levels.length > 0;
  return {
    controlSolutionId: lots.control?.id ?? null,
    controlLot: lots.control?.lotNumber ?? null,
    testStripId: lots.strip?.id ?? null,
    stripLot: lots.strip?.lotNumber ?? null,
    result: complete ? (judged.some((level) => level.result === 'fail') ? 'fail' : 'pass') : null,
    levels: judged.map((level) => ({
      level: level.level,
      target: level.target,
      sd: level.sd,
      rangeLow: level.rangeLow,
      rangeHigh: level.rangeHigh,
      z: level.z,
      inRange: level.inRange,
      violations: level.violations,
      rejected: level.rejected,
      result: level.result,
    })),
  };
}

/** What a run needs besides its levels: who, when, the lots named, the texts. */
export interface RunInput {
  item: string;
  testedAt: Date;
  controlSolutionId?: number | null;
  testStripId?: number | null;
  tester: string;
  testerId?: number | null;
  failureReason?: string | null;
  improvementActions?: string | null;
  source: 'manual' | 'meter';
  /** a meter's record number per level (uploads) */
  deviceRecordNos?: (string | null)[];
}

/**
 * Writes one run on an analyzer already locked by the caller's transaction: judged, stored level by
 * level with the lots' settings copied, the strips counted, the analyzer's QC columns worked out again,
 * audited. Returns the ids stored (a meter record already received is skipped) and whether it failed.
 */
export async function writeRun(
  tx: DbOrTx,
  session: SessionUser,
  analyzer: AnalyzerRow,
  levels: RunLevel[],
  run: RunInput,
  strategy: QcStrategy,
  ctx: WriteContext,
): Promise<{ ids: number[]; failed: boolean }> {
  const lots = await lotsOf(tx, session.tenantId, analyzer, run, run.item, ctx.lang);
  if (!lots.control) throw fieldError(ctx.lang, 'controlSolutionId', 'qc.run.noControlLot');
  if (!lots.strip) throw fieldError(ctx.lang, 'testStripId', 'qc.run.noStripLot');
  const earlier = await earlierObservations(tx, session.tenantId, {
    analyzerId: analyzer.id,
    item: run.item,
    controlSolutionId: lots.control.id,
    testedAt: run.testedAt,
  });
  const judged = judge(levels, lots, earlier, strategy.rules);
  const failed = judged.some((level) => level.result === 'fail');
  if (run.source === 'manual') requireFailureTexts(failed, run, ctx.lang);
  const inserted = await tx
    .insert(qcRecords)
    .values(
      judged.map((level, index) => ({
        tenantId: session.tenantId,
        analyzerId: analyzer.id,
        analyzerSn: analyzer.sn,
        departmentCode: analyzer.departmentCode,
        item: run.item,
        level: level.level,
        testedAt: run.testedAt,
        testValue: levels[index]!.testValue,
        controlSolutionId: lots.control!.id,
        controlLot: lots.control!.lotNumber,
        testStripId: lots.strip!.id,
        stripLot: lots.strip!.lotNumber,
        target: level.target,
        sd: level.sd,
        rangeLow: level.rangeLow,
        rangeHigh: level.rangeHigh,
        result: level.result,
        enteredResult: levels[index]!.result ?? null,
        inRange: level.inRange,
        violations: level.violations,
        rejected: level.rejected,
        testerId: run.testerId ?? null,
        testerName: run.tester,
        failureReason: run.failureReason || null,
        improvementActions: run.improvementActions || null,
        source: run.source,
        deviceRecordNo: run.deviceRecordNos?.[index] ?? null,
        createdBy: session.userId,
      })),
    )
    .onConflictDoNothing()
    .returning();
  if (!inserted.length) return { ids: [], failed: false };
  await tx
    .update(testStrips)
    .set({ countTested: sql`${testStrips.countTested} + ${inserted.length}` })
    .where(and(eq(testStrips.tenantId, session.tenantId), eq(testStrips.id, lots.strip.id)));
  await refreshAnalyzerQc(tx, session.tenantId, analyzer.id, strategy.requiredLevels);
  await writeAudits(
    tx,
    inserted.map((row) => ({
      ...auditActor(session),
      action: 'create',
      entity: 'qcRecord' as const,
      entityId: row.id,
      after: auditView(row),
    })),
    ctx.meta,
  );
  await publishLive(tx, session.tenantId, [{ topic: 'quality', departmentCode: analyzer.departmentCode }]);
  return { ids: inserted.map((row) => row.id), failed: inserted.some((row) => row.result === 'fail') };
}

const auditView = (row: RecordRow) => ({
  analyzerSn: row.analyzerSn,
  item: row.item,
  level: row.level,
  testedAt: row.testedAt.toISOString(),
  testValue: row.testValue,
  controlLot: row.controlLot,
  stripLot: row.stripLot,
  result: row.result,
  violations: row.violations,
  testerName: row.testerName,
  failureReason: row.failureReason,
  improvementActions: row.improvementActions,
  version: row.version,
});

async function recordViews(db: DbOrTx, tenantId: string, ids: number[], lang: Lang) {
  if (!ids.length) return [];
  const rows = await selectRecords(db, lang)
    .where(and(eq(qcRecords.tenantId, tenantId), sql`${qcRecords.id} = any(${sql.param(ids)}::bigint[])`))
    .orderBy(qcRecords.level);
  return rows.map(toView);
}

/** POST /v1/deviceQc: a run entered by hand. */
export async function createQcRun(
  db: Database,
  session: SessionUser,
  input: QcRunCreateInput,
  ctx: WriteContext,
): Promise<QcRecordView[]> {
  const testedAt = notInFuture(input.testedAt, ctx.now, ctx.lang);
  const strategy = await qcStrategyOf(db, session);
  const ids = await db.transaction(async (tx) => {
    const analyzer = await analyzerOf(tx, session, input.analyzerId, ctx.lang, true);
    if (!analyzer.isActive) throw fieldError(ctx.lang, 'analyzerId', 'qc.run.analyzerStopped');
    const { ids } = await writeRun(
      tx,
      session,
      analyzer,
      input.levels,
      { ...input, testedAt, source: 'manual' },
      strategy,
      ctx,
    );
    return ids;
  });
  return recordViews(db, session.tenantId, ids, ctx.lang);
}

/** A record of the caller's (live, in scope), locked with its analyzer for a change. */
async function recordForChange(tx: DbOrTx, session: SessionUser, id: number, version: number, lang: Lang) {
  const [found] = await tx
    .select()
    .from(qcRecords)
    .where(recordScope(session, eq(qcRecords.id, id)));
  if (!found) throw recordNotFound();
  const analyzer = await analyzerOf(tx, session, found.analyzerId, lang, true);
  const [record] = await tx
    .select()
    .from(qcRecords)
    .where(recordScope(session, eq(qcRecords.id, id)))
    .for('update');
  if (!record) throw recordNotFound();
  if (record.version !== version) throw new AppError(409, 'error.conflict');
  return { record, analyzer };
}

/**
 * PUT /v1/deviceQc: a correction of one record at the version read, judged again with the other
 * levels of its run (the records of the analyzer, item and lot at the same time) on the lots' settings
 * it was judged on first.
 */
export async function updateQcRecord(
  db: Database,
  session: SessionUser,
  input: QcRecordUpdateInput,
  ctx: WriteContext,
): Promise<QcRecordView> {
  const testedAt = notInFuture(input.testedAt, ctx.now, ctx.lang);
  const strategy = await qcStrategyOf(db, session);
  await db.transaction(async (tx) => {
    const { record, analyzer } = await recordForChange(tx, session, input.id, input.version, ctx.lang);
    const lots = await lotsOf(
      tx,
      session.tenantId,
      analyzer,
      { controlSolutionId: record.controlSolutionId, testStripId: record.testStripId },
      record.item,
      ctx.lang,
    ).catch(() => ({ control: null, strip: null }));
    const siblings = await tx
      .select()
      .from(qcRecords)
      .where(
        recordScope(
          session,
          and(
            eq(qcRecords.analyzerId, record.analyzerId),
            eq(qcRecords.item, record.item),
            eq(qcRecords.testedAt, testedAt),
            sql`${qcRecords.id} <> ${record.id}`,
          ),
        ),
      );
    const levels: RunLevel[] = [
      { level: record.level, testValue: input.testValue, result: input.result },
      ...siblings
        .filter((s) => s.level !== record.level)
        .map((s) => ({
          level: s.level,
          testValue: s.testValue,
          result: s.enteredResult as 'pass' | 'fail' | null,
        })),
    ];
    const earlier = await earlierObservations(
      tx,
      session.tenantId,
      {
        analyzerId: record.analyzerId,
        item: record.item,
        controlSolutionId: record.controlSolutionId,
        testedAt,
      },
      record.id,
    );
    // the settings first judged on when the lot is gone; the lot's range otherwise
    const own = judge(levels, lots, earlier, strategy.rules)[0]!;
    const setting = lots.control || lots.strip ? own : { ...own, ...recordSetting(record) };
    requireFailureTexts(own.result === 'fail', input, ctx.lang);
    const row = (await updateVersioned(
      tx,
      qcRecords,
      { tenantId: session.tenantId, id: record.id },
      record.version,
      {
        testedAt,
        testValue: input.testValue,
        enteredResult: input.result,
        result: own.result,
        inRange: own.inRange,
        violations: own.violations,
        rejected: own.rejected,
        target: setting.target,
        sd: setting.sd,
        rangeLow: setting.rangeLow,
        rangeHigh: setting.rangeHigh,
        testerName: input.tester,
        testerId: input.testerId ?? null,
        failureReason: input.failureReason || null,
        improvementActions: input.improvementActions || null,
      },
    )) as RecordRow;
    await refreshAnalyzerQc(tx, session.tenantId, analyzer.id, strategy.requiredLevels);
    await writeAudit(
      tx,
      {
        ...auditActor(session),
        action: 'update',
        entity: 'qcRecord',
        entityId: record.id,
        before: auditView(record),
        after: auditView(row),
      },
      ctx.meta,
    );
    await publishLive(tx, session.tenantId, [{ topic: 'quality', departmentCode: analyzer.departmentCode }]);
  });
  const [view] = await recordViews(db, session.tenantId, [input.id], ctx.lang);
  return view!;
}

const recordSetting = (record: RecordRow) => ({
  target: record.target,
  sd: record.sd,
  rangeLow: record.rangeLow,
  rangeHigh: record.rangeHigh,
});

/** DELETE /v1/deviceQc/{id}: marked deleted with the reason (required), the analyzer's QC worked out again. */
export async function deleteQcRecord(
  db: Database,
  session: SessionUser,
  key: { id: number; version: number; reason?: string },
  ctx: WriteContext,
): Promise<void> {
  const reason = key.reason?.trim();
  if (!reason) throw fieldError(ctx.lang, 'reason', 'qc.run.deleteReasonRequired');
  const strategy = await qcStrategyOf(db, session);
  await db.transaction(async (tx) => {
    const { record, analyzer } = await recordForChange(tx, session, key.id, key.version, ctx.lang);
    await updateVersioned(tx, qcRecords, { tenantId: session.tenantId, id: record.id }, record.version, {
      deletedAt: ctx.now,
      deletedBy: session.userId,
      deleteReason: reason,
    });
    await refreshAnalyzerQc(tx, session.tenantId, analyzer.id, strategy.requiredLevels);
    await writeAudit(
      tx,
      {
        ...auditActor(session),
        action: 'delete',
        entity: 'qcRecord',
        entityId: record.id,
        before: auditView(record),
        reason,
      },
      ctx.meta,
    );
    await publishLive(tx, session.tenantId, [{ topic: 'quality', departmentCode: analyzer.departmentCode }]);
  });
}
