import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const deletion = () => ({
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: bigint('deleted_by', { mode: 'number' }),
  deleteReason: text('delete_reason'),
});

/** One control level of a control solution (spec §3 "levels 0-2 each with range, SD and target"). */
export interface ControlLevelRow {
  sd: number;
  target: number;
  rangeLow: number | null;
  rangeHigh: number | null;
}
/** One control range of a test strip lot (the range printed on the vial, per level). */
export interface StripRangeRow {
  min: number | null;
  max: number | null;
}

/**
 * Control solutions (issue 19, spec §3 "Control solution", 质控液): a lot with its dates, status
 * (normal / invalid / suspended) and the three levels' range, SD and target (0 when absent). Opening a
 * vial starts its in-use life (the QC strategy's days): `discard_on` is the day it must go. Soft
 * deleted: QC records name the lot.
 */
export const controlSolutions = pgTable(
  'control_solutions',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** the test item the solution controls: GLU, KET or UA */
    item: text('item').notNull().default('GLU'),
    lotNumber: text('lot_number').notNull(),
    manufactureDate: date('manufacture_date').notNull(),
    expiryDate: date('expiry_date').notNull(),
    manufacturer: text('manufacturer'),
    type: text('type'),
    /** `normal`, `invalid` or `suspended` */
    status: text('status').notNull().default('normal'),
    levels: jsonb('levels').$type<ControlLevelRow[]>().notNull(),
    openedOn: date('opened_on'),
    /** opened + the in-use life of the strategy at opening (null while unopened) */
    discardOn: date('discard_on'),
    version: integer('version').notNull().default(1),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...deletion(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('control_solutions_lot_uq')
      .on(t.tenantId, t.item, t.lotNumber)
      .where(sql`${t.deletedAt} is null`),
    check('control_solutions_status_ck', sql`${t.status} in ('normal', 'invalid', 'suspended')`),
    check('control_solutions_dates_ck', sql`${t.manufactureDate} < ${t.expiryDate}`),
  ],
);

/**
 * Test strip lots (issue 19, spec §3 "Test strip", 试纸): type, lot, dates, strips counted in tests, and
 * the control range per level printed on the vial (min and max for at least one level). `status`
 * follows the control solutions' words so that a strip lot can be withdrawn (invalid) too.
 */
export const testStrips = pgTable(
  'test_strips',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    item: text('item').notNull().default('GLU'),
    type: text('type'),
    lotNumber: text('lot_number').notNull(),
    manufactureDate: date('manufacture_date'),
    expiryDate: date('expiry_date'),
    countTested: integer('count_tested').notNull().default(0),
    controlRanges: jsonb('control_ranges').$type<StripRangeRow[]>().notNull(),
    status: text('status').notNull().default('normal'),
    version: integer('version').notNull().default(1),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...deletion(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('test_strips_lot_uq').on(t.tenantId, t.item, t.lotNumber).where(sql`${t.deletedAt} is null`),
    check('test_strips_status_ck', sql`${t.status} in ('normal', 'invalid', 'suspended')`),
  ],
);

/**
 * Analyzers (issue 19, spec §3 "Analyzer", 血糖仪): the point-of-care meters, each with an SN of exactly
 * 11 characters (the key a meter uploads under: `measurements.device_serial`), its department (scope),
 * machine or spare (备用血糖仪), enabled or stopped. The control solution and strip lot in use decide
 * the lot part of the lockout (expired, invalid) and "a new lot needs a run" of the QC strategy.
 *
 * QC state kept here, in the transaction of every QC record written: the last run's time and result
 * and the last pass per level, and `failed_lock_at` — set by a failing run, cleared only by a passing
 * run (issue 19 "a lockout after a failed QC can only be cleared by a passing QC"). The schedule and lot
 * parts of the lockout depend on the clock and are worked out at read and at write from these columns
 * and the strategy (domain quality/lockout.ts).
 */
export const analyzers = pgTable(
  'analyzers',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    model: text('model').notNull(),
    manufacturer: text('manufacturer'),
    sn: text('sn').notNull(),
    workStation: text('work_station').notNull(),
    departmentCode: text('department_code').notNull(),
    isSpare: boolean('is_spare').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    controlSolutionId: bigint('control_solution_id', { mode: 'number' }),
    testStripId: bigint('test_strip_id', { mode: 'number' }),
    lastQcAt: timestamp('last_qc_at', { withTimezone: true }),
    lastQcResult: text('last_qc_result'),
    /** the last passing run, and the lots it was run with (a new lot makes a run due) */
    lastPassAt: timestamp('last_pass_at', { withTimezone: true }),
    lastPassControlSolutionId: bigint('last_pass_control_solution_id', { mode: 'number' }),
    lastPassTestStripId: bigint('last_pass_test_strip_id', { mode: 'number' }),
    /** set by a failing run; only a passing run clears it */
    failedLockAt: timestamp('failed_lock_at', { withTimezone: true }),
    failedQcRecordId: bigint('failed_qc_record_id', { mode: 'number' }),
    version: integer('version').notNull().default(1),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...deletion(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('analyzers_sn_uq').on(t.tenantId, t.sn).where(sql`${t.deletedAt} is null`),
    index('analyzers_department_idx').on(t.tenantId, t.departmentCode),
    check(
      'analyzers_last_result_ck',
      sql`${t.lastQcResult} is null or ${t.lastQcResult} in ('pass', 'fail')`,
    ),
    foreignKey({
      columns: [t.tenantId, t.controlSolutionId],
      foreignColumns: [controlSolutions.tenantId, controlSolutions.id],
    }),
    foreignKey({
      columns: [t.tenantId, t.testStripId],
      foreignColumns: [testStrips.tenantId, testStrips.id],
    }),
  ],
);

/**
 * Lending of spare analyzers (spec §3 "Lending", §4 "not returned → returned", 借出 / 归还): borrower,
 * department, lending and return dates, the state it came back in. One open loan per analyzer (partial
 * unique index), so two people cannot lend the same meter at once.
 */
export const analyzerLoans = pgTable(
  'analyzer_loans',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    analyzerId: bigint('analyzer_id', { mode: 'number' }).notNull(),
    borrowerName: text('borrower_name').notNull(),
    borrowerId: bigint('borrower_id', { mode: 'number' }),
    departmentCode: text('department_code').notNull(),
    lentOn: date('lent_on').notNull(),
    expectedReturnOn: date('expected_return_on'),
    returnedOn: date('returned_on'),
    /** `intact`, `damaged`, `lost` (null while lent) */
    returnState: text('return_state'),
    note: text('note'),
    returnNote: text('return_note'),
    lentBy: bigint('lent_by', { mode: 'number' }),
    lentByName: text('lent_by_name'),
    returnedBy: bigint('returned_by', { mode: 'number' }),
    returnedByName: text('returned_by_name'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('analyzer_loans_open_uq').on(t.tenantId, t.analyzerId).where(sql`${t.returnedOn} is null`),
    index('analyzer_loans_analyzer_idx').on(t.tenantId, t.analyzerId, t.lentOn),
    check('analyzer_loans_dates_ck', sql`${t.returnedOn} is null or ${t.returnedOn} >= ${t.lentOn}`),
    foreignKey({ columns: [t.tenantId, t.analyzerId], foreignColumns: [analyzers.tenantId, analyzers.id] }),
  ],
);

/**
 * QC records (issue 19, spec §3 "QC record", 质控记录): one control run of one level on one analyzer,
 * entered by hand or uploaded by the meter (the upload's natural key, serial + record number, as for
 * readings). The evaluation is fixed at write with the lot's range and the strategy's Westgard rules
 * then in force: `violations` names the rules broken (warnings such as 1-2s included), `result` is
 * `fail` when the range or a rejection rule fails or the tester judged it failed. Never hard-deleted.
 */
export const qcRecords = pgTable(
  'qc_records',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    analyzerId: bigint('analyzer_id', { mode: 'number' }).notNull(),
    /** the analyzer's SN and department at the run (scope goes by the department) */
    analyzerSn: text('analyzer_sn').notNull(),
    departmentCode: text('department_code').notNull(),
    /** GLU, KET or UA */
    item: text('item').notNull().default('GLU'),
    /** control level 0-2 */
    level: integer('level').notNull(),
    testedAt: timestamp('tested_at', { withTimezone: true }).notNull(),
    /** as entered or uploaded, in the item's storage unit */
    testValue: doublePrecision('test_value'),
    controlSolutionId: bigint('control_solution_id', { mode: 'number' }),
    controlLot: text('control_lot').notNull(),
    testStripId: bigint('test_strip_id', { mode: 'number' }),
    stripLot: text('strip_lot').notNull(),
    /** the level's target, SD and range the run was judged on (copied: a lot edited later keeps history) */
    target: doublePrecision('target'),
    sd: doublePrecision('sd'),
    rangeLow: doublePrecision('range_low'),
    rangeHigh: doublePrecision('range_high'),
    /** `pass` or `fail` as evaluated (and as the tester judged) */
    result: text('result').notNull(),
    /** what the tester or meter said (`pass`/`fail`), kept beside the evaluation */
    enteredResult: text('entered_result'),
    /** in range of the lot (null without a range) */
    inRange: boolean('in_range'),
    /** the Westgard rules broken, e.g. {1-2s} or {2-2s,1-3s} */
    violations: text('violations').array().notNull().default(sql`'{}'::text[]`),
    /** true when a rule broken rejects the run (any but the 1-2s warning) */
    rejected: boolean('rejected').notNull().default(false),
    testerId: bigint('tester_id', { mode: 'number' }),
    testerName: text('tester_name').notNull(),
    failureReason: text('failure_reason'),
    improvementActions: text('improvement_actions'),
    /** `manual` or `meter` */
    source: text('source').notNull().default('manual'),
    deviceRecordNo: text('device_record_no'),
    version: integer('version').notNull().default(1),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ...deletion(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // the Levey-Jennings month of one analyzer and level, and the rules' look-back over earlier runs
    index('qc_records_analyzer_idx')
      .on(t.tenantId, t.analyzerId, t.item, t.level, t.testedAt)
      .where(sql`${t.deletedAt} is null`),
    index('qc_records_department_idx')
      .on(t.tenantId, t.departmentCode, t.testedAt)
      .where(sql`${t.deletedAt} is null`),
    index('qc_records_time_idx').on(t.tenantId, t.testedAt).where(sql`${t.deletedAt} is null`),
    // a repeated meter upload adds nothing (deleted rows included)
    uniqueIndex('qc_records_device_record_uq')
      .on(t.tenantId, t.analyzerSn, t.deviceRecordNo)
      .where(sql`${t.deviceRecordNo} is not null`),
    check('qc_records_level_ck', sql`${t.level} between 0 and 2`),
    check('qc_records_result_ck', sql`${t.result} in ('pass', 'fail')`),
    check('qc_records_source_ck', sql`${t.source} in ('manual', 'meter')`),
    foreignKey({ columns: [t.tenantId, t.analyzerId], foreignColumns: [analyzers.tenantId, analyzers.id] }),
  ],
);

/**
 * QC monthly reports (spec §4 "QC monthly report", 质控月报): per analyzer and month, not submitted (no
 * row, or a row rejected back) → submitted → archived (verified and filed), or rejected with a reason.
 */
export const qcMonthlyReports = pgTable(
  'qc_monthly_reports',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    analyzerId: bigint('analyzer_id', { mode: 'number' }).notNull(),
    departmentCode: text('department_code').notNull(),
    /** YYYY-MM in the hospital's time zone */
    month: text('month').notNull(),
    /** `submitted`, `rejected` or `archived` */
    status: text('status').notNull(),
    /** the monthly appraisal (月度评价) written with the submission */
    appraisal: text('appraisal'),
    /** the month's figures as submitted (the verifier signs what was submitted) */
    summary: jsonb('summary'),
    submittedBy: bigint('submitted_by', { mode: 'number' }),
    submittedByName: text('submitted_by_name'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    rejectedBy: bigint('rejected_by', { mode: 'number' }),
    rejectedByName: text('rejected_by_name'),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    archivedBy: bigint('archived_by', { mode: 'number' }),
    archivedByName: text('archived_by_name'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('qc_monthly_reports_uq').on(t.tenantId, t.analyzerId, t.month),
    check('qc_monthly_reports_status_ck', sql`${t.status} in ('submitted', 'rejected', 'archived')`),
    check('qc_monthly_reports_month_ck', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    foreignKey({ columns: [t.tenantId, t.analyzerId], foreignColumns: [analyzers.tenantId, analyzers.id] }),
  ],
);

/**
 * Overrides of a schedule or lot lockout by a QC coordinator (a failed-QC lockout cannot be overridden):
 * who, why, which lock, until when. The strategy limits how many an analyzer may have per day.
 */
export const qcLockOverrides = pgTable(
  'qc_lock_overrides',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    analyzerId: bigint('analyzer_id', { mode: 'number' }).notNull(),
    /** the lock reason overridden (domain quality LOCK_REASONS) */
    lockReason: text('lock_reason').notNull(),
    reason: text('reason').notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('qc_lock_overrides_analyzer_idx').on(t.tenantId, t.analyzerId, t.createdAt),
    foreignKey({ columns: [t.tenantId, t.analyzerId], foreignColumns: [analyzers.tenantId, analyzers.id] }),
  ],
);
