import { z } from 'zod';

/** Query-string page number: digits only, no coercion of "1e3" or "1.5". */
export const pageParam = z
  .string()
  .regex(/^[1-9]\d{0,6}$/, { error: 'validation.positiveInteger' })
  .transform(Number);
