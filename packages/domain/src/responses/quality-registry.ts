import { z } from 'zod';
import { ANALYZER_STATUS_TYPES } from '../quality/registry';
import { CONTROL_SOLUTION_STATUSES, LOAN_RETURN_STATES, LOAN_STATUSES, QC_ITEMS } from '../rules/qc';
import { analyzerLockSchema } from './quality-lock';

/** A lot as an analyzer names it (the lot in use), with whether it may still be used today. */
const lotRefView = z.object({
  id: z.number(),
  item: z.enum(QC_ITEMS),
  lotNumber: z.string(),
  status: z.enum(CONTROL_SOLUTION_STATUSES),
  expiryDate: z.string().nullable(),
  /** null: usable today; else why not (invalid, suspended, expired, discarded) */
  unusable: z.enum(['invalid', 'suspended', 'expired', 'discarded']).nullable(),
});

/** An open loan of a spare analyzer (借出), as the analyzer and the spare list show it. */
export const analyzerLoanView = z.object({
  id: z.number(),
  analyzerId: z.number(),
  analyzerSn: z.string(),
  analyzerModel: z.string(),
  borrowerName: z.string(),
  departmentCode: z.string(),
  departmentName: z.string().describe("the borrowing department's name in the request language"),
  lentOn: z.string(),
  expectedReturnOn: z.string().nullable(),
  returnedOn: z.string().nullable(),
  returnState: z.enum(LOAN_RETURN_STATES).nullable(),
  status: z.enum(LOAN_STATUSES),
  /** not returned and past the expected return day (in the hospital's time zone) */
  overdue: z.boolean(),
  note: z.string().nullable(),
  returnNote: z.string().nullable(),
  lentByName: z.string().nullable(),
  returnedByName: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AnalyzerLoan = z.infer<typeof analyzerLoanView>;

/** GET /v2/devices/query, GET /v1/devices/{id}: an analyzer with its lots, QC state, lockout and loan. */
export const analyzerView = z.object({
  id: z.number(),
  model: z.string(),
  manufacturer: z.string().nullable(),
  sn: z.string(),
  workStation: z.string(),
  departmentCode: z.string(),
  departmentName: z.string().describe("the department's name in the request language ('' when unknown)"),
  isSpare: z.boolean(),
  isActive: z.boolean(),
  status: z.enum(ANALYZER_STATUS_TYPES),
  controlSolution: lotRefView.nullable(),
  testStrip: lotRefView.nullable(),
  lastQcAt: z.string().nullable(),
  lastQcResult: z.enum(['pass', 'fail']).nullable(),
  lock: analyzerLockSchema,
  /** the open loan of a spare (null: in store, or not a spare) */
  loan: analyzerLoanView.nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Analyzer = z.infer<typeof analyzerView>;

const levelView = z.object({
  sd: z.number(),
  target: z.number(),
  rangeLow: z.number().nullable(),
  rangeHigh: z.number().nullable(),
});

/** GET /v1/qualityReagent/page: a control solution lot with its levels 0-2, opened and discard dates. */
export const controlSolutionView = z.object({
  id: z.number(),
  item: z.enum(QC_ITEMS),
  itemName: z.string(),
  lotNumber: z.string(),
  manufactureDate: z.string(),
  expiryDate: z.string(),
  manufacturer: z.string().nullable(),
  type: z.string().nullable(),
  status: z.enum(CONTROL_SOLUTION_STATUSES),
  levels: z.array(levelView),
  openedOn: z.string().nullable(),
  discardOn: z.string().nullable(),
  /** past its expiry date (hospital's today) */
  isExpired: z.boolean(),
  /** an opened vial past its discard date */
  isDiscarded: z.boolean(),
  /** the live analyzers it is put in */
  analyzerCount: z.number(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ControlSolution = z.infer<typeof controlSolutionView>;

/** GET /v1/testStrip/page: a strip lot with its control ranges per level. */
export const testStripView = z.object({
  id: z.number(),
  item: z.enum(QC_ITEMS),
  itemName: z.string(),
  type: z.string().nullable(),
  lotNumber: z.string(),
  manufactureDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  countTested: z.number(),
  controlRanges: z.array(z.object({ min: z.number().nullable(), max: z.number().nullable() })),
  status: z.enum(CONTROL_SOLUTION_STATUSES),
  isExpired: z.boolean(),
  analyzerCount: z.number(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TestStrip = z.infer<typeof testStripView>;

/** A value with its name in the request language (status types, test items, manufacturers, strip types). */
export const qcOptionView = z.object({ value: z.string(), label: z.string() });
export type QcOption = z.infer<typeof qcOptionView>;

/** GET /v1/testStrip/categoryStripTypes: the strip types in use per test item. */
export const categoryStripTypesView = z.object({
  item: z.enum(QC_ITEMS),
  itemName: z.string(),
  types: z.array(z.string()),
});
export type CategoryStripTypes = z.infer<typeof categoryStripTypesView>;
