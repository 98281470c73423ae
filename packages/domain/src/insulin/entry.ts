/**
 * Entry rules of insulin records (issue 16, "Insulin records"): one dose of an insulin drug given to an
 * inpatient, in an insulin period, by an executing nurse on a doctor's order.
 *
 * Doses (all in IU, the only insulin unit, {@link INSULIN_UNITS}):
 * - `dose` is the total dose of the record and is always ENTERED (what was drawn up and given); it is
 *   not computed, so a record without a breakdown still counts in the day's total.
 * - `basalDose`, `bolusDose`, `correctionDose` are the optional breakdown (base, large and extra dose of
 *   the spec). When any part is given, the parts must add up to `dose` exactly (checked in hundredths).
 *   A part left out counts as 0; a part, when given, must be > 0.
 * - every dose is > 0, at most {@link INSULIN_LIMITS.dose} IU, with at most 2 decimals.
 * A confirmed record is final on the patient tab: it is neither corrected nor deleted (409), and a
 * record is confirmed once. Context-free checks run on their own; the hospital's lists (insulin
 * periods) and the stay come in an {@link InsulinContext}.
 */
import { z } from 'zod';
import type { MessageKey } from '../i18n/messages';
import { stayIssue } from '../measurements/entry';
import { patientDayFields, patientDayOrder } from '../measurements/query';
import {
  isBlank,
  lengthIn,
  notAfter,
  optionalText,
  requiredId,
  requiredIsoDateTime,
  requiredNumber,
  requiredText,
  requiredVersion,
  systemClock,
  whenFieldsValid,
} from '../rules/common';
import { pageParam } from '../rules/page-param';

/** The units an insulin dose is recorded in: international units only. */
export const INSULIN_UNITS = ['IU'] as const;
export type InsulinUnit = (typeof INSULIN_UNITS)[number];

/** Record states: entered (unconfirmed) → confirmed by a nurse. */
export const INSULIN_STATUSES = ['unconfirmed', 'confirmed'] as const;
export type InsulinStatus = (typeof INSULIN_STATUSES)[number];

/** The dose parts of a record (and of a day's totals). */
export const INSULIN_DOSE_PARTS = ['basalDose', 'bolusDose', 'correctionDose'] as const;
export type InsulinDosePart = (typeof INSULIN_DOSE_PARTS)[number];

/**
 * Drug categories whose drugs are insulins: a category code starting with `INS` (the seeded
 * INS_RAPID, INS_BASAL, INS_PREMIX). The entry form offers only them; the server refuses others.
 */
export const INSULIN_CATEGORY_PREFIX = 'INS';
export const isInsulinCategory = (code: string | null | undefined) =>
  !!code && code.toUpperCase().startsWith(INSULIN_CATEGORY_PREFIX);

export const INSULIN_LIMITS = {
  /** IU of one record (a single dose far above any inpatient injection is a typing error) */
  dose: { min: 0.01, max: 300 },
  decimals: 2,
  note: { min: 0, max: 200 },
  reason: { min: 2, max: 200 },
  /** records confirmed at once */
  confirm: 200,
} as const;

/** A dose as hundredths of an IU (exact for the at most 2 decimals allowed). */
export const hundredths = (dose: number) => Math.round(dose * 100);

/** The messages of an amount: absent, not > 0, more than 2 decimals, above the maximum (`{{max}}`). */
export interface AmountKeys {
  required: MessageKey;
  positive: MessageKey;
  decimals: MessageKey;
  max: MessageKey;
}

/**
 * An amount entered as given: a number > 0 with at most 2 decimals, at most `max` (the numeric rule of
 * insulin doses, also the dose of each drug of a medication order).
 */
export function amountSchema(keys: AmountKeys, max: number) {
  return requiredNumber(keys.required).check((ctx) => {
    const value = ctx.value;
    if (!Number.isFinite(value) || value <= 0) {
      ctx.issues.push({ code: 'custom', input: value, message: keys.positive });
    } else if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) {
      ctx.issues.push({ code: 'custom', input: value, message: keys.decimals });
    } else if (value > max) {
      ctx.issues.push({
        code: 'too_big',
        origin: 'number',
        maximum: max,
        minimum: 0.01,
        inclusive: true,
        input: value,
        message: keys.max,
      } as z.core.$ZodRawIssue);
    }
  });
}

export function doseSchema(requiredKey: MessageKey) {
  return amountSchema(
    {
      required: requiredKey,
      positive: 'insulin.dose.positive',
      decimals: 'insulin.dose.decimals',
      max: 'insulin.dose.max',
    },
    INSULIN_LIMITS.dose.max,
  );
}

/** What the context-dependent checks use; a missing list is not checked. */
export interface InsulinContext {
  now?: () => Date;
  admittedAt?: Date | string | null;
  dischargedAt?: Date | string | null;
  /** enabled insulin period codes */
  periods?: readonly string[];
}

function valueFields(context: InsulinContext) {
  return {
    drugId: requiredId('insulin.drug.required'),
    dose: doseSchema('insulin.dose.required'),
    unit: z.enum(INSULIN_UNITS, { error: 'insulin.unit.invalid' }).default('IU'),
    basalDose: doseSchema('insulin.dose.required').nullish(),
    bolusDose: doseSchema('insulin.dose.required').nullish(),
    correctionDose: doseSchema('insulin.dose.required').nullish(),
    period: requiredText('insulin.period.required').check((ctx) => {
      if (context.periods && !context.periods.includes(ctx.value)) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: 'insulin.period.unknown' });
      }
    }),
    givenAt: requiredIsoDateTime('insulin.givenAt.required', 'insulin.givenAt.invalid')
      .check(notAfter(context.now ?? systemClock, 'insulin.givenAt.future'))
      .check((ctx) => {
        const issue = stayIssue(ctx.value, context);
        if (issue) {
          const key: MessageKey =
            issue === 'measurements.testTime.beforeAdmission'
              ? 'insulin.givenAt.beforeAdmission'
              : 'insulin.givenAt.afterDischarge';
          ctx.issues.push({ code: 'custom', input: ctx.value, message: key });
        }
      }),
    doctorId: requiredId('insulin.doctor.required'),
    nurseId: requiredId('insulin.nurse.unknown').nullish(),
    /** the medication order (issue 17) the dose is given against: an active order of the patient with this drug */
    medicationOrderId: requiredId('insulin.order.invalid').nullish(),
    note: optionalText().check(lengthIn(INSULIN_LIMITS.note, 'validation.tooLong')).nullish(),
  };
}

/** The dose values the cross-field rule reads. */
export interface InsulinDoses {
  dose?: number | null;
  basalDose?: number | null;
  bolusDose?: number | null;
  correctionDose?: number | null;
}

/** Whether a record carries a breakdown into basal, bolus and correction. */
export const hasBreakdown = (doses: InsulinDoses) => INSULIN_DOSE_PARTS.some((part) => !isBlank(doses[part]));

/** The parts' sum must equal the entered total (null: fine, or no breakdown). */
export function breakdownIssue(doses: InsulinDoses): { sum: number } | null {
  if (!hasBreakdown(doses) || isBlank(doses.dose)) return null;
  const sum = INSULIN_DOSE_PARTS.reduce((acc, part) => acc + hundredths(doses[part] ?? 0), 0);
  return sum === hundredths(doses.dose) ? null : { sum: sum / 100 };
}

const DOSE_FIELDS = ['dose', ...INSULIN_DOSE_PARTS];
export const dosesOk = {
  when: (payload: z.core.ParsePayload) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => DOSE_FIELDS.includes(String(issue.path?.[0]))),
};

export function sumRule(doses: InsulinDoses, ctx: z.core.$RefinementCtx) {
  const issue = breakdownIssue(doses);
  if (issue) {
    ctx.addIssue({
      code: 'custom',
      path: ['dose'],
      message: 'insulin.dose.sum',
      params: { sum: issue.sum },
    });
  }
}

/** `POST /v1/insulinRecord` (the entry dialog). */
export function insulinEntrySchemaFor(context: InsulinContext = {}) {
  return z
    .strictObject({ patientId: requiredId('insulin.patient.required'), ...valueFields(context) })
    .superRefine(sumRule, dosesOk);
}
export const insulinEntrySchema = insulinEntrySchemaFor();
export type InsulinEntry = z.infer<typeof insulinEntrySchema>;

/** Reason of a correction, deletion or restore: required, 2-200 characters. */
export const insulinReasonSchema = requiredText('insulin.reason.required').check(
  lengthIn(INSULIN_LIMITS.reason, 'insulin.reason.length'),
);
const versionSchema = requiredVersion('insulin.version.required');

/**
 * `PUT /v1/insulinRecord`: a correction of an unconfirmed record: id, current version, reason and the
 * whole corrected record (the dialog sends every field; nothing is merged).
 */
export function insulinCorrectionSchemaFor(context: InsulinContext = {}) {
  return z
    .strictObject({
      id: requiredId('validation.positiveInteger'),
      version: versionSchema,
      reason: insulinReasonSchema,
      ...valueFields(context),
    })
    .superRefine(sumRule, dosesOk);
}
export const insulinCorrectionSchema = insulinCorrectionSchemaFor();
export type InsulinCorrection = z.infer<typeof insulinCorrectionSchema>;

/** `PUT /v1/insulinRecord/changeStatus`: soft delete (`isActive: false`) or restore, with a reason. */
export const insulinStatusSchema = z.strictObject({
  recordId: requiredId('validation.positiveInteger'),
  isActive: z.boolean(),
  reason: insulinReasonSchema,
  version: versionSchema,
});
export type InsulinStatusInput = z.infer<typeof insulinStatusSchema>;

/** `PUT /v1/insulinRecord/confirm`: unconfirmed records confirmed by the signed-in nurse. */
export const insulinConfirmSchema = z.strictObject({
  ids: z
    .array(requiredId('validation.positiveInteger'), { error: 'insulin.confirm.required' })
    .min(1, { error: 'insulin.confirm.required' })
    .max(INSULIN_LIMITS.confirm, { error: 'insulin.confirm.max' }),
});
export type InsulinConfirmInput = z.infer<typeof insulinConfirmSchema>;

/** `GET /v1/insulinRecord/patient/{id}`: days (default the last 7), page, deleted ones too; latest first. */
export const insulinRecordsQuerySchema = z
  .object({
    ...patientDayFields,
    page: pageParam.default(1),
    size: pageParam.default(20),
    includeDeleted: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
  })
  .superRefine(patientDayOrder, whenFieldsValid('beginDate', 'endDate'));

/** `GET /v1/insulinRecord/patient/pivot/{id}`: days (default the last 7, at most a year). */
export const insulinPivotQuerySchema = z
  .object(patientDayFields)
  .superRefine(patientDayOrder, whenFieldsValid('beginDate', 'endDate'));
