import { z } from 'zod';
import { LOCK_REASONS } from '../quality/strategy';

/**
 * An analyzer's QC lockout as the API tells it (issue 19): locked or not, every reason that holds (in
 * LOCK_REASONS order), when the next control run is due by the schedule, and a coordinator's override
 * in force. Shown on the analyzers list and in the lockout drawer; worked out by
 * `modules/quality/lock-state.ts` (domain quality/lockout.ts).
 */
export const analyzerLockSchema = z.object({
  locked: z.boolean(),
  reasons: z.array(z.enum(LOCK_REASONS)),
  /** the next run due by the schedule (null: none scheduled, or the lockout is off) */
  dueAt: z.string().nullable(),
  /** an override in force until then (null: none) */
  overriddenUntil: z.string().nullable(),
});
export type AnalyzerLockView = z.infer<typeof analyzerLockSchema>;
