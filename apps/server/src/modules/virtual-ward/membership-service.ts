/**
 * Virtual-ward membership (issue 18, 虚拟病房 入组/出组): joining a patient by hand, exiting one or many
 * stays (batch end management, 批量结束管理) with one reason, editing a current stay's suggestion, mark
 * and labels, and the current and history lists with the days managed, compliance (domain
 * `complianceOf`) and the latest glucose. Automatic joining is `auto-join.ts` (the reading and lab-result
 * write paths).
 *
 * Scope: a stay is seen by whoever has its managing department, the ward it was joined from or the
 * patient's department now in scope; anyone else gets 404, as for a missing id. Joining needs the
 * patient in the caller's scope or the managing department in it (the virtual-ward team pulls in
 * patients of any ward). Every change is audited (entity `virtualWardStay`) and announced on the push
 * channel (topic `virtualWard`) to the patient's ward and the managing department, in the transaction.
 */
import {
  complianceOf,
  type JoinRefusal,
  joinRefusal,
  type Lang,
  VIRTUAL_WARD_DEVICE_MARK_NAMES,
  VIRTUAL_WARD_PATIENT_STATE_NAMES,
  VIRTUAL_WARD_SOURCE_NAMES,
  type VirtualWardCurrentQuery,
  type VirtualWardDeviceMark,
  type VirtualWardExit,
  type VirtualWardHistoryQuery,
  type VirtualWardJoin,
  type VirtualWardPatientState,
  type VirtualWardSource,
  type VirtualWardStayEdit,
} from '@glucocare/domain';
import type { VirtualWardPatientStateView, VirtualWardStayView } from '@glucocare/domain/responses';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { departments, managementSuggestions, patients, virtualWardStays } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { type Page, paginate } from '../../lib/page';
import { departmentScopeCondition } from '../../lib/scope';
import { updateVersioned } from '../../lib/versioned';
import { auditActor, type RequestMeta, writeAudits } from '../audit/service';
import type { DepartmentScope, SessionUser } from '../auth/sessions';
import { departmentName, inScope } from '../departments/service';
import { publishLive } from '../live/publish';
import { fieldError } from '../measurements/context';
import { dayRangeCondition } from '../measurements/read';
import { patientAgeAt, patientScopeCondition } from '../patients/access';
import { getSetting } from '../settings/service';
import { readMonitorStrategy } from '../settings/strategy-service';
import { hospitalTimeZone } from '../settings/time-zone';

export type StayRow = typeof virtualWardStays.$inferSelect;
type PatientRow = typeof patients.$inferSelect;

export interface MembershipWriteOptions {
  lang: Lang;
  meta: RequestMeta;
  now: Date;
}

// ---------------------------------------------------------------- live and audit

/** Announces stays joined, changed or ended: to the patient's ward and the managing department. */
export async function announceStays(
  tx: DbOrTx,
  tenantId: string,
  stays: readonly { patientId: number; wardDepartmentCode: string; managingDepartmentCode: string }[],
  patientDepartments: ReadonlyMap<number, string> = new Map(),
): Promise<void> {
  await publishLive(
    tx,
    tenantId,
    stays.flatMap((stay) =>
      [
        ...new Set([
          stay.wardDepartmentCode,
          stay.managingDepartmentCode,
          patientDepartments.get(stay.patientId) ?? stay.wardDepartmentCode,
        ]),
      ].map((departmentCode) => ({
        topic: 'virtualWard' as const,
        departmentCode,
        patientId: stay.patientId,
      })),
    ),
  );
}

/** The audit shape of a stay: the stored row, times as ISO text. */
export function stayAuditView(row: StayRow) {
  return {
    ...row,
    joinedAt: row.joinedAt.toISOString(),
    exitedAt: row.exitedAt ? row.exitedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------- visibility

/** Who may see a stay: its managing department, its ward when joining or the patient's department now. */
function visibleCondition(scope: DepartmentScope): SQL | undefined {
  if (scope.all) return undefined;
  return or(
    departmentScopeCondition(scope, virtualWardStays.managingDepartmentCode),
    departmentScopeCondition(scope, virtualWardStays.wardDepartmentCode),
    departmentScopeCondition(scope, patients.departmentCode),
  );
}

const patientJoin = and(
  eq(patients.tenantId, virtualWardStays.tenantId),
  eq(patients.id, virtualWardStays.patientId),
  isNull(patients.deletedAt),
);

function refuse(refusal: JoinRefusal): never {
  throw new AppError(refusal.status, refusal.key);
}

// ---------------------------------------------------------------- join

/** The managing department in force (read fresh: a write must see a change made just before it). */
export function managingDepartmentOf(db: DbOrTx, tenantId: string) {
  return getSetting(db, tenantId, 'virtualWard.managingDepartment');
}

/** The number of stays a patient had (the next one's join count is this + 1). */
function joinCountSql(tenantId: string, patientId: number) {
  return sql<number>`(select count(*) + 1 from virtual_ward_stays s where s.tenant_id = ${tenantId} and s.patient_id = ${patientId})`;
}

/** `POST /v1/virtualward/join`: a patient joins by hand (join time and management suggestion, §5). */
export async function joinVirtualWard(
  tx: DbOrTx,
  session: SessionUser,
  input: VirtualWardJoin,
  options: MembershipWriteOptions,
): Promise<VirtualWardStayView> {
  const managing = await managingDepartmentOf(tx, session.tenantId);
  const [patient] = await tx
    .select()
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, session.tenantId),
        eq(patients.id, input.patientId),
        isNull(patients.deletedAt),
        // the virtual-ward team pulls in patients of any ward
        managing && inScope(session.scope, managing) ? undefined : patientScopeCondition(session.scope),
      ),
    )
    .for('update');
  if (!patient) throw recordNotFound();
  const [current] = await tx
    .select({ id: virtualWardStays.id })
    .from(virtualWardStays)
    .where(
      and(
        eq(virtualWardStays.tenantId, session.tenantId),
        eq(virtualWardStays.patientId, patient.id),
        isNull(virtualWardStays.exitedAt),
      ),
    );
  const refusal = joinRefusal({
    managingDepartmentCode: managing,
    patientStatus: patient.status,
    patientDepartmentCode: patient.departmentCode,
    inVirtualWard: !!current,
  });
  if (refusal) refuse(refusal);
  const joinedAt = new Date(input.joinedAt);
  if (joinedAt.getTime() > options.now.getTime() + 60_000) {
    throw fieldError(options.lang, 'joinedAt', 'virtualWard.joinedAt.future');
  }
  if (input.suggestionId) {
    const [known] = await tx
      .select({ id: managementSuggestions.id })
      .from(managementSuggestions)
      .where(
        and(
          eq(managementSuggestions.tenantId, session.tenantId),
          eq(managementSuggestions.id, input.suggestionId),
        ),
      );
    if (!known) throw fieldError(options.lang, 'suggestionId', 'virtualWard.suggestion.unknown');
  }
  const [row] = await tx
    .insert(virtualWardStays)
    .values({
      tenantId: session.tenantId,
      patientId: patient.id,
      admissionId: patient.status === 'inHospital' ? patient.admissionId : null,
      joinCount: joinCountSql(session.tenantId, patient.id),
      joinedAt,
      source: 'manual',
      wardDepartmentCode: patient.departmentCode,
      managingDepartmentCode: managing as string,
      suggestion: input.suggestion,
      deviceMark: input.deviceMark,
      groupLabels: input.groupLabels,
      createdBy: session.userId,
      createdAt: options.now,
      updatedAt: options.now,
    })
    .onConflictDoNothing()
    .returning();
  // a concurrent join (or an auto join) of the same patient committed first
  if (!row) refuse({ status: 409, key: 'virtualWard.join.already' });
  await writeAudits(
    tx,
    [
      {
        ...auditActor(session),
        action: 'join',
        entity: 'virtualWardStay',
        entityId: row.id,
        patientId: row.patientId,
        after: stayAuditView(row),
      },
    ],
    options.meta,
  );
  await announceStays(tx, session.tenantId, [row]);
  const [view] = await staysView(tx, session.tenantId, [{ stay: row, patient }], options.lang, options.now);
  return view!;
}

// ---------------------------------------------------------------- exit and edit

/** Stays the caller can see, locked; 404 when one is missing or out of scope. */
async function lockedStays(tx: DbOrTx, session: SessionUser, ids: number[]) {
  const rows = await tx
    .select({ stay: virtualWardStays, patient: patients })
    .from(virtualWardStays)
    .innerJoin(patients, patientJoin)
    .where(
      and(
        eq(virtualWardStays.tenantId, session.tenantId),
        inArray(virtualWardStays.id, ids),
        visibleCondition(session.scope),
      ),
    )
    .orderBy(asc(virtualWardStays.id))
    .for('update', { of: virtualWardStays });
  if (rows.length !== ids.length) throw recordNotFound();
  return rows;
}

/**
 * `POST /v1/virtualward/exit`: ends one stay or many (batch end management) with one reason, at
 * `exitedAt` or now. All or nothing: a stay already ended → 409, an exit before a stay's join → 400.
 */
export async function exitVirtualWard(
  tx: DbOrTx,
  session: SessionUser,
  input: VirtualWardExit,
  options: MembershipWriteOptions,
): Promise<VirtualWardStayView[]> {
  const found = await lockedStays(tx, session, input.stayIds);
  if (found.some(({ stay }) => stay.exitedAt !== null)) throw new AppError(409, 'virtualWard.stay.ended');
  const exitedAt = input.exitedAt ? new Date(input.exitedAt) : options.now;
  if (exitedAt.getTime() > options.now.getTime() + 60_000) {
    throw fieldError(options.lang, 'exitedAt', 'virtualWard.exitedAt.invalid');
  }
  if (found.some(({ stay }) => exitedAt < stay.joinedAt)) {
    throw fieldError(options.lang, 'exitedAt', 'virtualWard.exitedAt.beforeJoin');
  }
  const ended = await tx
    .update(virtualWardStays)
    .set({
      exitedAt,
      exitReason: input.reason,
      exitedBy: session.userId,
      exitedByName: session.nickName || session.userName,
      version: sql`${virtualWardStays.version} + 1`,
      updatedAt: options.now,
    })
    .where(and(eq(virtualWardStays.tenantId, session.tenantId), inArray(virtualWardStays.id, input.stayIds)))
    .returning();
  const before = new Map(found.map(({ stay }) => [stay.id, stay]));
  await writeAudits(
    tx,
    ended.map((row) => ({
      ...auditActor(session),
      action: 'exit',
      entity: 'virtualWardStay' as const,
      entityId: row.id,
      patientId: row.patientId,
      before: stayAuditView(before.get(row.id)!),
      after: stayAuditView(row),
      reason: input.reason,
    })),
    options.meta,
  );
  const patientsById = new Map(found.map(({ patient }) => [patient.id, patient]));
  await announceStays(
    tx,
    session.tenantId,
    ended,
    new Map(found.map(({ patient }) => [patient.id, patient.departmentCode])),
  );
  return staysView(
    tx,
    session.tenantId,
    ended.map((stay) => ({ stay, patient: patientsById.get(stay.patientId)! })),
    options.lang,
    options.now,
  );
}

/** `PUT /v1/virtualward/stay`: a current stay's suggestion, mark or labels (409 when ended or stale). */
export async function editStay(
  tx: DbOrTx,
  session: SessionUser,
  input: VirtualWardStayEdit,
  options: MembershipWriteOptions,
): Promise<VirtualWardStayView> {
  const [found] = await lockedStays(tx, session, [input.id]);
  const { stay, patient } = found!;
  if (stay.exitedAt) throw new AppError(409, 'virtualWard.stay.ended');
  const row = await updateVersioned(
    tx,
    virtualWardStays,
    { tenantId: session.tenantId, id: stay.id },
    input.version,
    {
      ...(input.suggestion !== undefined ? { suggestion: input.suggestion } : {}),
      ...(input.deviceMark !== undefined ? { deviceMark: input.deviceMark } : {}),
      ...(input.groupLabels !== undefined ? { groupLabels: input.groupLabels } : {}),
    },
  );
  await writeAudits(
    tx,
    [
      {
        ...auditActor(session),
        action: 'update',
        entity: 'virtualWardStay',
        entityId: row.id,
        patientId: row.patientId,
        before: stayAuditView(stay),
        after: stayAuditView(row),
      },
    ],
    options.meta,
  );
  await announceStays(tx, session.tenantId, [row], new Map([[patient.id, patient.departmentCode]]));
  const [view] = await staysView(tx, session.tenantId, [{ stay: row, patient }], options.lang, options.now);
  return view!;
}

// ---------------------------------------------------------------- views

interface LatestGlucose {
  measurementId: number;
  value: number;
  unit: string;
  testTime: string;
  classification: string | null;
  color: string | null;
}

const UNIT_TEXT: Record<string, string> = { mmolL: 'mmol/L', mgDl: 'mg/dL', umolL: 'µmol/L' };

/**
 * The list rows of stays: names, age, patient state, days managed and compliance, the latest glucose
 * reading. Three statements whatever the number of rows (names, latest readings — the patients' derived
 * rows, issue 20 `patient_latest_readings` — the readings of the stays' days for compliance).
 */
export async function staysView(
  db: DbOrTx,
  tenantId: string,
  rows: readonly { stay: StayRow; patient: PatientRow }[],
  lang: Lang,
  now: Date,
): Promise<VirtualWardStayView[]> {
  if (!rows.length) return [];
  const timeZone = await hospitalTimeZone(db, tenantId);
  const strategy = await readMonitorStrategy(db, tenantId);
  const deps = await db
    .select({ code: departments.code, name: departments.name, nameEn: departments.nameEn })
    .from(departments)
    .where(eq(departments.tenantId, tenantId));
  const names = new Map(deps.map((d) => [d.code, departmentName(d, lang)]));
  const stayIds = rows.map(({ stay }) => stay.id);
  const latest = await db.execute<{
    stay_id: string;
    id: string;
    value: number;
    entered_value: number | null;
    entered_unit: string | null;
    test_time: Date | string;
    classification: string | null;
    color: string | null;
  }>(sql`
    select s.id as stay_id, m.measurement_id as id, m.value, m.entered_value, m.entered_unit, m.test_time, m.classification, m.color
      from virtual_ward_stays s
      join patient_latest_readings m on m.tenant_id = s.tenant_id and m.patient_id = s.patient_id and m.item = 'GLU'
     where s.tenant_id = ${tenantId} and s.id = any(${sql.param(stayIds)}::bigint[])`);
  const latestByStay = new Map<number, LatestGlucose>(
    latest.rows.map((r) => [
      Number(r.stay_id),
      {
        measurementId: Number(r.id),
        value: r.entered_value ?? r.value,
        unit: UNIT_TEXT[r.entered_unit ?? 'mmolL'] ?? (r.entered_unit as string),
        testTime: new Date(r.test_time).toISOString(),
        classification: r.classification,
        color: r.color,
      },
    ]),
  );
  const readings = await db.execute<{ stay_id: string; test_time: Date | string; period_code: string }>(sql`
    select s.id as stay_id, m.test_time, m.period_code
      from virtual_ward_stays s
      join measurements m on m.tenant_id = s.tenant_id and m.patient_id = s.patient_id and m.item = 'GLU'
           and m.deleted_at is null and m.value is not null and m.period_code is not null
           and m.test_time >= s.joined_at and m.test_time <= coalesce(s.exited_at, ${now})
     where s.tenant_id = ${tenantId} and s.id = any(${sql.param(stayIds)}::bigint[])`);
  const readingsByStay = new Map<number, { testTime: Date; periodCode: string }[]>();
  for (const r of readings.rows) {
    const list = readingsByStay.get(Number(r.stay_id)) ?? [];
    list.push({ testTime: new Date(r.test_time), periodCode: r.period_code });
    readingsByStay.set(Number(r.stay_id), list);
  }
  return rows.map(({ stay, patient }) => {
    const compliance = complianceOf({
      joinedAt: stay.joinedAt,
      exitedAt: stay.exitedAt,
      now,
      timeZone,
      plannedPeriods: strategy.defaultPeriods,
      readings: readingsByStay.get(stay.id) ?? [],
    });
    const state = patient.status as VirtualWardPatientState;
    const mark = stay.deviceMark as VirtualWardDeviceMark;
    const source = stay.source as VirtualWardSource;
    return {
      id: stay.id,
      patientId: patient.id,
      patientName: patient.name,
      gender: patient.gender,
      age: patientAgeAt(patient, now, timeZone),
      departmentCode: patient.departmentCode,
      departmentName: names.get(patient.departmentCode) ?? patient.departmentCode,
      bed: patient.bed,
      inpatientNumber: patient.inpatientNumber,
      outpatientNumber: patient.outpatientNumber,
      patientState: state,
      patientStateName: VIRTUAL_WARD_PATIENT_STATE_NAMES[state]?.[lang] ?? state,
      wardDepartmentCode: stay.wardDepartmentCode,
      managingDepartmentCode: stay.managingDepartmentCode,
      joinedAt: stay.joinedAt.toISOString(),
      joinCount: stay.joinCount,
      source,
      sourceName: VIRTUAL_WARD_SOURCE_NAMES[source][lang],
      triggerKind: stay.triggerKind,
      triggerValue: stay.triggerValue,
      managedDays: compliance.managedDays,
      compliantDays: compliance.compliantDays,
      complianceRate: compliance.rate,
      latestGlucose: latestByStay.get(stay.id) ?? null,
      suggestion: stay.suggestion,
      deviceMark: mark,
      deviceMarkName: VIRTUAL_WARD_DEVICE_MARK_NAMES[mark][lang],
      groupLabels: stay.groupLabels,
      exitedAt: stay.exitedAt ? stay.exitedAt.toISOString() : null,
      exitReason: stay.exitReason,
      exitedByName: stay.exitedByName,
      version: stay.version,
    };
  });
}

// ---------------------------------------------------------------- lists

/**
 * `GET /v1/virtualward/current` (`ended` false: current stays, newest join first) and
 * `GET /v1/virtualward/history` (`ended` true: ended stays, latest exit first, exit days in the
 * hospital calendar): keyword (name, inpatient/outpatient number, bed), the patient's ward, mark, label.
 */
export async function pageStays(
  db: DbOrTx,
  session: SessionUser,
  ended: boolean,
  query: VirtualWardCurrentQuery & Partial<Pick<VirtualWardHistoryQuery, 'beginDate' | 'endDate'>>,
  lang: Lang,
  now: Date,
): Promise<Page<VirtualWardStayView>> {
  const timeZone = await hospitalTimeZone(db, session.tenantId);
  const keyword = query.queryCondition ? `%${query.queryCondition.replace(/[\\%_]/g, '\\$&')}%` : null;
  const where = and(
    eq(virtualWardStays.tenantId, session.tenantId),
    ended ? isNotNull(virtualWardStays.exitedAt) : isNull(virtualWardStays.exitedAt),
    visibleCondition(session.scope),
    query.departmentCode ? eq(patients.departmentCode, query.departmentCode) : undefined,
    query.deviceMark ? eq(virtualWardStays.deviceMark, query.deviceMark) : undefined,
    query.groupLabel ? sql`${query.groupLabel} = any(${virtualWardStays.groupLabels})` : undefined,
    keyword
      ? or(
          sql`${patients.name} ilike ${keyword}`,
          sql`${patients.inpatientNumber} ilike ${keyword}`,
          sql`${patients.outpatientNumber} ilike ${keyword}`,
          sql`${patients.bed} ilike ${keyword}`,
        )
      : undefined,
    ended
      ? dayRangeCondition(
          query.beginDate ?? undefined,
          query.endDate ?? undefined,
          timeZone,
          virtualWardStays.exitedAt,
        )
      : undefined,
  );
  const page = await paginate(
    query,
    (limit, offset) =>
      db
        .select({ stay: virtualWardStays, patient: patients })
        .from(virtualWardStays)
        .innerJoin(patients, patientJoin)
        .where(where)
        .orderBy(
          ended ? desc(virtualWardStays.exitedAt) : desc(virtualWardStays.joinedAt),
          desc(virtualWardStays.id),
        )
        .limit(limit)
        .offset(offset),
    async () => {
      const [row] = await db
        .select({ total: count() })
        .from(virtualWardStays)
        .innerJoin(patients, patientJoin)
        .where(where);
      return row?.total ?? 0;
    },
  );
  return { ...page, records: await staysView(db, session.tenantId, page.records, lang, now) };
}

/** A patient's virtual-ward state (the patient page's badge and join/exit action); the patient is in scope. */
export async function patientVirtualWardState(
  db: DbOrTx,
  session: SessionUser,
  patient: PatientRow,
  lang: Lang,
  now: Date,
): Promise<VirtualWardPatientStateView> {
  const stays = await db
    .select()
    .from(virtualWardStays)
    .where(and(eq(virtualWardStays.tenantId, session.tenantId), eq(virtualWardStays.patientId, patient.id)));
  const current = stays.find((stay) => stay.exitedAt === null);
  const [view] = current
    ? await staysView(db, session.tenantId, [{ stay: current, patient }], lang, now)
    : [];
  return { current: view ?? null, endedCount: stays.filter((stay) => stay.exitedAt !== null).length };
}
