/**
 * Meter and HIS uploads (`POST /v1/testRecord/upload`): a batch over the one reading write path
 * (`record.ts`). Here only what is the upload's own: each record checked on its own with the domain's
 * upload schema, the patient found by wristband or inpatient number and the operator by user name (one
 * query each), a glucose period derived from the time when the meter sends none, a meter's LO/HI
 * recorded as "measurable range exceeded", and the answer — good rows kept, bad rows refused with their
 * reasons, records already received counted as duplicates. Stored values, classification, status at
 * write, times taken, device keys, critical events and audit are the write path's, for the batch at
 * once (a fixed number of statements whatever its size).
 */
import {
  type FieldError,
  ITEM_DISPLAY_UNITS,
  isInsulinUploadRow,
  isQcUploadRow,
  type Lang,
  localizedIssues,
  MEASUREMENT_ITEMS,
  type MeasurementItem,
  type MeasurementUpload,
  type MessageKey,
  periodAt,
  translate,
  UNTESTED_REASONS,
  type UploadRecord,
  uploadRecordSchemaFor,
  wallClockAt,
} from '@glucocare/domain';
import type { UploadResultView } from '@glucocare/domain/responses';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { patients, users } from '../../db/schema';
import type { SessionUser } from '../auth/sessions';
import { inScope } from '../departments/service';
import { parseInsulinRows, writeInsulinRows } from '../insulin/upload';
import type { PatientRow } from '../patients/access';
import { writeUploadedQcRows } from '../quality/records/upload';
import { itemDisplaySetting } from '../settings/item-display';
import { hospitalTimeZone } from '../settings/time-zone';
import { hospitalLists } from './context';
import {
  deviceKeyOf,
  type NewReading,
  type ReadingSource,
  receivedDeviceKeys,
  toSecond,
  type WriteOptions,
  writeEach,
} from './record';

type Rejection = UploadResultView['rejected'][number];
type Candidate = { index: number; record: UploadRecord; device: { serial: string; recordNo: string } };

/** Default unit per item: the hospital's display unit (read once per batch, for the items present). */
async function defaultUnits(db: DbOrTx, tenantId: string, items: Set<MeasurementItem>) {
  const units = new Map<MeasurementItem, string>();
  for (const item of MEASUREMENT_ITEMS) {
    units.set(
      item,
      items.has(item)
        ? (await itemDisplaySetting(db, tenantId, item)).unit
        : ITEM_DISPLAY_UNITS[item][0].code,
    );
  }
  return units;
}

/** Patients named by the batch (by wristband or inpatient number), in one query. */
async function patientsOf(
  db: DbOrTx,
  tenantId: string,
  records: Pick<UploadRecord, 'wristbandCode' | 'inpatientNumber' | 'outpatientNumber'>[],
) {
  const bands = [...new Set(records.map((r) => r.wristbandCode).filter((v): v is string => !!v))];
  const numbers = [...new Set(records.map((r) => r.inpatientNumber).filter((v): v is string => !!v))];
  const outpatientNumbers = [
    ...new Set(records.map((r) => r.outpatientNumber).filter((v): v is string => !!v)),
  ];
  if (!bands.length && !numbers.length && !outpatientNumbers.length) {
    return { byBand: new Map(), byNumber: new Map(), byOutpatientNumber: new Map() };
  }
  const rows = await db
    .select()
    .from(patients)
    .where(
      and(
        eq(patients.tenantId, tenantId),
        isNull(patients.deletedAt),
        or(
          bands.length ? inArray(patients.wristbandCode, bands) : undefined,
          numbers.length ? inArray(patients.inpatientNumber, numbers) : undefined,
          outpatientNumbers.length ? inArray(patients.outpatientNumber, outpatientNumbers) : undefined,
        ),
      ),
    );
  const byBand = new Map<string, PatientRow>();
  const byNumber = new Map<string, PatientRow>();
  const byOutpatientNumber = new Map<string, PatientRow>();
  for (const row of rows) {
    if (row.outpatientNumber) byOutpatientNumber.set(row.outpatientNumber, row);
    // a discharged patient's band may have been reissued: the patient in hospital wears it
    if (row.wristbandCode) {
      const held = byBand.get(row.wristbandCode);
      if (!held || (held.status !== 'inHospital' && row.status === 'inHospital'))
        byBand.set(row.wristbandCode, row);
    }
    if (row.inpatientNumber) byNumber.set(row.inpatientNumber, row);
  }
  return { byBand, byNumber, byOutpatientNumber };
}

/** Active staff named as operators (user names, any case), in one query. */
async function operatorsOf(db: DbOrTx, tenantId: string, names: string[]) {
  const wanted = [...new Set(names.map((n) => n.toLowerCase()))];
  const rows = wanted.length
    ? await db
        .select({ id: users.id, userName: users.userName, nickName: users.nickName })
        .from(users)
        .where(
          and(
            eq(users.tenantId, tenantId),
            isNull(users.deletedAt),
            eq(users.isActive, true),
            inArray(sql`lower(${users.userName})`, wanted),
          ),
        )
    : [];
  return new Map(rows.map((r) => [r.userName.toLowerCase(), { id: r.id, name: r.nickName || r.userName }]));
}

function reject(lang: Lang, field: string, key: MessageKey): FieldError {
  return { field, message: translate(lang, key) };
}

/** An uploaded record as a new reading: a meter's LO/HI is the untested reason "measurable range exceeded". */
function newReading(
  record: UploadRecord,
  patient: PatientRow,
  operator: { id: number; name: string },
  period: string | null,
  device: Candidate['device'],
): NewReading {
  const meterLimit = typeof record.result === 'string';
  return {
    patient,
    tester: operator,
    device,
    category: record.category,
    period,
    testTime: record.testTime,
    result: meterLimit ? null : (record.result as number | null | undefined),
    unit: record.unit,
    cause: meterLimit ? UNTESTED_REASONS.outOfRange : record.cause,
    causeText: meterLimit ? (record.result as string) : record.causeText,
    remark: record.remark,
  };
}

/**
 * Stores an upload: rows checked one by one (shape, range, time not in the future, patient known in
 * the uploader's scope and in hospital, operator known), then written each on its own (time within the
 * stay and free); good rows kept, bad rows answered with their reasons, rows already received counted
 * as duplicates.
 */
export async function uploadMeasurements(
  db: Database,
  session: SessionUser,
  input: MeasurementUpload,
  options: WriteOptions,
): Promise<UploadResultView> {
  const { accepted, duplicates, rejected } = await storeUpload(db, session, input, options);
  return { accepted, duplicates, rejected };
}

/**
 * {@link uploadMeasurements} with what it stored: the readings' ids and patients (HL7 results keep
 * them on the message). A source other than the upload route's (`hl7`) passes its own name.
 */
export async function storeUpload(
  db: Database,
  session: SessionUser,
  input: { source: ReadingSource; records: unknown[] },
  options: WriteOptions,
): Promise<UploadResultView & { stored: number[]; patientIds: number[] }> {
  const { lang, now } = options;
  const tenantId = session.tenantId;
  // the hospital's lists and clock from the configuration cache; the rest on the transaction's
  // connection, one statement at a time
  const [lists, timeZone] = await Promise.all([hospitalLists(db, session), hospitalTimeZone(db, session)]);
  return db.transaction(async (tx) => {
    const items = new Set<MeasurementItem>();
    for (const raw of input.records) {
      const category = (raw as { category?: unknown } | null)?.category;
      if (MEASUREMENT_ITEMS.includes(category as MeasurementItem)) items.add(category as MeasurementItem);
    }
    const units = await defaultUnits(tx, tenantId, items);
    const schema = uploadRecordSchemaFor({
      now: () => now,
      periods: lists.periods.map((p) => p.code),
      untestedReasons: lists.untestedReasons,
    });

    const rejected: Rejection[] = [];
    const candidates: Candidate[] = [];
    const seen = new Set<string>();
    let duplicates = 0;
    // insulin doses recorded on the meter (category INS) take the insulin write path (issue 16)
    const insulinRows: { index: number; raw: unknown }[] = [];
    // control runs of the meter (category QC) take the QC write path (issue 19, modules/quality)
    const qcRows: { index: number; raw: unknown }[] = [];
    input.records.forEach((raw, index) => {
      if (isInsulinUploadRow(raw)) {
        insulinRows.push({ index, raw });
        return;
      }
      if (isQcUploadRow(raw)) {
        qcRows.push({ index, raw });
        return;
      }
      const withUnit =
        raw && typeof raw === 'object' && !Array.isArray(raw)
          ? {
              ...(raw as Record<string, unknown>),
              unit:
                (raw as { unit?: unknown }).unit ??
                units.get((raw as { category?: MeasurementItem }).category as MeasurementItem),
            }
          : raw;
      const parsed = schema.safeParse(withUnit);
      const recordNo = (raw as { deviceRecordNo?: unknown } | null)?.deviceRecordNo;
      if (!parsed.success) {
        rejected.push({
          index,
          deviceRecordNo: typeof recordNo === 'string' ? recordNo : null,
          errors: localizedIssues(schema, withUnit, lang),
        });
        return;
      }
      const device = { serial: parsed.data.deviceSerial, recordNo: parsed.data.deviceRecordNo };
      // the same device record twice in one upload: received once
      if (seen.has(deviceKeyOf(device))) {
        duplicates++;
        return;
      }
      seen.add(deviceKeyOf(device));
      candidates.push({ index, record: parsed.data, device });
    });
    const insulin = await parseInsulinRows(tx, tenantId, insulinRows, { lang, now, seen });
    rejected.push(...insulin.rejected);
    duplicates += insulin.duplicates;
    // before the readings: a failed run holds the readings of the same upload (issue 19)
    const qc = await writeUploadedQcRows(tx, session, qcRows, { lang, now, meta: options.meta, seen });
    rejected.push(...qc.rejected);
    duplicates += qc.duplicates;

    const [{ byBand, byNumber, byOutpatientNumber }, operators] = await Promise.all([
      patientsOf(tx, tenantId, [
        ...candidates.map((c) => c.record),
        ...insulin.candidates.map((c) => c.record),
      ]),
      operatorsOf(tx, tenantId, [
        ...candidates.map((c) => c.record.operator),
        ...insulin.candidates.map((c) => c.record.operator),
      ]),
    ]);

    const ready: Candidate[] = [];
    const readings: NewReading[] = [];
    const refused: Rejection[] = [];
    const refusedDevices: Candidate['device'][] = [];
    for (const candidate of candidates) {
      const { record, index, device } = candidate;
      const errors: FieldError[] = [];
      const patient =
        (record.wristbandCode ? byBand.get(record.wristbandCode) : undefined) ??
        (record.inpatientNumber ? byNumber.get(record.inpatientNumber) : undefined) ??
        (record.outpatientNumber ? byOutpatientNumber.get(record.outpatientNumber) : undefined);
      const patientField = record.wristbandCode
        ? 'wristbandCode'
        : record.inpatientNumber
          ? 'inpatientNumber'
          : 'outpatientNumber';
      if (!patient || !inScope(session.scope, patient.departmentCode)) {
        errors.push(reject(lang, patientField, 'measurements.upload.unknownPatient'));
      } else if (patient.status === 'discharged') {
        // in hospital, or an outpatient's home meter (issue 18); a discharged patient's readings are refused
        errors.push(reject(lang, patientField, 'measurements.upload.notInHospital'));
      }
      const operator = operators.get(record.operator.toLowerCase());
      if (!operator) errors.push(reject(lang, 'operator', 'measurements.upload.unknownOperator'));
      const item = record.category;
      // the wall clock as text: periodAt reads it without building a formatter per reading
      const period =
        record.period ||
        (item === 'GLU' ? periodAt(wallClockAt(toSecond(record.testTime), timeZone), lists.periods) : null);
      if (item === 'GLU' && !period) errors.push(reject(lang, 'period', 'glucose.period.required'));
      if (errors.length || !patient || !operator) {
        refused.push({ index, deviceRecordNo: record.deviceRecordNo, errors });
        refusedDevices.push(device);
        continue;
      }
      ready.push(candidate);
      readings.push(newReading(record, patient, operator, period, device));
    }

    const outcomes = await writeEach(tx, session, readings, input.source, options);
    let accepted = 0;
    const stored: number[] = [];
    const patientIds = new Set<number>();
    outcomes.forEach((outcome, i) => {
      if ('stored' in outcome) {
        accepted++;
        stored.push(outcome.stored.id);
        patientIds.add(outcome.stored.patientId);
      } else if ('received' in outcome) duplicates++;
      else
        rejected.push({
          index: ready[i]!.index,
          deviceRecordNo: ready[i]!.record.deviceRecordNo,
          errors: outcome.refused,
        });
    });
    // a record received before is a duplicate, whatever else would be said of it now
    const received = await receivedDeviceKeys(tx, tenantId, refusedDevices);
    refused.forEach((refusal, i) => {
      if (received.has(deviceKeyOf(refusedDevices[i]!))) duplicates++;
      else rejected.push(refusal);
    });
    const doses = await writeInsulinRows(
      tx,
      session,
      insulin.candidates,
      {
        patientOf: (record) =>
          (record.wristbandCode ? byBand.get(record.wristbandCode) : undefined) ??
          (record.inpatientNumber ? byNumber.get(record.inpatientNumber) : undefined),
        operators,
        staffByName: (names) => operatorsOf(tx, tenantId, names),
        timeZone,
      },
      options,
    );
    accepted += doses.accepted + qc.accepted;
    duplicates += doses.duplicates;
    rejected.push(...doses.rejected);
    rejected.sort((a, b) => a.index - b.index);
    return { accepted, duplicates, rejected, stored, patientIds: [...patientIds] };
  });
}
