import { z } from 'zod';

/** An advice (order) frequency: qd, bid, tid ... with its times of day. */
export const adviceFrequencyView = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  frequency: z.string(),
  timesPerDay: z.number().nullable(),
  executeTimes: z.array(z.string()).describe('HH:mm, in the order of the day'),
  sort: z.number(),
  isActive: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdviceFrequency = z.infer<typeof adviceFrequencyView>;

/** GET /v1/adviceFrequency/options: an enabled frequency for the order pickers. */
export const adviceFrequencyOptionView = z.object({
  code: z.string(),
  name: z.string(),
  frequency: z.string(),
});
export type AdviceFrequencyOption = z.infer<typeof adviceFrequencyOptionView>;
