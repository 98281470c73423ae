import { z } from 'zod';
import { ORDER_TYPES } from '../constants';

/** A medical-order template. */
export const orderTemplateView = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(ORDER_TYPES),
  typeName: z.string().describe("the type's name in the request language"),
  content: z.array(z.string()).describe('the content items, in order'),
  isActive: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderTemplate = z.infer<typeof orderTemplateView>;

/** GET /v1/templates/adviceTemplateTypes: an order type with its name in the request language. */
export const orderTypeOptionView = z.object({ code: z.enum(ORDER_TYPES), name: z.string() });
export type OrderTypeOption = z.infer<typeof orderTypeOptionView>;
