/**
 * Meter and HIS uploads (`POST /v1/testRecord/upload`). A batch is checked in memory and written with
 * a fixed number of queries whatever its size: patients, operators, device keys already received and
 * times already taken are each read with one query; readings are classified in memory with one
 * classifier; one multi-row INSERT ... ON CONFLICT DO NOTHING RETURNING, one multi-row audit insert,
 * one critical-event sync. A repeated upload adds nothing (the device key is unique) and says so.
 */
import {
  type FieldError,
  ITEM_DISPLAY_UNITS,
  type Lang,
  localizedIssues,
  MEASUREMENT_ITEMS,
  type MeasurementItem,
  type MeasurementUpload,
  type MessageKey,
  measurementUnitCode,
  periodAt,
  storedValueOf,
  translate,
  UNTESTED_REASONS,
  type UploadRecord,
  uploadRecordSchemaFor,
  wallClockAt,
} from '@glucocare/domain';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, DbOrTx } from '../../db/client';
import { dictEntries, measurements, patients, users } from '../../db/schema';
import type { SessionUser } from '../auth/sessions';
import { inScope } from '../departments/service';
import type { PatientRow } from '../patients/access';
import { itemDisplaySetting } from '../settings/item-display';
import { getSetting } from '../settings/service';
import { hospitalTimeZone } from '../settings/time-zone';
import { loadClassifier, syncCriticalEvents } from './classify-at-write';
import { hospitalLists } from './context';
import { toReadingView } from './view';
import { auditReadings, column, type WriteOptions, written } from './write';

export const uploadResultView = z.object({
  /** readings stored now */
  accepted: z.number(),
  /** records already received before (same device serial and record number): nothing added */
  duplicates: z.number(),
  rejected: z.array(
    z.object({
      index: z.number(),
      deviceRecordNo: z.string().nullable(),
      errors: z.array(z.object({ field: z.string(), message: z.string() })),
    }),
  ),
});
export type UploadResult = z.infer<typeof uploadResultView>;

type Rejection = UploadResult['rejected'][number];
type Candidate = { index: number; record: UploadRecord; key: string };
type MeasurementRow = typeof measurements.$inferSelect;
/** A row to insert: every column but those the database fills (id, created and updated times). */
type NewRow = Omit<MeasurementRow, 'id' | 'createdAt' | 'updatedAt'>;
type Ready = Candidate & {
  patient: PatientRow;
  operator: { id: number; name: string };
  values: NewRow;
};

const deviceKey = (serial: string, recordNo: string) => `${serial}\u0001${recordNo}`;
const timeKey = (patientId: number, item: string, at: Date) => `${patientId}|${item}|${at.getTime()}`;

function toSecond(iso: string): Date {
  const at = new Date(iso);
  at.setUTCMilliseconds(0);
  return at;
}

/**
 * One multi-row INSERT ... ON CONFLICT DO NOTHING RETURNING of readings, each column sent as one array
 * and unnested by PostgreSQL (a statement of 25 parameters whatever the batch size). A row that clashes
 * with a stored one (device key or patient time) is skipped; the rows stored are returned whole.
 */
async function insertRows(tx: DbOrTx, rows: NewRow[]): Promise<MeasurementRow[]> {
  if (!rows.length) return [];
  const of = <K extends keyof NewRow>(key: K) => column(rows.map((row) => row[key]));
  const first = rows[0]!;
  const result = await tx.execute<{
    id: string;
    device_serial: string;
    device_record_no: string;
    created_at: Date;
  }>(sql`
    insert into measurements (tenant_id, patient_id, admission_id, department_code, item, period_code, test_time,
                              value, entered_value, entered_unit, untested_reason, untested_reason_text, note,
                              tester_id, tester_name, source, device_serial, device_record_no, classification,
                              grade, color, status, approved_at, created_by, updated_by)
    select ${first.tenantId}, r.* , ${first.createdBy}, ${first.createdBy}
      from unnest(${of('patientId')}::bigint[], ${of('admissionId')}::bigint[], ${of('departmentCode')}::text[],
                  ${of('item')}::text[], ${of('periodCode')}::text[],
                  ${column(rows.map((row) => row.testTime.toISOString()))}::timestamptz[],
                  ${of('value')}::float8[], ${of('enteredValue')}::float8[], ${of('enteredUnit')}::text[],
                  ${of('untestedReason')}::text[], ${of('untestedReasonText')}::text[], ${of('note')}::text[],
                  ${of('testerId')}::bigint[], ${of('testerName')}::text[], ${of('source')}::text[],
                  ${of('deviceSerial')}::text[], ${of('deviceRecordNo')}::text[], ${of('classification')}::text[],
                  ${of('grade')}::text[], ${of('color')}::text[], ${of('status')}::text[],
                  ${column(rows.map((row) => row.approvedAt?.toISOString() ?? null))}::timestamptz[])
           as r(patient_id, admission_id, department_code, item, period_code, test_time, value, entered_value,
                entered_unit, untested_reason, untested_reason_text, note, tester_id, tester_name, source,
                device_serial, device_record_no, classification, grade, color, status, approved_at)
    on conflict do nothing
    returning id, device_serial, device_record_no, created_at`);
  const byKey = new Map(
    rows.map((row) => [deviceKey(row.deviceSerial as string, row.deviceRecordNo as string), row]),
  );
  return result.rows.map((stored) => ({
    ...byKey.get(deviceKey(stored.device_serial, stored.device_record_no))!,
    id: Number(stored.id),
    createdAt: new Date(stored.created_at),
    updatedAt: new Date(stored.created_at),
  }));
}

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
async function patientsOf(db: DbOrTx, tenantId: string, records: UploadRecord[]) {
  const bands = [...new Set(records.map((r) => r.wristbandCode).filter((v): v is string => !!v))];
  const numbers = [...new Set(records.map((r) => r.inpatientNumber).filter((v): v is string => !!v))];
  if (!bands.length && !numbers.length) return { byBand: new Map(), byNumber: new Map() };
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
        ),
      ),
    );
  const byBand = new Map<string, PatientRow>();
  const byNumber = new Map<string, PatientRow>();
  for (const row of rows) {
    // a discharged patient's band may have been reissued: the patient in hospital wears it
    if (row.wristbandCode) {
      const held = byBand.get(row.wristbandCode);
      if (!held || (held.status !== 'inHospital' && row.status === 'inHospital'))
        byBand.set(row.wristbandCode, row);
    }
    if (row.inpatientNumber) byNumber.set(row.inpatientNumber, row);
  }
  return { byBand, byNumber };
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

/** Device keys of the batch already stored (deleted readings included: they were received). */
async function receivedKeys(db: DbOrTx, tenantId: string, candidates: { record: UploadRecord }[]) {
  if (!candidates.length) return new Set<string>();
  const serials = [...new Set(candidates.map((c) => c.record.deviceSerial))];
  const numbers = [...new Set(candidates.map((c) => c.record.deviceRecordNo))];
  const rows = await db
    .select({ serial: measurements.deviceSerial, recordNo: measurements.deviceRecordNo })
    .from(measurements)
    .where(
      and(
        eq(measurements.tenantId, tenantId),
        inArray(measurements.deviceSerial, serials),
        inArray(measurements.deviceRecordNo, numbers),
      ),
    );
  return new Set(rows.map((r) => deviceKey(r.serial as string, r.recordNo as string)));
}

/** Live readings at the batch's patients, items and times (one query). */
async function takenTimes(db: DbOrTx, tenantId: string, ready: Ready[]) {
  if (!ready.length) return new Set<string>();
  const ids = [...new Set(ready.map((r) => r.patient.id))];
  const seen = new Set<number>();
  const times = ready
    .map((r) => r.values.testTime as Date)
    .filter((at) => !seen.has(at.getTime()) && !!seen.add(at.getTime()));
  const rows = await db
    .select({ patientId: measurements.patientId, item: measurements.item, testTime: measurements.testTime })
    .from(measurements)
    .where(
      and(
        eq(measurements.tenantId, tenantId),
        inArray(measurements.patientId, ids),
        // with the items, the lookup is an index condition on measurements_patient_time_uq
        inArray(measurements.item, [...new Set(ready.map((r) => r.values.item as string))]),
        inArray(measurements.testTime, times),
        isNull(measurements.deletedAt),
      ),
    );
  return new Set(rows.map((r) => timeKey(r.patientId, r.item, r.testTime)));
}

function reject(lang: Lang, field: string, key: MessageKey): FieldError {
  return { field, message: translate(lang, key) };
}

/**
 * Stores an upload: rows checked one by one (shape, range, time not in the future nor before the
 * admission, patient known in the uploader's scope and in hospital, operator known, time free), good
 * rows kept, bad rows answered with their reasons, rows already received counted as duplicates.
 */
export async function uploadMeasurements(
  db: Database,
  session: SessionUser,
  input: MeasurementUpload,
  options: WriteOptions,
): Promise<UploadResult> {
  const { lang, now } = options;
  const tenantId = session.tenantId;
  // the hospital's lists and clock from the configuration cache; the rest on the transaction's
  // connection, one statement at a time
  const [lists, timeZone] = await Promise.all([hospitalLists(db, session), hospitalTimeZone(db, session)]);
  return db.transaction(async (tx) => {
    const classify = await loadClassifier(tx, tenantId);
    const approval = await getSetting(tx, tenantId, 'feature.recordApproval');
    const reasonNames = await tx
      .select({ code: dictEntries.code, nameZh: dictEntries.nameZh, nameEn: dictEntries.nameEn })
      .from(dictEntries)
      .where(
        and(
          eq(dictEntries.tenantId, tenantId),
          eq(dictEntries.type, 'untestedReason'),
          isNull(dictEntries.deletedAt),
        ),
      );
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
    input.records.forEach((raw, index) => {
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
      const key = deviceKey(parsed.data.deviceSerial, parsed.data.deviceRecordNo);
      // the same device record twice in one upload: received once
      if (seen.has(key)) {
        duplicates++;
        return;
      }
      seen.add(key);
      candidates.push({ index, record: parsed.data, key });
    });

    const [{ byBand, byNumber }, operators] = await Promise.all([
      patientsOf(
        tx,
        tenantId,
        candidates.map((c) => c.record),
      ),
      operatorsOf(
        tx,
        tenantId,
        candidates.map((c) => c.record.operator),
      ),
    ]);

    const ready: Ready[] = [];
    const refused = new Map<number, Rejection>();
    const status = approval
      ? { status: 'pending' as const, approvedAt: null }
      : { status: 'approved' as const, approvedAt: now };
    for (const candidate of candidates) {
      const { record, index } = candidate;
      const errors: FieldError[] = [];
      const patient =
        (record.wristbandCode ? byBand.get(record.wristbandCode) : undefined) ??
        (record.inpatientNumber ? byNumber.get(record.inpatientNumber) : undefined);
      const testTime = toSecond(record.testTime);
      const patientField = record.wristbandCode ? 'wristbandCode' : 'inpatientNumber';
      if (!patient || !inScope(session.scope, patient.departmentCode)) {
        errors.push(reject(lang, patientField, 'measurements.upload.unknownPatient'));
      } else if (patient.status !== 'inHospital') {
        errors.push(reject(lang, patientField, 'measurements.upload.notInHospital'));
      } else if (testTime < patient.admittedAt) {
        errors.push(reject(lang, 'testTime', 'measurements.testTime.beforeAdmission'));
      }
      const operator = operators.get(record.operator.toLowerCase());
      if (!operator) errors.push(reject(lang, 'operator', 'measurements.upload.unknownOperator'));
      const item = record.category;
      // the wall clock as text: periodAt reads it without building a formatter per reading
      const periodCode =
        record.period || (item === 'GLU' ? periodAt(wallClockAt(testTime, timeZone), lists.periods) : null);
      if (item === 'GLU' && !periodCode) errors.push(reject(lang, 'period', 'glucose.period.required'));
      if (errors.length || !patient || !operator) {
        refused.set(index, { index, deviceRecordNo: record.deviceRecordNo, errors });
        continue;
      }
      const meterLimit = typeof record.result === 'string';
      const hasResult = typeof record.result === 'number';
      const unit = hasResult ? measurementUnitCode(item, record.unit) : null;
      const value = hasResult ? storedValueOf(item, record.result as number, unit) : null;
      const cause = hasResult ? null : meterLimit ? UNTESTED_REASONS.outOfRange : record.cause || null;
      ready.push({
        ...candidate,
        patient,
        operator,
        values: {
          tenantId,
          patientId: patient.id,
          admissionId: patient.admissionId,
          departmentCode: patient.departmentCode,
          item,
          periodCode,
          testTime,
          value,
          enteredValue: hasResult ? (record.result as number) : null,
          enteredUnit: unit,
          untestedReason: cause,
          untestedReasonText: hasResult
            ? null
            : meterLimit
              ? (record.result as string)
              : record.causeText || null,
          refusalReason: null,
          rejectReason: null,
          note: record.remark || null,
          testerId: operator.id,
          testerName: operator.name,
          source: input.source,
          deviceSerial: record.deviceSerial,
          deviceRecordNo: record.deviceRecordNo,
          ...classify(
            {
              item,
              value,
              enteredValue: hasResult ? (record.result as number) : null,
              enteredUnit: unit,
              periodCode,
              testTime,
            },
            patient,
          ),
          ...status,
          approvedBy: null,
          approvedByName: null,
          version: 1,
          createdBy: session.userId,
          updatedBy: session.userId,
          deletedAt: null,
          deletedBy: null,
          deleteReason: null,
        },
      });
    }

    // Times taken are read before device keys: a concurrent upload of the same records committing in
    // between then shows as received (a duplicate), never as a clash of times.
    const taken = await takenTimes(tx, tenantId, ready);
    const received = await receivedKeys(tx, tenantId, candidates);
    // a record received before is a duplicate, whatever else would be said of it now
    for (const candidate of candidates) {
      if (received.has(candidate.key)) duplicates++;
      else {
        const refusal = refused.get(candidate.index);
        if (refusal) rejected.push(refusal);
      }
    }
    const toInsert: Ready[] = [];
    for (const entry of ready) {
      if (received.has(entry.key)) continue;
      const key = timeKey(entry.patient.id, entry.values.item, entry.values.testTime as Date);
      if (taken.has(key)) {
        rejected.push({
          index: entry.index,
          deviceRecordNo: entry.record.deviceRecordNo,
          errors: [reject(lang, 'testTime', 'measurements.duplicateTimeShort')],
        });
        continue;
      }
      taken.add(key);
      toInsert.push(entry);
    }

    const inserted = await insertRows(
      tx,
      toInsert.map((entry) => entry.values),
    );
    // rows a concurrent upload stored first: a duplicate when the device key is now there, else a taken time
    if (inserted.length < toInsert.length) {
      const stored = new Set(
        inserted.map((row) => deviceKey(row.deviceSerial as string, row.deviceRecordNo as string)),
      );
      const lost = toInsert.filter((entry) => !stored.has(entry.key));
      const nowReceived = await receivedKeys(tx, tenantId, lost);
      for (const entry of lost) {
        if (nowReceived.has(entry.key)) duplicates++;
        else
          rejected.push({
            index: entry.index,
            deviceRecordNo: entry.record.deviceRecordNo,
            errors: [reject(lang, 'testTime', 'measurements.duplicateTimeShort')],
          });
      }
    }

    if (inserted.length) {
      await syncCriticalEvents(tx, tenantId, inserted.map(written));
      const zh = lang === 'zh-CN';
      const periodNames = new Map(lists.periods.map((p) => [p.code, zh ? p.nameZh : p.nameEn]));
      const reasons = new Map(reasonNames.map((r) => [r.code, zh ? r.nameZh : r.nameEn]));
      await auditReadings(
        tx,
        session,
        inserted.map((m) => ({
          action: 'upload',
          view: toReadingView({
            m,
            periodName: m.periodCode ? (periodNames.get(m.periodCode) ?? null) : null,
            untestedReasonName: m.untestedReason ? (reasons.get(m.untestedReason) ?? null) : null,
            refusalReasonName: null,
          }),
        })),
        options.meta,
      );
    }
    rejected.sort((a, b) => a.index - b.index);
    return { accepted: inserted.length, duplicates, rejected };
  });
}
