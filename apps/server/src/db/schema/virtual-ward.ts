import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { patients } from './patients';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Virtual-ward stays (issue 18, spec §3 "Virtual-ward record", 虚拟病房): one row per time a patient
 * joins (入组) the virtual ward — the endocrinology team's management of a patient who lies in another
 * ward, or who left hospital and is followed up. Joined by hand (join date and management suggestion
 * required, §5) or automatically by a reading (or an HbA1c result) reaching the hospital's threshold, in
 * that reading's transaction. `joinCount` is the patient's nth stay; exiting (出组, singly or in batch)
 * keeps the row with who, when and why. The partial unique index allows one current stay per patient:
 * parallel auto-joins leave exactly one.
 */
export const virtualWardStays = pgTable(
  'virtual_ward_stays',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    patientId: bigint('patient_id', { mode: 'number' }).notNull(),
    /** the hospital stay the patient was on when joining (null for an outpatient) */
    admissionId: bigint('admission_id', { mode: 'number' }),
    /** the patient's nth stay in the virtual ward (1 for the first) */
    joinCount: integer('join_count').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    /** `manual` or `auto` */
    source: text('source').notNull().default('manual'),
    /** auto: `glucose` or `hba1c`, the value (storage unit) and the reading or lab result */
    triggerKind: text('trigger_kind'),
    triggerValue: doublePrecision('trigger_value'),
    triggerMeasurementId: bigint('trigger_measurement_id', { mode: 'number' }),
    triggerLabResultId: bigint('trigger_lab_result_id', { mode: 'number' }),
    /** the patient's own ward when joining */
    wardDepartmentCode: text('ward_department_code').notNull(),
    /** the managing (endocrinology) department */
    managingDepartmentCode: text('managing_department_code').notNull(),
    /** management suggestion (管理建议), the text as given (a catalogue entry renamed later keeps it) */
    suggestion: text('suggestion').notNull(),
    /** `none`, `pump` (insulin pump) or `cgm` (dynamic glucose monitoring) */
    deviceMark: text('device_mark').notNull().default('none'),
    groupLabels: text('group_labels').array().notNull().default(sql`'{}'::text[]`),
    exitedAt: timestamp('exited_at', { withTimezone: true }),
    exitReason: text('exit_reason'),
    exitedBy: bigint('exited_by', { mode: 'number' }),
    exitedByName: text('exited_by_name'),
    version: integer('version').notNull().default(1),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('virtual_ward_stays_current_uq')
      .on(t.tenantId, t.patientId)
      .where(sql`${t.exitedAt} is null`),
    index('virtual_ward_stays_patient_idx').on(t.tenantId, t.patientId, t.joinedAt),
    index('virtual_ward_stays_managing_idx').on(t.tenantId, t.managingDepartmentCode, t.joinedAt),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    check('virtual_ward_stays_source_ck', sql`${t.source} in ('manual', 'auto')`),
    check('virtual_ward_stays_device_ck', sql`${t.deviceMark} in ('none', 'pump', 'cgm')`),
    check('virtual_ward_stays_exit_ck', sql`(${t.exitedAt} is null) = (${t.exitReason} is null)`),
  ],
);

/**
 * Follow-up records (随访记录, issue 18): a specialist's review of a virtual-ward patient (from the daily
 * worklist, a visit or a phone call): assessment, suggestion (from the catalogue or free text), next
 * review date, and the worklist reasons that led to it as they were. The patient's own ward sees them on
 * the patient page and hears of a new one live.
 */
export const virtualWardFollowups = pgTable(
  'virtual_ward_followups',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    patientId: bigint('patient_id', { mode: 'number' }).notNull(),
    /** the stay reviewed (null when the patient was reviewed from the worklist before joining) */
    stayId: bigint('stay_id', { mode: 'number' }),
    /** the patient's department at the time (the ward that is told) */
    departmentCode: text('department_code').notNull(),
    /** `review` (worklist), `visit` or `phone` */
    kind: text('kind').notNull().default('review'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull(),
    specialistId: bigint('specialist_id', { mode: 'number' }).notNull(),
    specialistName: text('specialist_name').notNull(),
    assessment: text('assessment').notNull(),
    suggestion: text('suggestion').notNull(),
    /** the catalogue suggestion chosen, if any (management_suggestions.id) */
    suggestionId: bigint('suggestion_id', { mode: 'number' }),
    nextReviewDate: date('next_review_date', { mode: 'string' }),
    /** the worklist reasons shown when reviewing, as they were */
    reasons: jsonb('reasons').notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: bigint('deleted_by', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('virtual_ward_followups_patient_idx').on(t.tenantId, t.patientId, t.reviewedAt),
    index('virtual_ward_followups_specialist_idx').on(t.tenantId, t.specialistId, t.reviewedAt),
    index('virtual_ward_followups_reviewed_idx').on(t.tenantId, t.reviewedAt),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    check('virtual_ward_followups_kind_ck', sql`${t.kind} in ('review', 'visit', 'phone')`),
  ],
);

/**
 * Laboratory results of a patient (issue 18: HbA1c for the virtual ward's auto-join; issue 21's HL7
 * results land here too): the inspection item's code, the value as given and its unit, the time of the
 * result. Written through one path that runs the rules that fire on a result (auto-join).
 */
export const labResults = pgTable(
  'lab_results',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    patientId: bigint('patient_id', { mode: 'number' }).notNull(),
    departmentCode: text('department_code').notNull(),
    /** inspection item code (e.g. `HBA1C`) */
    itemCode: text('item_code').notNull(),
    itemName: text('item_name').notNull(),
    value: doublePrecision('value').notNull(),
    unit: text('unit'),
    resultedAt: timestamp('resulted_at', { withTimezone: true }).notNull(),
    /** `manual` or `hl7` */
    source: text('source').notNull().default('manual'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: bigint('deleted_by', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('lab_results_patient_idx').on(t.tenantId, t.patientId, t.resultedAt),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    check('lab_results_source_ck', sql`${t.source} in ('manual', 'hl7')`),
  ],
);

/**
 * Pre-admission registrations (`/appointment`, issue 18): filled in by a patient or a clinic desk
 * without signing in; the ward admits by the code with the details prefilled. A code is used once and
 * expires. The details are never shown back on the public page.
 */
export const appointments = pgTable(
  'appointments',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    /** name, gender, dateOfBirth, idCard, mobilePhone, contact, departmentCode… as given */
    details: jsonb('details').notNull(),
    departmentCode: text('department_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedPatientId: bigint('used_patient_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('appointments_code_uq').on(t.tenantId, t.code),
    index('appointments_expires_idx').on(t.tenantId, t.expiresAt),
  ],
);
