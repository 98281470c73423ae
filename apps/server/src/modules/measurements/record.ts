/**
 * The one write path of new readings (ARCHITECTURE §4 "one write path per clinical record kind").
 * Manual entry (`write.ts`, one reading or a day's worth) and meter and HIS uploads (`upload.ts`, up to
 * 1000) check their own wire format with the domain's schemas, find the patient and the tester, and
 * hand over {@link NewReading}s; everything that follows is here, once, in the caller's transaction:
 *
 * - refusals at write, per reading: a time outside the patient's stay, a reading entered by hand
 *   outside its period's window without a reason (`windowReason`), a time already taken by a live
 *   reading of the patient and item, a device record already received;
 * - the stored values: storage value beside the value and unit as entered, classification with the
 *   settings in force, the timing marks (window mark and reason, late entry: domain
 *   `measurements/timing.ts`, `loadMarker`), the status at write (`feature.recordApproval`);
 * - one multi-row insert, whatever the batch size;
 * - {@link afterWrite}: the critical-value events and the audit rows — also run by corrections, deletes
 *   and restores (`write.ts`). Glucose day counts follow every insert and update by database triggers
 *   (migration 0007).
 *
 * Why a batch core rather than a per-row function: an upload of 1000 readings stays a fixed number of
 * statements (docs/api.md; a statement per row would be thousands), so the core takes a batch and a
 * single entry is a batch of one. A new source (HL7) maps its message to `NewReading`s and calls
 * {@link writeAll} or {@link writeEach}; a new rule goes in {@link writeReadings} (a refusal, e.g. QC
 * lockout), in {@link readingValues} (a stored value), or in {@link afterWrite} (a consequence, e.g.
 * auto consultation, virtual-ward joining) and then holds for every source.
 */

import {
  entryWindowOf,
  type FieldError,
  type Lang,
  type MessageKey,
  measurementUnitCode,
  type ReadingValues,
  stayIssue,
  storedValueOf,
  translate,
} from '@glucocare/domain';
import type { ReadingView } from '@glucocare/domain/responses';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { measurements } from '../../db/schema';
import { auditActor, type RequestMeta } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import { publishLive } from '../live/publish';
import type { PatientRow } from '../patients/access';
import { qcHoldsOf } from '../quality/lock-state';
import { cachedConfig, cachedReader, type TenantRef } from '../settings/config-cache';
import { getSetting } from '../settings/service';
import { hospitalTimeZone } from '../settings/time-zone';
import { autoJoinVirtualWard, patientsInVirtualWard } from '../virtual-ward/auto-join';
import { raiseAutoConsultations } from './auto-consultation';
import {
  type ClassifiedPatient,
  type Classifier,
  loadClassifier,
  loadMarker,
  syncCriticalEvents,
  type TouchedCriticalEvent,
  type WrittenMarks,
  type WrittenReading,
} from './classify-at-write';
import { duplicateTimeParams, fieldErrors, type Tester } from './context';
import { instantLiteral } from './read';
import { type ReadingRow, selectReadings, toReadingView } from './view';

export interface WriteOptions {
  lang: Lang;
  meta: RequestMeta;
  /** the request's clock */
  now: Date;
  /** data management: approved readings may be corrected or deleted (they stay approved) */
  allowApproved?: boolean;
  /**
   * the database the request came through (not its transaction): the write reads the hospital's
   * configuration from that database's cache (settings/config-cache.ts)
   */
  configFrom?: DbOrTx;
}

export type ReadingSource = (typeof measurements.$inferSelect)['source'];
type MeasurementRow = typeof measurements.$inferSelect;
/** A row to insert: every column but those the database fills (id, version, created and updated times). */
type NewRow = Omit<MeasurementRow, 'id' | 'version' | 'createdAt' | 'updatedAt'>;
/** The columns a reading's values decide (what a correction rewrites too). */
export type StoredValues = Pick<
  NewRow,
  | 'item'
  | 'periodCode'
  | 'testTime'
  | 'value'
  | 'enteredValue'
  | 'enteredUnit'
  | 'untestedReason'
  | 'untestedReasonText'
  | 'refusalReason'
  | 'rejectReason'
  | 'note'
  | 'classification'
  | 'grade'
  | 'color'
>;

/** The audit action of a new reading, by where it came from. */
const CREATE_ACTION: Record<ReadingSource, string> = {
  manual: 'create',
  meter: 'upload',
  his: 'upload',
  hl7: 'upload',
};

/** The values of one reading as a source hands them over (the domain's entry shape). */
export type ReadingInput = ReadingValues & {
  testTime: string;
  remark?: string | null;
  /** why a test time outside its period's window is right (manual entry) */
  windowReason?: string | null;
};

/** A new reading, checked for its shape by its source, with its patient and tester found. */
export interface NewReading extends ReadingInput {
  patient: PatientRow;
  tester: Tester;
  /** meters and HIS: the natural key; a record already received adds nothing */
  device?: { serial: string; recordNo: string };
}

/** Times are kept to the second: 08:00:00.400 and 08:00:00 are one measurement time. */
export function toSecond(iso: string): Date {
  const at = new Date(iso);
  at.setUTCMilliseconds(0);
  return at;
}

const blank = (value: string | null | undefined) => (value ? value : null);

/** The stored values of a checked reading: storage value, entered value and unit, classification. */
export function readingValues(
  entry: ReadingInput,
  classify: Classifier,
  patient: ClassifiedPatient,
): StoredValues {
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

/** The marks of a reading refused before writing (never stored). */
const UNMARKED: WrittenMarks = { windowMark: null, windowReason: null, lateEntry: false };

/**
 * Whom the write path asks for the hospital's configuration: the per-process cache of the database the
 * write came from, at the version the request's session statement read (`configFrom`), else the
 * transaction. The configuration is eight statements per reading otherwise (issue 15 bench).
 */
export function writeConfig(session: SessionUser, options: Pick<WriteOptions, 'configFrom'>): TenantRef {
  return options.configFrom ? cachedReader(session, options.configFrom) : session.tenantId;
}

const PENDING = { status: 'pending' as const, approvedAt: null, approvedBy: null, approvedByName: null };

/** Status at write (`feature.recordApproval`): on → pending review; off → approved automatically. */
async function statusAtWrite(db: DbOrTx, tenant: TenantRef, now: Date) {
  const approval = await cachedConfig(db, tenant, 'recordApproval', (tenantId) =>
    getSetting(db, tenantId, 'feature.recordApproval'),
  );
  return approval
    ? PENDING
    : { status: 'approved' as const, approvedAt: now, approvedBy: null, approvedByName: null };
}

/** What the critical-value events follow of a written row. */
const written = (row: MeasurementRow): WrittenReading => ({
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

/** A stored reading's key: its id, and its test time, which names its month's partition. */
export interface ReadingKey {
  id: number;
  testTime: Date;
}

/**
 * Readings by key with the names in `lang`, in the order of `keys`. The readings are partitioned by
 * month (migration 0027): the keys' time span, written as constants, keeps the lookup to their months
 * (by ids alone a batch was looked for in every month: 12 s for 500 readings over 5 years).
 */
export async function readingRows(db: DbOrTx, tenantId: string, keys: ReadingKey[], lang: Lang) {
  if (!keys.length) return [];
  const times = keys.map((key) => key.testTime.getTime());
  const rows = await selectReadings(db, lang).where(
    and(
      eq(measurements.tenantId, tenantId),
      inArray(
        measurements.id,
        keys.map((key) => key.id),
      ),
      sql`${measurements.testTime} >= ${instantLiteral(new Date(Math.min(...times)))}`,
      sql`${measurements.testTime} <= ${instantLiteral(new Date(Math.max(...times)))}`,
    ),
  );
  const byId = new Map(rows.map((row) => [row.m.id, row]));
  return keys.map((key) => byId.get(key.id)!);
}

/** One array-valued parameter (a column of a multi-row `unnest` insert), never expanded into a list. */
const column = (values: unknown[]) => sql.param(values);

/**
 * Audit rows of readings in one insert (an upload writes hundreds at once): one array per column,
 * unnested by PostgreSQL, so the statement stays small whatever the number of rows.
 */
async function auditReadings(
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

/**
 * The push channel's word of a write: the readings' departments and patients, and the critical events
 * the write opened, changed or voided (bed cards, tasks and critical lists reload; the bell rings).
 */
async function announce(
  tx: DbOrTx,
  tenantId: string,
  rows: MeasurementRow[],
  critical: TouchedCriticalEvent[],
): Promise<void> {
  await publishLive(tx, tenantId, [
    ...rows.map((row) => ({
      topic: 'readings' as const,
      departmentCode: row.departmentCode,
      patientId: row.patientId,
    })),
    ...critical.map((event) => ({
      topic: 'critical' as const,
      departmentCode: event.departmentCode,
      patientId: event.patientId,
      criticalId: event.id,
      // an escalated value's doctor and head nurse see it outside their scope: a recheck closing it tells them
      userIds: [event.escalatedDoctorId, event.escalatedHeadNurseId].filter(
        (id): id is number => id !== null,
      ),
    })),
  ]);
}

/** A written reading (inserted, corrected, deleted or restored) and how to audit it. */
export interface WrittenChange {
  row: ReadingRow;
  action: string;
  before?: ReadingView;
  reason?: string;
}

/**
 * What follows every write of readings, whatever the source and whether a reading was inserted or
 * changed, in the writer's transaction: the critical-value events kept in step, the auto consultations a
 * reading raises (issue 17, `auto-consultation.ts`), the virtual-ward auto join (issue 18,
 * `virtual-ward/auto-join.ts`), the audit rows (before, after, reason).
 * Answers the readings as written.
 */
export async function afterWrite(
  tx: DbOrTx,
  session: SessionUser,
  changes: WrittenChange[],
  options: Pick<WriteOptions, 'lang' | 'meta' | 'configFrom'> & { inserted?: boolean },
): Promise<ReadingView[]> {
  if (!changes.length) return [];
  const { meta } = options;
  const rows = changes.map((change) => change.row.m);
  const critical = await syncCriticalEvents(tx, session.tenantId, rows.map(written), options);
  await announce(tx, session.tenantId, rows, critical);
  await raiseAutoConsultations(tx, session, rows, writeConfig(session, options), options.lang, meta);
  await autoJoinVirtualWard(tx, session, rows, writeConfig(session, options), options.lang, meta);
  const views = changes.map((change) => toReadingView(change.row));
  await auditReadings(
    tx,
    session,
    changes.map((change, index) => ({ ...change, view: views[index]! })),
    meta,
  );
  return views;
}

/**
 * One multi-row INSERT ... ON CONFLICT DO NOTHING RETURNING of readings, each column sent as one array
 * and unnested by PostgreSQL (a statement of 30 parameters whatever the batch size). A row that clashes
 * with a stored one (device key or patient time) is skipped; the keys of the rows stored are returned.
 */
async function insertRows(tx: DbOrTx, rows: NewRow[]): Promise<ReadingKey[]> {
  if (!rows.length) return [];
  const of = <K extends keyof NewRow>(key: K) => column(rows.map((row) => row[key]));
  const first = rows[0]!;
  const result = await tx.execute<{ id: string; test_time: string }>(sql`
    insert into measurements (tenant_id, patient_id, admission_id, department_code, item, period_code, test_time,
                              value, entered_value, entered_unit, untested_reason, untested_reason_text,
                              refusal_reason, reject_reason, note, tester_id, tester_name, source, device_serial,
                              device_record_no, classification, grade, color, status, approved_at, window_mark,
                              window_reason, late_entry, qc_hold, created_by, updated_by)
    select ${first.tenantId}, r.* , ${first.createdBy}, ${first.createdBy}
      from unnest(${of('patientId')}::bigint[], ${of('admissionId')}::bigint[], ${of('departmentCode')}::text[],
                  ${of('item')}::text[], ${of('periodCode')}::text[],
                  ${column(rows.map((row) => row.testTime.toISOString()))}::timestamptz[],
                  ${of('value')}::float8[], ${of('enteredValue')}::float8[], ${of('enteredUnit')}::text[],
                  ${of('untestedReason')}::text[], ${of('untestedReasonText')}::text[],
                  ${of('refusalReason')}::text[], ${of('rejectReason')}::text[], ${of('note')}::text[],
                  ${of('testerId')}::bigint[], ${of('testerName')}::text[], ${of('source')}::text[],
                  ${of('deviceSerial')}::text[], ${of('deviceRecordNo')}::text[], ${of('classification')}::text[],
                  ${of('grade')}::text[], ${of('color')}::text[], ${of('status')}::text[],
                  ${column(rows.map((row) => row.approvedAt?.toISOString() ?? null))}::timestamptz[],
                  ${of('windowMark')}::text[], ${of('windowReason')}::text[], ${of('lateEntry')}::boolean[],
                  ${of('qcHold')}::text[])
           as r(patient_id, admission_id, department_code, item, period_code, test_time, value, entered_value,
                entered_unit, untested_reason, untested_reason_text, refusal_reason, reject_reason, note,
                tester_id, tester_name, source, device_serial, device_record_no, classification, grade, color,
                status, approved_at, window_mark, window_reason, late_entry, qc_hold)
    on conflict do nothing
    returning id, test_time`);
  return result.rows.map((row) => ({ id: Number(row.id), testTime: new Date(row.test_time) }));
}

/** A device record's natural key (serial + record number) as one string. */
export const deviceKeyOf = (device: { serial: string; recordNo: string }) =>
  `${device.serial}\u0001${device.recordNo}`;
const timeKey = (patientId: number, item: string, at: Date) => `${patientId}|${item}|${at.getTime()}`;

/** Device records of the tenant already stored, of those given (deleted readings included: they were received). */
export async function receivedDeviceKeys(
  db: DbOrTx,
  tenantId: string,
  devices: { serial: string; recordNo: string }[],
): Promise<Set<string>> {
  if (!devices.length) return new Set();
  const rows = await db
    .select({ serial: measurements.deviceSerial, recordNo: measurements.deviceRecordNo })
    .from(measurements)
    .where(
      and(
        eq(measurements.tenantId, tenantId),
        inArray(measurements.deviceSerial, [...new Set(devices.map((d) => d.serial))]),
        inArray(measurements.deviceRecordNo, [...new Set(devices.map((d) => d.recordNo))]),
      ),
    );
  return new Set(
    rows.map((r) => deviceKeyOf({ serial: r.serial as string, recordNo: r.recordNo as string })),
  );
}

/** Live readings at the batch's patients, items and times, as time keys (one query). */
async function takenTimes(db: DbOrTx, tenantId: string, rows: NewRow[]): Promise<Set<string>> {
  if (!rows.length) return new Set();
  const times = [...new Map(rows.map((row) => [row.testTime.getTime(), row.testTime])).values()];
  const taken = await db
    .select({ patientId: measurements.patientId, item: measurements.item, testTime: measurements.testTime })
    .from(measurements)
    .where(
      and(
        eq(measurements.tenantId, tenantId),
        inArray(measurements.patientId, [...new Set(rows.map((row) => row.patientId))]),
        // with the items, the lookup is an index condition on measurements_patient_time_uq
        inArray(measurements.item, [...new Set(rows.map((row) => row.item))]),
        inArray(measurements.testTime, times),
        isNull(measurements.deletedAt),
      ),
    );
  return new Set(taken.map((r) => timeKey(r.patientId, r.item, r.testTime)));
}

/** What became of one reading of a batch. */
export type ReadingOutcome =
  | { stored: ReadingView }
  /** refused at write: outside the stay, or the time taken (`timeTaken` for its wording) */
  | { refused: { field: string; key: MessageKey; params?: Record<string, string>; timeTaken?: boolean } }
  /** the device record was received before: nothing added */
  | { received: true };

/**
 * Writes a batch of new readings and tells what became of each (see the file's comment); `whole`
 * (all or nothing) writes nothing once one is refused, leaving the others without an outcome. Times taken
 * are read before device keys: a concurrent writer of the same device records committing in between
 * then shows as received, never as a clash of times. A record received before is received, whatever
 * else would be said of it now.
 */
async function writeReadings(
  tx: DbOrTx,
  session: SessionUser,
  readings: NewReading[],
  source: ReadingSource,
  options: WriteOptions,
  whole: boolean,
): Promise<(ReadingOutcome | undefined)[]> {
  const tenantId = session.tenantId;
  const config = writeConfig(session, options);
  // one statement at a time: a transaction's connection runs them in turn anyway
  const classify = await loadClassifier(tx, config);
  const mark = await loadMarker(tx, config, options.lang);
  const status = await statusAtWrite(tx, config, options.now);
  // entered by hand: a test time outside its period's window needs a reason, and a late entry is marked
  const byHand = source === 'manual';
  // virtual-ward patients get the virtual-ward critical values (one statement, only with such rules)
  const inWard = classify.virtualWardRules
    ? await patientsInVirtualWard(
        tx,
        tenantId,
        readings.map((reading) => reading.patient.id),
      )
    : new Set<number>();
  // issue 19 (modules/quality): a reading of a meter locked by its QC is kept but held from approval
  // (one statement for the batch, none without meter readings or with the lockout off)
  const holds = await qcHoldsOf(
    tx,
    config,
    readings.flatMap((reading) => (reading.device ? [reading.device.serial] : [])),
    options.now,
  );
  const marked: ReturnType<typeof mark>[] = [];
  const rows: NewRow[] = readings.map(({ patient, tester, device, ...input }) => {
    const qcHold = device ? (holds.get(device.serial) ?? null) : null;
    const values = readingValues(input, classify, { ...patient, virtualWard: inWard.has(patient.id) });
    const timed = mark(
      {
        periodCode: values.periodCode,
        testTime: values.testTime,
        windowReason: input.windowReason,
        enteredAt: options.now,
        byHand,
      },
      byHand,
    );
    marked.push(timed);
    return {
      tenantId,
      patientId: patient.id,
      admissionId: patient.admissionId,
      departmentCode: patient.departmentCode,
      ...values,
      ...('marks' in timed ? timed.marks : UNMARKED),
      testerId: tester.id,
      testerName: tester.name,
      source,
      deviceSerial: device?.serial ?? null,
      deviceRecordNo: device?.recordNo ?? null,
      // issue 19: the meter's QC lockout at write; a held reading waits for review whatever the approval setting
      qcHold,
      ...(qcHold ? PENDING : status),
      createdBy: session.userId,
      updatedBy: session.userId,
      deletedAt: null,
      deletedBy: null,
      deleteReason: null,
    };
  });
  const taken = await takenTimes(tx, tenantId, rows);
  const devices = readings.flatMap((reading) => (reading.device ? [reading.device] : []));
  const received = await receivedDeviceKeys(tx, tenantId, devices);

  const outcomes: (ReadingOutcome | undefined)[] = readings.map(() => undefined);
  const toInsert: number[] = [];
  for (const [index, reading] of readings.entries()) {
    const row = rows[index]!;
    if (reading.device && received.has(deviceKeyOf(reading.device))) {
      outcomes[index] = { received: true };
      continue;
    }
    const patient = reading.patient;
    const outsideStay = stayIssue(row.testTime, entryWindowOf(patient));
    if (outsideStay) {
      outcomes[index] = { refused: { field: 'testTime', key: outsideStay } };
      continue;
    }
    const timed = marked[index]!;
    if ('refused' in timed) {
      outcomes[index] = { refused: timed.refused };
      continue;
    }
    // the same time twice in one batch: the later reading clashes with the earlier
    const key = timeKey(row.patientId, row.item, row.testTime);
    if (taken.has(key)) {
      outcomes[index] = {
        refused: { field: 'testTime', key: 'measurements.duplicateTime', timeTaken: true },
      };
      continue;
    }
    taken.add(key);
    toInsert.push(index);
  }

  // all or nothing: a refusal found before writing stops the batch
  const refusal = () => outcomes.some((outcome) => outcome && 'refused' in outcome);
  if (whole && refusal()) return outcomes;

  const keys = await insertRows(
    tx,
    toInsert.map((index) => rows[index]!),
  );
  const stored = await readingRows(tx, tenantId, keys, options.lang);
  const byTime = new Map(stored.map((row) => [timeKey(row.m.patientId, row.m.item, row.m.testTime), row]));
  const storedRows = toInsert.flatMap((index) => {
    const row = byTime.get(timeKey(rows[index]!.patientId, rows[index]!.item, rows[index]!.testTime));
    return row ? [{ index, row }] : [];
  });
  // rows a concurrent writer stored first: received when the device key is now there, else a taken time
  const storedIndexes = new Set(storedRows.map(({ index }) => index));
  const lost = toInsert.filter((index) => !storedIndexes.has(index));
  const nowReceived = await receivedDeviceKeys(
    tx,
    tenantId,
    lost.flatMap((index) => (readings[index]!.device ? [readings[index]!.device!] : [])),
  );
  for (const index of lost) {
    const device = readings[index]!.device;
    outcomes[index] =
      device && nowReceived.has(deviceKeyOf(device))
        ? { received: true }
        : { refused: { field: 'testTime', key: 'measurements.duplicateTime', timeTaken: true } };
  }
  if (whole && refusal()) return outcomes;

  const views = await afterWrite(
    tx,
    session,
    storedRows.map(({ row }) => ({ row, action: CREATE_ACTION[source] })),
    { ...options, inserted: true },
  );
  storedRows.forEach(({ index }, i) => {
    outcomes[index] = { stored: views[i]! };
  });
  return outcomes;
}

/**
 * All or nothing (manual entry): any refusal fails the whole request — a time outside the stay with
 * 400, a time taken with 409 naming item and time — each flagged on its field (`fieldOf`).
 */
export async function writeAll(
  tx: DbOrTx,
  session: SessionUser,
  readings: NewReading[],
  source: ReadingSource,
  options: WriteOptions,
  fieldOf: (index: number, field: string) => string = (_index, field) => field,
): Promise<ReadingView[]> {
  const outcomes = await writeReadings(tx, session, readings, source, options, true);
  if (!outcomes.some((outcome) => outcome && 'refused' in outcome)) {
    return outcomes.flatMap((outcome) => (outcome && 'stored' in outcome ? [outcome.stored] : []));
  }
  const timeZone = await hospitalTimeZone(tx, writeConfig(session, options));
  const problems = outcomes.flatMap((outcome, index) => {
    if (!outcome || !('refused' in outcome)) return [];
    const { field, key, timeTaken } = outcome.refused;
    const reading = readings[index]!;
    const params = timeTaken
      ? duplicateTimeParams(options.lang, reading.category, toSecond(reading.testTime), timeZone)
      : outcome.refused.params;
    return [{ field: fieldOf(index, field), key, params, timeTaken }];
  });
  // a stay problem is the caller's mistake (400); a time taken meanwhile is a conflict (409)
  const outsideStay = problems.filter((problem) => !problem.timeTaken);
  throw outsideStay.length
    ? fieldErrors(options.lang, outsideStay)
    : fieldErrors(options.lang, problems, 409);
}

/**
 * Each reading on its own (uploads): the stored ones are kept, the others answered one by one — a taken
 * time with the short wording, since the uploaded row names its item and time itself.
 */
export async function writeEach(
  tx: DbOrTx,
  session: SessionUser,
  readings: NewReading[],
  source: ReadingSource,
  options: WriteOptions,
): Promise<({ stored: ReadingView } | { refused: FieldError[] } | { received: true })[]> {
  const outcomes = (await writeReadings(tx, session, readings, source, options, false)) as ReadingOutcome[];
  return outcomes.map((outcome) => {
    if (!('refused' in outcome)) return outcome;
    const { field, key, params, timeTaken } = outcome.refused;
    const message = translate(options.lang, timeTaken ? 'measurements.duplicateTimeShort' : key, params);
    return { refused: [{ field, message }] };
  });
}
