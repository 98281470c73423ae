import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
import { oneNameAtLeast, twoNames } from './names';

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
