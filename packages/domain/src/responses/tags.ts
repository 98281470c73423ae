import { z } from 'zod';

/** A patient tag offered on the inpatient list. */
export const tagOptionView = z.object({
  id: z.number(),
  version: z.number().describe('what an edit sends back'),
  tag: z.string().describe('the text patients store (and the delete names)'),
  name: z.string().describe('the name in the request language'),
  tagZh: z.string().nullable(),
  tagEn: z.string().nullable(),
  color: z.string().nullable().describe('#RRGGBB, or null for the default look'),
  sort: z.number(),
});
export type TagOption = z.infer<typeof tagOptionView>;
