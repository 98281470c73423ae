/**
 * QC runs (issue 19 "QC records", spec §3 "QC record", §5 QC): what a tester enters — an analyzer, a
 * test item, one or more control levels tested together with their values and results, the lots
 * (default: the analyzer's lots in use), when, by whom; a failure reason and improvement actions when
 * the run fails (the server says so after judging it: the evaluation decides, not the client). Also
 * the list's filters, a coordinator's override of a lockout and the release of readings held by one.
 */
import { z } from 'zod';
import { CONTROL_LEVELS, FIELD_LIMITS } from '../constants';
import {
  lengthIn,
  optionalIsoDate,
  optionalText,
  requiredEnum,
  requiredId,
  requiredIsoDateTime,
  requiredNumber,
  requiredText,
  requiredVersion,
} from '../rules/common';
import { QC_ITEMS, QC_RESULTS } from '../rules/qc';

const reasonText = optionalText()
  .check(lengthIn({ min: 0, max: 500 }, 'qc.run.textLength'))
  .nullish();

/** One control level of a run: the level, the value read and the result the tester (or the form) gives. */
export const qcRunLevelSchema = z.strictObject({
  level: requiredNumber('qc.run.levelInvalid').refine(
    (level) => (CONTROL_LEVELS as readonly number[]).includes(level),
    'qc.run.levelInvalid',
  ),
  testValue: requiredNumber('qc.run.testValueRequired').refine(
    (value) => Number.isFinite(value) && value >= 0 && value <= 1000,
    'qc.run.testValueRange',
  ),
  /** §5 "result required": the form fills it from the live evaluation; `fail` fails the level */
  result: requiredEnum(QC_RESULTS, 'qc.result.required', 'qc.result.invalid'),
});
export type QcRunLevelInput = z.infer<typeof qcRunLevelSchema>;

const runFields = {
  analyzerId: requiredId('qc.run.analyzerRequired'),
  item: requiredEnum(QC_ITEMS, 'qc.type.required', 'qc.type.required').default('GLU'),
  testedAt: requiredIsoDateTime('qc.testDate.required', 'qc.run.testedAtInvalid'),
  /** default: the analyzer's control solution and strip lot in use */
  controlSolutionId: requiredId('qc.controlLot.required').nullish(),
  testStripId: requiredId('qc.stripLot.required').nullish(),
  /** §5: the tester is required */
  tester: requiredText('qc.tester.required').check(lengthIn({ min: 1, max: 50 }, 'qc.run.textLength')),
  testerId: requiredId('qc.tester.required').nullish(),
  failureReason: reasonText,
  improvementActions: reasonText,
};

/** POST /v1/deviceQc: a run of one to three levels, judged together. */
export const qcRunCreateSchema = z.strictObject({
  ...runFields,
  levels: z
    .array(qcRunLevelSchema, { error: 'qc.run.levelsRequired' })
    .min(1, { error: 'qc.run.levelsRequired' })
    .max(CONTROL_LEVELS.length, { error: 'qc.run.levelRepeated' })
    .refine((levels) => new Set(levels.map((l) => l.level)).size === levels.length, {
      message: 'qc.run.levelRepeated',
    }),
});
export type QcRunCreateInput = z.infer<typeof qcRunCreateSchema>;

/** POST /v1/deviceQc/evaluate: the same body, judged without saving (the form's live evaluation). */
export const qcRunEvaluateSchema = qcRunCreateSchema.extend({
  tester: optionalText().nullish(),
  levels: z
    .array(qcRunLevelSchema.extend({ result: z.enum(QC_RESULTS).nullish() }))
    .max(CONTROL_LEVELS.length),
});
export type QcRunEvaluateInput = z.infer<typeof qcRunEvaluateSchema>;

/** PUT /v1/deviceQc: a correction of one record (one level), at the version read; judged again. */
export const qcRecordUpdateSchema = z.strictObject({
  id: requiredId('qc.run.idRequired'),
  version: requiredVersion('qc.run.idRequired'),
  testedAt: runFields.testedAt,
  testValue: qcRunLevelSchema.shape.testValue,
  result: qcRunLevelSchema.shape.result,
  tester: runFields.tester,
  testerId: runFields.testerId,
  failureReason: reasonText,
  improvementActions: reasonText,
});
export type QcRecordUpdateInput = z.infer<typeof qcRecordUpdateSchema>;

/** GET /v1/deviceQc/query (api-precedents: departmentCode, beginDate, endDate, itemCategory, sn, status). */
export const qcRecordQueryFields = {
  departmentCode: z.string().max(32).optional(),
  beginDate: optionalIsoDate('qc.date.invalid').optional(),
  endDate: optionalIsoDate('qc.date.invalid').optional(),
  itemCategory: z.enum(QC_ITEMS).optional(),
  sn: z.string().max(FIELD_LIMITS.lot.max).optional(),
  status: z.enum(QC_RESULTS).optional(),
  analyzerId: z.coerce.number().int().min(1).optional(),
  level: z.coerce.number().int().min(0).max(2).optional(),
};

/** POST /v1/devices/{id}/override: a coordinator lifts a schedule or new-lot lockout for a while. */
export const qcOverrideSchema = z.strictObject({
  reason: requiredText('qc.override.reasonRequired').check(
    lengthIn({ min: 1, max: 200 }, 'qc.run.textLength'),
  ),
});
export type QcOverrideInput = z.infer<typeof qcOverrideSchema>;

/** POST /v1/deviceQc/held/release: readings held by a lockout, released for approval with a reason. */
export const qcReleaseSchema = z.strictObject({
  ids: z
    .array(requiredId('qc.release.idsRequired'), { error: 'qc.release.idsRequired' })
    .min(1, { error: 'qc.release.idsRequired' })
    .max(500, { error: 'qc.release.tooMany' })
    .transform((ids) => [...new Set(ids)]),
  reason: requiredText('qc.release.reasonRequired').check(
    lengthIn({ min: 1, max: 200 }, 'qc.run.textLength'),
  ),
});
export type QcReleaseInput = z.infer<typeof qcReleaseSchema>;

/** The category of a meter-uploaded control run row (`POST /v1/testRecord/upload`, one row per level). */
export const QC_UPLOAD_CATEGORY = 'QC';

/** Whether an uploaded row (not yet checked) is a control run row. */
export const isQcUploadRow = (raw: unknown): boolean =>
  !!raw &&
  typeof raw === 'object' &&
  !Array.isArray(raw) &&
  String((raw as { category?: unknown }).category ?? '').toUpperCase() === QC_UPLOAD_CATEGORY;

/**
 * One level of a control run uploaded by a meter: the meter (its SN) and record number (the idempotent
 * key, as for readings), the test time, the level, the value, what the meter judged, the operator; the
 * lots are the analyzer's in use. The levels of one meter at one time are one run, judged together.
 */
export const qcUploadRowSchema = z.strictObject({
  category: z.string(),
  deviceSerial: requiredText('qc.sn.required'),
  deviceRecordNo: requiredText('qc.run.idRequired').check(lengthIn({ min: 1, max: 64 }, 'qc.run.textLength')),
  item: requiredEnum(QC_ITEMS, 'qc.type.required', 'qc.type.required').default('GLU'),
  testTime: runFields.testedAt,
  level: qcRunLevelSchema.shape.level,
  result: qcRunLevelSchema.shape.testValue,
  qcResult: z.enum(QC_RESULTS).nullish(),
  operator: requiredText('qc.tester.required'),
});
export type QcUploadRow = z.infer<typeof qcUploadRowSchema>;
