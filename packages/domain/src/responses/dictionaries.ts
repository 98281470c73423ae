import { z } from 'zod';
import { PATIENT_GENDERS } from '../rules/patient';

/** GET /v1/dict/genders: a gender code with its name in the request language. */
export const genderView = z.object({ code: z.enum(PATIENT_GENDERS), name: z.string() });
export type Gender = z.infer<typeof genderView>;

/** A tenant-editable dictionary entry (reasons, meter parameters, symptoms, plans...). */
export const dictEntryView = z.object({
  id: z.number(),
  type: z.string(),
  code: z.string(),
  name: z.string().describe('the name in the request language'),
  nameZh: z.string(),
  nameEn: z.string(),
  value: z.string().nullable().describe('a number as decimal text, or null'),
  sort: z.number(),
  isActive: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DictEntry = z.infer<typeof dictEntryView>;

/** GET /v1/dict/types: a dictionary type and how many entries it has. */
export const dictTypeView = z.object({ type: z.string(), count: z.number() });
export type DictType = z.infer<typeof dictTypeView>;
