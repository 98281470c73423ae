import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { patients } from './patients';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * What every order keeps about its life: ordered by a doctor, active until stopped (who, when, why),
 * versioned, never hard-deleted (an order entered in error is deleted with a reason, as readings are).
 */
const orderLife = () => ({
  /** `active` or `stopped` (domain ORDER_STATUSES) */
  status: text('status').notNull().default('active'),
  orderedBy: bigint('ordered_by', { mode: 'number' }).notNull(),
  orderedByName: text('ordered_by_name').notNull(),
  stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  stoppedBy: bigint('stopped_by', { mode: 'number' }),
  stoppedByName: text('stopped_by_name'),
  stopReason: text('stop_reason'),
  version: integer('version').notNull().default(1),
  createdBy: bigint('created_by', { mode: 'number' }),
  createdAt: createdAt(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
  updatedAt: updatedAt(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: bigint('deleted_by', { mode: 'number' }),
  deleteReason: text('delete_reason'),
});

/**
 * Medical orders (issue 17, spec §3 "Medical order", 医嘱) of a patient's stay: name, classification,
 * type (`24h`, `longTerm`, `temporary`), category, detail, the template chosen and the content items
 * taken from it, frequency (an advice frequency; code and name kept as they were), start and execute
 * time, and for a temporary order the test time.
 *
 * A monitoring order (classification `monitoring`) names the item measured (`category`: GLU, KET or UA)
 * and when: `monitor_periods` (glucose period codes, e.g. the 4 points before meals and bedtime) or
 * `monitor_times` (clock times HH:mm on the hospital clock, e.g. every 2 hours), or for a temporary
 * order its single `test_time`. The active monitoring orders of a patient decide that patient's tasks.
 */
export const patientOrders = pgTable(
  'patient_orders',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    patientId: bigint('patient_id', { mode: 'number' }).notNull(),
    admissionId: bigint('admission_id', { mode: 'number' }),
    /** the patient's department when ordered (scope goes by it) */
    departmentCode: text('department_code').notNull(),
    name: text('name').notNull(),
    /** domain ORDER_CLASSES, e.g. `monitoring` */
    classification: text('classification').notNull(),
    /** domain ORDER_TYPES: `24h`, `longTerm`, `temporary` */
    orderType: text('order_type').notNull(),
    /** for a monitoring order the item measured (GLU, KET, UA); free text otherwise */
    category: text('category'),
    detail: text('detail'),
    templateId: bigint('template_id', { mode: 'number' }),
    templateName: text('template_name'),
    /** the content items chosen from the template (at least one), as entered */
    contents: jsonb('contents').$type<string[]>().notNull(),
    frequencyCode: text('frequency_code'),
    frequencyName: text('frequency_name'),
    monitorPeriods: jsonb('monitor_periods').$type<string[]>(),
    monitorTimes: jsonb('monitor_times').$type<string[]>(),
    beginAt: timestamp('begin_at', { withTimezone: true }).notNull(),
    executeAt: timestamp('execute_at', { withTimezone: true }),
    /** a 24-hour order ends 24 hours after it begins; long-term orders run until stopped */
    endAt: timestamp('end_at', { withTimezone: true }),
    /** a temporary order's test time (required for one) */
    testTime: timestamp('test_time', { withTimezone: true }),
    ...orderLife(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('patient_orders_patient_idx')
      .on(t.tenantId, t.patientId, t.beginAt)
      .where(sql`${t.deletedAt} is null`),
    // the tasks: each patient's active monitoring orders
    index('patient_orders_monitoring_idx')
      .on(t.tenantId, t.patientId)
      .where(sql`${t.deletedAt} is null and ${t.status} = 'active' and ${t.classification} = 'monitoring'`),
    check('patient_orders_status_ck', sql`${t.status} in ('active', 'stopped')`),
    check('patient_orders_type_ck', sql`${t.orderType} in ('24h', 'longTerm', 'temporary')`),
    check('patient_orders_stopped_ck', sql`(${t.status} = 'stopped') = (${t.stoppedAt} is not null)`),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
  ],
);

/** One drug of a medication order with its quantity (a dose in the drug's unit), names kept as ordered. */
export interface MedicationOrderDrug {
  drugId: number;
  drugCode: string;
  drugNameZh: string | null;
  drugNameEn: string | null;
  unit: string | null;
  /** as entered, exact */
  quantity: number;
}

/**
 * Medication orders (issue 17, spec §3 "Medication order", 用药医嘱): name, the drugs with their
 * quantity (no drug twice), the period (when it is given: an insulin period code, names kept) and the
 * quantity (how many administrations the order covers), active → stopped. Insulin records given
 * against an order name it (`insulin_records.medication_order_id`).
 */
export const medicationOrders = pgTable(
  'medication_orders',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    patientId: bigint('patient_id', { mode: 'number' }).notNull(),
    admissionId: bigint('admission_id', { mode: 'number' }),
    departmentCode: text('department_code').notNull(),
    name: text('name').notNull(),
    orderType: text('order_type').notNull().default('longTerm'),
    drugs: jsonb('drugs').$type<MedicationOrderDrug[]>().notNull(),
    periodCode: text('period_code').notNull(),
    periodNameZh: text('period_name_zh'),
    periodNameEn: text('period_name_en'),
    quantity: numeric('quantity', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    beginAt: timestamp('begin_at', { withTimezone: true }).notNull(),
    note: text('note'),
    ...orderLife(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('medication_orders_patient_idx')
      .on(t.tenantId, t.patientId, t.beginAt)
      .where(sql`${t.deletedAt} is null`),
    index('medication_orders_department_idx')
      .on(t.tenantId, t.departmentCode, t.beginAt)
      .where(sql`${t.deletedAt} is null`),
    check('medication_orders_status_ck', sql`${t.status} in ('active', 'stopped')`),
    check('medication_orders_stopped_ck', sql`(${t.status} = 'stopped') = (${t.stoppedAt} is not null)`),
    check('medication_orders_quantity_ck', sql`${t.quantity} > 0`),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
  ],
);
