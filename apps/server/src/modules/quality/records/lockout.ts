/**
 * The lockout's own calls (issue 19 "Lockout"): an analyzer's lock with what a coordinator may do about
 * it (the lockout drawer), a coordinator's override of a schedule or new-lot lock (reason required, at
 * most the strategy's number per analyzer in 24 hours, lasting its hours), and the patient readings
 * held by a lockout, listed and released with a reason.
 */
import {
  type Lang,
  type LockReason,
  type MeasurementItem,
  overridableReasons,
  type QcOverrideInput,
  type QcReleaseInput,
  STORAGE_UNITS,
} from '@glucocare/domain';
import type { AnalyzerLockDetail, QcAnalyzerOption, QcHeldReading } from '@glucocare/domain/responses';
import { and, asc, count, desc, eq, gt, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../db/client';
import {
  analyzers,
  controlSolutions,
  departments,
  measurements,
  patients,
  qcLockOverrides,
  testStrips,
} from '../../../db/schema';
import { AppError, recordNotFound } from '../../../http/errors';
import { mapPage, paginate } from '../../../lib/page';
import { departmentScopeCondition } from '../../../lib/scope';
import { auditActor, writeAudit, writeAudits } from '../../audit/service';
import type { SessionUser } from '../../auth/sessions';
import { departmentNameColumn } from '../../departments/service';
import { publishLive } from '../../live/publish';
import { lockStatesOf, qcStrategyOf } from '../lock-state';
import { type AnalyzerRow, scopedAnalyzer } from './evaluate';
import type { WriteContext } from './service';

const DAY_MS = 24 * 3_600_000;

/** The analyzer asked for, in the caller's scope (404 otherwise). */
async function analyzerInScope(db: DbOrTx, session: SessionUser, id: number, forUpdate = false) {
  const row = await scopedAnalyzer(db, session, id, forUpdate);
  if (!row) throw recordNotFound();
  return row;
}

/** Overrides of the analyzer in the 24 hours before `now` (one override may lift several reasons). */
async function overridesInDay(db: DbOrTx, tenantId: string, analyzerId: number, now: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${qcLockOverrides.createdAt})::int` })
    .from(qcLockOverrides)
    .where(
      and(
        eq(qcLockOverrides.tenantId, tenantId),
        eq(qcLockOverrides.analyzerId, analyzerId),
        gt(qcLockOverrides.createdAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  return row?.n ?? 0;
}

/** Live pending readings held by a lockout, of the caller's departments (the analyzer's when given). */
function heldCondition(session: SessionUser, analyzer?: AnalyzerRow): SQL {
  return and(
    eq(measurements.tenantId, session.tenantId),
    isNotNull(measurements.qcHold),
    isNull(measurements.deletedAt),
    departmentScopeCondition(session.scope, measurements.departmentCode),
    analyzer ? eq(measurements.deviceSerial, analyzer.sn) : undefined,
  ) as SQL;
}

async function detailOf(
  db: DbOrTx,
  session: SessionUser,
  analyzer: AnalyzerRow,
  now: Date,
): Promise<AnalyzerLockDetail> {
  const strategy = await qcStrategyOf(db, session.tenantId);
  const lock = (await lockStatesOf(db, session.tenantId, [analyzer.id], now)).get(analyzer.id)!;
  const used = await overridesInDay(db, session.tenantId, analyzer.id, now);
  const [held] = await db.select({ n: count() }).from(measurements).where(heldCondition(session, analyzer));
  return {
    ...lock,
    analyzerId: analyzer.id,
    sn: analyzer.sn,
    model: analyzer.model,
    isActive: analyzer.isActive,
    lockout: strategy.lockout,
    lastQcAt: analyzer.lastQcAt?.toISOString() ?? null,
    lastQcResult: analyzer.lastQcResult as AnalyzerLockDetail['lastQcResult'],
    lastPassAt: analyzer.lastPassAt?.toISOString() ?? null,
    failedLockAt: analyzer.failedLockAt?.toISOString() ?? null,
    overridable: overridableReasons(lock.reasons),
    overridesLeft: Math.max(0, strategy.maxOverridesPerDay - used),
    overrideHours: strategy.overrideHours,
    heldCount: held?.n ?? 0,
  };
}

/** GET /v1/devices/{id}/lock */
export async function analyzerLockDetail(db: Database, session: SessionUser, id: number, now: Date) {
  return detailOf(db, session, await analyzerInScope(db, session, id), now);
}

/**
 * POST /v1/devices/{id}/override: lifts the overridable reasons holding now (never a failed QC or an
 * unusable lot) for the strategy's hours; 422 when none holds, 409 past the day's limit.
 */
export async function overrideLock(
  db: Database,
  session: SessionUser,
  id: number,
  input: QcOverrideInput,
  ctx: WriteContext,
): Promise<AnalyzerLockDetail> {
  return db.transaction(async (tx) => {
    const analyzer = await analyzerInScope(tx, session, id, true);
    const strategy = await qcStrategyOf(tx, session.tenantId);
    const lock = (await lockStatesOf(tx, session.tenantId, [id], ctx.now)).get(id)!;
    const reasons = overridableReasons(lock.reasons);
    if (!reasons.length) throw new AppError(422, 'qc.override.nothing');
    const used = await overridesInDay(tx, session.tenantId, id, ctx.now);
    if (used >= strategy.maxOverridesPerDay) {
      throw new AppError(409, 'qc.override.limit', { max: strategy.maxOverridesPerDay });
    }
    const validUntil = new Date(ctx.now.getTime() + strategy.overrideHours * 3_600_000);
    const rows = await tx
      .insert(qcLockOverrides)
      .values(
        reasons.map((lockReason: LockReason) => ({
          tenantId: session.tenantId,
          analyzerId: id,
          lockReason,
          reason: input.reason,
          validUntil,
          createdBy: session.userId,
          createdByName: session.nickName,
          createdAt: ctx.now,
        })),
      )
      .returning({ id: qcLockOverrides.id });
    await writeAudit(
      tx,
      {
        ...auditActor(session),
        action: 'create',
        entity: 'qcLockOverride',
        entityId: rows[0]!.id,
        before: { reasons: lock.reasons },
        after: { analyzerId: id, sn: analyzer.sn, reasons, validUntil: validUntil.toISOString() },
        reason: input.reason,
      },
      ctx.meta,
    );
    await publishLive(tx, session.tenantId, [{ topic: 'quality', departmentCode: analyzer.departmentCode }]);
    return detailOf(tx, session, analyzer, ctx.now);
  });
}

/** GET /v1/deviceQc/held: readings held by a lockout, newest first (one analyzer's when named). */
export async function pageHeldReadings(
  db: Database,
  session: SessionUser,
  query: { analyzerId?: number; page: number; size: number },
) {
  const analyzer = query.analyzerId ? await analyzerInScope(db, session, query.analyzerId) : undefined;
  const where = heldCondition(session, analyzer);
  const page = await paginate(
    query,
    (limit, offset) =>
      db
        .select({ m: measurements, patientName: patients.name, inpatientNumber: patients.inpatientNumber })
        .from(measurements)
        .innerJoin(
          patients,
          and(eq(patients.tenantId, measurements.tenantId), eq(patients.id, measurements.patientId)),
        )
        .where(where)
        .orderBy(desc(measurements.testTime), desc(measurements.id))
        .limit(limit)
        .offset(offset),
    () => db.$count(measurements, where),
  );
  return mapPage(
    page,
    ({ m, patientName, inpatientNumber }): QcHeldReading => ({
      id: m.id,
      patientId: m.patientId,
      patientName,
      inpatientNumber,
      departmentCode: m.departmentCode,
      item: m.item,
      value: m.value,
      unit: STORAGE_UNITS[m.item as MeasurementItem] ?? '',
      testTime: m.testTime.toISOString(),
      deviceSerial: m.deviceSerial,
      qcHold: m.qcHold as QcHeldReading['qcHold'],
      testerName: m.testerName,
      version: m.version,
    }),
  );
}

/** POST /v1/deviceQc/held/release: the holds cleared (the readings then wait for approval as any other). */
export async function releaseHeld(
  db: Database,
  session: SessionUser,
  input: QcReleaseInput,
  ctx: WriteContext,
): Promise<{ released: number; releasedIds: number[] }> {
  return db.transaction(async (tx) => {
    const result = await tx.execute<{
      id: string;
      patient_id: string;
      department_code: string;
      qc_hold: string;
      version: number;
    }>(sql`
      with target as (
        select ${measurements.id} as id, ${measurements.qcHold} as qc_hold
          from ${measurements}
         where ${heldCondition(session)} and ${measurements.id} = any(${sql.param(input.ids)}::bigint[])
           for update
      )
      update ${measurements} m
         set qc_hold = null, version = m.version + 1, updated_by = ${session.userId}, updated_at = ${ctx.now}
        from target
       where m.tenant_id = ${session.tenantId} and m.id = target.id
      returning m.id, m.patient_id, m.department_code, target.qc_hold, m.version`);
    const rows = result.rows;
    await writeAudits(
      tx,
      rows.map((row) => ({
        ...auditActor(session),
        action: 'qcRelease',
        entity: 'measurement' as const,
        entityId: Number(row.id),
        patientId: Number(row.patient_id),
        before: { qcHold: row.qc_hold, version: row.version - 1 },
        after: { qcHold: null, version: row.version },
        reason: input.reason,
      })),
      ctx.meta,
    );
    await publishLive(
      tx,
      session.tenantId,
      rows.flatMap((row) => [
        {
          topic: 'readings' as const,
          departmentCode: row.department_code,
          patientId: Number(row.patient_id),
        },
        { topic: 'quality' as const, departmentCode: row.department_code },
      ]),
    );
    const ids = rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    return { released: ids.length, releasedIds: ids };
  });
}

/**
 * GET /v1/deviceQc/analyzers: the live analyzers of the caller's departments (spares too: a spare is
 * run before it is lent) with their lots in use and their lock now, by department and SN.
 */
export async function analyzerOptions(
  db: Database,
  session: SessionUser,
  lang: Lang,
  now: Date,
): Promise<QcAnalyzerOption[]> {
  const rows = await db
    .select({
      a: analyzers,
      departmentName: departmentNameColumn(lang),
      controlLot: controlSolutions.lotNumber,
      stripLot: testStrips.lotNumber,
    })
    .from(analyzers)
    .leftJoin(
      departments,
      and(eq(departments.tenantId, analyzers.tenantId), eq(departments.code, analyzers.departmentCode)),
    )
    .leftJoin(
      controlSolutions,
      and(
        eq(controlSolutions.tenantId, analyzers.tenantId),
        eq(controlSolutions.id, analyzers.controlSolutionId),
        isNull(controlSolutions.deletedAt),
      ),
    )
    .leftJoin(
      testStrips,
      and(
        eq(testStrips.tenantId, analyzers.tenantId),
        eq(testStrips.id, analyzers.testStripId),
        isNull(testStrips.deletedAt),
      ),
    )
    .where(
      and(
        eq(analyzers.tenantId, session.tenantId),
        isNull(analyzers.deletedAt),
        departmentScopeCondition(session.scope, analyzers.departmentCode),
      ),
    )
    .orderBy(asc(analyzers.departmentCode), asc(analyzers.sn));
  const locks = await lockStatesOf(
    db,
    session.tenantId,
    rows.map((row) => row.a.id),
    now,
  );
  const unlocked = { locked: false, reasons: [], dueAt: null, overriddenUntil: null };
  return rows.map(({ a, departmentName, controlLot, stripLot }) => ({
    id: a.id,
    sn: a.sn,
    model: a.model,
    departmentCode: a.departmentCode,
    departmentName: departmentName ?? '',
    isActive: a.isActive,
    controlSolutionId: a.controlSolutionId,
    controlLot: controlLot ?? null,
    testStripId: a.testStripId,
    stripLot: stripLot ?? null,
    lastQcAt: a.lastQcAt?.toISOString() ?? null,
    lastQcResult: a.lastQcResult as QcAnalyzerOption['lastQcResult'],
    lock: locks.get(a.id) ?? unlocked,
  }));
}
