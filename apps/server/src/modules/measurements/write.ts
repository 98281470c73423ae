/**
 * The single place of the write rules of glucose, ketone and uric-acid readings: manual entry,
 * correction, soft delete and restore. The patient tabs call them with `allowApproved: false`; the
 * data-management screen (`/v1/testRecord/data...`) with `allowApproved: true`. Every write runs in the
 * caller's transaction, with its audit row and the critical-value events kept in step.
 */
import {
  type EntryContext,
  type Lang,
  localizedIssues,
  type MeasurementCorrection,
  type MeasurementEntries,
  type MeasurementEntry,
  type MeasurementItem,
  measurementCorrectionSchemaFor,
  measurementEntriesSchemaFor,
  measurementEntrySchemaFor,
  measurementUnitCode,
  storedValueOf,
  translate,
} from '@glucocare/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { measurements, patientAdmissions, patients } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { ValidationFailure } from '../../http/validation';
import { auditActor, type RequestMeta } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { inScope } from '../departments/service';
import type { PatientRow } from '../patients/access';
import { itemDisplaySetting } from '../settings/item-display';
import { getSetting } from '../settings/service';
import { dateIn, hospitalTimeZone } from '../settings/time-zone';
import {
  type Classifier,
  loadClassifier,
  syncCriticalEvents,
  type WrittenReading,
} from './classify-at-write';
import {
  departmentStaff,
  duplicateTimeParams,
  fieldError,
  fieldErrors,
  hospitalLists,
  PATIENT_TIME_INDEX,
  stayContext,
  type Tester,
  uniqueViolationOf,
} from './context';
import { type ReadingRow, type ReadingView, selectReadings, toReadingView } from './view';

export interface WriteOptions {
  lang: Lang;
  meta: RequestMeta;
  /** the request's clock */
  now: Date;
  /** data management: approved readings may be corrected or deleted (they stay approved) */
  allowApproved?: boolean;
}

type MeasurementRow = typeof measurements.$inferSelect;
type Values = Partial<typeof measurements.$inferInsert>;

/** Times are kept to the second: 08:00:00.400 and 08:00:00 are one measurement time. */
function toSecond(iso: string): Date {
  const at = new Date(iso);
  at.setUTCMilliseconds(0);
  return at;
}

const blank = (value: string | null | undefined) => (value ? value : null);

/** The unit a result was entered in: the given one, else the item's display unit of the hospital. */
async function unitOrDefault(db: DbOrTx, tenantId: string, item: MeasurementItem, unit?: string | null) {
  if (unit) return unit;
  return (await itemDisplaySetting(db, tenantId, item)).unit;
}

/** The tester: the given staff member of the patient's department, else the signed-in user. */
async function resolveTester(
  db: DbOrTx,
  session: SessionUser,
  departmentCode: string,
  testerId: number | null | undefined,
  timeZone: string,
  now: Date,
  lang: Lang,
  field = 'testerId',
): Promise<Tester> {
  if (!testerId) return { id: session.userId, name: session.nickName || session.userName };
  const [staff] = await departmentStaff(db, session.tenantId, departmentCode, dateIn(now, timeZone), [
    testerId,
  ]);
  if (!staff) throw fieldError(lang, field, 'measurements.tester.unknown');
  return { id: staff.id, name: staff.nickName || staff.userName };
}

/** The stored values of a checked reading: storage value, entered value and unit, classification. */
function readingValues(
  entry: {
    category: MeasurementItem;
    period?: string | null;
    testTime: string;
    result?: number | null;
    unit?: string | null;
    cause?: string | null;
    causeText?: string | null;
    refusalReason?: string | null;
    rejectReason?: string | null;
    remark?: string | null;
  },
  classify: Classifier,
  patient: Pick<PatientRow, 'departmentCode' | 'dateOfBirth' | 'age'>,
): Values {
  const hasResult = entry.result !== null && entry.result !== undefined;
  const unit = hasResult ? measurementUnitCode(entry.category, entry.unit) : null;
  const value = hasResult ? storedValueOf(entry.category, entry.result as number, unit) : null;
  const testTime = toSecond(entry.testTime);
  const periodCode = blank(entry.period);
  const cause = hasResult ? null : blank(entry.cause);
  const rejectReason = hasResult ? null : blank(entry.rejectReason);
  return {
    item: entry.category,
    periodCode,
    testTime,
    value,
    enteredValue: hasResult ? (entry.result as number) : null,
    enteredUnit: hasResult ? unit : null,
    untestedReason: cause,
    untestedReasonText: hasResult ? null : blank(entry.causeText),
    refusalReason: cause ? blank(entry.refusalReason) : null,
    rejectReason,
    note: blank(entry.remark),
    ...classify(
      { item: entry.category, value, enteredValue: entry.result, enteredUnit: unit, periodCode, testTime },
      patient,
    ),
  };
}

/** Status at write (`feature.recordApproval`): on → pending review; off → approved automatically. */
async function statusAtWrite(db: DbOrTx, tenantId: string, now: Date): Promise<Values> {
  const approval = await getSetting(db, tenantId, 'feature.recordApproval');
  return approval
    ? { status: 'pending', approvedAt: null, approvedBy: null, approvedByName: null }
    : { status: 'approved', approvedAt: now, approvedBy: null, approvedByName: null };
}

/** What the critical-value events follow of a written row. */
export const written = (row: MeasurementRow): WrittenReading => ({
  id: row.id,
  patientId: row.patientId,
  departmentCode: row.departmentCode,
  item: row.item,
  value: row.value,
  classification: row.classification,
  grade: row.grade,
  testTime: row.testTime,
  deletedAt: row.deletedAt,
});

/** Readings by id as the view (the joined names in `lang`). */
async function viewsOf(db: DbOrTx, tenantId: string, ids: number[], lang: Lang): Promise<ReadingView[]> {
  if (!ids.length) return [];
  const rows = await selectReadings(db, lang).where(
    and(eq(measurements.tenantId, tenantId), inArray(measurements.id, ids)),
  );
  const byId = new Map(rows.map((row) => [row.m.id, toReadingView(row)]));
  return ids.map((id) => byId.get(id)!);
}

/** One array-valued parameter (a column of a multi-row `unnest` insert), never expanded into a list. */
export const column = (values: unknown[]) => sql.param(values);

/**
 * Audit rows of readings in one insert (an upload writes hundreds at once): one array per column,
 * unnested by PostgreSQL, so the statement stays small whatever the number of rows.
 */
export async function auditReadings(
  db: DbOrTx,
  session: Pick<SessionUser, 'tenantId' | 'userId' | 'userName'>,
  entries: { action: string; view: ReadingView; before?: ReadingView | null; reason?: string | null }[],
  meta: RequestMeta,
): Promise<void> {
  if (!entries.length) return;
  const actor = auditActor(session);
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
  await db.execute(sql`
    insert into audit_log (tenant_id, actor_id, actor_name, action, entity, entity_id, patient_id, before, after,
                           reason, ip, user_agent, request_id)
    select ${actor.tenantId}, ${actor.actorId}, ${actor.actorName}, a.action, 'measurement', a.entity_id,
           a.patient_id, a.before, a.after, a.reason, ${meta.ip}, ${meta.userAgent}, ${meta.requestId}
      from unnest(${column(entries.map((e) => e.action))}::text[],
                  ${column(entries.map((e) => String(e.view.id)))}::text[],
                  ${column(entries.map((e) => e.view.patientId))}::bigint[],
                  ${column(entries.map((e) => json(e.before)))}::jsonb[],
                  ${column(entries.map((e) => json(e.view)))}::jsonb[],
                  ${column(entries.map((e) => e.reason ?? null))}::text[])
           as a(action, entity_id, patient_id, before, after, reason)`);
}

/** Checks a value against a schema built with the hospital's lists; a 400 with the field problems. */
function check(schema: Parameters<typeof localizedIssues>[0], data: unknown, part: string) {
  if (localizedIssues(schema, data, 'en-US').length) throw new ValidationFailure(schema, data, part);
}

/** Runs `write` in a savepoint; a clash on the patient-time index becomes the 409 naming item and time. */
async function guardTime<T>(
  tx: DbOrTx,
  lang: Lang,
  clash: () => Promise<{ item: MeasurementItem; at: Date; timeZone: string }>,
  write: (sp: DbOrTx) => Promise<T>,
): Promise<T> {
  try {
    return await tx.transaction(write);
  } catch (error) {
    if (!uniqueViolationOf(error, PATIENT_TIME_INDEX)) throw error;
    const { item, at, timeZone } = await clash();
    const params = duplicateTimeParams(lang, item, at, timeZone);
    const errors = [{ field: 'testTime', message: translate(lang, 'measurements.duplicateTime', params) }];
    throw new AppError(409, 'measurements.duplicateTime', params, { errors });
  }
}

/**
 * Manual entry of one patient's readings (one or a day's worth), all or nothing: each checked with the
 * hospital's lists and the patient's stay; a time already taken by a live reading of the same item is
 * flagged on its row. Inserted with the status at write, classified, critical events synced, audited.
 */
async function insertReadings(
  tx: DbOrTx,
  session: SessionUser,
  patient: PatientRow,
  entries: (Omit<MeasurementEntry, 'patientId'> & { testerId?: number | null })[],
  options: WriteOptions,
  fieldOf: (index: number, field: string) => string,
): Promise<ReadingView[]> {
  const tenantId = session.tenantId;
  // one statement at a time: a transaction's connection runs them in turn anyway
  const timeZone = await hospitalTimeZone(tx, tenantId);
  const classify = await loadClassifier(tx, tenantId);
  const status = await statusAtWrite(tx, tenantId, options.now);
  // times already taken (one query): 409, flagged on their rows in the language of the request
  const times = entries.map((entry) => toSecond(entry.testTime));
  const taken = await tx
    .select({ item: measurements.item, testTime: measurements.testTime })
    .from(measurements)
    .where(
      and(
        eq(measurements.tenantId, tenantId),
        eq(measurements.patientId, patient.id),
        inArray(measurements.testTime, times),
        isNull(measurements.deletedAt),
      ),
    );
  const takenKeys = new Set(taken.map((row) => `${row.item}|${row.testTime.getTime()}`));
  const clashes = entries
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry, index }) => takenKeys.has(`${entry.category}|${times[index]!.getTime()}`));
  if (clashes.length) {
    throw fieldErrors(
      options.lang,
      clashes.map(({ entry, index }) => ({
        field: fieldOf(index, 'testTime'),
        key: 'measurements.duplicateTime',
        params: duplicateTimeParams(options.lang, entry.category, times[index]!, timeZone),
      })),
      409,
    );
  }
  const testers = new Map<number, Tester>();
  const values: (typeof measurements.$inferInsert)[] = [];
  for (const [index, entry] of entries.entries()) {
    const key = entry.testerId ?? 0;
    let tester = testers.get(key);
    if (!tester) {
      tester = await resolveTester(
        tx,
        session,
        patient.departmentCode,
        entry.testerId,
        timeZone,
        options.now,
        options.lang,
        fieldOf(index, 'testerId'),
      );
      testers.set(key, tester);
    }
    values.push({
      tenantId,
      patientId: patient.id,
      admissionId: patient.admissionId,
      departmentCode: patient.departmentCode,
      ...readingValues(entry, classify, patient),
      testerId: tester.id,
      testerName: tester.name,
      source: 'manual',
      ...status,
      createdBy: session.userId,
      updatedBy: session.userId,
    } as typeof measurements.$inferInsert);
  }
  const rows = await guardTime(
    tx,
    options.lang,
    async () => ({ item: entries[0]!.category, at: times[0]!, timeZone }),
    (sp) => sp.insert(measurements).values(values).returning(),
  );
  await syncCriticalEvents(tx, tenantId, rows.map(written));
  const views = await viewsOf(
    tx,
    tenantId,
    rows.map((row) => row.id),
    options.lang,
  );
  await auditReadings(
    tx,
    session,
    views.map((view) => ({ action: 'create', view })),
    options.meta,
  );
  return views;
}

/** The patient of an entry, in the caller's scope (404 otherwise), locked against a concurrent discharge. */
async function entryPatient(tx: DbOrTx, session: SessionUser, patientId: number): Promise<PatientRow> {
  const [row] = await tx
    .select()
    .from(patients)
    .where(
      and(eq(patients.tenantId, session.tenantId), eq(patients.id, patientId), isNull(patients.deletedAt)),
    )
    .for('share');
  if (!row || !inScope(session.scope, row.departmentCode)) throw recordNotFound();
  return row;
}

/** `POST /v1/testRecord/customerRecord`: one reading entered by hand. */
export async function createMeasurement(
  tx: DbOrTx,
  session: SessionUser,
  input: MeasurementEntry,
  options: WriteOptions,
): Promise<ReadingView> {
  const patient = await entryPatient(tx, session, input.patientId);
  const lists = await hospitalLists(tx, session);
  const entry = { ...input, unit: await unitOrDefault(tx, session.tenantId, input.category, input.unit) };
  check(measurementEntrySchemaFor(stayContext(lists, patient, options.now)), entry, 'body');
  const [view] = await insertReadings(tx, session, patient, [entry], options, (_index, field) => field);
  return view!;
}

/** `POST /v1/testRecord/customerRecords`: a day's readings of one patient, all or nothing. */
export async function createMeasurements(
  tx: DbOrTx,
  session: SessionUser,
  input: MeasurementEntries,
  options: WriteOptions,
): Promise<ReadingView[]> {
  const patient = await entryPatient(tx, session, input.patientId);
  const lists = await hospitalLists(tx, session);
  const records = await Promise.all(
    input.records.map(async (record) => ({
      ...record,
      unit: await unitOrDefault(tx, session.tenantId, record.category, record.unit),
    })),
  );
  const body = { patientId: input.patientId, records };
  check(measurementEntriesSchemaFor(stayContext(lists, patient, options.now)), body, 'body');
  return insertReadings(
    tx,
    session,
    patient,
    records,
    options,
    (index, field) => `records.${index}.${field}`,
  );
}

/**
 * A reading for a change, locked, with its patient: 404 outside the tenant, for a deleted patient, or
 * when neither the patient's department nor the reading's lies in the caller's scope.
 */
async function lockedReading(
  tx: DbOrTx,
  session: SessionUser,
  id: number,
  lang: Lang,
): Promise<{ row: ReadingRow; patient: PatientRow }> {
  const [row] = await selectReadings(tx, lang)
    .where(and(eq(measurements.tenantId, session.tenantId), eq(measurements.id, id)))
    .for('update', { of: measurements });
  if (!row) throw recordNotFound();
  const patient = await patientOfReading(tx, session, row);
  return { row, patient };
}

/**
 * The patient of a reading, when the reader may see it: the patient's current department or the
 * reading's department lies in the caller's scope; 404 otherwise (and for a deleted patient).
 */
async function patientOfReading(db: DbOrTx, session: SessionUser, row: ReadingRow): Promise<PatientRow> {
  const [patient] = await db
    .select()
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, session.tenantId),
        eq(patients.id, row.m.patientId),
        isNull(patients.deletedAt),
      ),
    );
  if (!patient) throw recordNotFound();
  if (!inScope(session.scope, patient.departmentCode) && !inScope(session.scope, row.m.departmentCode)) {
    throw recordNotFound();
  }
  return patient;
}

/** One reading by id (deleted ones included) for a reader in scope of its patient or department; 404 otherwise. */
export async function readingInScope(
  db: DbOrTx,
  session: SessionUser,
  id: number,
  lang: Lang,
): Promise<ReadingView> {
  const [row] = await selectReadings(db, lang).where(
    and(eq(measurements.tenantId, session.tenantId), eq(measurements.id, id)),
  );
  if (!row) throw recordNotFound();
  await patientOfReading(db, session, row);
  return toReadingView(row);
}

/** Approved readings change only in data management; the version must be the current one. */
function assertChangeable(row: MeasurementRow, version: number, options: WriteOptions) {
  if (row.status === 'approved' && !options.allowApproved) {
    throw new AppError(409, 'measurements.editInDataManagement');
  }
  if (row.version !== version) throw new AppError(409, 'error.conflict');
}

/** The versioned update of a locked reading: the row as written, or nothing when the version moved on. */
async function updateReading(
  db: DbOrTx,
  session: SessionUser,
  id: number,
  version: number,
  values: Values,
  now: Date,
): Promise<MeasurementRow | undefined> {
  const [row] = await db
    .update(measurements)
    .set({ ...values, version: version + 1, updatedAt: now, updatedBy: session.userId })
    .where(
      and(
        eq(measurements.tenantId, session.tenantId),
        eq(measurements.id, id),
        eq(measurements.version, version),
      ),
    )
    .returning();
  return row;
}

/**
 * What follows every change of a reading: 409 when it was not written (stale version), the critical
 * event synced, the audit row (before, after, reason), the reading as answered.
 */
async function finishChange(
  tx: DbOrTx,
  session: SessionUser,
  updated: MeasurementRow | undefined,
  before: ReadingRow,
  change: { action: string; reason: string },
  options: WriteOptions,
): Promise<ReadingView> {
  if (!updated) throw new AppError(409, 'error.conflict');
  await syncCriticalEvents(tx, session.tenantId, [written(updated)]);
  const [after] = await viewsOf(tx, session.tenantId, [updated.id], options.lang);
  await auditReadings(
    tx,
    session,
    [{ action: change.action, view: after!, before: toReadingView(before), reason: change.reason }],
    options.meta,
  );
  return after!;
}

/** The stay a reading belongs to: its admission row, else the patient's current stay. */
async function stayOf(tx: DbOrTx, row: MeasurementRow, patient: PatientRow) {
  if (!row.admissionId || row.admissionId === patient.admissionId) {
    return {
      admittedAt: patient.admittedAt,
      dischargedAt: patient.status === 'discharged' ? patient.dischargedAt : null,
    };
  }
  const [stay] = await tx
    .select({ admittedAt: patientAdmissions.admittedAt, dischargedAt: patientAdmissions.dischargedAt })
    .from(patientAdmissions)
    .where(and(eq(patientAdmissions.tenantId, row.tenantId), eq(patientAdmissions.id, row.admissionId)));
  return stay ?? { admittedAt: null, dischargedAt: null };
}

const has = <T extends object>(input: T, key: keyof T) =>
  Object.hasOwn(input, key) && input[key] !== undefined;

/**
 * Corrects a reading (`PUT /v1/testRecord`; data management with `allowApproved`): pending only unless
 * allowed, the current version, a reason. Fields left out keep their value, null clears one; the
 * corrected reading is checked as a whole (a time, period or reason left as it was is not checked
 * against today's lists again), reclassified with the settings in force, its critical event synced,
 * and audited with before, after and the reason. An approved reading stays approved.
 */
export async function correctMeasurement(
  tx: DbOrTx,
  session: SessionUser,
  id: number,
  input: Omit<MeasurementCorrection, 'id'>,
  options: WriteOptions,
): Promise<ReadingView> {
  const { row, patient } = await lockedReading(tx, session, id, options.lang);
  const current = row.m;
  if (current.deletedAt) throw new AppError(409, 'measurements.alreadyDeleted');
  assertChangeable(current, input.version, options);
  const item = current.item as MeasurementItem;
  const hasResult = has(input, 'result') ? input.result !== null : current.value !== null;
  const merged = {
    category: item,
    period: has(input, 'period') ? input.period : current.periodCode,
    testTime: input.testTime ?? current.testTime.toISOString(),
    result: has(input, 'result') ? input.result : current.enteredValue,
    unit: hasResult
      ? has(input, 'unit')
        ? input.unit
        : (current.enteredUnit ?? (await unitOrDefault(tx, session.tenantId, item)))
      : null,
    cause: has(input, 'cause') ? input.cause : current.untestedReason,
    causeText: has(input, 'causeText') ? input.causeText : current.untestedReasonText,
    refusalReason: has(input, 'refusalReason') ? input.refusalReason : current.refusalReason,
    rejectReason: has(input, 'rejectReason') ? input.rejectReason : current.rejectReason,
    remark: has(input, 'remark') ? input.remark : current.note,
  };
  if (has(input, 'result') && input.result !== null && !has(input, 'cause')) merged.cause = null;
  if (has(input, 'result') && input.result !== null && !has(input, 'rejectReason'))
    merged.rejectReason = null;
  // one reason at a time: choosing one of the two lists clears the other unless both were sent
  if (blank(input.cause) && !has(input, 'rejectReason')) merged.rejectReason = null;
  if (blank(input.rejectReason) && !has(input, 'cause')) merged.cause = null;
  if (merged.cause === null) merged.refusalReason = null;
  if (
    merged.cause === null &&
    merged.rejectReason === null &&
    has(input, 'result') &&
    input.result !== null &&
    !has(input, 'causeText')
  ) {
    merged.causeText = null;
  }
  if (!has(input, 'unit') && has(input, 'result') && input.result !== null && !current.enteredUnit) {
    merged.unit = await unitOrDefault(tx, session.tenantId, item);
  }
  const timeChanged = toSecond(merged.testTime).getTime() !== current.testTime.getTime();
  const lists = await hospitalLists(tx, session);
  const stay = await stayOf(tx, current, patient);
  const keep = (list: string[], code: string | null) => (code ? [...list, code] : list);
  const context: EntryContext = {
    now: () => options.now,
    admittedAt: timeChanged ? stay.admittedAt : null,
    dischargedAt: timeChanged ? stay.dischargedAt : null,
    periods: keep(
      lists.periods.map((p) => p.code),
      current.periodCode,
    ),
    untestedReasons: keep(lists.untestedReasons, current.untestedReason),
    refusalReasons: keep(lists.refusalReasons, current.refusalReason),
    rejectReasons: keep(lists.rejectReasons, current.rejectReason),
  };
  check(measurementCorrectionSchemaFor(context), merged, 'body');

  const tenantId = session.tenantId;
  const timeZone = await hospitalTimeZone(tx, tenantId);
  const classify = await loadClassifier(tx, tenantId);
  const tester =
    has(input, 'testerId') && input.testerId && input.testerId !== current.testerId
      ? await resolveTester(
          tx,
          session,
          patient.departmentCode,
          input.testerId,
          timeZone,
          options.now,
          options.lang,
        )
      : null;
  const values = readingValues(merged, classify, { ...patient, departmentCode: current.departmentCode });
  const updated = await guardTime(
    tx,
    options.lang,
    async () => ({ item, at: values.testTime as Date, timeZone }),
    (sp) =>
      updateReading(
        sp,
        session,
        id,
        input.version,
        { ...values, ...(tester ? { testerId: tester.id, testerName: tester.name } : {}) },
        options.now,
      ),
  );
  return finishChange(
    tx,
    session,
    updated,
    row,
    { action: options.allowApproved ? 'dataCorrect' : 'update', reason: input.reason },
    options,
  );
}

/**
 * Soft-deletes a reading (`PUT /v1/testRecord/changeStatus` with `isActive: false`; data management
 * with `allowApproved`): pending only unless allowed, the current version, a reason. Its critical
 * event becomes void unless already handled; audited with the reason.
 */
export async function deleteMeasurement(
  tx: DbOrTx,
  session: SessionUser,
  id: number,
  input: { reason: string; version: number },
  options: WriteOptions,
): Promise<ReadingView> {
  const { row } = await lockedReading(tx, session, id, options.lang);
  const current = row.m;
  if (current.deletedAt) throw new AppError(409, 'measurements.alreadyDeleted');
  assertChangeable(current, input.version, options);
  const values = { deletedAt: options.now, deletedBy: session.userId, deleteReason: input.reason };
  const updated = await updateReading(tx, session, id, input.version, values, options.now);
  return finishChange(
    tx,
    session,
    updated,
    row,
    { action: options.allowApproved ? 'dataDelete' : 'delete', reason: input.reason },
    options,
  );
}

/**
 * Restores a deleted reading (`isActive: true`) while its time is still free for the patient and
 * item (409 naming the time otherwise); pending only unless allowed, the current version, a reason.
 */
export async function restoreMeasurement(
  tx: DbOrTx,
  session: SessionUser,
  id: number,
  input: { reason: string; version: number },
  options: WriteOptions,
): Promise<ReadingView> {
  const { row } = await lockedReading(tx, session, id, options.lang);
  const current = row.m;
  if (!current.deletedAt) throw new AppError(409, 'measurements.notDeleted');
  assertChangeable(current, input.version, options);
  const timeZone = await hospitalTimeZone(tx, session);
  const restored = { deletedAt: null, deletedBy: null, deleteReason: null };
  const updated = await guardTime(
    tx,
    options.lang,
    async () => ({ item: current.item as MeasurementItem, at: current.testTime, timeZone }),
    (sp) => updateReading(sp, session, id, input.version, restored, options.now),
  );
  return finishChange(
    tx,
    session,
    updated,
    row,
    { action: options.allowApproved ? 'dataRestore' : 'restore', reason: input.reason },
    options,
  );
}
