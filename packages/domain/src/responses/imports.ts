import { z } from 'zod';

/**
 * POST /v1/<list>/import: how many rows were stored (all of the file's, or none and a 400); a staff
 * file also gets each new account's one-time password, answered this once.
 */
export const importResultSchema = z.object({
  count: z.number().int(),
  passwords: z
    .array(z.object({ userName: z.string(), password: z.string() }))
    .optional()
    .describe(
      'staff: the one-time password of each new account (shown once; must be changed at first sign-in)',
    ),
});
export type ImportResult = z.infer<typeof importResultSchema>;
