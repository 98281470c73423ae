import { z } from 'zod';

/** POST /v1/<list>/import: how many rows were stored (all of the file's, or none and a 400). */
export const importResultSchema = z.object({ count: z.number().int() });
export type ImportResult = z.infer<typeof importResultSchema>;
