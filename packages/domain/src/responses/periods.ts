import { z } from 'zod';

const periodFields = {
  id: z.number(),
  code: z.string(),
  /** the name in the request language, and both names */
  name: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  sort: z.number(),
  /** HH:mm */
  startTime: z.string(),
  endTime: z.string(),
  isActive: z.boolean(),
  version: z.number(),
  updatedAt: z.string(),
};

/** A glucose period with its time window and normal range (mmol/L). */
export const glucosePeriodView = z.object({
  ...periodFields,
  minValue: z.number().nullable(),
  maxValue: z.number().nullable(),
});
export type GlucosePeriodView = z.infer<typeof glucosePeriodView>;

/** An insulin period with its time window. */
export const insulinPeriodView = z.object(periodFields);
export type InsulinPeriodView = z.infer<typeof insulinPeriodView>;
