import type { WindowMark } from '@glucocare/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { patients } from './patients';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const MEASUREMENT_SOURCES = ['manual', 'meter', 'his', 'hl7'] as const;
export const MEASUREMENT_STATUSES = ['pending', 'approved'] as const;

/**
 * Glucose, ketone and uric-acid measurements (§3 Glucose record, Ketone and uric acid records), one
 * table for the three items. `value` is in the storage unit (mmol/L for GLU and KET, µmol/L for UA);
 * `entered_value`/`entered_unit` keep what was typed or uploaded. A row without a value carries the
 * untested reason. Classification is fixed at write time with the settings then in force. Never
 * hard-deleted: `deleted_at`, `deleted_by`, `delete_reason`.
 */
export const measurements = pgTable(
  'measurements',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    patientId: bigint('patient_id', { mode: 'number' }).notNull(),
    admissionId: bigint('admission_id', { mode: 'number' }),
    /** the patient's department when measured (data management and scope go by it) */
    departmentCode: text('department_code').notNull(),
    /** GLU, KET or UA */
    item: text('item').notNull(),
    /** glucose period code (null when a ketone or uric-acid reading has none) */
    periodCode: text('period_code'),
    testTime: timestamp('test_time', { withTimezone: true }).notNull(),
    value: doublePrecision('value'),
    enteredValue: doublePrecision('entered_value'),
    enteredUnit: text('entered_unit'),
    untestedReason: text('untested_reason'),
    untestedReasonText: text('untested_reason_text'),
    /** with the untested reason `refused`: the refusal reason code (dictionary `refusalReason`), if given */
    refusalReason: text('refusal_reason'),
    /** a reading without a value: why the planned measurement was not carried out (dictionary `rejectReason`) */
    rejectReason: text('reject_reason'),
    note: text('note'),
    testerId: bigint('tester_id', { mode: 'number' }),
    testerName: text('tester_name'),
    source: text('source', { enum: MEASUREMENT_SOURCES }).notNull().default('manual'),
    deviceSerial: text('device_serial'),
    deviceRecordNo: text('device_record_no'),
    /**
     * issue 15 (domain measurements/timing.ts), set at write: 'early' or 'late' when the test time lies
     * outside its period's window and the hospital's slack, else null; with the reason given for it
     */
    windowMark: text('window_mark').$type<WindowMark>(),
    windowReason: text('window_reason'),
    /** entered by hand more than the strategy's late-entry minutes after the test time */
    lateEntry: boolean('late_entry').notNull().default(false),
    /** normal, low, high, criticalLow, criticalHigh, unknown (domain Classification); null without a value */
    /**
     * issue 19: the QC lockout of the meter that uploaded the reading (domain quality LOCK_REASONS), set
     * at write; a held reading is kept and shown but cannot be approved until released with a reason
     */
    qcHold: text('qc_hold'),
    classification: text('classification'),
    grade: text('grade'),
    /** the band's colour from the settings at write time (null for normal) */
    color: text('color'),
    status: text('status', { enum: MEASUREMENT_STATUSES }).notNull().default('pending'),
    approvedBy: bigint('approved_by', { mode: 'number' }),
    approvedByName: text('approved_by_name'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: bigint('deleted_by', { mode: 'number' }),
    deleteReason: text('delete_reason'),
  },
  (t) => [
    // Partitioned by month of test_time (migration 0027, db/partitions.ts): every key of a partitioned
    // table holds the partition column; the id alone stays unique by its sequence
    primaryKey({ columns: [t.tenantId, t.id, t.testTime] }),
    // §5 Glucose "measurement times cannot repeat", per patient and item; also the patient tab's index.
    // Migration 0008 adds INCLUDE (id, value, period_code, classification) by hand (drizzle cannot
    // declare it): the analysis reads a patient's year as an index-only scan
    uniqueIndex('measurements_patient_time_uq')
      .on(t.tenantId, t.patientId, t.item, t.testTime)
      .where(sql`${t.deletedAt} is null`),
    // ARCHITECTURE §4: a repeated meter/HIS upload adds nothing (deleted rows included): the write path
    // looks the device key up in every month (record.ts receivedDeviceKeys); the index, which must hold
    // the partition column, keeps two concurrent uploads of one record from both landing
    uniqueIndex('measurements_device_record_uq')
      .on(t.tenantId, t.deviceSerial, t.deviceRecordNo, t.testTime)
      .where(sql`${t.deviceSerial} is not null`),
    index('measurements_department_idx')
      .on(t.tenantId, t.departmentCode, t.item, t.testTime)
      .where(sql`${t.deletedAt} is null`),
    // the approval list, per department
    index('measurements_pending_idx')
      .on(t.tenantId, t.departmentCode, t.item, t.testTime)
      .where(sql`${t.deletedAt} is null and ${t.status} = 'pending'`),
    // hospital-wide queries of users who see every department
    index('measurements_item_time_idx').on(t.tenantId, t.item, t.testTime).where(sql`${t.deletedAt} is null`),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
  ],
);

export const CRITICAL_EVENT_STATUSES = ['open', 'handled', 'void'] as const;

interface LoopColumns {
  status: AnyPgColumn;
  acknowledgedAt: AnyPgColumn;
  handledAt: AnyPgColumn;
  recheckDueAt: AnyPgColumn;
  recheckedAt: AnyPgColumn;
  recheckSkippedReason: AnyPgColumn;
}

/**
 * A critical value that still waits for someone (domain `criticalLoopState`): not void, and not yet
 * acknowledged nor handled, or its scheduled recheck neither recorded nor given up. The escalation
 * sweep and the "escalated to me" reads use it, and so do the partial indexes that serve them (the
 * same text, so that the planner matches them).
 */
export const criticalAwaiting = (t: LoopColumns) =>
  sql`(${t.status} <> 'void' and ((${t.acknowledgedAt} is null and ${t.handledAt} is null) or (${t.recheckDueAt} is not null and ${t.recheckedAt} is null and ${t.recheckSkippedReason} is null)))`;

/**
 * A critical value (criticalLow/criticalHigh at write) waiting for, or with, its handling: who was
 * notified and what was done, by whom and when. `void` when the reading is deleted or corrected out
 * of the critical range before handling.
 */
export const criticalEvents = pgTable(
  'critical_events',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    measurementId: bigint('measurement_id', { mode: 'number' }).notNull(),
    patientId: bigint('patient_id', { mode: 'number' }).notNull(),
    departmentCode: text('department_code').notNull(),
    item: text('item').notNull(),
    value: doublePrecision('value').notNull(),
    classification: text('classification').notNull(),
    grade: text('grade'),
    measuredAt: timestamp('measured_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: CRITICAL_EVENT_STATUSES }).notNull().default('open'),
    notifiedPerson: text('notified_person'),
    action: text('action'),
    handledBy: bigint('handled_by', { mode: 'number' }),
    handledByName: text('handled_by_name'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    // the loop of issue 15: measured → notified → acknowledged → handled → rechecked
    /** when the nurse recorded whom she told (the entry dialog) and who that was, if a user */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    notifiedUserId: bigint('notified_user_id', { mode: 'number' }),
    notifiedBy: bigint('notified_by', { mode: 'number' }),
    /** the doctor's read receipt */
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: bigint('acknowledged_by', { mode: 'number' }),
    acknowledgedByName: text('acknowledged_by_name'),
    /** set when the event opens, from the loop settings then in force (domain critical/loop.ts) */
    recheckDueAt: timestamp('recheck_due_at', { withTimezone: true }),
    /** the first later reading of the patient and item (the write path links it) */
    recheckMeasurementId: bigint('recheck_measurement_id', { mode: 'number' }),
    recheckedAt: timestamp('rechecked_at', { withTimezone: true }),
    /** why no recheck was taken (closes the loop instead of one) */
    recheckSkippedReason: text('recheck_skipped_reason'),
    /** when it was escalated to the doctor and the head nurse (unacknowledged or recheck overdue) */
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    /** whom it was escalated to: the patient's responsible doctor and the ward's head nurse then (users) */
    escalatedDoctorId: bigint('escalated_doctor_id', { mode: 'number' }),
    escalatedDoctorName: text('escalated_doctor_name'),
    escalatedHeadNurseId: bigint('escalated_head_nurse_id', { mode: 'number' }),
    escalatedHeadNurseName: text('escalated_head_nurse_name'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('critical_events_measurement_uq').on(t.tenantId, t.measurementId),
    // the write path looks for the recheck a new reading completes (or precedes: a late entry measured
    // before the recorded recheck takes its place), per patient and item
    index('critical_events_recheck_idx')
      .on(t.tenantId, t.patientId, t.item)
      .where(sql`${t.recheckDueAt} is not null and ${t.status} <> 'void'`),
    index('critical_events_time_idx').on(t.tenantId, t.measuredAt),
    index('critical_events_open_idx')
      .on(t.tenantId, t.departmentCode, t.patientId)
      .where(sql`${t.status} = 'open'`),
    // the escalation sweep (critical/escalation.ts): the values that may still escalate, i.e. not yet
    // escalated, not void, and waiting for an acknowledgement or for their recheck; small at any time
    index('critical_events_escalation_idx')
      .on(t.measuredAt)
      .where(sql`${t.escalatedAt} is null and ${criticalAwaiting(t)}`),
    // the values escalated to a user that still wait (the bell and the watch of the people named)
    index('critical_events_escalated_idx')
      .on(t.tenantId, t.escalatedDoctorId, t.escalatedHeadNurseId)
      .where(sql`${t.escalatedAt} is not null and ${criticalAwaiting(t)}`),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
  ],
);

/**
 * Glucose readings counted per patient, department and hospital day (docs/api.md "Statistics"): what
 * the hospital statistics read instead of the readings themselves (a month of a 2,000-bed hospital is
 * some 430,000 readings but only about 60,000 of these rows). Kept by statement-level triggers on
 * `measurements` in the same transaction as every write (migration 0007): live glucose readings with
 * a value, by the classification stored with them; the day is the reading's calendar day in the
 * tenant's `hospital.timeZone` setting, and a change of that setting rebuilds the tenant's rows.
 * A row whose readings were all deleted stays with zero counts.
 */
export const glucoseDayCounts = pgTable(
  'glucose_day_counts',
  {
    tenantId: text('tenant_id').notNull(),
    day: date('day').notNull(),
    departmentCode: text('department_code').notNull(),
    patientId: bigint('patient_id', { mode: 'number' }).notNull(),
    testCount: integer('test_count').notNull().default(0),
    normalCount: integer('normal_count').notNull().default(0),
    lowCount: integer('low_count').notNull().default(0),
    criticalLowCount: integer('critical_low_count').notNull().default(0),
    highCount: integer('high_count').notNull().default(0),
    criticalHighCount: integer('critical_high_count').notNull().default(0),
  },
  // migration 0007 adds the covering index "glucose_day_counts_day_idx" (tenant_id, day) INCLUDE (the
  // other columns) by hand: drizzle cannot declare INCLUDE
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.departmentCode, t.patientId] })],
);
