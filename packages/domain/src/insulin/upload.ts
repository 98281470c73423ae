/**
 * Insulin doses recorded on a hospital meter (issue 16 "Meter insulin entries"): the rows of `POST
 * /v1/testRecord/upload` whose `category` is `INS`. Each is checked on its own, like the readings beside
 * it, so a bad row is refused with its reasons while the good rows are kept; the server then finds the
 * patient, the drug (by its code), the ordering doctor (by user name; the patient's doctor when absent),
 * the executing nurse (the operator) and the insulin period (from the time when absent), and writes the
 * dose through the one insulin write path. The meter's serial and record number are the natural key.
 */
import { z } from 'zod';
import {
  UPLOAD_KEY_LIMIT as KEY_LIMIT,
  requirePatientOfUpload,
  uploadRowFields,
} from '../measurements/upload';
import { lengthIn, optionalText, requiredText } from '../rules/common';
import { doseSchema, dosesOk, INSULIN_LIMITS, sumRule } from './entry';

/** The `category` of an insulin row of a meter upload. */
export const INSULIN_UPLOAD_CATEGORY = 'INS';

/** Whether an uploaded row (not yet checked) is an insulin row. */
export const isInsulinUploadRow = (raw: unknown): boolean =>
  !!raw &&
  typeof raw === 'object' &&
  !Array.isArray(raw) &&
  String((raw as { category?: unknown }).category ?? '').toUpperCase() === INSULIN_UPLOAD_CATEGORY;

export interface InsulinUploadContext {
  now?: () => Date;
  /** enabled insulin period codes */
  periods?: readonly string[];
}

/** One insulin row of a meter upload, checked with the time of the upload and the insulin periods. */
export function insulinUploadRecordSchemaFor(context: InsulinUploadContext = {}) {
  const now = context.now ?? (() => new Date());
  return z
    .strictObject({
      ...uploadRowFields,
      category: z.string().transform(() => INSULIN_UPLOAD_CATEGORY),
      /** the drug's code in the drug catalogue (an insulin) */
      drugCode: requiredText('insulin.upload.drugCode.required').check(
        lengthIn(KEY_LIMIT, 'validation.tooLong'),
      ),
      /** the total dose, IU, with its optional breakdown that must add up to it */
      dose: doseSchema('insulin.dose.required'),
      unit: z.enum(['IU'], { error: 'insulin.unit.invalid' }).default('IU'),
      basalDose: doseSchema('insulin.dose.required').nullish(),
      bolusDose: doseSchema('insulin.dose.required').nullish(),
      correctionDose: doseSchema('insulin.dose.required').nullish(),
      /** an insulin period code; absent: the period whose window holds the time */
      period: optionalText()
        .check((ctx) => {
          if (ctx.value && context.periods && !context.periods.includes(ctx.value)) {
            ctx.issues.push({ code: 'custom', input: ctx.value, message: 'insulin.period.unknown' });
          }
        })
        .nullish(),
      /** when the dose was given (ISO with offset), as readings' `testTime` */
      testTime: requiredText('insulin.givenAt.required')
        .check(z.iso.datetime({ offset: true, error: 'insulin.givenAt.invalid', abort: true }))
        .check((ctx) => {
          if (Date.parse(ctx.value) > now().getTime()) {
            ctx.issues.push({ code: 'custom', input: ctx.value, message: 'insulin.givenAt.future' });
          }
        }),
      /** the ordering doctor's user name; absent: the patient's doctor */
      doctor: optionalText().check(lengthIn(KEY_LIMIT, 'validation.tooLong')).nullish(),
      remark: optionalText().check(lengthIn(INSULIN_LIMITS.note, 'validation.tooLong')).nullish(),
    })
    .superRefine(requirePatientOfUpload)
    .superRefine(sumRule, dosesOk);
}
export type InsulinUploadRecord = z.infer<ReturnType<typeof insulinUploadRecordSchemaFor>>;
