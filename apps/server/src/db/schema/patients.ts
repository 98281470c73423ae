import { sql } from 'drizzle-orm';
import {
  bigint,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Where a patient is: in hospital (on a ward), discharged (kept, with the history of each stay), or an
 * outpatient of the out-of-hospital mode (issue 18: registered at a clinic without a bed). Being in the
 * virtual ward is not a status: it is a current row of `virtual_ward_stays`, whatever the status.
 */
export const PATIENT_STATUSES = ['inHospital', 'discharged', 'outpatient'] as const;

/**
 * Patients (§3 Patient). The row carries the current (or last) stay: inpatient number, wristband,
 * department, bed, doctor, admission and discharge time; every stay is also kept in
 * `patient_admissions` and every move in `patient_transfers`. Never hard-deleted (ARCHITECTURE §4).
 */
export const patients = pgTable(
  'patients',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    gender: text('gender').notNull(),
    dateOfBirth: date('date_of_birth'),
    /** age in years as given at admission (the birth date, when known, gives the current age) */
    age: integer('age'),
    idCard: text('id_card'),
    mobilePhone: text('mobile_phone'),
    email: text('email'),
    contact: text('contact'),
    heightCm: doublePrecision('height_cm'),
    weightKg: doublePrecision('weight_kg'),
    /** tag texts given from the tag options (renaming an option never changes them) */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: PATIENT_STATUSES }).notNull().default('inHospital'),
    inpatientNumber: text('inpatient_number'),
    /** the clinic's outpatient number (issue 18), kept when the patient is later admitted */
    outpatientNumber: text('outpatient_number'),
    wristbandCode: text('wristband_code'),
    /** the appointment (pre-admission) code the patient was admitted with, if any */
    appointmentCode: text('appointment_code'),
    departmentCode: text('department_code').notNull(),
    bed: text('bed'),
    /** user name of the responsible doctor */
    doctorCode: text('doctor_code'),
    admittedAt: timestamp('admitted_at', { withTimezone: true }).notNull(),
    dischargedAt: timestamp('discharged_at', { withTimezone: true }),
    /** the current (or last) stay in patient_admissions */
    admissionId: bigint('admission_id', { mode: 'number' }),
    version: integer('version').notNull().default(1),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: bigint('deleted_by', { mode: 'number' }),
    deleteReason: text('delete_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('patients_inpatient_number_uq')
      .on(t.tenantId, t.inpatientNumber)
      .where(sql`${t.deletedAt} is null and ${t.inpatientNumber} is not null`),
    uniqueIndex('patients_outpatient_number_uq')
      .on(t.tenantId, t.outpatientNumber)
      .where(sql`${t.deletedAt} is null and ${t.outpatientNumber} is not null`),
    // a wristband identifies one patient on the wards; a discharged patient's band may be reissued
    uniqueIndex('patients_wristband_uq')
      .on(t.tenantId, t.wristbandCode)
      .where(sql`${t.deletedAt} is null and ${t.status} = 'inHospital' and ${t.wristbandCode} is not null`),
    // issue 21: a wristband looked up whatever the status (uploads and HL7 results name discharged and
    // outpatients too); without it each lookup read every patient of the hospital
    index('patients_wristband_live_idx')
      .on(t.tenantId, t.wristbandCode)
      .where(sql`${t.deletedAt} is null and ${t.wristbandCode} is not null`),
    index('patients_ward_idx')
      .on(t.tenantId, t.status, t.departmentCode, t.bed)
      .where(sql`${t.deletedAt} is null`),
    index('patients_discharged_idx')
      .on(t.tenantId, t.dischargedAt)
      .where(sql`${t.deletedAt} is null and ${t.status} = 'discharged'`),
  ],
);

/** One row per hospital stay: admission (or readmission) to discharge. */
export const patientAdmissions = pgTable(
  'patient_admissions',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    patientId: bigint('patient_id', { mode: 'number' }).notNull(),
    inpatientNumber: text('inpatient_number'),
    wristbandCode: text('wristband_code'),
    departmentCode: text('department_code').notNull(),
    bed: text('bed'),
    doctorCode: text('doctor_code'),
    admittedAt: timestamp('admitted_at', { withTimezone: true }).notNull(),
    admittedBy: bigint('admitted_by', { mode: 'number' }),
    dischargedAt: timestamp('discharged_at', { withTimezone: true }),
    dischargedBy: bigint('discharged_by', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('patient_admissions_patient_idx').on(t.tenantId, t.patientId, t.admittedAt),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
  ],
);

/** A move of bed, department or doctor during a stay (§3 Transfer), kept as history. */
export const patientTransfers = pgTable(
  'patient_transfers',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    patientId: bigint('patient_id', { mode: 'number' }).notNull(),
    admissionId: bigint('admission_id', { mode: 'number' }),
    fromDepartmentCode: text('from_department_code').notNull(),
    toDepartmentCode: text('to_department_code').notNull(),
    fromBed: text('from_bed'),
    toBed: text('to_bed'),
    fromDoctorCode: text('from_doctor_code'),
    toDoctorCode: text('to_doctor_code'),
    reason: text('reason').notNull(),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('patient_transfers_patient_idx').on(t.tenantId, t.patientId, t.startTime),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
  ],
);

/**
 * Patients as the hospital information system (HIS) knows them, looked up by code number at
 * admission. Demo data fills it; an HL7 ADT feed will later.
 */
export const hisPatients = pgTable(
  'his_patients',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    inpatientNumber: text('inpatient_number').notNull(),
    wristbandCode: text('wristband_code'),
    name: text('name').notNull(),
    gender: text('gender').notNull(),
    dateOfBirth: date('date_of_birth'),
    idCard: text('id_card'),
    mobilePhone: text('mobile_phone'),
    departmentCode: text('department_code'),
    bed: text('bed'),
    doctorCode: text('doctor_code'),
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
    /** demo, hl7, ... */
    source: text('source').notNull().default('demo'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('his_patients_inpatient_number_uq').on(t.tenantId, t.inpatientNumber),
    index('his_patients_wristband_idx').on(t.tenantId, t.wristbandCode),
  ],
);

/** A glucose event (meal, exercise, ...) recorded for a patient (§3 Glucose event, §7 /patient/glu/event). */
export const patientGluEvents = pgTable(
  'patient_glu_events',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    patientId: bigint('patient_id', { mode: 'number' }).notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    note: text('note'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: bigint('deleted_by', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('patient_glu_events_patient_idx').on(t.tenantId, t.patientId, t.occurredAt),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
  ],
);
