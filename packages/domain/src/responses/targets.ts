import { z } from 'zod';

/** The QC target values of a strip type: per control level, the target and its SD. */
export const targetSettingView = z.object({
  stripType: z.string(),
  levels: z.array(z.object({ level: z.number(), target: z.number(), sd: z.number() })),
  /** null until target values were saved */
  updatedAt: z.string().nullable(),
});
export type TargetSettingView = z.infer<typeof targetSettingView>;
