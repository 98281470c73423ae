import { z } from 'zod';
import { UNIT_CATEGORIES } from '../hospital-settings/catalogues';

/** A unit of a category: the display unit of GLU, KET and UA, the DRUG and INSPECTION catalogues. */
export const unitView = z.object({
  id: z.number(),
  category: z.enum(UNIT_CATEGORIES),
  code: z.string(),
  name: z.string(),
});
export type Unit = z.infer<typeof unitView>;
