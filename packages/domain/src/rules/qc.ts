/** §5 QC: quality-control records, control solutions, analyzers and test strips (§3). */
import { z } from 'zod';
import { CONTROL_LEVELS, FIELD_LIMITS } from '../constants';
import {
  isBlank,
  lengthIn,
  numberIn,
  optionalIsoDate,
  optionalText,
  positive,
  requiredEnum,
  requiredIsoDate,
  requiredNumber,
  requiredText,
  whenFieldsValid,
} from './common';

/** Outcome of a QC test. */
export const QC_RESULTS = ['pass', 'fail'] as const;
/** States of a control solution (§4 "Control solution: normal, invalid, suspended"). */
export const CONTROL_SOLUTION_STATUSES = ['normal', 'invalid', 'suspended'] as const;

/** A lot number: required (with the field's own message), 6-18 characters. */
export function qcLotSchema(
  requiredKey: 'qc.lot.required' | 'qc.controlLot.required' | 'qc.stripLot.required' = 'qc.lot.required',
) {
  return requiredText(requiredKey).check(lengthIn(FIELD_LIMITS.lot, 'qc.lot.length'));
}
export const qcLotNumberSchema = qcLotSchema();

const qcDate = (
  requiredKey: 'qc.testDate.required' | 'qc.manufactureDate.required' | 'qc.expiryDate.required',
) => requiredIsoDate(requiredKey, 'qc.date.invalid');

/** A QC record: result, test item, both lots, test date and tester required. */
export const qcRecordSchema = z.strictObject({
  /** analyzer id or model */
  analyzer: optionalText().nullish(),
  /** type or test item */
  type: requiredText('qc.type.required'),
  result: requiredEnum(QC_RESULTS, 'qc.result.required', 'qc.result.invalid'),
  testDate: qcDate('qc.testDate.required'),
  controlSolutionLot: qcLotSchema('qc.controlLot.required'),
  stripLot: qcLotSchema('qc.stripLot.required'),
  testValue: z.number().nullish(),
  tester: requiredText('qc.tester.required'),
  failureReason: optionalText().nullish(),
  improvementActions: optionalText().nullish(),
  monthlyAppraisal: optionalText().nullish(),
});
export type QcRecordInput = z.infer<typeof qcRecordSchema>;

/** An SD or target value: required, 0 or more ("enter 0 if absent"). */
const levelValue = (requiredKey: 'qc.level.sd.required' | 'qc.level.target.required') =>
  requiredNumber(requiredKey).check(positive('qc.level.negative', { allowZero: true }));

/** One control level: SD and target value required (0 allowed), range optional. */
export const controlLevelSchema = z.strictObject({
  sd: levelValue('qc.level.sd.required'),
  target: levelValue('qc.level.target.required'),
  rangeLow: z.number().nullish(),
  rangeHigh: z.number().nullish(),
});
export type ControlLevelInput = z.infer<typeof controlLevelSchema>;

/** Levels 0, 1 and 2, in that order (the index is the level). */
export const controlLevelsSchema = z
  .array(controlLevelSchema, {
    error: (issue) => (isBlank(issue.input) ? 'qc.levels.count' : undefined),
  })
  .length(CONTROL_LEVELS.length, { error: 'qc.levels.count' });

/** Adds "manufacture date before expiry date" to an object with both dates (ISO, so text order is date order). */
function manufactureBeforeExpiry(
  value: { manufactureDate?: string | null; expiryDate?: string | null },
  ctx: z.RefinementCtx,
) {
  if (!value.manufactureDate || !value.expiryDate) return;
  if (value.manufactureDate >= value.expiryDate) {
    ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: 'qc.dates.order' });
  }
}

/** A control solution: lot 6-18, manufacture date before expiry date, levels 0-2 with SD and target. */
export const controlSolutionSchema = z
  .strictObject({
    lotNumber: qcLotNumberSchema,
    manufactureDate: qcDate('qc.manufactureDate.required'),
    expiryDate: qcDate('qc.expiryDate.required'),
    manufacturer: optionalText().nullish(),
    type: optionalText().nullish(),
    status: z.enum(CONTROL_SOLUTION_STATUSES, { error: 'qc.status.invalid' }).nullish(),
    levels: controlLevelsSchema,
  })
  .superRefine(manufactureBeforeExpiry, whenFieldsValid('manufactureDate', 'expiryDate'));
export type ControlSolutionInput = z.infer<typeof controlSolutionSchema>;

/** Analyzer model (device type): required, 3-32 characters. */
export const analyzerModelSchema = requiredText('qc.model.required').check(
  lengthIn(FIELD_LIMITS.deviceType, 'qc.model.length'),
);
/** Analyzer SN: required, exactly 11 characters. */
export const analyzerSnSchema = requiredText('qc.sn.required').check(
  lengthIn(FIELD_LIMITS.analyzerSn, 'qc.sn.length'),
);
export const analyzerWorkStationSchema = requiredText('qc.workStation.required');

/** An analyzer (meter): model 3-32, SN of exactly 11 characters, work station required. */
export const analyzerSchema = z.strictObject({
  model: analyzerModelSchema,
  sn: analyzerSnSchema,
  workStation: analyzerWorkStationSchema,
  manufacturer: optionalText().nullish(),
  isSpare: z.boolean().optional(),
  status: optionalText().nullish(),
});
export type AnalyzerInput = z.infer<typeof analyzerSchema>;

/** A control range of a test strip; both bounds or neither. */
export const stripControlRangeSchema = z.strictObject({
  min: z.number().nullish(),
  max: z.number().nullish(),
});

/**
 * Control ranges of a test strip, one per control level (at most 3): each range has both bounds or
 * neither, min < max, and at least one range is complete.
 */
export const stripControlRangesSchema = z
  .array(stripControlRangeSchema, {
    error: (issue) => (isBlank(issue.input) ? 'qc.strip.rangeRequired' : undefined),
  })
  .max(CONTROL_LEVELS.length, { error: 'qc.strip.tooManyRanges' })
  .superRefine((ranges, ctx) => {
    let filled = 0;
    ranges.forEach((range, index) => {
      const hasMin = range.min !== null && range.min !== undefined;
      const hasMax = range.max !== null && range.max !== undefined;
      if (hasMin || hasMax) filled += 1;
      if (hasMin !== hasMax) {
        ctx.addIssue({
          code: 'custom',
          path: [index, hasMin ? 'max' : 'min'],
          message: 'qc.strip.rangeIncomplete',
        });
      } else if (hasMin && hasMax && (range.min as number) >= (range.max as number)) {
        ctx.addIssue({ code: 'custom', path: [index, 'min'], message: 'qc.strip.rangeOrder' });
      }
    });
    // A half-filled range already says what is missing; an empty list needs its own message.
    if (filled === 0) ctx.addIssue({ code: 'custom', path: [], message: 'qc.strip.rangeRequired' });
  });

/** Strips counted in a test: a whole number of 0 or more. */
const COUNT_LIMIT = { min: 0, max: Number.MAX_SAFE_INTEGER };

/** A test strip: lot 6-18, manufacture date before expiry date when both given, control ranges. */
export const testStripSchema = z
  .strictObject({
    type: optionalText().nullish(),
    lotNumber: qcLotNumberSchema,
    manufactureDate: optionalIsoDate('qc.date.invalid'),
    expiryDate: optionalIsoDate('qc.date.invalid'),
    countTested: z
      .number()
      .check(numberIn(COUNT_LIMIT, 'qc.count.invalid', { integer: true }))
      .nullish(),
    controlRanges: stripControlRangesSchema,
  })
  .superRefine(manufactureBeforeExpiry, whenFieldsValid('manufactureDate', 'expiryDate'));
export type TestStripInput = z.infer<typeof testStripSchema>;
