/**
 * Insulin rows of a meter upload (`POST /v1/testRecord/upload`, `category: "INS"`; issue 16): checked
 * one by one with the domain's `insulinUploadRecordSchemaFor`, then written each through the one insulin
 * write path (`createInsulinRecord`: the same rules, names, audit and scope as a dose entered by hand),
 * in a savepoint of the upload's transaction so a refused row does not undo the others. The meter's
 * serial and record number are the natural key (`insulin_records_device_record_uq`): a record received
 * before, as a dose or as a reading, is a duplicate.
 */
import {
  type FieldError,
  type InsulinEntry,
  type InsulinUploadRecord,
  insulinUploadRecordSchemaFor,
  isInsulinCategory,
  type Lang,
  localizedIssues,
  type MessageKey,
  periodAt,
  translate,
} from '@glucocare/domain';
import type { UploadResultView } from '@glucocare/domain/responses';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { drugCategories, drugs, insulinRecords } from '../../db/schema';
import { AppError } from '../../http/errors';
import { ValidationFailure } from '../../http/validation';
import type { SessionUser } from '../auth/sessions';
import { inScope } from '../departments/service';
import { uniqueViolationOf } from '../measurements/context';
import { deviceKeyOf, receivedDeviceKeys } from '../measurements/record';
import type { PatientRow } from '../patients/access';
import { activePeriods, createInsulinRecord, type InsulinWriteOptions } from './service';

type Rejection = UploadResultView['rejected'][number];
type Device = { serial: string; recordNo: string };

/** A well-formed insulin row of the upload, waiting for its patient, drug and people. */
export interface InsulinUploadCandidate {
  index: number;
  record: InsulinUploadRecord;
  device: Device;
}

const DEVICE_INDEX = 'insulin_records_device_record_uq';

/** Where a field of the insulin write path is called in an upload row. */
const UPLOAD_FIELD: Record<string, string> = {
  drugId: 'drugCode',
  givenAt: 'testTime',
  nurseId: 'operator',
  doctorId: 'doctor',
  note: 'remark',
  patientId: 'wristbandCode',
};

/**
 * The insulin rows checked on their own (shape, doses adding up, time not in the future, period known):
 * the good ones as candidates (a device record met earlier in the batch counts as a duplicate, via
 * `seen`, shared with the readings), the bad ones refused with their reasons.
 */
export async function parseInsulinRows(
  db: DbOrTx,
  tenantId: string,
  rows: { index: number; raw: unknown }[],
  context: { lang: Lang; now: Date; seen: Set<string> },
): Promise<{ candidates: InsulinUploadCandidate[]; rejected: Rejection[]; duplicates: number }> {
  const result = { candidates: [] as InsulinUploadCandidate[], rejected: [] as Rejection[], duplicates: 0 };
  if (!rows.length) return result;
  const periods = (await activePeriods(db, tenantId)).map((period) => period.code);
  const schema = insulinUploadRecordSchemaFor({ now: () => context.now, periods });
  for (const { index, raw } of rows) {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const recordNo = (raw as { deviceRecordNo?: unknown }).deviceRecordNo;
      result.rejected.push({
        index,
        deviceRecordNo: typeof recordNo === 'string' ? recordNo : null,
        errors: localizedIssues(schema, raw, context.lang),
      });
      continue;
    }
    const device = { serial: parsed.data.deviceSerial, recordNo: parsed.data.deviceRecordNo };
    if (context.seen.has(deviceKeyOf(device))) {
      result.duplicates++;
      continue;
    }
    context.seen.add(deviceKeyOf(device));
    result.candidates.push({ index, record: parsed.data, device });
  }
  return result;
}

/** Device records of the tenant already stored as insulin doses (deleted ones included). */
async function receivedDoses(db: DbOrTx, tenantId: string, devices: Device[]): Promise<Set<string>> {
  if (!devices.length) return new Set();
  const rows = await db
    .select({ serial: insulinRecords.deviceSerial, recordNo: insulinRecords.deviceRecordNo })
    .from(insulinRecords)
    .where(
      and(
        eq(insulinRecords.tenantId, tenantId),
        inArray(insulinRecords.deviceSerial, [...new Set(devices.map((d) => d.serial))]),
        inArray(insulinRecords.deviceRecordNo, [...new Set(devices.map((d) => d.recordNo))]),
      ),
    );
  return new Set(
    rows.map((r) => deviceKeyOf({ serial: r.serial as string, recordNo: r.recordNo as string })),
  );
}

/** The drugs of the catalogue with the codes given (not deleted), with their category, by code. */
async function drugsByCode(db: DbOrTx, tenantId: string, codes: string[]) {
  if (!codes.length) return new Map<string, { id: number; insulin: boolean }>();
  const rows = await db
    .select({ id: drugs.id, code: drugs.code, isActive: drugs.isActive, category: drugCategories.code })
    .from(drugs)
    .leftJoin(
      drugCategories,
      and(eq(drugCategories.tenantId, drugs.tenantId), eq(drugCategories.id, drugs.categoryId)),
    )
    .where(
      and(eq(drugs.tenantId, tenantId), isNull(drugs.deletedAt), inArray(drugs.code, [...new Set(codes)])),
    );
  return new Map(
    rows.map((row) => [row.code, { id: row.id, insulin: row.isActive && isInsulinCategory(row.category) }]),
  );
}

/** The field errors of a refusal of the insulin write path, named as the upload row names them. */
function refusalOf(error: unknown, lang: Lang): FieldError[] | null {
  const rename = (errors: FieldError[]) =>
    errors.map((e) => ({ ...e, field: UPLOAD_FIELD[e.field] ?? e.field }));
  if (error instanceof ValidationFailure) return rename(error.issues(lang));
  if (error instanceof AppError && error.statusCode < 500) {
    const errors = (error.dataContent as { errors?: FieldError[] } | null)?.errors;
    if (errors?.length) return rename(errors);
    // a patient that left the caller's scope in the meantime (404) and the like
    const field = error.statusCode === 404 ? 'wristbandCode' : '';
    const key = error.statusCode === 404 ? 'measurements.upload.unknownPatient' : error.messageKey;
    return [{ field, message: translate(lang, key, error.params) }];
  }
  return null;
}

/**
 * Writes the insulin candidates of an upload, each in a savepoint of the upload's transaction: a row
 * already received (as a dose or a reading) is a duplicate; one whose patient, operator, drug, doctor
 * or period cannot be found, or that the insulin write path refuses, is refused with its reasons.
 */
export async function writeInsulinRows(
  tx: DbOrTx,
  session: SessionUser,
  candidates: InsulinUploadCandidate[],
  lookups: {
    patientOf: (record: InsulinUploadRecord) => PatientRow | undefined;
    operators: Map<string, { id: number; name: string }>;
    /** active staff by user name (any case), as the operators are found */
    staffByName: (names: string[]) => Promise<Map<string, { id: number; name: string }>>;
    timeZone: string;
  },
  options: InsulinWriteOptions,
): Promise<{ accepted: number; duplicates: number; rejected: Rejection[] }> {
  const outcome = { accepted: 0, duplicates: 0, rejected: [] as Rejection[] };
  if (!candidates.length) return outcome;
  const { lang } = options;
  const tenantId = session.tenantId;
  const devices = candidates.map((c) => c.device);
  const received = new Set([
    ...(await receivedDoses(tx, tenantId, devices)),
    ...(await receivedDeviceKeys(tx, tenantId, devices)),
  ]);
  const drugCodes = await drugsByCode(
    tx,
    tenantId,
    candidates.map((c) => c.record.drugCode),
  );
  const periods = await activePeriods(tx, tenantId);
  const doctorNames = candidates.map((c) => c.record.doctor || lookups.patientOf(c.record)?.doctorCode || '');
  const doctors = await lookups.staffByName(doctorNames.filter(Boolean));

  for (const [i, { index, record, device }] of candidates.entries()) {
    if (received.has(deviceKeyOf(device))) {
      outcome.duplicates++;
      continue;
    }
    const errors: FieldError[] = [];
    const problem = (field: string, key: MessageKey) => errors.push({ field, message: translate(lang, key) });
    const patient = lookups.patientOf(record);
    const patientField = record.wristbandCode ? 'wristbandCode' : 'inpatientNumber';
    const known = !!patient && inScope(session.scope, patient.departmentCode);
    if (!known) {
      problem(patientField, 'measurements.upload.unknownPatient');
    } else if (patient.status !== 'inHospital') {
      problem(patientField, 'measurements.upload.notInHospital');
    }
    const operator = lookups.operators.get(record.operator.toLowerCase());
    if (!operator) problem('operator', 'measurements.upload.unknownOperator');
    const drug = drugCodes.get(record.drugCode);
    if (!drug) problem('drugCode', 'insulin.upload.drugUnknown');
    else if (!drug.insulin) problem('drugCode', 'insulin.drug.notInsulin');
    const period = record.period || periodAt(new Date(record.testTime), periods, lookups.timeZone);
    if (!period) problem('period', 'insulin.period.required');
    const doctorName = doctorNames[i]!;
    const doctorId = doctorName ? doctors.get(doctorName.toLowerCase())?.id : undefined;
    // the doctor is the patient's by default: said only of a patient the caller may see
    if (known && !doctorName) problem('doctor', 'insulin.upload.doctorRequired');
    else if (known && !doctorId) problem('doctor', 'insulin.doctor.unknown');
    if (errors.length || !patient || !operator || !drug || !period || !doctorId) {
      outcome.rejected.push({ index, deviceRecordNo: record.deviceRecordNo, errors });
      continue;
    }
    const entry: InsulinEntry = {
      patientId: patient.id,
      drugId: drug.id,
      dose: record.dose,
      unit: record.unit,
      basalDose: record.basalDose ?? null,
      bolusDose: record.bolusDose ?? null,
      correctionDose: record.correctionDose ?? null,
      period,
      givenAt: record.testTime,
      doctorId,
      nurseId: operator.id,
      note: record.remark ?? null,
    };
    try {
      await tx.transaction((savepoint) => createInsulinRecord(savepoint, session, entry, options, device));
      outcome.accepted++;
    } catch (error) {
      // the same record sent by two uploads at once: the other one stored it
      if (uniqueViolationOf(error, DEVICE_INDEX)) {
        outcome.duplicates++;
        continue;
      }
      const refused = refusalOf(error, lang);
      if (!refused) throw error;
      outcome.rejected.push({ index, deviceRecordNo: record.deviceRecordNo, errors: refused });
    }
  }
  return outcome;
}
