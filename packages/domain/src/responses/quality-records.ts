import { z } from 'zod';
import { LOCK_REASONS, WESTGARD_RULES } from '../quality/strategy';
import { analyzerLockSchema } from './quality-lock';

/**
 * A QC record (issue 19, spec §3 "QC record"): one level of a control run with the evaluation fixed at
 * write — the lot's target, SD and range copied, the z-score, in range, the Westgard rules broken
 * (warnings included) and whether one rejects the run, and the result.
 */
export const qcRecordView = z.object({
  id: z.number(),
  analyzerId: z.number(),
  analyzerSn: z.string(),
  analyzerModel: z.string().nullable(),
  departmentCode: z.string(),
  departmentName: z.string().describe("the department's name in the request language ('' when unknown)"),
  item: z.string(),
  level: z.number(),
  testedAt: z.string(),
  testValue: z.number().nullable(),
  controlSolutionId: z.number().nullable(),
  controlLot: z.string(),
  testStripId: z.number().nullable(),
  stripLot: z.string(),
  target: z.number().nullable(),
  sd: z.number().nullable(),
  rangeLow: z.number().nullable(),
  rangeHigh: z.number().nullable(),
  z: z.number().nullable().describe('(value − target) / SD; null without an SD above 0'),
  result: z.enum(['pass', 'fail']),
  enteredResult: z.enum(['pass', 'fail']).nullable(),
  inRange: z.boolean().nullable(),
  violations: z.array(z.enum(WESTGARD_RULES)),
  rejected: z.boolean(),
  testerId: z.number().nullable(),
  testerName: z.string(),
  failureReason: z.string().nullable(),
  improvementActions: z.string().nullable(),
  source: z.enum(['manual', 'meter']),
  deviceRecordNo: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QcRecordView = z.infer<typeof qcRecordView>;

/** POST /v1/deviceQc/evaluate: how a run would be judged (the entry form's live evaluation). */
export const qcEvaluationView = z.object({
  controlSolutionId: z.number().nullable(),
  controlLot: z.string().nullable(),
  testStripId: z.number().nullable(),
  stripLot: z.string().nullable(),
  result: z.enum(['pass', 'fail']).nullable().describe('null until every level has a value'),
  levels: z.array(
    z.object({
      level: z.number(),
      target: z.number().nullable(),
      sd: z.number().nullable(),
      rangeLow: z.number().nullable(),
      rangeHigh: z.number().nullable(),
      z: z.number().nullable(),
      inRange: z.boolean().nullable(),
      violations: z.array(z.enum(WESTGARD_RULES)),
      rejected: z.boolean(),
      result: z.enum(['pass', 'fail']).nullable(),
    }),
  ),
});
export type QcEvaluationView = z.infer<typeof qcEvaluationView>;

/** GET /v1/devices/{id}/lock: the lockout drawer — the lock, and what a coordinator may override now. */
export const analyzerLockDetailView = analyzerLockSchema.extend({
  analyzerId: z.number(),
  sn: z.string(),
  model: z.string(),
  isActive: z.boolean(),
  lockout: z.boolean().describe("the strategy's lockout on"),
  lastQcAt: z.string().nullable(),
  lastQcResult: z.enum(['pass', 'fail']).nullable(),
  lastPassAt: z.string().nullable(),
  failedLockAt: z.string().nullable(),
  /** the reasons a coordinator may override now */
  overridable: z.array(z.enum(LOCK_REASONS)),
  /** overrides left in the past 24 hours */
  overridesLeft: z.number(),
  overrideHours: z.number(),
  heldCount: z.number().describe('patient readings held by a lockout of this analyzer'),
});
export type AnalyzerLockDetail = z.infer<typeof analyzerLockDetailView>;

/** A patient reading held by a lockout (GET /v1/deviceQc/held). */
export const qcHeldReadingView = z.object({
  id: z.number(),
  patientId: z.number(),
  patientName: z.string(),
  inpatientNumber: z.string().nullable(),
  departmentCode: z.string(),
  item: z.string(),
  value: z.number().nullable(),
  unit: z.string(),
  testTime: z.string(),
  deviceSerial: z.string().nullable(),
  qcHold: z.enum(LOCK_REASONS),
  testerName: z.string().nullable(),
  version: z.number(),
});
export type QcHeldReading = z.infer<typeof qcHeldReadingView>;

export const qcReleaseResultView = z.object({ released: z.number(), releasedIds: z.array(z.number()) });

/** GET /v1/deviceQc/analyzers: the analyzers a run may be entered on (the entry form's picker), with their lock. */
export const qcAnalyzerOptionView = z.object({
  id: z.number(),
  sn: z.string(),
  model: z.string(),
  departmentCode: z.string(),
  departmentName: z.string(),
  isActive: z.boolean(),
  controlSolutionId: z.number().nullable(),
  controlLot: z.string().nullable(),
  testStripId: z.number().nullable(),
  stripLot: z.string().nullable(),
  lastQcAt: z.string().nullable(),
  lastQcResult: z.enum(['pass', 'fail']).nullable(),
  lock: analyzerLockSchema,
});
export type QcAnalyzerOption = z.infer<typeof qcAnalyzerOptionView>;
