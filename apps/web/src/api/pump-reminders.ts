import type { PumpStrategy } from '@glucocare/domain/hospital-settings';
import type { Page, PumpReminderTaskView } from '@glucocare/domain/responses';
import { http } from './http';
import type { TodayTaskFilter } from './tasks';

/** Today's pump reminders and the pump strategy (docs/api.md "Today's tasks", "Pump strategy"). */

export type {
  PatientPumpView as PatientPump,
  PumpReminderTaskView as PumpReminderTask,
  PumpReminderView as PumpReminder,
} from '@glucocare/domain/responses';
export type { PumpStrategy };

const STRATEGY = '/v1/systemSetting/pumpStrategy';

export function fetchPumpReminders(
  query: TodayTaskFilter & { page: number; size: number },
  signal?: AbortSignal,
): Promise<Page<PumpReminderTaskView>> {
  return http.get('/v1/tasks/pumpReminders', {
    query: query as unknown as Record<string, string | number | undefined>,
    signal,
  });
}

export const fetchPumpStrategy = (signal?: AbortSignal) => http.get<PumpStrategy>(STRATEGY, { signal });
export const savePumpStrategy = (value: PumpStrategy) => http.post<PumpStrategy>(STRATEGY, value);
