/**
 * Consultations (issue 17, 会诊): a request from the patient's department to a consulting department,
 * the consulting department's inbox and the requesting side's list, the thread of replies, completion
 * with the consulting doctor's record or closing with a reason, and the unread marks of the menu.
 *
 * Scope: a consultation is seen by whoever has its consulting department, its requesting department or
 * the patient's department in scope (the consulting doctor must see a patient of another ward); anyone
 * else gets 404, as for a missing id. Every change is audited (entity `consultation`), bumps
 * `last_activity_at` and the version, marks it read for the one who made it, and is announced on the
 * push channel (topic `consultations`) to both departments and both doctors, in the transaction.
 */
import {
  type AutoConsultationEntry,
  addDays,
  autoConsultationDescription,
  autoConsultationFactsOf,
  CONSULTATION_SOURCE_NAMES,
  CONSULTATION_STATUS_NAMES,
  CONSULTATION_URGENCY_NAMES,
  type ConsultationFinish,
  type ConsultationItem,
  type ConsultationQuery,
  type ConsultationReply,
  type ConsultationRequest,
  type ConsultationSource,
  type ConsultationStatus,
  type ConsultationUrgency,
  consultationFinishedKey,
  type Lang,
  localName,
} from '@glucocare/domain';
import type {
  ConsultationDetailView,
  ConsultationOptionsView,
  ConsultationReplyView,
  ConsultationUnreadView,
  ConsultationView,
} from '@glucocare/domain/responses';
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  consultationReads,
  consultationReplies,
  consultations,
  departments,
  managementSuggestions,
  measurements,
  patients,
} from '../../db/schema';
import { AppError, forbidden, recordNotFound } from '../../http/errors';
import { type Page, paginate } from '../../lib/page';
import { departmentScopeCondition } from '../../lib/scope';
import { updateVersioned } from '../../lib/versioned';
import { auditActor, type RequestMeta, writeAudit } from '../audit/service';
import type { DepartmentScope, SessionUser } from '../auth/sessions';
import { departmentName, inScope } from '../departments/service';
import { personName, staffWithRole } from '../insulin/service';
import { publishLive } from '../live/publish';
import { departmentStaff, fieldError } from '../measurements/context';
import { dayRangeCondition } from '../measurements/read';
import { selectReadings, toReadingView } from '../measurements/view';
import { patientAgeAt, patientInScope } from '../patients/access';
import { readAutoConsultation } from '../settings/strategy-service';
import { dateIn, hospitalTimeZone } from '../settings/time-zone';

export type ConsultationRow = typeof consultations.$inferSelect;
type PatientBrief = Pick<
  typeof patients.$inferSelect,
  'id' | 'name' | 'bed' | 'inpatientNumber' | 'departmentCode'
>;

export interface ConsultationWriteOptions {
  lang: Lang;
  meta: RequestMeta;
  now: Date;
}

/** What the caller may do besides reading (the route's permission was checked by the guard). */
export interface ConsultationRights {
  /** PERMISSIONS.consultationInbox.reply */
  reply: boolean;
}

// ---------------------------------------------------------------- views

/** The names and facts views need, read once per answer. */
interface ViewContext {
  lang: Lang;
  timeZone: string;
  departmentNames: Map<string, string>;
  autoSettings: AutoConsultationEntry[];
  readings: Map<number, typeof measurements.$inferSelect>;
}

async function viewContext(db: DbOrTx, tenantId: string, rows: ConsultationRow[], lang: Lang) {
  const deps = await db
    .select({ code: departments.code, name: departments.name, nameEn: departments.nameEn })
    .from(departments)
    .where(eq(departments.tenantId, tenantId));
  const triggerIds = rows.flatMap((row) =>
    row.source === 'auto' && row.triggerMeasurementId ? [row.triggerMeasurementId] : [],
  );
  const readingRows = triggerIds.length
    ? await db
        .select()
        .from(measurements)
        .where(and(eq(measurements.tenantId, tenantId), inArray(measurements.id, triggerIds)))
    : [];
  const context: ViewContext = {
    lang,
    timeZone: await hospitalTimeZone(db, tenantId),
    departmentNames: new Map(deps.map((d) => [d.code, departmentName(d, lang)])),
    autoSettings: rows.some((row) => row.source === 'auto') ? await readAutoConsultation(db, tenantId) : [],
    readings: new Map(readingRows.map((r) => [r.id, r])),
  };
  return context;
}

/**
 * The description people read: as entered for a request; for an auto consultation built in the
 * request language from its trigger and reading (value as entered, test time in the hospital zone,
 * the threshold crossed in the current setting), the stored text when the trigger is unknown.
 */
function descriptionOf(row: ConsultationRow, context: ViewContext): string {
  if (row.source !== 'auto' || !row.triggerItem) return row.description;
  const item = row.triggerItem as ConsultationItem;
  const reading = row.triggerMeasurementId ? context.readings.get(row.triggerMeasurementId) : undefined;
  if (!reading || reading.value === null) return row.description;
  const entry = context.autoSettings.find((e) => e.item === item) ?? null;
  return autoConsultationDescription(
    autoConsultationFactsOf(item, reading, entry, context.timeZone),
    context.lang,
  );
}

function toView(
  row: ConsultationRow,
  patient: PatientBrief,
  extra: { replyCount: number; readAt: Date | null },
  context: ViewContext,
): ConsultationView {
  const lang = context.lang;
  const dep = (code: string) => context.departmentNames.get(code) ?? code;
  return {
    id: row.id,
    patientId: row.patientId,
    patientName: patient.name,
    bed: patient.bed,
    inpatientNumber: patient.inpatientNumber,
    patientDepartmentCode: patient.departmentCode,
    requestDepartmentCode: row.requestDepartmentCode,
    requestDepartmentName: dep(row.requestDepartmentCode),
    requestDoctorId: row.requestDoctorId,
    requestDoctorName: row.requestDoctorName,
    consultDepartmentCode: row.consultDepartmentCode,
    consultDepartmentName: dep(row.consultDepartmentCode),
    consultDoctorId: row.consultDoctorId,
    consultDoctorName: row.consultDoctorName,
    requestedAt: row.requestedAt.toISOString(),
    description: descriptionOf(row, context),
    urgency: row.urgency as ConsultationUrgency,
    urgencyName: CONSULTATION_URGENCY_NAMES[row.urgency as ConsultationUrgency][lang],
    status: row.status as ConsultationStatus,
    statusName: CONSULTATION_STATUS_NAMES[row.status as ConsultationStatus][lang],
    source: row.source as ConsultationSource,
    sourceName: CONSULTATION_SOURCE_NAMES[row.source as ConsultationSource][lang],
    triggerItem: row.triggerItem,
    triggerDate: row.triggerDate,
    triggerMeasurementId: row.triggerMeasurementId,
    record: row.record,
    lastActivityAt: row.lastActivityAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    finishedByName: row.finishedByName,
    closeReason: row.closeReason,
    replyCount: extra.replyCount,
    unread: !extra.readAt || extra.readAt < row.lastActivityAt,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The audit shape: the stored row, times as ISO text. */
function auditView(row: ConsultationRow) {
  return {
    ...row,
    requestedAt: row.requestedAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------- live and audit

/** What the push channel says of a consultation: its patient, both departments and both doctors. */
type AnnouncedConsultation = Pick<
  ConsultationRow,
  'patientId' | 'requestDepartmentCode' | 'consultDepartmentCode' | 'requestDoctorId' | 'consultDoctorId'
>;

/**
 * Announces new or changed consultations on the push channel, in the writer's transaction: to the
 * requesting and the consulting department and to both doctors (whatever their scope), one statement
 * for any number (the reading write path's auto consultations come in batches).
 */
export async function announceConsultation(
  tx: DbOrTx,
  tenantId: string,
  row: AnnouncedConsultation | readonly AnnouncedConsultation[],
): Promise<void> {
  const rows: readonly AnnouncedConsultation[] = Array.isArray(row) ? row : [row as AnnouncedConsultation];
  await publishLive(
    tx,
    tenantId,
    rows.flatMap((one) => {
      const userIds = [one.requestDoctorId, one.consultDoctorId].filter((id): id is number => id !== null);
      return [...new Set([one.requestDepartmentCode, one.consultDepartmentCode])].map((departmentCode) => ({
        topic: 'consultations' as const,
        departmentCode,
        patientId: one.patientId,
        userIds,
      }));
    }),
  );
}

async function audit(
  tx: DbOrTx,
  session: SessionUser,
  action: string,
  row: ConsultationRow,
  change: { before?: unknown; after?: unknown; reason?: string },
  meta: RequestMeta,
) {
  await writeAudit(
    tx,
    {
      ...auditActor(session),
      action,
      entity: 'consultation',
      entityId: row.id,
      patientId: row.patientId,
      ...change,
    },
    meta,
  );
}

/** The caller has seen the consultation as it is now (their own change, or opening it). */
async function markRead(tx: DbOrTx, session: SessionUser, consultationId: number, at: Date) {
  await tx
    .insert(consultationReads)
    .values({ tenantId: session.tenantId, consultationId, userId: session.userId, readAt: at })
    .onConflictDoUpdate({
      target: [consultationReads.tenantId, consultationReads.consultationId, consultationReads.userId],
      set: { readAt: sql`greatest(${consultationReads.readAt}, excluded.read_at)` },
    });
}

// ---------------------------------------------------------------- visibility

/** Who may see a consultation: the consulting, the requesting or the patient's department in scope. */
function visibleCondition(scope: DepartmentScope): SQL | undefined {
  if (scope.all) return undefined;
  return or(
    departmentScopeCondition(scope, consultations.consultDepartmentCode),
    departmentScopeCondition(scope, consultations.requestDepartmentCode),
    departmentScopeCondition(scope, patients.departmentCode),
  );
}

const patientJoin = and(
  eq(patients.tenantId, consultations.tenantId),
  eq(patients.id, consultations.patientId),
  isNull(patients.deletedAt),
);

const briefColumns = {
  id: patients.id,
  name: patients.name,
  bed: patients.bed,
  inpatientNumber: patients.inpatientNumber,
  departmentCode: patients.departmentCode,
};

/** A consultation the caller can see, optionally locked; 404 otherwise. */
async function visibleConsultation(
  db: DbOrTx,
  session: SessionUser,
  id: number,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select({ c: consultations, p: briefColumns })
    .from(consultations)
    .innerJoin(patients, patientJoin)
    .where(
      and(
        eq(consultations.tenantId, session.tenantId),
        eq(consultations.id, id),
        visibleCondition(session.scope),
      ),
    );
  const [found] = options.forUpdate ? await query.for('update', { of: consultations }) : await query;
  if (!found) throw recordNotFound();
  return found;
}

/** A finished consultation refuses every change: "The consultation is already closed" (§8) or completed. */
function assertInProgress(row: ConsultationRow) {
  const key = consultationFinishedKey(row.status as ConsultationStatus);
  if (key) throw new AppError(409, key);
}

const onConsultingSide = (session: SessionUser, row: ConsultationRow) =>
  inScope(session.scope, row.consultDepartmentCode);

// ---------------------------------------------------------------- request

/** `POST /v1/consultations`: a doctor of the patient's department asks another department. */
export async function requestConsultation(
  tx: DbOrTx,
  session: SessionUser,
  input: ConsultationRequest,
  options: ConsultationWriteOptions,
): Promise<ConsultationView> {
  const patient = await patientInScope(tx, session, input.patientId);
  if (input.requestDepartmentCode !== patient.departmentCode) {
    throw fieldError(options.lang, 'requestDepartmentCode', 'consultation.requestDepartment.outOfScope');
  }
  const timeZone = await hospitalTimeZone(tx, session.tenantId);
  const today = dateIn(options.now, timeZone);
  const [requestDoctor] = await staffWithRole(tx, session.tenantId, patient.departmentCode, today, 'doctor', [
    input.requestDoctorId,
  ]);
  if (!requestDoctor) throw fieldError(options.lang, 'requestDoctorId', 'consultation.requestDoctor.unknown');
  const [department] = await tx
    .select({ code: departments.code })
    .from(departments)
    .where(
      and(
        eq(departments.tenantId, session.tenantId),
        eq(departments.code, input.consultDepartmentCode),
        eq(departments.isActive, true),
      ),
    );
  if (!department) {
    throw fieldError(options.lang, 'consultDepartmentCode', 'consultation.consultDepartment.unknown');
  }
  const [consultDoctor] = await departmentStaff(tx, session.tenantId, department.code, today, [
    input.consultDoctorId,
  ]);
  if (!consultDoctor) throw fieldError(options.lang, 'consultDoctorId', 'consultation.consultDoctor.unknown');
  const [row] = await tx
    .insert(consultations)
    .values({
      tenantId: session.tenantId,
      patientId: patient.id,
      admissionId: patient.admissionId,
      requestDepartmentCode: patient.departmentCode,
      requestDoctorId: requestDoctor.id,
      requestDoctorName: personName(requestDoctor),
      consultDepartmentCode: department.code,
      consultDoctorId: consultDoctor.id,
      consultDoctorName: personName(consultDoctor),
      requestedAt: new Date(input.requestedAt),
      description: input.description,
      urgency: input.urgency,
      status: 'inProgress',
      source: 'manual',
      lastActivityAt: options.now,
      createdBy: session.userId,
      createdAt: options.now,
      updatedAt: options.now,
    })
    .returning();
  await audit(tx, session, 'create', row!, { after: auditView(row!) }, options.meta);
  await markRead(tx, session, row!.id, options.now);
  await announceConsultation(tx, session.tenantId, row!);
  const context = await viewContext(tx, session.tenantId, [row!], options.lang);
  return toView(row!, patient, { replyCount: 0, readAt: options.now }, context);
}

// ---------------------------------------------------------------- lists

export type ConsultationListKind = 'inbox' | 'requests' | 'patient';

const readAtOf = (userId: number) =>
  sql<Date | null>`(select r.read_at from ${consultationReads} r where r.tenant_id = ${consultations.tenantId}
    and r.consultation_id = ${consultations.id} and r.user_id = ${userId})`.mapWith((value) =>
    value === null ? null : new Date(value as string),
  );
const replyCountOf = sql<number>`(select count(*) from ${consultationReplies} cr
  where cr.tenant_id = ${consultations.tenantId} and cr.consultation_id = ${consultations.id})`.mapWith(
  Number,
);

/**
 * The inbox (consulting department in scope), my requests (requesting department in scope) or a
 * patient's consultations (`patientId`, already checked in scope): filters, keyword, the request
 * time's days in the hospital calendar; newest activity first.
 */
export async function pageConsultations(
  db: DbOrTx,
  session: SessionUser,
  kind: ConsultationListKind,
  query: ConsultationQuery & { patientId?: number },
  lang: Lang,
): Promise<Page<ConsultationView>> {
  const timeZone = await hospitalTimeZone(db, session.tenantId);
  const keyword = query.queryCondition ? `%${query.queryCondition.replace(/[\\%_]/g, '\\$&')}%` : null;
  const where = and(
    eq(consultations.tenantId, session.tenantId),
    kind === 'inbox'
      ? departmentScopeCondition(session.scope, consultations.consultDepartmentCode)
      : undefined,
    kind === 'requests'
      ? departmentScopeCondition(session.scope, consultations.requestDepartmentCode)
      : undefined,
    kind === 'patient' && query.patientId ? eq(consultations.patientId, query.patientId) : undefined,
    query.status ? eq(consultations.status, query.status) : undefined,
    query.urgency ? eq(consultations.urgency, query.urgency) : undefined,
    query.source ? eq(consultations.source, query.source) : undefined,
    query.departmentCode
      ? eq(
          kind === 'inbox' ? consultations.requestDepartmentCode : consultations.consultDepartmentCode,
          query.departmentCode,
        )
      : undefined,
    dayRangeCondition(
      query.beginDate || undefined,
      query.endDate || undefined,
      timeZone,
      consultations.requestedAt,
    ),
    keyword
      ? sql`(${patients.name} ilike ${keyword} or ${patients.inpatientNumber} ilike ${keyword}
          or ${consultations.description} ilike ${keyword} or ${consultations.requestDoctorName} ilike ${keyword}
          or ${consultations.consultDoctorName} ilike ${keyword} or ${patients.bed} ilike ${keyword})`
      : undefined,
  );
  const page = await paginate(
    query,
    (limit, offset) =>
      db
        .select({
          c: consultations,
          p: briefColumns,
          readAt: readAtOf(session.userId),
          replyCount: replyCountOf,
        })
        .from(consultations)
        .innerJoin(patients, patientJoin)
        .where(where)
        .orderBy(desc(consultations.lastActivityAt), desc(consultations.id))
        .limit(limit)
        .offset(offset),
    async () => {
      const [row] = await db
        .select({ total: count() })
        .from(consultations)
        .innerJoin(patients, patientJoin)
        .where(where);
      return row?.total ?? 0;
    },
  );
  const context = await viewContext(
    db,
    session.tenantId,
    page.records.map((r) => r.c),
    lang,
  );
  return {
    ...page,
    records: page.records.map((r) =>
      toView(r.c, r.p, { replyCount: r.replyCount, readAt: r.readAt }, context),
    ),
  };
}

/** Consultations with news the caller has not opened: inbox, and own requests with replies or an end. */
export async function unreadCounts(db: DbOrTx, session: SessionUser): Promise<ConsultationUnreadView> {
  const unread = sql`not exists (select 1 from ${consultationReads} r where r.tenant_id = ${consultations.tenantId}
    and r.consultation_id = ${consultations.id} and r.user_id = ${session.userId}
    and r.read_at >= ${consultations.lastActivityAt})`;
  const countWhere = async (condition: SQL | undefined) => {
    const [row] = await db
      .select({ total: count() })
      .from(consultations)
      .innerJoin(patients, patientJoin)
      .where(and(eq(consultations.tenantId, session.tenantId), condition, unread));
    return row?.total ?? 0;
  };
  const answered = sql`(${consultations.status} <> 'inProgress' or exists (select 1 from ${consultationReplies} cr
    where cr.tenant_id = ${consultations.tenantId} and cr.consultation_id = ${consultations.id}))`;
  return {
    inbox: await countWhere(
      departmentScopeCondition(session.scope, consultations.consultDepartmentCode) ?? sql`true`,
    ),
    requests: await countWhere(
      and(departmentScopeCondition(session.scope, consultations.requestDepartmentCode), answered),
    ),
  };
}

// ---------------------------------------------------------------- detail

function toReplyView(
  row: typeof consultationReplies.$inferSelect,
  context: ViewContext,
): ConsultationReplyView {
  return {
    id: row.id,
    authorId: row.authorId,
    authorName: row.authorName,
    authorDepartmentCode: row.authorDepartmentCode,
    authorDepartmentName: row.authorDepartmentCode
      ? (context.departmentNames.get(row.authorDepartmentCode) ?? row.authorDepartmentCode)
      : null,
    text: row.text,
    suggestions: (row.suggestions ?? []).map((s) => ({ id: s.id, name: localName(s, context.lang) })),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Glucose readings shown beside a consultation: the last 3 days of the hospital calendar. */
export const RECENT_READING_DAYS = 3;

/**
 * `GET /v1/consultations/logs`: the consultation, the patient in brief (even of a ward outside the
 * caller's scope: the consulting doctor must see the patient), the last 3 days' glucose readings and
 * the thread. Opening it marks it read for the caller.
 */
export async function consultationDetail(
  db: DbOrTx,
  session: SessionUser,
  id: number,
  rights: ConsultationRights,
  lang: Lang,
  now: Date,
): Promise<ConsultationDetailView> {
  const { c: row } = await visibleConsultation(db, session, id);
  const [patient] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.tenantId, session.tenantId), eq(patients.id, row.patientId)));
  const context = await viewContext(db, session.tenantId, [row], lang);
  const replies = await db
    .select()
    .from(consultationReplies)
    .where(
      and(eq(consultationReplies.tenantId, session.tenantId), eq(consultationReplies.consultationId, row.id)),
    )
    .orderBy(asc(consultationReplies.createdAt), asc(consultationReplies.id));
  const today = dateIn(now, context.timeZone);
  const readings = await selectReadings(db, lang)
    .where(
      and(
        eq(measurements.tenantId, session.tenantId),
        eq(measurements.patientId, row.patientId),
        eq(measurements.item, 'GLU'),
        isNull(measurements.deletedAt),
        dayRangeCondition(addDays(today, 1 - RECENT_READING_DAYS), today, context.timeZone),
      ),
    )
    .orderBy(desc(measurements.testTime), desc(measurements.id))
    .limit(200);
  await markRead(db, session, row.id, now);
  const inProgress = row.status === 'inProgress';
  const suggestions =
    inProgress && rights.reply
      ? await db
          .select({
            id: managementSuggestions.id,
            title: managementSuggestions.title,
            content: managementSuggestions.content,
            category: managementSuggestions.category,
          })
          .from(managementSuggestions)
          .where(
            and(
              eq(managementSuggestions.tenantId, session.tenantId),
              eq(managementSuggestions.isActive, true),
            ),
          )
          .orderBy(
            asc(managementSuggestions.category),
            asc(managementSuggestions.sort),
            asc(managementSuggestions.id),
          )
      : [];
  return {
    consultation: toView(row, patient!, { replyCount: replies.length, readAt: now }, context),
    patient: {
      id: patient!.id,
      name: patient!.name,
      gender: patient!.gender,
      age: patientAgeAt(patient!, now, context.timeZone),
      bed: patient!.bed,
      inpatientNumber: patient!.inpatientNumber,
      departmentCode: patient!.departmentCode,
      departmentName: context.departmentNames.get(patient!.departmentCode) ?? patient!.departmentCode,
      status: patient!.status,
      diagnosis: null,
    },
    readings: readings.map(toReadingView),
    timeZone: context.timeZone,
    replies: replies.map((reply) => toReplyView(reply, context)),
    canReply: inProgress && rights.reply,
    canFinish: inProgress && rights.reply,
    suggestions,
  };
}

// ---------------------------------------------------------------- reply and finish

/** A versioned change of a consultation (stale → 409), bumping its last activity. */
function updateConsultation(
  tx: DbOrTx,
  session: SessionUser,
  row: ConsultationRow,
  values: Partial<ConsultationRow>,
  now: Date,
): Promise<ConsultationRow> {
  return updateVersioned(tx, consultations, { tenantId: session.tenantId, id: row.id }, row.version, {
    ...values,
    lastActivityAt: now,
  });
}

/**
 * `POST /v1/consultations/logs`: a reply of either side, free text and/or suggestions of the catalogue
 * (their names kept). The consulting doctor becomes the replier when none was set and the replier is
 * on the consulting side.
 */
export async function replyToConsultation(
  tx: DbOrTx,
  session: SessionUser,
  input: ConsultationReply,
  options: ConsultationWriteOptions,
): Promise<ConsultationDetailView['replies'][number]> {
  const { c: row } = await visibleConsultation(tx, session, input.id, { forUpdate: true });
  assertInProgress(row);
  const ids = input.suggestionIds ?? [];
  const found = ids.length
    ? await tx
        .select({ id: managementSuggestions.id, title: managementSuggestions.title })
        .from(managementSuggestions)
        .where(
          and(
            eq(managementSuggestions.tenantId, session.tenantId),
            inArray(managementSuggestions.id, ids),
            eq(managementSuggestions.isActive, true),
          ),
        )
    : [];
  if (found.length !== ids.length)
    throw fieldError(options.lang, 'suggestionIds', 'consultation.suggestion.unknown');
  const byId = new Map(found.map((s) => [s.id, s]));
  const author = personName(session);
  const consulting = onConsultingSide(session, row);
  const [reply] = await tx
    .insert(consultationReplies)
    .values({
      tenantId: session.tenantId,
      consultationId: row.id,
      authorId: session.userId,
      authorName: author,
      authorDepartmentCode: consulting ? row.consultDepartmentCode : row.requestDepartmentCode,
      text: input.text || null,
      // the catalogue's title is one text as entered: kept for both languages
      suggestions: ids.map((id) => ({ id, nameZh: byId.get(id)!.title, nameEn: byId.get(id)!.title })),
      createdAt: options.now,
    })
    .returning();
  const updated = await updateConsultation(
    tx,
    session,
    row,
    consulting && row.consultDoctorId === null
      ? { consultDoctorId: session.userId, consultDoctorName: author }
      : {},
    options.now,
  );
  const context = await viewContext(tx, session.tenantId, [updated], options.lang);
  const view = toReplyView(reply!, context);
  await audit(
    tx,
    session,
    'reply',
    updated,
    { before: auditView(row), after: { ...auditView(updated), reply: view } },
    options.meta,
  );
  await markRead(tx, session, row.id, options.now);
  await announceConsultation(tx, session.tenantId, updated);
  return view;
}

/**
 * `POST /v1/consultations/finish`: complete (the consulting side, with the record) or close (either
 * side, with a reason); who and when are kept. A finished one → 409 with its message; stale → 409.
 */
export async function finishConsultation(
  tx: DbOrTx,
  session: SessionUser,
  input: ConsultationFinish,
  options: ConsultationWriteOptions,
): Promise<ConsultationView> {
  const { c: row, p: patient } = await visibleConsultation(tx, session, input.id, { forUpdate: true });
  assertInProgress(row);
  if (row.version !== input.version) throw new AppError(409, 'error.conflict');
  if (input.action === 'complete' && !onConsultingSide(session, row)) throw forbidden();
  const who = { finishedAt: options.now, finishedBy: session.userId, finishedByName: personName(session) };
  const updated = await updateConsultation(
    tx,
    session,
    row,
    input.action === 'complete'
      ? { ...who, status: 'completed', record: input.record ?? null }
      : { ...who, status: 'closed', closeReason: input.reason ?? null },
    options.now,
  );
  await audit(
    tx,
    session,
    input.action,
    updated,
    { before: auditView(row), after: auditView(updated), reason: input.reason ?? undefined },
    options.meta,
  );
  await markRead(tx, session, row.id, options.now);
  await announceConsultation(tx, session.tenantId, updated);
  const [{ replies }] = (await tx
    .select({ replies: count() })
    .from(consultationReplies)
    .where(
      and(eq(consultationReplies.tenantId, session.tenantId), eq(consultationReplies.consultationId, row.id)),
    )) as [{ replies: number }];
  const context = await viewContext(tx, session.tenantId, [updated], options.lang);
  return toView(updated, patient, { replyCount: replies, readAt: options.now }, context);
}

// ---------------------------------------------------------------- the request dialog

/** What the request dialog of a patient offers: the patient's department and doctors, every enabled department's staff. */
export async function consultationOptions(
  db: DbOrTx,
  session: SessionUser,
  patientId: number,
  lang: Lang,
  now: Date,
): Promise<ConsultationOptionsView> {
  const patient = await patientInScope(db, session, patientId);
  const today = dateIn(now, await hospitalTimeZone(db, session.tenantId));
  const deps = await db
    .select()
    .from(departments)
    .where(and(eq(departments.tenantId, session.tenantId), eq(departments.isActive, true)))
    .orderBy(asc(departments.sort), asc(departments.id));
  const own = deps.find((d) => d.code === patient.departmentCode);
  const doctors = await staffWithRole(db, session.tenantId, patient.departmentCode, today, 'doctor');
  const others = deps.filter((d) => d.code !== patient.departmentCode);
  return {
    requestDepartment: {
      code: patient.departmentCode,
      name: own ? departmentName(own, lang) : patient.departmentCode,
    },
    requestDoctors: doctors.map((d) => ({ id: d.id, name: personName(d) })),
    departments: await Promise.all(
      others.map(async (d) => ({
        code: d.code,
        name: departmentName(d, lang),
        // named staff of the department itself first: the all-departments administrators last
        staff: (await departmentStaff(db, session.tenantId, d.code, today))
          .sort((a, b) => Number(b.departmentCode === d.code) - Number(a.departmentCode === d.code))
          .map((u) => ({ id: u.id, name: personName(u) })),
      })),
    ),
  };
}
