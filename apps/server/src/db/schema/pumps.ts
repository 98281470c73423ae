import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
import { oneNameAtLeast, twoNames } from './names';
import { patients } from './patients';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Insulin pump manufacturers (issue 16): code unique per tenant, enabled or stopped; deleted outright,
 * but only while no pump (deleted pumps included: their history names the manufacturer) refers to one.
 */
export const pumpManufacturers = pgTable(
  'pump_manufacturers',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    ...twoNames(),
    contact: text('contact'),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('pump_manufacturers_code_uq').on(t.tenantId, t.code),
    oneNameAtLeast('pump_manufacturers', t),
  ],
);

/**
 * The insulin pump register (issue 16). A pump belongs to a department (scope) and is enabled or
 * stopped; deletion marks it (`deleted_at`: bindings will name it) and frees its serial number.
 * Remaining battery (%) and insulin (IU) are the last values a report gave, each as sent, with the
 * time of the report. Bindings come later as `pump_bindings (tenant_id, pump_id, patient_id, ...)`
 * with partial unique indexes on the open binding of a pump and of a patient; they refer to
 * `(tenant_id, id)` here.
 */
export const insulinPumps = pgTable(
  'insulin_pumps',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    serialNumber: text('serial_number').notNull(),
    manufacturerId: bigint('manufacturer_id', { mode: 'number' }).notNull(),
    type: text('type'),
    code: text('code'),
    departmentCode: text('department_code').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    batteryPercent: doublePrecision('battery_percent'),
    batteryReportedAt: timestamp('battery_reported_at', { withTimezone: true }),
    remainingDose: doublePrecision('remaining_dose'),
    doseReportedAt: timestamp('dose_reported_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: bigint('deleted_by', { mode: 'number' }),
    deleteReason: text('delete_reason'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('insulin_pumps_serial_uq').on(t.tenantId, t.serialNumber).where(sql`${t.deletedAt} is null`),
    index('insulin_pumps_department_idx').on(t.tenantId, t.departmentCode),
    index('insulin_pumps_manufacturer_idx').on(t.tenantId, t.manufacturerId),
    check(
      'insulin_pumps_battery_check',
      sql`${t.batteryPercent} is null or (${t.batteryPercent} >= 0 and ${t.batteryPercent} <= 100)`,
    ),
    check('insulin_pumps_dose_check', sql`${t.remainingDose} is null or ${t.remainingDose} >= 0`),
    foreignKey({
      columns: [t.tenantId, t.manufacturerId],
      foreignColumns: [pumpManufacturers.tenantId, pumpManufacturers.id],
    }),
  ],
);

/**
 * Pump bindings (issue 16): a pump worn by a patient from the up-pump to the down-pump. The database
 * holds the rule that a pump is bound to at most one patient and a patient wears at most one pump at
 * a time (the partial unique indexes on the open bindings), so two nurses binding at once cannot both
 * succeed. People are kept by id and by name as they were (a renamed or removed account keeps the
 * history readable).
 */
export const pumpBindings = pgTable(
  'pump_bindings',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    pumpId: bigint('pump_id', { mode: 'number' }).notNull(),
    patientId: bigint('patient_id', { mode: 'number' }).notNull(),
    admissionId: bigint('admission_id', { mode: 'number' }),
    /** the patient's department at the up-pump (scope goes by it, and by the pump's) */
    departmentCode: text('department_code').notNull(),
    upAt: timestamp('up_at', { withTimezone: true }).notNull(),
    executorId: bigint('executor_id', { mode: 'number' }).notNull(),
    executorName: text('executor_name').notNull(),
    responsibleDoctorId: bigint('responsible_doctor_id', { mode: 'number' }),
    responsibleDoctorName: text('responsible_doctor_name'),
    responsibleNurseId: bigint('responsible_nurse_id', { mode: 'number' }),
    responsibleNurseName: text('responsible_nurse_name'),
    coManagingDoctorId: bigint('co_managing_doctor_id', { mode: 'number' }),
    coManagingDoctorName: text('co_managing_doctor_name'),
    note: text('note'),
    downAt: timestamp('down_at', { withTimezone: true }),
    downById: bigint('down_by_id', { mode: 'number' }),
    downByName: text('down_by_name'),
    downReason: text('down_reason'),
    version: integer('version').notNull().default(1),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('pump_bindings_open_pump_uq').on(t.tenantId, t.pumpId).where(sql`${t.downAt} is null`),
    uniqueIndex('pump_bindings_open_patient_uq').on(t.tenantId, t.patientId).where(sql`${t.downAt} is null`),
    index('pump_bindings_pump_idx').on(t.tenantId, t.pumpId, t.upAt),
    index('pump_bindings_patient_idx').on(t.tenantId, t.patientId, t.upAt),
    check('pump_bindings_down_after_up_ck', sql`${t.downAt} is null or ${t.downAt} > ${t.upAt}`),
    foreignKey({ columns: [t.tenantId, t.pumpId], foreignColumns: [insulinPumps.tenantId, insulinPumps.id] }),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
  ],
);

/** Tube (infusion set) changes during a binding, each after its up-pump (checked in the service). */
export const pumpTubeChanges = pgTable(
  'pump_tube_changes',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    bindingId: bigint('binding_id', { mode: 'number' }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    executorId: bigint('executor_id', { mode: 'number' }).notNull(),
    executorName: text('executor_name').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('pump_tube_changes_binding_idx').on(t.tenantId, t.bindingId, t.changedAt),
    foreignKey({
      columns: [t.tenantId, t.bindingId],
      foreignColumns: [pumpBindings.tenantId, pumpBindings.id],
    }),
  ],
);

/** One segment of a basal rate profile: from `start` (HH:mm, hospital time) until the next segment. */
export type BasalSegment = { start: string; rate: number };

/**
 * Basal rate profiles set on a bound pump (a pump setting change): the 24-hour segments in IU/h as
 * entered, in effect from `effective_at` until the next profile of the binding or the down-pump.
 */
export const pumpBasalProfiles = pgTable(
  'pump_basal_profiles',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    bindingId: bigint('binding_id', { mode: 'number' }).notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    segments: jsonb('segments').$type<BasalSegment[]>().notNull(),
    setById: bigint('set_by_id', { mode: 'number' }).notNull(),
    setByName: text('set_by_name').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('pump_basal_profiles_binding_idx').on(t.tenantId, t.bindingId, t.effectiveAt),
    foreignKey({
      columns: [t.tenantId, t.bindingId],
      foreignColumns: [pumpBindings.tenantId, pumpBindings.id],
    }),
  ],
);
