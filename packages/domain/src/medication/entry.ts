/**
 * Medication orders (issue 17, spec §3 "Medication order", §5 "Orders", 用药医嘱): a doctor orders one
 * or more drugs of the catalogue for an inpatient, each with its dose, given at an insulin period,
 * for a number of administrations; active until stopped (who, when, why); deleted in error with a
 * reason. Meaning of the numbers (docs/api.md "Medication orders"):
 * - each drug's `quantity` is the dose of one administration in the drug's unit (IU, mg, tablets...),
 *   exact as entered: > 0, at most 2 decimals (the numeric rule of insulin doses);
 * - `period` is when it is given: an insulin period code (breakfast, lunch, dinner, bedtime...);
 * - the order's `quantity` is the number of administrations it covers, a whole number ≥ 1 (a temporary
 *   order ×1, a long-term order ×14).
 * A drug appears once in an order. Context-free checks run on their own; the hospital's insulin
 * periods come in a {@link MedicationContext}.
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '../constants';
import { amountSchema } from '../insulin/entry';
import { patientDayFields, patientDayOrder } from '../measurements/query';
import {
  isBlank,
  lengthIn,
  optionalText,
  requiredEnum,
  requiredId,
  requiredIsoDateTime,
  requiredNumber,
  requiredText,
  requiredVersion,
  whenFieldsValid,
} from '../rules/common';
import { orderNameSchema, orderTypeSchema } from '../rules/orders';
import { pageParam } from '../rules/page-param';

/** The `adviceType` of `GET /v1/options`: what an order's period options are for. */
export const ADVICE_OPTION_TYPES = ['medication', 'monitoring'] as const;
export type AdviceOptionType = (typeof ADVICE_OPTION_TYPES)[number];

export const MEDICATION_LIMITS = {
  /** drugs of one order */
  drugs: 20,
  /** the dose of one drug per administration, in its unit (above is a typing error) */
  drugQuantity: { max: 10_000 },
  /** administrations one order covers (a year of four a day) */
  quantity: { min: 1, max: 1_460 },
  note: { min: 0, max: 200 },
  reason: { min: 2, max: 200 },
  queryCondition: { min: 0, max: 50 },
} as const;

/** One drug of an order: a drug of the catalogue and its dose per administration (> 0, 2 decimals). */
export const medicationDrugLineSchema = z.strictObject({
  drugId: requiredId('order.drug.required'),
  quantity: amountSchema(
    {
      required: 'order.quantity.required',
      positive: 'order.quantity.positive',
      decimals: 'medication.drugQuantity.decimals',
      max: 'medication.drugQuantity.max',
    },
    MEDICATION_LIMITS.drugQuantity.max,
  ),
});
export type MedicationDrugLine = z.infer<typeof medicationDrugLineSchema>;

/** The drugs of an order: at least one, at most 20, each drug once (the repeat is flagged on its row). */
export const medicationDrugLinesSchema = z
  .array(medicationDrugLineSchema, {
    error: (issue) => (isBlank(issue.input) ? 'order.drugs.required' : undefined),
  })
  .min(1, { error: 'order.drugs.required' })
  .max(MEDICATION_LIMITS.drugs, { error: 'medication.drugs.tooMany' })
  .superRefine(
    (lines, ctx) => {
      duplicateDrugRows(lines).forEach((index) => {
        ctx.addIssue({ code: 'custom', path: [index, 'drugId'], message: 'medication.drug.duplicate' });
      });
    },
    // a repeat is told at once, while other rows (or this row's dose) are still incomplete
    { when: (payload) => Array.isArray(payload.value) },
  );

/** The rows (index) whose drug an earlier row already names: what the form flags at once. */
export function duplicateDrugRows(lines: readonly { drugId?: unknown }[]): number[] {
  const seen = new Set<number>();
  const repeats: number[] = [];
  lines.forEach((line, index) => {
    if (typeof line?.drugId !== 'number') return;
    if (seen.has(line.drugId)) repeats.push(index);
    seen.add(line.drugId);
  });
  return repeats;
}

/** The number of administrations: a whole number 1..1460. */
export const administrationsSchema = requiredNumber('medication.quantity.required').check((ctx) => {
  const value = ctx.value;
  const { min, max } = MEDICATION_LIMITS.quantity;
  if (!Number.isInteger(value) || value < min) {
    ctx.issues.push({ code: 'custom', input: value, message: 'medication.quantity.whole' });
  } else if (value > max) {
    ctx.issues.push({
      code: 'too_big',
      origin: 'number',
      maximum: max,
      minimum: min,
      inclusive: true,
      input: value,
      message: 'medication.quantity.max',
    } as z.core.$ZodRawIssue);
  }
});

/** What the context-dependent checks use; a missing list is not checked. */
export interface MedicationContext {
  /** enabled insulin period codes */
  periods?: readonly string[];
}

function orderFields(context: MedicationContext) {
  return {
    name: orderNameSchema,
    orderType: orderTypeSchema,
    drugs: medicationDrugLinesSchema,
    period: requiredText('order.period.required').check((ctx) => {
      if (context.periods && !context.periods.includes(ctx.value)) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: 'medication.period.unknown' });
      }
    }),
    quantity: administrationsSchema,
    startTime: requiredIsoDateTime('medication.startTime.required', 'order.time.invalid'),
    note: optionalText().check(lengthIn(MEDICATION_LIMITS.note, 'validation.tooLong')).nullish(),
  };
}

/** `POST /v1/medicationAdvice`: a new order of a patient (active, ordered by the caller). */
export function medicationOrderCreateSchemaFor(context: MedicationContext = {}) {
  return z.strictObject({ patientId: requiredId('medication.patient.required'), ...orderFields(context) });
}
export const medicationOrderCreateSchema = medicationOrderCreateSchemaFor();
export type MedicationOrderCreate = z.infer<typeof medicationOrderCreateSchema>;

/** Reason of a stop or of a deletion (`DELETE /v1/medicationAdvice/{id}?version=&reason=`): required, 2-200 characters. */
export const medicationReasonSchema = requiredText('medication.reason.required').check(
  lengthIn(MEDICATION_LIMITS.reason, 'medication.reason.length'),
);
const versionSchema = requiredVersion('medication.version.required');

/** `PUT /v1/medicationAdvice/suspend`: stop an active order (current version, reason). */
export const medicationOrderStopSchema = z.strictObject({
  id: requiredId('validation.positiveInteger'),
  version: versionSchema,
  reason: medicationReasonSchema,
});
export type MedicationOrderStop = z.infer<typeof medicationOrderStopSchema>;

const idFilter = z
  .string()
  .regex(/^[1-9]\d{0,15}$/, { error: 'validation.positiveInteger' })
  .transform(Number)
  .optional();

/**
 * `GET /v1/medicationAdvice/page`: the wards' list (department within the scope, status, patient,
 * keyword on patient name, inpatient number or drug, start days of the hospital calendar), or with
 * `patientId` one patient's orders (the patient tab). Latest start first.
 */
export const medicationOrderQuerySchema = z
  .object({
    departmentCode: z.string().trim().max(64, { error: 'validation.tooLong' }).optional(),
    status: z.enum(ORDER_STATUSES, { error: 'medication.status.invalid' }).optional(),
    patientId: idFilter,
    queryCondition: optionalText()
      .check(lengthIn(MEDICATION_LIMITS.queryCondition, 'validation.tooLong'))
      .optional(),
    ...patientDayFields,
    page: pageParam.default(1),
    size: pageParam.default(20),
  })
  .superRefine(patientDayOrder, whenFieldsValid('beginDate', 'endDate'));
export type MedicationOrderQuery = z.infer<typeof medicationOrderQuerySchema>;

/** `GET /v1/options`: the period options of an order type. */
export const adviceOptionsQuerySchema = z.object({
  adviceType: requiredEnum(
    ADVICE_OPTION_TYPES,
    'medication.adviceType.invalid',
    'medication.adviceType.invalid',
  ),
});
