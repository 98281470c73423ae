import type { TaskState } from '@glucocare/domain/tasks';
import { http } from './http';
import type { Page } from './users';

/** Today's measuring tasks (docs/api.md "Today's tasks"): patient × planned glucose period. */

export interface TaskReading {
  id: number;
  testTime: string;
  /** mmol/L; null when an untested reason was recorded */
  testValue: number | null;
  unit: string;
  /** what was entered, in the unit it was entered in (shown back exactly in that unit) */
  enteredValue?: number | null;
  enteredUnit?: string | null;
  untestedReason: string | null;
  determineType: string | null;
  color: string | null;
}

export interface TodayTask {
  patientId: number;
  patientName: string;
  gender: string;
  bed: string | null;
  inpatientNumber: string | null;
  departmentCode: string;
  departmentName: string;
  doctorCode: string | null;
  doctorName: string | null;
  periodCode: string;
  periodName: string;
  windowStart: string;
  windowEnd: string;
  dueFrom: string;
  overdueFrom: string;
  state: TaskState;
  reading: TaskReading | null;
}

export interface TodayTaskFilter {
  departmentCode?: string;
  queryCondition?: string;
}

export interface TodayTaskCounts {
  overdue: number;
  due: number;
  upcoming: number;
  done: number;
  total: number;
  patients: number;
  /** the hospital day (YYYY-MM-DD) and the hospital's time zone the windows are read in */
  date: string;
  timeZone: string;
}

type Query = Record<string, string | number | undefined>;

export function fetchTodayTasks(
  query: TodayTaskFilter & { state?: TaskState; page: number; size: number },
  signal?: AbortSignal,
): Promise<Page<TodayTask>> {
  return http.get('/v1/tasks/todayTask', { query: query as unknown as Query, signal });
}

export function fetchTodayTaskCounts(
  filter: TodayTaskFilter,
  signal?: AbortSignal,
): Promise<TodayTaskCounts> {
  return http.get('/v1/tasks/todayTaskNums', { query: filter as Query, signal });
}
