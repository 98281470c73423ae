/**
 * Manual entry, correction, soft delete and restore of glucose, ketone and uric-acid readings. The
 * patient tabs call them with `allowApproved: false`; the data-management screen
 * (`/v1/testRecord/data...`) with `allowApproved: true`. New readings go through the one reading write
 * path (`record.ts`, shared with uploads); changes reuse its stored values and its `afterWrite` (critical
 * events, audit). Every write runs in the caller's transaction.
 */

import {
  type EntryContext,
  entryWindowOf,
  type Lang,
  localizedIssues,
  type MeasurementCorrection,
  type MeasurementEntries,
  type MeasurementEntry,
  type MeasurementItem,
  measurementCorrectionSchemaFor,
  measurementEntriesSchemaFor,
  measurementEntrySchemaFor,
  translate,
} from '@glucocare/domain';
import type { ReadingView } from '@glucocare/domain/responses';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { measurements, patientAdmissions, patients } from '../../db/schema';
import { AppError, recordNotFound } from '../../http/errors';
import { ValidationFailure } from '../../http/validation';
import type { SessionUser } from '../auth/sessions';
import { inScope } from '../departments/service';
import type { PatientRow } from '../patients/access';
import { itemDisplaySetting } from '../settings/item-display';
import { dateIn, hospitalTimeZone } from '../settings/time-zone';
import { patientsInVirtualWard } from '../virtual-ward/auto-join';
import { loadClassifier, loadMarker } from './classify-at-write';
import {
  departmentStaff,
  duplicateTimeParams,
  fieldError,
  hospitalLists,
  PATIENT_TIME_INDEX,
  partitionedUniqueViolationOf,
  stayContext,
  type Tester,
} from './context';
import {
  afterWrite,
  type NewReading,
  type ReadingInput,
  readingRows,
  readingValues,
  type StoredValues,
  toSecond,
  type WriteOptions,
  writeAll,
  writeConfig,
} from './record';
import { type ReadingRow, selectReadings, toReadingView } from './view';

export type { WriteOptions };

type MeasurementRow = typeof measurements.$inferSelect;

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
    if (!(await partitionedUniqueViolationOf(tx, error, PATIENT_TIME_INDEX))) throw error;
    const { item, at, timeZone } = await clash();
    const params = duplicateTimeParams(lang, item, at, timeZone);
    const errors = [{ field: 'testTime', message: translate(lang, 'measurements.duplicateTime', params) }];
    throw new AppError(409, 'measurements.duplicateTime', params, { errors });
  }
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

/**
 * Manual entry of one patient's readings (one or a day's worth), all or nothing: checked with the
 * hospital's lists and the patient's stay, the testers found, then written through the one reading
 * write path (`record.ts`).
 */
async function enterReadings(
  tx: DbOrTx,
  session: SessionUser,
  patient: PatientRow,
  entries: (ReadingInput & { testerId?: number | null })[],
  options: WriteOptions,
  fieldOf: (index: number, field: string) => string,
): Promise<ReadingView[]> {
  const timeZone = await hospitalTimeZone(tx, writeConfig(session, options));
  const testers = new Map<number, Tester>();
  const readings: NewReading[] = [];
  for (const [index, { testerId, ...entry }] of entries.entries()) {
    const key = testerId ?? 0;
    let tester = testers.get(key);
    if (!tester) {
      tester = await resolveTester(
        tx,
        session,
        patient.departmentCode,
        testerId,
        timeZone,
        options.now,
        options.lang,
        fieldOf(index, 'testerId'),
      );
      testers.set(key, tester);
    }
    readings.push({ ...entry, patient, tester });
  }
  return writeAll(tx, session, readings, 'manual', options, fieldOf);
}

/** `POST /v1/testRecord/customerRecord`: one reading entered by hand. */
export async function createMeasurement(
  tx: DbOrTx,
  session: SessionUser,
  { patientId, ...input }: MeasurementEntry,
  options: WriteOptions,
): Promise<ReadingView> {
  const patient = await entryPatient(tx, session, patientId);
  const lists = await hospitalLists(tx, writeConfig(session, options));
  const entry = { ...input, unit: await unitOrDefault(tx, session.tenantId, input.category, input.unit) };
  check(measurementEntrySchemaFor(stayContext(lists, patient, options.now)), { patientId, ...entry }, 'body');
  const [view] = await enterReadings(tx, session, patient, [entry], options, (_index, field) => field);
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
  const lists = await hospitalLists(tx, writeConfig(session, options));
  const records = await Promise.all(
    input.records.map(async (record) => ({
      ...record,
      unit: await unitOrDefault(tx, session.tenantId, record.category, record.unit),
    })),
  );
  const body = { patientId: input.patientId, records };
  check(measurementEntriesSchemaFor(stayContext(lists, patient, options.now)), body, 'body');
  return enterReadings(tx, session, patient, records, options, (index, field) => `records.${index}.${field}`);
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
  values: StoredValues | Partial<MeasurementRow>,
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
 * What follows every change of a reading: 409 when it was not written (stale version), then the rules
 * every write of a reading runs (`afterWrite`: critical event, audit with before, after and reason).
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
  const [row] = await readingRows(tx, session.tenantId, [updated], options.lang);
  const [after] = await afterWrite(
    tx,
    session,
    [{ row: row!, action: change.action, before: toReadingView(before), reason: change.reason }],
    options,
  );
  return after!;
}

/** The stay a reading belongs to: its admission row, else the patient's current stay. */
async function stayOf(tx: DbOrTx, row: MeasurementRow, patient: PatientRow) {
  if (!row.admissionId || row.admissionId === patient.admissionId) {
    return entryWindowOf(patient);
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
 * against today's lists again), reclassified with the settings in force, its timing marks worked out
 * again (late entry from when it was first entered; a time or period moved outside its window needs a
 * `windowReason`, one kept as it was keeps its reason), its critical event synced, and audited with
 * before, after and the reason. An approved reading stays approved.
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
    windowReason: has(input, 'windowReason') ? input.windowReason : current.windowReason,
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
  // to the second on both sides: a row written outside the app may carry fractions of a second
  const timeChanged =
    toSecond(merged.testTime).getTime() !== toSecond(current.testTime.toISOString()).getTime();
  const lists = await hospitalLists(tx, writeConfig(session, options));
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

  const timeZone = await hospitalTimeZone(tx, writeConfig(session, options));
  const classify = await loadClassifier(tx, writeConfig(session, options));
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
  const virtualWard =
    classify.virtualWardRules &&
    (await patientsInVirtualWard(tx, session.tenantId, [patient.id])).has(patient.id);
  const values = readingValues(merged, classify, {
    ...patient,
    departmentCode: current.departmentCode,
    virtualWard,
  });
  // the marks follow the corrected time and period; moving a reading out of its window needs a reason
  const mark = await loadMarker(tx, writeConfig(session, options), options.lang);
  const periodChanged = values.periodCode !== current.periodCode;
  const timed = mark(
    {
      periodCode: values.periodCode,
      testTime: values.testTime,
      windowReason: merged.windowReason,
      enteredAt: current.createdAt,
      byHand: current.source === 'manual',
    },
    timeChanged || periodChanged,
  );
  if ('refused' in timed) {
    throw fieldError(options.lang, timed.refused.field, timed.refused.key, timed.refused.params);
  }
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
        { ...values, ...timed.marks, ...(tester ? { testerId: tester.id, testerName: tester.name } : {}) },
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
  const timeZone = await hospitalTimeZone(tx, writeConfig(session, options));
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
