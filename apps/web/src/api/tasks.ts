import type { Page, TodayTaskCountsView, TodayTaskView } from '@glucocare/domain/responses';
import type { TaskState } from '@glucocare/domain/tasks';
import { http } from './http';

/** Today's measuring tasks (docs/api.md "Today's tasks"): patient × planned glucose period. */

export type {
  TaskReadingView as TaskReading,
  TodayTaskCountsView as TodayTaskCounts,
  TodayTaskView as TodayTask,
} from '@glucocare/domain/responses';

export interface TodayTaskFilter {
  departmentCode?: string;
  queryCondition?: string;
}

type Query = Record<string, string | number | undefined>;

export function fetchTodayTasks(
  query: TodayTaskFilter & { state?: TaskState; page: number; size: number },
  signal?: AbortSignal,
): Promise<Page<TodayTaskView>> {
  return http.get('/v1/tasks/todayTask', { query: query as unknown as Query, signal });
}

export function fetchTodayTaskCounts(
  filter: TodayTaskFilter,
  signal?: AbortSignal,
): Promise<TodayTaskCountsView> {
  return http.get('/v1/tasks/todayTaskNums', { query: filter as Query, signal });
}
