import type { InsulinStatus, InsulinUnit } from '@glucocare/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { drugs } from './drugs';
import { patients } from './patients';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** an insulin dose in IU, exact to the hundredth (domain insulin/entry.ts: at most 2 decimals) */
const dose = (name: string) => numeric(name, { precision: 8, scale: 2, mode: 'number' });

/**
 * Insulin records (issue 16): one dose of an insulin drug given to an inpatient. `dose` is the
 * record's total as entered; basal/bolus/correction its optional breakdown (they add up to it when
 * given). The drug's and the period's names are kept as they were (a drug may be renamed, a period
 * deleted). Unconfirmed until a nurse confirms it; never hard-deleted (`deleted_at`, reason).
 */
export const insulinRecords = pgTable(
  'insulin_records',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    patientId: bigint('patient_id', { mode: 'number' }).notNull(),
    admissionId: bigint('admission_id', { mode: 'number' }),
    /** the patient's department when the dose was given (scope goes by it too) */
    departmentCode: text('department_code').notNull(),
    drugId: bigint('drug_id', { mode: 'number' }).notNull(),
    /** the drug's names when recorded, in both languages (at least one; domain names rule) */
    drugNameZh: text('drug_name_zh'),
    drugNameEn: text('drug_name_en'),
    dose: dose('dose').notNull(),
    unit: text('unit').$type<InsulinUnit>().notNull().default('IU'),
    basalDose: dose('basal_dose'),
    bolusDose: dose('bolus_dose'),
    correctionDose: dose('correction_dose'),
    periodCode: text('period_code').notNull(),
    periodNameZh: text('period_name_zh').notNull(),
    periodNameEn: text('period_name_en').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
    doctorId: bigint('doctor_id', { mode: 'number' }).notNull(),
    doctorName: text('doctor_name').notNull(),
    nurseId: bigint('nurse_id', { mode: 'number' }).notNull(),
    nurseName: text('nurse_name').notNull(),
    status: text('status').$type<InsulinStatus>().notNull().default('unconfirmed'),
    confirmedBy: bigint('confirmed_by', { mode: 'number' }),
    confirmedByName: text('confirmed_by_name'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    note: text('note'),
    /**
     * a dose recorded on a meter (issue 16, meter uploads): the meter's serial number and its record
     * number, the upload's natural key as for readings (null for doses entered by hand)
     */
    deviceSerial: text('device_serial'),
    deviceRecordNo: text('device_record_no'),
    /** the medication order (issue 17) the dose was given against, when one was chosen */
    medicationOrderId: bigint('medication_order_id', { mode: 'number' }),
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
    primaryKey({ columns: [t.tenantId, t.id] }),
    // the patient tab: a patient's days (list and grid), deleted ones left out
    index('insulin_records_patient_time_idx')
      .on(t.tenantId, t.patientId, t.givenAt)
      .where(sql`${t.deletedAt} is null`),
    // the ward's unconfirmed doses
    index('insulin_records_unconfirmed_idx')
      .on(t.tenantId, t.departmentCode, t.givenAt)
      .where(sql`${t.deletedAt} is null and ${t.status} = 'unconfirmed'`),
    // a repeated meter upload adds nothing: one record per device record (deleted ones included)
    uniqueIndex('insulin_records_device_record_uq')
      .on(t.tenantId, t.deviceSerial, t.deviceRecordNo)
      .where(sql`${t.deviceSerial} is not null`),
    check('insulin_records_dose_ck', sql`${t.dose} > 0`),
    check('insulin_records_status_ck', sql`${t.status} in ('unconfirmed', 'confirmed')`),
    check('insulin_records_confirmed_ck', sql`(${t.status} = 'confirmed') = (${t.confirmedAt} is not null)`),
    foreignKey({ columns: [t.tenantId, t.patientId], foreignColumns: [patients.tenantId, patients.id] }),
    foreignKey({ columns: [t.tenantId, t.drugId], foreignColumns: [drugs.tenantId, drugs.id] }),
  ],
);
