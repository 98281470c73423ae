import {
  addDays,
  type CRITICAL_STATUSES,
  type CriticalAcknowledgeInput,
  type CriticalHandleInput,
  type CriticalMonitorQuery,
  type CriticalNotifyInput,
  type CriticalQuery,
  type CriticalSkipRecheckInput,
  handledAtIssue,
  hospitalDayAt,
  isCalendarDate,
  type Lang,
  type MeasurementItem,
  minutesBetween,
  STORAGE_UNITS,
  translate,
  zonedInstant,
} from '@glucocare/domain';
import type { CriticalEventView } from '@glucocare/domain/responses';
import {
  and,
  count,
  desc,
  eq,
  gt,
  gte,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from '../../db/client';
import {
  criticalAwaiting,
  criticalEvents,
  departments,
  glucosePeriods,
  measurements,
  patients,
  users,
} from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { containsPattern } from '../../lib/query';
import { departmentScopeCondition } from '../../lib/scope';
import { updateVersioned } from '../../lib/versioned';
import { auditActor, type RequestMeta, writeAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { departmentNameColumn } from '../departments/service';
import { publishLive } from '../live/publish';
import { instantLiteral } from '../measurements/read';
import { hospitalTimeZone } from '../settings/time-zone';
import { doctorRecords } from '../users/staff-service';

// Not a resource declaration (lib/resource.ts): critical-value events are opened and voided by the reading
// write path; this service reads them and records their handling, a one-way change with its own rules, not a
// resource's update.

/** Most rows today's list returns (a ward rarely has more than a handful). */
export const MONITOR_LIMIT = 500;
/** Most new events one poll of the alert returns. */
export const LATEST_LIMIT = 20;

const doctor = alias(users, 'doctor');

/** The event's patient, not deleted. */
const eventPatient = and(
  eq(patients.tenantId, criticalEvents.tenantId),
  eq(patients.id, criticalEvents.patientId),
  isNull(patients.deletedAt),
);

function selectEvents(db: DbOrTx, lang: Lang) {
  const en = lang === 'en-US';
  return db
    .select({
      e: criticalEvents,
      patientName: patients.name,
      gender: patients.gender,
      bed: patients.bed,
      inpatientNumber: patients.inpatientNumber,
      doctorCode: patients.doctorCode,
      doctorName: doctor.nickName,
      departmentName: departmentNameColumn(lang),
      color: measurements.color,
      enteredValue: measurements.enteredValue,
      enteredUnit: measurements.enteredUnit,
      periodCode: measurements.periodCode,
      periodName: en ? glucosePeriods.nameEn : glucosePeriods.nameZh,
    })
    .from(criticalEvents)
    .innerJoin(patients, eventPatient)
    .innerJoin(
      measurements,
      and(
        eq(measurements.tenantId, criticalEvents.tenantId),
        eq(measurements.id, criticalEvents.measurementId),
      ),
    )
    .leftJoin(
      departments,
      and(
        eq(departments.tenantId, criticalEvents.tenantId),
        eq(departments.code, criticalEvents.departmentCode),
      ),
    )
    .leftJoin(
      doctor,
      and(
        eq(doctor.tenantId, patients.tenantId),
        sql`lower(${doctor.userName}) = lower(${patients.doctorCode})`,
        isNull(doctor.deletedAt),
      ),
    )
    .leftJoin(
      glucosePeriods,
      and(
        eq(glucosePeriods.tenantId, measurements.tenantId),
        eq(glucosePeriods.code, measurements.periodCode),
      ),
    );
}

type EventRow = Awaited<ReturnType<ReturnType<typeof selectEvents>['where']>>[number];

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function toView(row: EventRow, now: Date): CriticalEventView {
  const e = row.e;
  return {
    id: e.id,
    measurementId: e.measurementId,
    patientId: e.patientId,
    patientName: row.patientName,
    gender: row.gender,
    bed: row.bed,
    inpatientNumber: row.inpatientNumber,
    departmentCode: e.departmentCode,
    departmentName: row.departmentName ?? e.departmentCode,
    doctorCode: row.doctorCode,
    doctorName: row.doctorName,
    item: e.item as MeasurementItem,
    value: e.value,
    unit: STORAGE_UNITS[e.item as MeasurementItem] ?? '',
    enteredValue: row.enteredValue,
    enteredUnit: row.enteredUnit,
    classification: e.classification as CriticalEventView['classification'],
    grade: e.grade,
    color: row.color,
    periodCode: row.periodCode,
    periodName: row.periodCode ? (row.periodName ?? row.periodCode) : null,
    measuredAt: e.measuredAt.toISOString(),
    status: e.status === 'handled' ? 'handled' : 'open',
    notifiedPerson: e.notifiedPerson,
    action: e.action,
    handledById: e.handledBy,
    handledBy: e.handledByName,
    handledAt: e.handledAt ? e.handledAt.toISOString() : null,
    minutesToHandle: minutesBetween(e.measuredAt, e.handledAt ?? now),
    notifiedAt: iso(e.notifiedAt),
    notifiedUserId: e.notifiedUserId,
    acknowledgedAt: iso(e.acknowledgedAt),
    acknowledgedBy: e.acknowledgedByName,
    recheckDueAt: iso(e.recheckDueAt),
    recheckedAt: iso(e.recheckedAt),
    recheckMeasurementId: e.recheckMeasurementId,
    recheckSkippedReason: e.recheckSkippedReason,
    escalatedAt: iso(e.escalatedAt),
    escalatedDoctorId: e.escalatedDoctorId,
    escalatedDoctorName: e.escalatedDoctorName,
    escalatedHeadNurseId: e.escalatedHeadNurseId,
    escalatedHeadNurseName: e.escalatedHeadNurseName,
    loopClosed: e.status === 'handled' && (e.recheckedAt !== null || !!e.recheckSkippedReason),
    version: e.version,
  };
}

/** Tenant, the caller's departments, not void (or the one status asked for). */
function visible(session: SessionUser, status?: (typeof CRITICAL_STATUSES)[number]): SQL {
  return and(
    eq(criticalEvents.tenantId, session.tenantId),
    status ? eq(criticalEvents.status, status) : ne(criticalEvents.status, 'void'),
    departmentScopeCondition(session.scope, criticalEvents.departmentCode),
  ) as SQL;
}

/** Escalated to the caller (as the patient's doctor or the ward's head nurse), in the tenant, not void. */
function escalatedToCaller(session: SessionUser): SQL {
  return and(
    eq(criticalEvents.tenantId, session.tenantId),
    isNotNull(criticalEvents.escalatedAt),
    or(
      eq(criticalEvents.escalatedDoctorId, session.userId),
      eq(criticalEvents.escalatedHeadNurseId, session.userId),
    ),
    ne(criticalEvents.status, 'void'),
  ) as SQL;
}

/**
 * What the caller may see of one value: the caller's departments, and besides them the values escalated
 * to the caller by name (issue 15: the doctor and the head nurse are told whatever their scope) — only
 * those values, whatever their department.
 */
function seenBy(session: SessionUser, status?: (typeof CRITICAL_STATUSES)[number]): SQL {
  return or(
    visible(session, status),
    and(escalatedToCaller(session), status ? eq(criticalEvents.status, status) : undefined),
  ) as SQL;
}

/** Escalated to the caller and still waiting (acknowledgement or recheck): what the bell adds to its count. */
function waitingForCaller(session: SessionUser): SQL {
  return and(
    isNotNull(criticalEvents.escalatedAt),
    escalatedToCaller(session),
    criticalAwaiting(criticalEvents),
  ) as SQL;
}

/** The filters both lists share: free text on the patient, department, doctor. */
function commonFilters(query: CriticalMonitorQuery): (SQL | undefined)[] {
  const text = query.queryCondition?.trim();
  const pattern = text ? containsPattern(text) : null;
  return [
    query.departmentCode ? eq(criticalEvents.departmentCode, query.departmentCode) : undefined,
    query.doctorCode ? eq(patients.doctorCode, query.doctorCode) : undefined,
    pattern
      ? sql`(${patients.name} ilike ${pattern} or ${patients.inpatientNumber} ilike ${pattern}
          or ${patients.bed} ilike ${pattern} or ${patients.wristbandCode} ilike ${pattern})`
      : undefined,
  ];
}

/** Open ones first, then the newest. */
const openFirst = [
  sql`case when ${criticalEvents.status} = 'open' then 0 else 1 end`,
  desc(criticalEvents.measuredAt),
  desc(criticalEvents.id),
];

/**
 * GET /v1/crisisPatient/monitor: today's (hospital day) critical values of the caller's departments,
 * and those escalated to the caller.
 */
export async function monitorCriticalEvents(
  db: DbOrTx,
  session: SessionUser,
  query: CriticalMonitorQuery,
  lang: Lang,
  now: Date,
): Promise<CriticalEventView[]> {
  const day = hospitalDayAt(now, await hospitalTimeZone(db, session));
  const rows = await selectEvents(db, lang)
    .where(
      and(
        seenBy(session, query.status),
        gte(criticalEvents.measuredAt, day.start),
        lt(criticalEvents.measuredAt, day.end),
        ...commonFilters(query),
      ),
    )
    .orderBy(...openFirst)
    .limit(MONITOR_LIMIT);
  return rows.map((row) => toView(row, now));
}

/**
 * The instants a query range covers: calendar dates are whole hospital days (end day included). An
 * event's time is its reading's (the write path keeps them equal), so the same range, written as
 * constants, keeps the join to the readings to the months it covers (migration 0027).
 */
function queryBounds(query: Pick<CriticalQuery, 'beginDate' | 'endDate'>, timeZone: string) {
  const from = isCalendarDate(query.beginDate)
    ? zonedInstant(query.beginDate, 0, timeZone)
    : new Date(query.beginDate);
  const endDay = isCalendarDate(query.endDate);
  const to = endDay ? zonedInstant(addDays(query.endDate, 1), 0, timeZone) : new Date(query.endDate);
  return {
    events: [
      gte(criticalEvents.measuredAt, from),
      endDay ? lt(criticalEvents.measuredAt, to) : lte(criticalEvents.measuredAt, to),
    ],
    readings: and(
      sql`${measurements.testTime} >= ${instantLiteral(from)}`,
      endDay
        ? sql`${measurements.testTime} < ${instantLiteral(to)}`
        : sql`${measurements.testTime} <= ${instantLiteral(to)}`,
    ),
  };
}

/** GET /v1/crisisPatient/query: critical values of a date range, filtered, newest first, paged. */
export async function queryCriticalEvents(
  db: DbOrTx,
  session: SessionUser,
  query: CriticalQuery,
  lang: Lang,
  now: Date,
) {
  const timeZone = await hospitalTimeZone(db, session);
  const bounds = queryBounds(query, timeZone);
  const where = and(
    visible(session, query.status),
    ...bounds.events,
    query.category ? eq(criticalEvents.item, query.category) : undefined,
    query.minValue !== undefined ? gte(criticalEvents.value, query.minValue) : undefined,
    query.maxValue !== undefined ? lte(criticalEvents.value, query.maxValue) : undefined,
    ...commonFilters(query),
  );
  const [rows, [total]] = await Promise.all([
    selectEvents(db, lang)
      .where(and(where, bounds.readings))
      .orderBy(desc(criticalEvents.measuredAt), desc(criticalEvents.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    // the patient join costs a scan of every patient: only when a filter reads the patient
    query.doctorCode || query.queryCondition?.trim()
      ? db.select({ n: count() }).from(criticalEvents).innerJoin(patients, eventPatient).where(where)
      : db
          .select({ n: count() })
          .from(criticalEvents)
          .where(
            and(
              where,
              // the same rows as the join: events of deleted patients are left out (a key lookup each)
              sql`not exists (select 1 from ${patients} where ${patients.tenantId} = ${criticalEvents.tenantId}
                  and ${patients.id} = ${criticalEvents.patientId} and ${patients.deletedAt} is not null)`,
            ),
          ),
  ]);
  return {
    records: rows.map((row) => toView(row, now)),
    total: total?.n ?? 0,
    page: query.page,
    size: query.size,
  };
}

/** One event the caller may see as the lists show it, or 404. */
async function eventView(db: DbOrTx, session: SessionUser, id: number, lang: Lang, now: Date) {
  const [row] = await selectEvents(db, lang).where(and(seenBy(session), eq(criticalEvents.id, id)));
  if (!row) throw recordNotFound();
  return toView(row, now);
}

/**
 * GET /v1/crisisPatient/measurement/:id: the event a reading opened (open or handled; the newest when a
 * correction reopened it), so the entry dialog finds what it records on; 404 when the reading has none.
 */
export async function criticalEventOfMeasurement(
  db: DbOrTx,
  session: SessionUser,
  measurementId: number,
  lang: Lang,
  now: Date,
): Promise<CriticalEventView> {
  const [row] = await selectEvents(db, lang)
    .where(and(visible(session), eq(criticalEvents.measurementId, measurementId)))
    .orderBy(desc(criticalEvents.id))
    .limit(1);
  if (!row) throw recordNotFound();
  return toView(row, now);
}

/**
 * GET /v1/crisisPatient/doctors: the doctors a nurse may tell of a critical value (the entry dialog's
 * choices), of one department when given, with the user ids `notifiedUserId` takes. The whole hospital
 * whatever the caller's scope, as the notification accepts any user of it.
 */
export async function notifiableDoctors(db: Database, session: SessionUser, departmentCode?: string) {
  const rows = await doctorRecords(db, { ...session, scope: { all: true } }, departmentCode);
  return rows.map((row) => ({ id: row.id, userName: row.userName, nickName: row.nickName }));
}

type EventRecord = typeof criticalEvents.$inferSelect;
const ACTOR_ID_COLUMNS = new Set(['handledBy', 'acknowledgedBy', 'notifiedBy']);
const AUDIT_NAMES: Record<string, string> = {
  handledByName: 'handledBy',
  acknowledgedByName: 'acknowledgedBy',
};
type EventChange = Partial<typeof criticalEvents.$inferInsert>;

/**
 * One step of a critical value's loop, in one transaction: the event read in the caller's scope and
 * locked, the step refused (AppError) or its columns decided, then the versioned update
 * (stale → 409), the audit row with what changed and the push channel's word. Handling, notifying,
 * acknowledging and giving up the recheck all go through here.
 */
async function changeEvent(
  db: Database,
  session: SessionUser,
  target: { id: number; version: number },
  context: { lang: Lang; now: Date; meta: RequestMeta },
  step: {
    /** throws when the step cannot be taken at all (checked before the version) */
    refuse?: (current: EventRecord) => void;
    /** the columns the step sets (may still refuse a value, after the version check) */
    change: (current: EventRecord) => EventChange;
    /** the users the value escalated to may take the step outside their departments (the read receipt) */
    escalatedMayTake?: boolean;
  },
): Promise<CriticalEventView> {
  await db.transaction(async (tx) => {
    const [event] = await tx
      .select({ e: criticalEvents })
      .from(criticalEvents)
      .innerJoin(patients, eventPatient)
      .where(
        and(step.escalatedMayTake ? seenBy(session) : visible(session), eq(criticalEvents.id, target.id)),
      )
      .for('update', { of: criticalEvents });
    if (!event) throw recordNotFound();
    const current = event.e;
    step.refuse?.(current);
    if (current.version !== target.version) throw new AppError(409, 'error.conflict');
    const change = step.change(current);
    const changed = await updateVersioned(
      tx,
      criticalEvents,
      { tenantId: session.tenantId, id: target.id },
      target.version,
      change,
    );
    // the audit names people (who handled, who acknowledged) rather than their ids
    const after = Object.fromEntries(
      Object.keys(change)
        .filter((key) => !ACTOR_ID_COLUMNS.has(key))
        .map((key) => {
          const value = changed[key as keyof EventRecord];
          return [AUDIT_NAMES[key] ?? key, value instanceof Date ? value.toISOString() : value];
        }),
    );
    await writeAudit(
      tx,
      {
        ...auditActor(session),
        action: 'update',
        entity: 'criticalEvent',
        entityId: target.id,
        patientId: current.patientId,
        before: { status: current.status, version: current.version },
        after: {
          ...after,
          status: changed.status,
          ...(change.handledAt
            ? { minutesToHandle: minutesBetween(current.measuredAt, change.handledAt) }
            : {}),
          version: changed.version,
        },
      },
      context.meta,
    );
    await publishLive(tx, session.tenantId, [
      {
        topic: 'critical',
        departmentCode: current.departmentCode,
        patientId: current.patientId,
        criticalId: current.id,
        // the users told by name hear of each step whatever their scope (their bell follows)
        userIds: [changed.notifiedUserId, current.escalatedDoctorId, current.escalatedHeadNurseId].filter(
          (id): id is number => id !== null,
        ),
      },
    ]);
  });
  return eventView(db, session, target.id, context.lang, context.now);
}

const actorName = (session: SessionUser) => session.nickName || session.userName;

/** POST /v1/crisisPatient/handle: who was notified and what was done; the event becomes `handled`. */
export function handleCriticalEvent(
  db: Database,
  session: SessionUser,
  input: CriticalHandleInput,
  lang: Lang,
  now: Date,
  meta: RequestMeta,
): Promise<CriticalEventView> {
  return changeEvent(
    db,
    session,
    input,
    { lang, now, meta },
    {
      refuse: (current) => {
        if (current.status === 'handled') {
          throw new AppError(409, 'critical.alreadyHandled', { name: current.handledByName ?? '' });
        }
      },
      change: (current) => {
        const handledAt = input.handledAt ? new Date(input.handledAt) : now;
        const issue = handledAtIssue(handledAt, current.measuredAt, now);
        if (issue) {
          const message = translate(lang, issue);
          throw new AppError(400, issue, undefined, { errors: [{ field: 'handledAt', message }] });
        }
        return {
          status: 'handled',
          notifiedPerson: input.notifiedPerson,
          action: input.action,
          handledBy: session.userId,
          handledByName: actorName(session),
          handledAt,
          // handling says whom the handler told: the notification step is done by then at the latest
          notifiedAt: current.notifiedAt ?? handledAt,
        };
      },
    },
  );
}

/** What a step of the loop knows of its request. */
interface StepContext {
  session: SessionUser;
  lang: Lang;
  now: Date;
}

/**
 * A step of the loop as a service function with the handling's signature (the routes call them alike):
 * `check` refuses the input before the event is read (e.g. an unknown user), `step` says what the
 * step refuses and sets.
 */
function loopStep<I extends { id: number; version: number }>(
  step: (input: I, context: StepContext) => Parameters<typeof changeEvent>[4],
  check?: (db: Database, input: I, context: StepContext) => Promise<void>,
) {
  return async (
    db: Database,
    session: SessionUser,
    input: I,
    lang: Lang,
    now: Date,
    meta: RequestMeta,
  ): Promise<CriticalEventView> => {
    const context = { session, lang, now };
    await check?.(db, input, context);
    return changeEvent(db, session, input, { lang, now, meta }, step(input, context));
  };
}

/**
 * POST /v1/crisisPatient/notify (the entry dialog): whom the nurse told — the patient's doctor
 * preselected, a user of the hospital or a free name — and what was done at once. The user told hears
 * of it on the push channel whatever their scope.
 */
export const notifyCriticalEvent = loopStep<CriticalNotifyInput>(
  (input, { session, now }) => ({
    refuse: (current) => {
      if (current.notifiedAt) {
        throw new AppError(409, 'critical.alreadyNotified', { name: current.notifiedPerson ?? '' });
      }
    },
    change: () => ({
      notifiedAt: now,
      notifiedBy: session.userId,
      notifiedPerson: input.notifiedPerson,
      notifiedUserId: input.notifiedUserId ?? null,
      action: input.action,
    }),
  }),
  async (db, input, { session, lang }) => {
    if (!input.notifiedUserId) return;
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.tenantId, session.tenantId),
          eq(users.id, input.notifiedUserId),
          isNull(users.deletedAt),
        ),
      );
    if (user) return;
    const message = translate(lang, 'critical.notifiedUser.unknown');
    throw new AppError(400, 'critical.notifiedUser.unknown', undefined, {
      errors: [{ field: 'notifiedUserId', message }],
    });
  },
);

/**
 * POST /v1/crisisPatient/acknowledge: the doctor's read receipt (once; the first reader is kept), also
 * by the users the value escalated to when it lies outside their departments.
 */
export const acknowledgeCriticalEvent = loopStep<CriticalAcknowledgeInput>((_input, { session, now }) => ({
  escalatedMayTake: true,
  refuse: (current) => {
    if (current.acknowledgedAt) {
      throw new AppError(409, 'critical.alreadyAcknowledged', { name: current.acknowledgedByName ?? '' });
    }
  },
  change: () => ({
    acknowledgedAt: now,
    acknowledgedBy: session.userId,
    acknowledgedByName: actorName(session),
  }),
}));

/** POST /v1/crisisPatient/skipRecheck: why no recheck will be taken; it closes the loop in its place. */
export const skipCriticalRecheck = loopStep<CriticalSkipRecheckInput>((input) => ({
  refuse: (current) => {
    if (current.recheckedAt || current.recheckSkippedReason)
      throw new AppError(409, 'critical.alreadyRechecked');
  },
  change: () => ({ recheckSkippedReason: input.reason }),
}));

/** GET /v1/crisisPatient/counts: the badges — open and handled today, open whenever measured. */
export async function countCriticalEvents(db: DbOrTx, session: SessionUser, now: Date) {
  const day = hospitalDayAt(now, await hospitalTimeZone(db, session));
  const today = and(gte(criticalEvents.measuredAt, day.start), lt(criticalEvents.measuredAt, day.end));
  const [row] = await db
    .select({
      openToday: sql<number>`count(*) filter (where ${criticalEvents.status} = 'open' and ${today})::int`,
      handledToday: sql<number>`count(*) filter (where ${criticalEvents.status} = 'handled' and ${today})::int`,
      open: sql<number>`count(*) filter (where ${criticalEvents.status} = 'open')::int`,
    })
    .from(criticalEvents)
    .innerJoin(patients, eventPatient)
    .where(and(visible(session), sql`(${criticalEvents.status} = 'open' or ${today})`));
  return { openToday: row?.openToday ?? 0, handledToday: row?.handledToday ?? 0, open: row?.open ?? 0 };
}

/**
 * GET /v1/crisisPatient/latest: open events of the caller's departments newer than `since` (all open
 * ones without it), for the ward alert, and the events escalated to the caller that still wait,
 * whatever their department. Reads the open events (critical_events_open_idx) and the escalated ones
 * that wait (critical_events_escalated_idx) only.
 */
export async function latestCriticalEvents(
  db: DbOrTx,
  session: SessionUser,
  since: number | undefined,
  lang: Lang,
  now: Date,
) {
  const mine = waitingForCaller(session);
  const open = or(visible(session, 'open'), and(mine, eq(criticalEvents.status, 'open'))) as SQL;
  const [rows, escalated, [summary]] = await Promise.all([
    selectEvents(db, lang)
      .where(and(open, since !== undefined ? gt(criticalEvents.id, since) : undefined))
      .orderBy(desc(criticalEvents.id))
      .limit(LATEST_LIMIT),
    selectEvents(db, lang)
      .where(mine)
      .orderBy(desc(criticalEvents.escalatedAt), desc(criticalEvents.id))
      .limit(LATEST_LIMIT),
    db
      .select({
        openCount: count(),
        latestId: sql<number | null>`max(${criticalEvents.id}) filter (where ${open})`,
      })
      .from(criticalEvents)
      .innerJoin(patients, eventPatient)
      .where(or(visible(session, 'open'), mine)),
  ]);
  return {
    latestId: Math.max(since ?? 0, Number(summary?.latestId ?? 0)),
    openCount: summary?.openCount ?? 0,
    records: rows.map((row) => toView(row, now)),
    escalatedToMe: escalated.map((row) => toView(row, now)),
  };
}
