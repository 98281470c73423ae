/**
 * Meter and HIS uploads (ARCHITECTURE §4): readings keyed by device serial + device record number,
 * the patient by wristband, inpatient number or (issue 18) outpatient number, the operator by staff user name. The request is
 * checked as a whole only for its frame (source, 1-1000 records); each record is checked on its own
 * ({@link uploadRecordSchemaFor}) so that bad rows are refused one by one while good rows are kept.
 */
import { z } from 'zod';
import { MEASUREMENT_ITEMS } from '../clinical/classification';
import { isBlank, lengthIn, optionalText, requiredEnum, requiredText } from '../rules/common';
import { type EntryContext, MEASUREMENT_LIMITS, readingIssues, UNTESTED_REASONS } from './entry';

export const UPLOAD_SOURCES = ['meter', 'his'] as const;
/** What a meter shows outside its range; recorded as the untested reason "measurable range exceeded". */
export const METER_OUT_OF_RANGE = ['LO', 'HI'] as const;

/** Lengths of the natural key's parts and of user names in an upload. */
export const UPLOAD_KEY_LIMIT = { min: 1, max: 64 };
const KEY_LIMIT = UPLOAD_KEY_LIMIT;

/** `POST /v1/testRecord/upload`: the frame of an upload. */
export const measurementUploadSchema = z.strictObject({
  source: z.enum(UPLOAD_SOURCES, { error: 'validation.required' }),
  records: z
    .array(z.unknown(), { error: 'measurements.upload.records.required' })
    .min(1, { error: 'measurements.upload.records.required' })
    .max(MEASUREMENT_LIMITS.upload, { error: 'measurements.upload.records.required' }),
});
export type MeasurementUpload = z.infer<typeof measurementUploadSchema>;

/**
 * What every uploaded row carries whatever its kind (a reading, an insulin dose): the meter's natural
 * key, the patient (wristband or inpatient number, see {@link requirePatientOfUpload}) and the operator.
 */
export const uploadRowFields = {
  deviceSerial: requiredText('measurements.upload.deviceSerial.required').check(
    lengthIn(KEY_LIMIT, 'validation.tooLong'),
  ),
  deviceRecordNo: requiredText('measurements.upload.deviceRecordNo.required').check(
    lengthIn(KEY_LIMIT, 'validation.tooLong'),
  ),
  wristbandCode: optionalText()
    .check(lengthIn({ min: 0, max: 32 }, 'validation.tooLong'))
    .nullish(),
  inpatientNumber: optionalText()
    .check(lengthIn({ min: 0, max: 18 }, 'validation.tooLong'))
    .nullish(),
  /** issue 18: a home meter of an outpatient names the patient by the clinic's outpatient number */
  outpatientNumber: optionalText()
    .check(lengthIn({ min: 0, max: 32 }, 'validation.tooLong'))
    .nullish(),
  operator: requiredText('measurements.upload.operator.required').check(
    lengthIn(KEY_LIMIT, 'validation.tooLong'),
  ),
};

/** An uploaded row names its patient by wristband code, inpatient number or outpatient number (one at least). */
export function requirePatientOfUpload(
  record: {
    wristbandCode?: string | null;
    inpatientNumber?: string | null;
    outpatientNumber?: string | null;
  },
  ctx: z.RefinementCtx,
): void {
  if (isBlank(record.wristbandCode) && isBlank(record.inpatientNumber) && isBlank(record.outpatientNumber)) {
    ctx.addIssue({ code: 'custom', path: ['wristbandCode'], message: 'measurements.upload.patientRequired' });
  }
}

/** One uploaded record, checked with the time of the upload and the hospital's lists. */
export function uploadRecordSchemaFor(context: Pick<EntryContext, 'now' | 'periods' | 'untestedReasons'>) {
  const now = context.now ?? (() => new Date());
  return z
    .strictObject({
      ...uploadRowFields,
      category: requiredEnum(
        MEASUREMENT_ITEMS,
        'measurements.category.required',
        'measurements.category.invalid',
      ),
      testTime: requiredText('glucose.testTime.required')
        .check(z.iso.datetime({ offset: true, error: 'glucose.testTime.invalid', abort: true }))
        .check((ctx) => {
          if (Date.parse(ctx.value) > now().getTime()) {
            ctx.issues.push({ code: 'custom', input: ctx.value, message: 'glucose.testTime.future' });
          }
        }),
      result: z.union([z.number(), z.enum(METER_OUT_OF_RANGE)]).nullish(),
      unit: optionalText().nullish(),
      cause: optionalText()
        .check((ctx) => {
          if (ctx.value && context.untestedReasons && !context.untestedReasons.includes(ctx.value)) {
            ctx.issues.push({ code: 'custom', input: ctx.value, message: 'measurements.cause.unknown' });
          }
        })
        .nullish(),
      causeText: optionalText().check(lengthIn(MEASUREMENT_LIMITS.causeText, 'validation.tooLong')).nullish(),
      period: optionalText()
        .check((ctx) => {
          if (ctx.value && context.periods && !context.periods.includes(ctx.value)) {
            ctx.issues.push({ code: 'custom', input: ctx.value, message: 'measurements.period.unknown' });
          }
        })
        .nullish(),
      remark: optionalText().check(lengthIn(MEASUREMENT_LIMITS.note, 'validation.tooLong')).nullish(),
    })
    .superRefine((record, ctx) => {
      requirePatientOfUpload(record, ctx);
      const meterLimit = typeof record.result === 'string';
      const issues = readingIssues({
        category: record.category,
        // a glucose period absent from the upload is derived from the time (the server's job)
        period: record.period || 'derived',
        result: meterLimit ? null : (record.result as number | null | undefined),
        unit: record.unit,
        cause: meterLimit ? UNTESTED_REASONS.outOfRange : record.cause,
        causeText: meterLimit ? (record.result as string) : record.causeText,
      });
      for (const issue of issues) {
        const message =
          issue.message === 'glucose.result.required' ? 'measurements.upload.resultRequired' : issue.message;
        const bounds = issue.range ? { minimum: issue.range.min, maximum: issue.range.max } : {};
        ctx.addIssue({ code: 'custom', path: [issue.path], message, ...bounds });
      }
    });
}
export type UploadRecord = z.infer<ReturnType<typeof uploadRecordSchemaFor>>;
