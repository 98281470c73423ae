/**
 * Follow-up records of the virtual ward (issue 18, 随访记录): a specialist's review of a patient from the
 * daily worklist, a visit or a phone call — assessment, suggestion (catalogue or free text), next review
 * date and the worklist reasons as they were shown. Written by the caller (the specialist) on the
 * patient's ward now and current stay, audited (entity `virtualWardFollowup`), announced live on topic
 * `virtualWard` to the patient's ward and doctor. Deleted in error only by its author or an
 * administrator, with a reason (kept in the audit row).
 *
 * Scope: the managing department's staff reach the patients of every ward (the worklist is theirs);
 * everyone else reaches the patients of their scope (`patientInScope`), and the patient's own ward reads
 * the patient's stays and follow-ups.
 */
import {
  FOLLOWUP_KIND_NAMES,
  type FollowupInput,
  type FollowupKind,
  type FollowupQuery,
  type Lang,
  type ReviewReason,
  reviewFindingsOf,
  reviewWindowStart,
} from '@glucocare/domain';
import type { FollowupView, PatientVirtualWardView } from '@glucocare/domain/responses';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  departments,
  managementSuggestions,
  measurements,
  patients,
  users,
  virtualWardFollowups,
  virtualWardStays,
} from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { type Page, paginate } from '../../lib/page';
import { departmentScopeCondition } from '../../lib/scope';
import { auditActor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { departmentName } from '../departments/service';
import { publishLive } from '../live/publish';
import { fieldError } from '../measurements/context';
import { dayRangeCondition } from '../measurements/read';
import { patientInScope } from '../patients/access';
import { dateIn, hospitalTimeZone } from '../settings/time-zone';
import { readManagingDepartment, readReviewCriteria, worklistScope } from './review-service';

export interface FollowupWriteOptions {
  lang: Lang;
  meta: RequestMeta;
  now: Date;
}

type FollowupRow = typeof virtualWardFollowups.$inferSelect;
type PatientBrief = { name: string; inpatientNumber: string | null; bed: string | null };

async function departmentNames(db: DbOrTx, tenantId: string, lang: Lang) {
  const rows = await db
    .select({ code: departments.code, name: departments.name, nameEn: departments.nameEn })
    .from(departments)
    .where(eq(departments.tenantId, tenantId));
  return new Map(rows.map((d) => [d.code, departmentName(d, lang)]));
}

function toView(
  row: FollowupRow,
  patient: PatientBrief,
  names: Map<string, string>,
  lang: Lang,
): FollowupView {
  return {
    id: row.id,
    patientId: row.patientId,
    patientName: patient.name,
    inpatientNumber: patient.inpatientNumber,
    bed: patient.bed,
    departmentCode: row.departmentCode,
    departmentName: names.get(row.departmentCode) ?? row.departmentCode,
    stayId: row.stayId,
    kind: row.kind as FollowupKind,
    kindName: FOLLOWUP_KIND_NAMES[row.kind as FollowupKind][lang],
    reviewedAt: row.reviewedAt.toISOString(),
    specialistId: row.specialistId,
    specialistName: row.specialistName,
    assessment: row.assessment,
    suggestion: row.suggestion,
    suggestionId: row.suggestionId,
    nextReviewDate: row.nextReviewDate,
    reasons: (row.reasons ?? []) as ReviewReason[],
  };
}

const auditView = (row: FollowupRow) => ({
  ...row,
  reviewedAt: row.reviewedAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
});

/**
 * A patient the caller may review or read the virtual-ward record of: in the caller's scope, or any
 * patient of the tenant for the managing department's staff; 404 otherwise (as for a missing id).
 */
async function reachablePatient(db: DbOrTx, session: SessionUser, patientId: number) {
  const managing = await readManagingDepartment(db, session);
  return patientInScope(
    db,
    { tenantId: session.tenantId, scope: worklistScope(session, managing) },
    patientId,
  );
}

/** The user id of the patient's responsible doctor (by user name, as the patient lists join it). */
async function doctorIdOf(db: DbOrTx, tenantId: string, doctorCode: string | null): Promise<number | null> {
  if (!doctorCode) return null;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.tenantId, tenantId),
        sql`lower(${users.userName}) = lower(${doctorCode})`,
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** The reasons of the patient now, by the worklist's rule, when the client sent none. */
async function currentReasons(db: DbOrTx, tenantId: string, patientId: number, now: Date) {
  const criteria = await readReviewCriteria(db, tenantId);
  const from = reviewWindowStart(now, criteria);
  const readings = await db
    .select({
      value: measurements.value,
      enteredValue: measurements.enteredValue,
      enteredUnit: measurements.enteredUnit,
      testTime: measurements.testTime,
    })
    .from(measurements)
    .where(
      and(
        eq(measurements.tenantId, tenantId),
        eq(measurements.patientId, patientId),
        eq(measurements.item, 'GLU'),
        isNull(measurements.deletedAt),
        sql`${measurements.testTime} >= ${from.toISOString()}::timestamptz`,
      ),
    );
  return reviewFindingsOf(readings, criteria, now).reasons;
}

/** `POST /v1/virtualward/followups`. */
export async function writeFollowup(
  tx: DbOrTx,
  session: SessionUser,
  input: FollowupInput,
  options: FollowupWriteOptions,
): Promise<FollowupView> {
  const patient = await reachablePatient(tx, session, input.patientId);
  const timeZone = await hospitalTimeZone(tx, session.tenantId);
  if (input.nextReviewDate && input.nextReviewDate < dateIn(options.now, timeZone)) {
    throw fieldError(options.lang, 'nextReviewDate', 'virtualWard.followup.nextDatePast');
  }
  if (input.suggestionId) {
    const [suggestion] = await tx
      .select({ id: managementSuggestions.id })
      .from(managementSuggestions)
      .where(
        and(
          eq(managementSuggestions.tenantId, session.tenantId),
          eq(managementSuggestions.id, input.suggestionId),
        ),
      );
    if (!suggestion) throw fieldError(options.lang, 'suggestionId', 'virtualWard.followup.suggestionUnknown');
  }
  const [stay] = await tx
    .select({ id: virtualWardStays.id })
    .from(virtualWardStays)
    .where(
      and(
        eq(virtualWardStays.tenantId, session.tenantId),
        eq(virtualWardStays.patientId, patient.id),
        isNull(virtualWardStays.exitedAt),
      ),
    );
  const reasons = input.reasons ?? (await currentReasons(tx, session.tenantId, patient.id, options.now));
  const [row] = await tx
    .insert(virtualWardFollowups)
    .values({
      tenantId: session.tenantId,
      patientId: patient.id,
      stayId: stay?.id ?? null,
      departmentCode: patient.departmentCode,
      kind: input.kind,
      reviewedAt: options.now,
      specialistId: session.userId,
      specialistName: session.nickName || session.userName,
      assessment: input.assessment,
      suggestion: input.suggestion,
      suggestionId: input.suggestionId ?? null,
      nextReviewDate: input.nextReviewDate || null,
      reasons,
      createdAt: options.now,
    })
    .returning();
  await writeAudit(
    tx,
    {
      ...auditActor(session),
      action: 'create',
      entity: 'virtualWardFollowup',
      entityId: row!.id,
      patientId: patient.id,
      after: auditView(row!),
    },
    options.meta,
  );
  await announceFollowup(tx, session.tenantId, patient.id, patient.departmentCode, patient.doctorCode);
  const names = await departmentNames(tx, session.tenantId, options.lang);
  return toView(row!, patient, names, options.lang);
}

/** Tells the patient's ward and doctor (whatever their scope) of a new or deleted follow-up. */
async function announceFollowup(
  tx: DbOrTx,
  tenantId: string,
  patientId: number,
  departmentCode: string,
  doctorCode: string | null,
) {
  const doctorId = await doctorIdOf(tx, tenantId, doctorCode);
  await publishLive(tx, tenantId, [
    { topic: 'virtualWard', departmentCode, patientId, userIds: doctorId ? [doctorId] : [] },
  ]);
}

/** `DELETE /v1/virtualward/followups/{id}`: entered in error; its author or an administrator. */
export async function deleteFollowup(
  tx: DbOrTx,
  session: SessionUser,
  id: number,
  reason: string,
  options: FollowupWriteOptions,
): Promise<void> {
  const [row] = await tx
    .select()
    .from(virtualWardFollowups)
    .where(
      and(
        eq(virtualWardFollowups.tenantId, session.tenantId),
        eq(virtualWardFollowups.id, id),
        isNull(virtualWardFollowups.deletedAt),
      ),
    )
    .for('update');
  if (!row) throw recordNotFound();
  const patient = await reachablePatient(tx, session, row.patientId);
  const isAdmin = session.roles.includes('tenant_admin');
  if (row.specialistId !== session.userId && !isAdmin) {
    throw new AppError(403, 'virtualWard.followup.notAuthor');
  }
  const [after] = await tx
    .update(virtualWardFollowups)
    .set({ deletedAt: options.now, deletedBy: session.userId })
    .where(and(eq(virtualWardFollowups.tenantId, session.tenantId), eq(virtualWardFollowups.id, id)))
    .returning();
  await writeAudit(
    tx,
    {
      ...auditActor(session),
      action: 'delete',
      entity: 'virtualWardFollowup',
      entityId: id,
      patientId: row.patientId,
      before: auditView(row),
      after: auditView(after!),
      reason,
    },
    options.meta,
  );
  await announceFollowup(tx, session.tenantId, patient.id, patient.departmentCode, patient.doctorCode);
}

/** `GET /v1/virtualward/followups`: every follow-up the caller may see, newest first. */
export async function pageFollowups(
  db: DbOrTx,
  session: SessionUser,
  query: FollowupQuery,
  lang: Lang,
): Promise<Page<FollowupView>> {
  const managing = await readManagingDepartment(db, session);
  const scope = worklistScope(session, managing);
  const timeZone = await hospitalTimeZone(db, session.tenantId);
  const keyword = query.queryCondition ? `%${query.queryCondition.replace(/[\\%_]/g, '\\$&')}%` : null;
  const where: SQL | undefined = and(
    eq(virtualWardFollowups.tenantId, session.tenantId),
    isNull(virtualWardFollowups.deletedAt),
    scope.all
      ? undefined
      : sql`(${departmentScopeCondition(scope, virtualWardFollowups.departmentCode)} or ${departmentScopeCondition(scope, patients.departmentCode)})`,
    query.specialistId ? eq(virtualWardFollowups.specialistId, query.specialistId) : undefined,
    query.departmentCode ? eq(virtualWardFollowups.departmentCode, query.departmentCode) : undefined,
    query.kind ? eq(virtualWardFollowups.kind, query.kind) : undefined,
    dayRangeCondition(
      query.beginDate || undefined,
      query.endDate || undefined,
      timeZone,
      virtualWardFollowups.reviewedAt,
    ),
    keyword
      ? sql`(${patients.name} ilike ${keyword} or ${patients.inpatientNumber} ilike ${keyword}
          or ${patients.bed} ilike ${keyword} or ${virtualWardFollowups.specialistName} ilike ${keyword}
          or ${virtualWardFollowups.assessment} ilike ${keyword} or ${virtualWardFollowups.suggestion} ilike ${keyword})`
      : undefined,
  );
  const join = and(
    eq(patients.tenantId, virtualWardFollowups.tenantId),
    eq(patients.id, virtualWardFollowups.patientId),
    isNull(patients.deletedAt),
  );
  const page = await paginate(
    query,
    (limit, offset) =>
      db
        .select({
          f: virtualWardFollowups,
          p: { name: patients.name, inpatientNumber: patients.inpatientNumber, bed: patients.bed },
        })
        .from(virtualWardFollowups)
        .innerJoin(patients, join)
        .where(where)
        .orderBy(desc(virtualWardFollowups.reviewedAt), desc(virtualWardFollowups.id))
        .limit(limit)
        .offset(offset),
    async () => {
      const [row] = await db
        .select({ total: count() })
        .from(virtualWardFollowups)
        .innerJoin(patients, join)
        .where(where);
      return row?.total ?? 0;
    },
  );
  const names = await departmentNames(db, session.tenantId, lang);
  return { ...page, records: page.records.map((r) => toView(r.f, r.p, names, lang)) };
}

/** `GET /v1/virtualward/patient/{id}`: the patient's stays (all, newest first) and follow-ups. */
export async function patientVirtualWard(
  db: DbOrTx,
  session: SessionUser,
  patientId: number,
  lang: Lang,
): Promise<PatientVirtualWardView> {
  const patient = await reachablePatient(db, session, patientId);
  const names = await departmentNames(db, session.tenantId, lang);
  const stays = await db
    .select()
    .from(virtualWardStays)
    .where(and(eq(virtualWardStays.tenantId, session.tenantId), eq(virtualWardStays.patientId, patient.id)))
    .orderBy(desc(virtualWardStays.joinedAt), desc(virtualWardStays.id));
  const followups = await db
    .select()
    .from(virtualWardFollowups)
    .where(
      and(
        eq(virtualWardFollowups.tenantId, session.tenantId),
        eq(virtualWardFollowups.patientId, patient.id),
        isNull(virtualWardFollowups.deletedAt),
      ),
    )
    .orderBy(desc(virtualWardFollowups.reviewedAt), desc(virtualWardFollowups.id));
  const dep = (code: string) => names.get(code) ?? code;
  return {
    patientId: patient.id,
    stays: stays.map((s) => ({
      id: s.id,
      joinCount: s.joinCount,
      joinedAt: s.joinedAt.toISOString(),
      source: s.source,
      wardDepartmentCode: s.wardDepartmentCode,
      wardDepartmentName: dep(s.wardDepartmentCode),
      managingDepartmentCode: s.managingDepartmentCode,
      managingDepartmentName: dep(s.managingDepartmentCode),
      suggestion: s.suggestion,
      deviceMark: s.deviceMark,
      exitedAt: s.exitedAt ? s.exitedAt.toISOString() : null,
      exitReason: s.exitReason,
      exitedByName: s.exitedByName,
      current: s.exitedAt === null,
    })),
    followups: followups.map((f) => toView(f, patient, names, lang)),
  };
}
