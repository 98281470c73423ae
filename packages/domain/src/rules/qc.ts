/** §5 QC: quality-control records, control solutions, analyzers and test strips (§3). */
import { z } from 'zod';
import { CONTROL_LEVELS, FIELD_LIMITS } from '../constants';
import {
  dateNotAfterToday,
  isBlank,
  lengthIn,
  numberIn,
  optionalIsoDate,
  optionalText,
  positive,
  recordVersion,
  requiredEnum,
  requiredIsoDate,
  requiredNumber,
  requiredText,
  systemClock,
  whenFieldsValid,
} from './common';

/** The test items a control solution or strip lot serves (质控项目). */
export const QC_ITEMS = ['GLU', 'KET', 'UA'] as const;
export type QcItem = (typeof QC_ITEMS)[number];
const qcItem = z.enum(QC_ITEMS, { error: 'qc.item.invalid' });
const id = z.number().int().positive();
const version = recordVersion;
/** Free text of a registry form (a manufacturer, a type, a note): at most `max` characters, '' for none. */
const shortText = (max: number) => optionalText().max(max, { error: 'validation.tooLong' }).nullish();

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
    manufacturer: shortText(60),
    type: shortText(60),
    item: qcItem.optional(),
    status: z.enum(CONTROL_SOLUTION_STATUSES, { error: 'qc.status.invalid' }).nullish(),
    levels: controlLevelsSchema,
  })
  .superRefine(manufactureBeforeExpiry, whenFieldsValid('manufactureDate', 'expiryDate'));
export type ControlSolutionInput = z.infer<typeof controlSolutionSchema>;
/** PUT /v1/qualityReagent: a control solution at the version read. */
export const controlSolutionUpdateSchema = controlSolutionSchema.safeExtend({ id, version });
export type ControlSolutionUpdate = z.infer<typeof controlSolutionUpdateSchema>;

/** PUT /v1/qualityReagent/changeStatus, /v1/testStrip/changeStatus: normal, invalid or suspended (§4). */
export const lotStatusSchema = z.strictObject({
  id,
  version,
  status: requiredEnum(CONTROL_SOLUTION_STATUSES, 'qc.status.invalid', 'qc.status.invalid'),
});
export type LotStatusInput = z.infer<typeof lotStatusSchema>;

/** POST /v1/qualityReagent/{id}/open: the day the vial was opened (not in the future). */
export function controlOpenSchema(now: () => Date = systemClock) {
  return z.strictObject({
    version,
    openedOn: requiredIsoDate('qc.openedOn.required', 'qc.date.invalid').check(
      dateNotAfterToday(now, 'qc.openedOn.future'),
    ),
  });
}
export const controlOpenBodySchema = controlOpenSchema();
export type ControlOpenInput = z.infer<typeof controlOpenBodySchema>;

/** Analyzer model (device type): required, 3-32 characters. */
export const analyzerModelSchema = requiredText('qc.model.required').check(
  lengthIn(FIELD_LIMITS.deviceType, 'qc.model.length'),
);
/** Analyzer SN: required, exactly 11 characters. */
export const analyzerSnSchema = requiredText('qc.sn.required').check(
  lengthIn(FIELD_LIMITS.analyzerSn, 'qc.sn.length'),
);
export const analyzerWorkStationSchema = requiredText('qc.workStation.required');

/**
 * An analyzer (meter): model 3-32, SN of exactly 11 characters, work station (≤ 60) and department
 * required, machine or spare, enabled or stopped, the control solution and strip lot in use (the
 * server checks that each is a usable lot of the same item).
 */
export const analyzerSchema = z.strictObject({
  model: analyzerModelSchema,
  sn: analyzerSnSchema,
  workStation: analyzerWorkStationSchema.max(60, { error: 'validation.tooLong' }),
  departmentCode: requiredText('qc.department.required'),
  manufacturer: shortText(60),
  isSpare: z.boolean().optional(),
  isActive: z.boolean().optional(),
  controlSolutionId: id.nullish(),
  testStripId: id.nullish(),
});
export type AnalyzerInput = z.infer<typeof analyzerSchema>;
/** PUT /v1/devices: an analyzer at the version read. */
export const analyzerUpdateSchema = analyzerSchema.safeExtend({ id, version });
export type AnalyzerUpdate = z.infer<typeof analyzerUpdateSchema>;
/** PUT /v1/devices/changeStatus: enable or stop at the version read. */
export const analyzerStatusSchema = z.strictObject({ id, version, isActive: z.boolean() });

/** How a lent spare came back (归还状态). */
export const LOAN_RETURN_STATES = ['intact', 'damaged', 'lost'] as const;
export type LoanReturnState = (typeof LOAN_RETURN_STATES)[number];
/** §4 "Lending: not returned to returned". */
export const LOAN_STATUSES = ['lent', 'returned'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/**
 * POST /v1/devices/{id}/lend: borrower and department required, lending date not in the future,
 * expected return (optional) not before the lending date, note ≤ 200. One open loan per analyzer
 * decides between two lenders (the server answers 409), so no version is named.
 */
export function analyzerLendSchema(now: () => Date = systemClock) {
  return z
    .strictObject({
      borrowerName: requiredText('qc.loan.borrower.required').max(40, { error: 'validation.tooLong' }),
      departmentCode: requiredText('qc.department.required'),
      lentOn: requiredIsoDate('qc.loan.lentOn.required', 'qc.date.invalid').check(
        dateNotAfterToday(now, 'qc.loan.lentOn.future'),
      ),
      expectedReturnOn: optionalIsoDate('qc.date.invalid'),
      note: shortText(200),
    })
    .superRefine(
      (value, ctx) => {
        if (value.expectedReturnOn && value.expectedReturnOn < value.lentOn) {
          ctx.addIssue({
            code: 'custom',
            path: ['expectedReturnOn'],
            message: 'qc.loan.expectedReturn.order',
          });
        }
      },
      whenFieldsValid('lentOn', 'expectedReturnOn'),
    );
}
export const analyzerLendBodySchema = analyzerLendSchema();
export type AnalyzerLendInput = z.infer<typeof analyzerLendBodySchema>;

/**
 * POST /v1/devices/loans/{loanId}/return: return date not in the future (the server checks it is not
 * before the lending date), return state, note ≤ 200; `version` is the loan's as read.
 */
export function analyzerReturnSchema(now: () => Date = systemClock) {
  return z.strictObject({
    version,
    returnedOn: requiredIsoDate('qc.loan.returnedOn.required', 'qc.date.invalid').check(
      dateNotAfterToday(now, 'qc.loan.returnedOn.future'),
    ),
    returnState: requiredEnum(
      LOAN_RETURN_STATES,
      'qc.loan.returnState.required',
      'qc.loan.returnState.required',
    ),
    note: shortText(200),
  });
}
export const analyzerReturnBodySchema = analyzerReturnSchema();
export type AnalyzerReturnInput = z.infer<typeof analyzerReturnBodySchema>;

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
    type: shortText(60),
    item: qcItem.optional(),
    status: z.enum(CONTROL_SOLUTION_STATUSES, { error: 'qc.status.invalid' }).nullish(),
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
/** PUT /v1/testStrip: a strip lot at the version read. */
export const testStripUpdateSchema = testStripSchema.safeExtend({ id, version });
export type TestStripUpdate = z.infer<typeof testStripUpdateSchema>;
