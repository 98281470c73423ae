/**
 * Laboratory results of a patient (issue 18: HbA1c, entered by hand until issue 21's HL7 feed): the
 * inspection item (an enabled item of the tenant's inspection catalogue), the value as given and its
 * unit (the item's unit when none is given), the time of the result. One write path that runs the rules
 * that fire on a result — the virtual-ward auto join (`auto-join.ts`) — in its transaction; a result
 * entered in error is deleted (kept, marked) with a reason. Audited (entity `labResult`) and announced to
 * the patient's ward (topic `virtualWard`).
 */
import { type LabResultInput, type Lang, localName } from '@glucocare/domain';
import type { LabResultView } from '@glucocare/domain/responses';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { inspectionItems, labResults, virtualWardStays } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { auditActor, type RequestMeta, writeAudits } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { publishLive } from '../live/publish';
import { fieldError } from '../measurements/context';
import { patientInScope } from '../patients/access';
import type { TenantRef } from '../settings/config-cache';
import { autoJoinOnLabResults, type WrittenLabResult } from './auto-join';

type LabResultRow = typeof labResults.$inferSelect;

export interface LabResultWriteOptions {
  lang: Lang;
  meta: RequestMeta;
  now: Date;
  config: TenantRef;
}

function toView(row: LabResultRow, joinedStayId: number | null): LabResultView {
  return {
    id: row.id,
    patientId: row.patientId,
    departmentCode: row.departmentCode,
    itemCode: row.itemCode,
    itemName: row.itemName,
    value: row.value,
    unit: row.unit,
    resultedAt: row.resultedAt.toISOString(),
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    joinedStayId,
  };
}

const auditView = (row: LabResultRow) => ({
  ...row,
  resultedAt: row.resultedAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
});

/** Writes lab results of patients already checked (the hand entry, later HL7) and runs the auto join. */
export async function writeLabResults(
  tx: DbOrTx,
  session: SessionUser,
  values: (typeof labResults.$inferInsert)[],
  options: LabResultWriteOptions,
): Promise<{ rows: LabResultRow[]; joined: Map<number, number> }> {
  if (!values.length) return { rows: [], joined: new Map() };
  const rows = await tx.insert(labResults).values(values).returning();
  await writeAudits(
    tx,
    rows.map((row) => ({
      ...auditActor(session),
      action: 'create',
      entity: 'labResult' as const,
      entityId: row.id,
      patientId: row.patientId,
      after: auditView(row),
    })),
    options.meta,
  );
  await publishLive(
    tx,
    session.tenantId,
    rows.map((row) => ({
      topic: 'virtualWard' as const,
      departmentCode: row.departmentCode,
      patientId: row.patientId,
    })),
  );
  const written: WrittenLabResult[] = rows.map((row) => ({
    id: row.id,
    patientId: row.patientId,
    itemCode: row.itemCode,
    value: row.value,
    unit: row.unit,
    resultedAt: row.resultedAt,
  }));
  const stays = await autoJoinOnLabResults(tx, session, written, options.config, options.lang, options.meta);
  const joined = new Map(
    stays.flatMap((stay) => (stay.triggerLabResultId ? [[stay.triggerLabResultId, stay.id] as const] : [])),
  );
  return { rows, joined };
}

/** `POST /v1/labResults`: a result entered by hand for a patient of the caller's scope. */
export async function addLabResult(
  tx: DbOrTx,
  session: SessionUser,
  input: LabResultInput,
  options: LabResultWriteOptions,
): Promise<LabResultView> {
  const patient = await patientInScope(tx, session, input.patientId);
  const [item] = await tx
    .select()
    .from(inspectionItems)
    .where(
      and(
        eq(inspectionItems.tenantId, session.tenantId),
        eq(inspectionItems.code, input.itemCode),
        eq(inspectionItems.isActive, true),
      ),
    );
  if (!item) throw fieldError(options.lang, 'itemCode', 'labResult.item.unknown');
  const resultedAt = new Date(input.resultedAt);
  if (resultedAt.getTime() > options.now.getTime() + 60_000) {
    throw fieldError(options.lang, 'resultedAt', 'labResult.resultedAt.future');
  }
  const { rows, joined } = await writeLabResults(
    tx,
    session,
    [
      {
        tenantId: session.tenantId,
        patientId: patient.id,
        departmentCode: patient.departmentCode,
        itemCode: item.code,
        itemName: localName(item, 'zh-CN'),
        value: input.value,
        unit: input.unit || item.unit,
        resultedAt,
        source: 'manual',
        createdBy: session.userId,
        createdAt: options.now,
      },
    ],
    options,
  );
  const row = rows[0]!;
  return toView(row, joined.get(row.id) ?? null);
}

/** `GET /v1/labResults?patientId`: a patient's results, newest first (deleted ones left out). */
export async function listLabResults(
  db: DbOrTx,
  session: SessionUser,
  patientId: number,
): Promise<LabResultView[]> {
  const patient = await patientInScope(db, session, patientId);
  const rows = await db
    .select({ result: labResults, stayId: virtualWardStays.id })
    .from(labResults)
    .leftJoin(
      virtualWardStays,
      and(
        eq(virtualWardStays.tenantId, labResults.tenantId),
        eq(virtualWardStays.triggerLabResultId, labResults.id),
      ),
    )
    .where(
      and(
        eq(labResults.tenantId, session.tenantId),
        eq(labResults.patientId, patient.id),
        isNull(labResults.deletedAt),
      ),
    )
    .orderBy(desc(labResults.resultedAt), desc(labResults.id));
  return rows.map(({ result, stayId }) => toView(result, stayId));
}

/** `DELETE /v1/labResults/:id`: a result entered in error (kept, marked deleted), with the reason. */
export async function deleteLabResult(
  tx: DbOrTx,
  session: SessionUser,
  id: number,
  reason: string,
  options: LabResultWriteOptions,
): Promise<LabResultView> {
  const [current] = await tx
    .select()
    .from(labResults)
    .where(and(eq(labResults.tenantId, session.tenantId), eq(labResults.id, id)))
    .for('update');
  if (!current) throw recordNotFound();
  await patientInScope(tx, session, current.patientId);
  if (current.deletedAt) throw new AppError(409, 'error.conflict');
  const [row] = await tx
    .update(labResults)
    .set({ deletedAt: options.now, deletedBy: session.userId })
    .where(and(eq(labResults.tenantId, session.tenantId), eq(labResults.id, id)))
    .returning();
  await writeAudits(
    tx,
    [
      {
        ...auditActor(session),
        action: 'delete',
        entity: 'labResult',
        entityId: row!.id,
        patientId: row!.patientId,
        before: auditView(current),
        after: auditView(row!),
        reason,
      },
    ],
    options.meta,
  );
  await publishLive(tx, session.tenantId, [
    { topic: 'virtualWard', departmentCode: row!.departmentCode, patientId: row!.patientId },
  ]);
  return toView(row!, null);
}
