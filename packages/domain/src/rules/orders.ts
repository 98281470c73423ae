/** §5 Orders: medical orders, order templates and medication orders (§3 Medical order, Medication order). */
import { z } from 'zod';
import { FIELD_LIMITS, ORDER_TYPES } from '../constants';
import {
  isBlank,
  lengthIn,
  positive,
  requiredEnum,
  requiredId,
  requiredNumber,
  requiredText,
} from './common';

/** The order type that needs a test time (§4 "Temporary orders need a test time"). */
export const TEMPORARY_ORDER_TYPE = 'temporary' satisfies (typeof ORDER_TYPES)[number];

/** Order name: required, 2-40 characters. */
export const orderNameSchema = requiredText('order.name.required').check(
  lengthIn(FIELD_LIMITS.orderName, 'order.name.length'),
);

/** Template name: required, 3-40 characters. */
export const orderTemplateNameSchema = requiredText('order.templateName.required').check(
  lengthIn(FIELD_LIMITS.templateName, 'order.templateName.length'),
);

/** Order type: required, one of {@link ORDER_TYPES} (24-hour, long-term, temporary). */
export const orderTypeSchema = requiredEnum(ORDER_TYPES, 'order.type.required', 'order.type.invalid');

/** The chosen template's id: required. */
export const orderTemplateIdSchema = requiredId('order.template.required');

/** Content items: at least one, none blank. */
export const orderContentSchema = z
  .array(requiredText('order.content.itemRequired'), {
    error: (issue) => (isBlank(issue.input) ? 'order.content.required' : undefined),
  })
  .min(1, { error: 'order.content.required' });

/** A medical-order template (administration): name 3-40, type, at least one content item. */
export const orderTemplateSchema = z.strictObject({
  name: orderTemplateNameSchema,
  type: orderTypeSchema,
  content: orderContentSchema,
});
export type OrderTemplateInput = z.infer<typeof orderTemplateSchema>;

/** A drug of a medication order: the drug and a quantity greater than 0. */
export const medicationDrugSchema = z.strictObject({
  drugCode: requiredText('order.drug.required'),
  quantity: requiredNumber('order.quantity.required').check(positive('order.quantity.positive')),
});
export type MedicationDrugInput = z.infer<typeof medicationDrugSchema>;

/** The drugs of a medication order: at least one, each drug once (the repeat is flagged on its code). */
export const medicationDrugsSchema = z
  .array(medicationDrugSchema, {
    error: (issue) => (isBlank(issue.input) ? 'order.drugs.required' : undefined),
  })
  .min(1, { error: 'order.drugs.required' })
  .superRefine((drugs, ctx) => {
    const seen = new Set<string>();
    drugs.forEach((drug, index) => {
      if (seen.has(drug.drugCode)) {
        ctx.addIssue({ code: 'custom', path: [index, 'drugCode'], message: 'order.drugs.duplicate' });
      }
      seen.add(drug.drugCode);
    });
  });

/** A medication order: name 2-40, period required, drugs with quantities and no drug twice. */
export const medicationOrderSchema = z.strictObject({
  name: orderNameSchema,
  period: requiredText('order.period.required'),
  drugs: medicationDrugsSchema,
});
export type MedicationOrderInput = z.infer<typeof medicationOrderSchema>;
