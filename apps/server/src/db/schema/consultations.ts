import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
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
 * Consultations (issue 17, spec §3 "Consultation", 会诊): a request from a department and doctor to a
 * consulting department (and doctor), with time, description and urgency; in progress → completed or
 * closed (who, when, why); a closed or completed consultation refuses changes. Replies are a thread
 * (`consultation_replies`). An auto consultation (`source` = `auto`) was raised by a reading crossing a
 * threshold of the auto-consultation settings, in the reading's transaction: its trigger item, the
 * hospital date and the triggering reading are kept, and the partial unique index makes it once per
 * patient, trigger and day whatever the number of parallel writers. The requesting doctor of an auto
 * consultation is the patient's doctor when known; the consulting doctor is chosen when replying.
 */
export const consultations = pgTable(
  'consultations',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    patientId: bigint('patient_id', { mode: 'number' }).notNull(),
    admissionId: bigint('admission_id', { mode: 'number' }),
    requestDepartmentCode: text('request_department_code').notNull(),
    requestDoctorId: bigint('request_doctor_id', { mode: 'number' }),
    requestDoctorName: text('request_doctor_name'),
    consultDepartmentCode: text('consult_department_code').notNull(),
    consultDoctorId: bigint('consult_doctor_id', { mode: 'number' }),
    consultDoctorName: text('consult_doctor_name'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    description: text('description').notNull(),
    /** domain CONSULTATION_URGENCIES: `routine`, `urgent`, `emergency` */
    urgency: text('urgency').notNull().default('routine'),
    /** domain CONSULTATION_STATUSES: `inProgress`, `completed`, `closed` */
    status: text('status').notNull().default('inProgress'),
    /** `manual` or `auto` */
    source: text('source').notNull().default('manual'),
    /** auto: domain ConsultationItem, the hospital date and the reading that crossed the threshold */
    triggerItem: text('trigger_item'),
    triggerDate: date('trigger_date', { mode: 'string' }),
    triggerMeasurementId: bigint('trigger_measurement_id', { mode: 'number' }),
    /** the consulting doctor's record (会诊记录) when completing */
    record: text('record'),
    /** the newest reply or change: the inbox's order and its unread marks */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    finishedBy: bigint('finished_by', { mode: 'number' }),
    finishedByName: text('finished_by_name'),
    closeReason: text('close_reason'),
    version: integer('version').notNull().default(1),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('consultations_inbox_idx').on(t.tenantId, t.consultDepartmentCode, t.status, t.lastActivityAt),
    index('consultations_request_idx').on(t.tenantId, t.requestDepartmentCode, t.requestedAt),
    index('consultations_patient_idx').on(t.tenantId, t.patientId, t.requestedAt),
    uniqueIndex('consultations_auto_once_uq')
      .on(t.tenantId, t.patientId, t.triggerItem, t.triggerDate)
      .where(sql`${t.source} = 'auto'`),
    check('consultations_status_ck', sql`${t.status} in ('inProgress', 'completed', 'closed')`),
    check('consultations_source_ck', sql`${t.source} in ('manual', 'auto')`),
    check('consultations_urgency_ck', sql`${t.urgency} in ('routine', 'urgent', 'emergency')`),
    check('consultations_finished_ck', sql`(${t.status} = 'inProgress') = (${t.finishedAt} is null)`),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
  ],
);

/**
 * The thread of a consultation (会诊回复): each reply by a doctor of either side, free text and/or
 * management suggestions from the catalogue (codes and names kept as they were).
 */
export const consultationReplies = pgTable(
  'consultation_replies',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    consultationId: bigint('consultation_id', { mode: 'number' }).notNull(),
    authorId: bigint('author_id', { mode: 'number' }).notNull(),
    authorName: text('author_name').notNull(),
    authorDepartmentCode: text('author_department_code'),
    text: text('text'),
    suggestions: jsonb('suggestions').$type<{ id: number; nameZh: string | null; nameEn: string | null }[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('consultation_replies_thread_idx').on(t.tenantId, t.consultationId, t.createdAt),
    foreignKey({
      columns: [t.tenantId, t.consultationId],
      foreignColumns: [consultations.tenantId, consultations.id],
    }),
  ],
);

/** When a user last opened a consultation: what is newer is unread (the menu's count, the inbox marks). */
export const consultationReads = pgTable(
  'consultation_reads',
  {
    tenantId: text('tenant_id').notNull(),
    consultationId: bigint('consultation_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.consultationId, t.userId] })],
);
