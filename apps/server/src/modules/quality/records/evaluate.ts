/**
 * Judging a control run at write (issue 19 "Evaluation"): the lot's target, SD and range for each level
 * (the control solution's level, else the strip lot's control range), the earlier runs of the same
 * analyzer, item and control lot, and the strategy's rules — domain quality/westgard.ts. And the
 * analyzer's QC columns worked out again from its records after every write, so that they always agree
 * with the records whatever was entered, corrected or deleted, in whatever order.
 */
import {
  evaluateQcRun,
  type Lang,
  type MessageKey,
  type QcLevelEvaluation,
  type QcObservation,
  translate,
  type WestgardRule,
  zScore,
} from '@glucocare/domain';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { analyzers, controlSolutions, qcRecords, testStrips } from '../../../db/schema';
import { AppError } from '../../../http/errors';
import { departmentScopeCondition } from '../../../lib/scope';
import type { DepartmentScope } from '../../auth/sessions';

export type AnalyzerRow = typeof analyzers.$inferSelect;
export type ControlRow = typeof controlSolutions.$inferSelect;
export type StripRow = typeof testStrips.$inferSelect;

/** A 400 naming the field at fault, in the request's language. */
export function fieldError(
  lang: Lang,
  field: string,
  key: MessageKey,
  params?: Record<string, string | number>,
) {
  return new AppError(400, key, params, { errors: [{ field, message: translate(lang, key, params) }] });
}

/** A live analyzer of the caller's departments (locked for the write when `forUpdate`), or undefined. */
export async function scopedAnalyzer(
  db: DbOrTx,
  session: { tenantId: string; scope: DepartmentScope },
  id: number,
  forUpdate = false,
): Promise<AnalyzerRow | undefined> {
  const query = db
    .select()
    .from(analyzers)
    .where(
      and(
        eq(analyzers.tenantId, session.tenantId),
        eq(analyzers.id, id),
        isNull(analyzers.deletedAt),
        departmentScopeCondition(session.scope, analyzers.departmentCode),
      ),
    );
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** The level's target, SD and range of the lots (target and SD 0 mean "none"). */
export interface LevelSetting {
  target: number | null;
  sd: number | null;
  rangeLow: number | null;
  rangeHigh: number | null;
}

export function levelSetting(
  control: ControlRow | null,
  strip: StripRow | null,
  level: number,
): LevelSetting {
  const fromControl = control?.levels[level];
  const fromStrip = strip?.controlRanges[level];
  const target = fromControl && fromControl.target > 0 ? fromControl.target : null;
  const sd = fromControl && fromControl.sd > 0 ? fromControl.sd : null;
  const controlRange = fromControl && (fromControl.rangeLow !== null || fromControl.rangeHigh !== null);
  return {
    target,
    sd,
    rangeLow: controlRange ? (fromControl.rangeLow ?? null) : (fromStrip?.min ?? null),
    rangeHigh: controlRange ? (fromControl.rangeHigh ?? null) : (fromStrip?.max ?? null),
  };
}

/** A lot of the tenant by id (live), or the analyzer's lot in use when none is named. */
export async function lotsOf(
  db: DbOrTx,
  tenantId: string,
  analyzer: AnalyzerRow,
  named: { controlSolutionId?: number | null; testStripId?: number | null },
  item: string,
  lang: Lang,
): Promise<{ control: ControlRow | null; strip: StripRow | null }> {
  const controlId = named.controlSolutionId ?? analyzer.controlSolutionId;
  const stripId = named.testStripId ?? analyzer.testStripId;
  const [control] = controlId
    ? await db
        .select()
        .from(controlSolutions)
        .where(
          and(
            eq(controlSolutions.tenantId, tenantId),
            eq(controlSolutions.id, controlId),
            isNull(controlSolutions.deletedAt),
          ),
        )
    : [];
  const [strip] = stripId
    ? await db
        .select()
        .from(testStrips)
        .where(
          and(eq(testStrips.tenantId, tenantId), eq(testStrips.id, stripId), isNull(testStrips.deletedAt)),
        )
    : [];
  if (controlId && !control) throw fieldError(lang, 'controlSolutionId', 'qc.run.controlUnknown');
  if (stripId && !strip) throw fieldError(lang, 'testStripId', 'qc.run.stripUnknown');
  if (control && control.item !== item) throw fieldError(lang, 'controlSolutionId', 'qc.run.lotItem');
  if (strip && strip.item !== item) throw fieldError(lang, 'testStripId', 'qc.run.lotItem');
  return { control: control ?? null, strip: strip ?? null };
}

/**
 * The observations before `before` of the analyzer, item and control lot, oldest first (within a run,
 * by level): enough for the longest rule (10x across levels), deleted records left out.
 */
export async function earlierObservations(
  db: DbOrTx,
  tenantId: string,
  run: { analyzerId: number; item: string; controlSolutionId: number | null; testedAt: Date },
  excludeId?: number,
): Promise<QcObservation[]> {
  const rows = await db
    .select({
      id: qcRecords.id,
      level: qcRecords.level,
      testValue: qcRecords.testValue,
      target: qcRecords.target,
      sd: qcRecords.sd,
    })
    .from(qcRecords)
    .where(
      and(
        eq(qcRecords.tenantId, tenantId),
        eq(qcRecords.analyzerId, run.analyzerId),
        eq(qcRecords.item, run.item),
        run.controlSolutionId === null
          ? isNull(qcRecords.controlSolutionId)
          : eq(qcRecords.controlSolutionId, run.controlSolutionId),
        lt(qcRecords.testedAt, run.testedAt),
        isNull(qcRecords.deletedAt),
        excludeId ? sql`${qcRecords.id} <> ${excludeId}` : undefined,
      ),
    )
    .orderBy(desc(qcRecords.testedAt), desc(qcRecords.level))
    .limit(30);
  return rows.reverse().map((row) => ({ level: row.level, z: zScore(row.testValue, row.target, row.sd) }));
}

/** One level of a run to judge. */
export interface RunLevel {
  level: number;
  testValue: number | null;
  result?: 'pass' | 'fail' | null;
}

/** Judges the levels of a run together on the lots' settings and the earlier observations. */
export function judge(
  levels: readonly RunLevel[],
  lots: { control: ControlRow | null; strip: StripRow | null },
  earlier: QcObservation[],
  rules: readonly WestgardRule[],
): (QcLevelEvaluation & LevelSetting)[] {
  const settings = levels.map((l) => levelSetting(lots.control, lots.strip, l.level));
  const evaluations = evaluateQcRun(
    levels.map((l, index) => {
      const setting = settings[index]!;
      return {
        level: l.level,
        value: l.testValue,
        target: setting.target,
        sd: setting.sd,
        range: { low: setting.rangeLow, high: setting.rangeHigh },
        enteredResult: l.result ?? null,
      };
    }),
    earlier,
    rules,
  );
  return evaluations.map((evaluation, index) => ({ ...settings[index]!, ...evaluation }));
}

/**
 * Works the analyzer's QC columns out again from its live records (the latest 500), in the writer's
 * transaction: the last run and its result; the failed lock — the latest run, when it failed (a passing
 * run after it clears it); the last pass — when every level the strategy requires has a run that passed
 * as a whole, the earliest of their latest passes, with the lots of the latest passing run.
 */
export async function refreshAnalyzerQc(
  tx: DbOrTx,
  tenantId: string,
  analyzerId: number,
  requiredLevels: readonly number[],
): Promise<void> {
  const rows = await tx
    .select({
      id: qcRecords.id,
      testedAt: qcRecords.testedAt,
      level: qcRecords.level,
      result: qcRecords.result,
      controlSolutionId: qcRecords.controlSolutionId,
      testStripId: qcRecords.testStripId,
    })
    .from(qcRecords)
    .where(
      and(
        eq(qcRecords.tenantId, tenantId),
        eq(qcRecords.analyzerId, analyzerId),
        isNull(qcRecords.deletedAt),
      ),
    )
    .orderBy(desc(qcRecords.testedAt), desc(qcRecords.id))
    .limit(500);
  // runs, newest first: the records of one time
  const runs: (typeof rows)[] = [];
  for (const row of rows) {
    const last = runs[runs.length - 1];
    if (last && last[0]!.testedAt.getTime() === row.testedAt.getTime()) last.push(row);
    else runs.push([row]);
  }
  const fails = (run: typeof rows) => run.some((record) => record.result === 'fail');
  const failedIndex = runs.findIndex(fails);
  const failedRun = failedIndex >= 0 ? runs[failedIndex]! : null;
  // the runs that passed as a whole (a failing run between them does not undo an earlier pass: the
  // failed lock says the meter needs a passing run; the schedule counts from the last full pass)
  const passing = runs.filter((run) => !fails(run));
  const latestByLevel = new Map<number, Date>();
  for (const run of passing) {
    for (const record of run)
      if (!latestByLevel.has(record.level)) latestByLevel.set(record.level, record.testedAt);
  }
  const covered = requiredLevels.every((level) => latestByLevel.has(level));
  const lastPassAt = covered
    ? new Date(Math.min(...requiredLevels.map((level) => latestByLevel.get(level)!.getTime())))
    : null;
  const latestPass = passing[0]?.[0] ?? null;
  const last = runs[0] ?? null;
  await tx
    .update(analyzers)
    .set({
      lastQcAt: last ? last[0]!.testedAt : null,
      lastQcResult: last ? (fails(last) ? 'fail' : 'pass') : null,
      lastPassAt,
      lastPassControlSolutionId: lastPassAt ? (latestPass?.controlSolutionId ?? null) : null,
      lastPassTestStripId: lastPassAt ? (latestPass?.testStripId ?? null) : null,
      // the latest run failed: locked until a passing run
      failedLockAt: failedRun && failedIndex === 0 ? failedRun[0]!.testedAt : null,
      failedQcRecordId:
        failedRun && failedIndex === 0 ? failedRun.find((record) => record.result === 'fail')!.id : null,
    })
    .where(and(eq(analyzers.tenantId, tenantId), eq(analyzers.id, analyzerId)));
}
