import type { TaskState } from '@glucocare/domain/tasks';
import type { TFunction } from 'i18next';
import type { TodayTask } from '../../api/tasks';
import { clockParts } from '../../components/format';

/** The state tabs, in the order a nurse works them; `all` first. */
export const TASK_TABS = ['all', 'overdue', 'due', 'upcoming', 'untested', 'done'] as const;
export type TaskTab = (typeof TASK_TABS)[number];

/** The antd tag colour of a state. */
export const TASK_STATE_COLORS: Record<TaskState, string> = {
  overdue: 'red',
  due: 'orange',
  upcoming: 'blue',
  untested: 'purple',
  done: 'green',
};

/** The list refreshes itself this often (states move on with the clock). */
export const TASK_REFRESH_MS = 60_000;

/** Where a task leads: the patient's glucose tab (the patients area's detail page). */
export function taskLink(task: Pick<TodayTask, 'patientId'>): string {
  return `/patient/detail?id=${task.patientId}&tab=glucose`;
}

/** A row's key: one task per patient and period. */
export function taskKey(task: Pick<TodayTask, 'patientId' | 'periodCode'>): string {
  return `${task.patientId}:${task.periodCode}`;
}

/**
 * "09:00-11:00" on the hospital clock; an end at the next midnight shows as 24:00 and a window running
 * into the next day carries "+1".
 */
export function windowText(task: Pick<TodayTask, 'windowStart' | 'windowEnd'>, timeZone?: string): string {
  const start = clockParts(task.windowStart, timeZone);
  const end = clockParts(task.windowEnd, timeZone);
  if (end.date === start.date) return `${start.time}-${end.time}`;
  return `${start.time}-${end.time === '00:00' ? '24:00' : `${end.time} +1`}`;
}

/**
 * The line under a state: when it became or becomes due, overdue since, when it was measured, or
 * "Not tested: <reason>".
 */
export function stateHint(task: TodayTask, t: TFunction, timeZone?: string): string {
  const at = (iso: string) => clockParts(iso, timeZone).time;
  switch (task.state) {
    case 'overdue':
      return t('tasks.hints.overdue', { time: at(task.overdueFrom) });
    case 'due':
      return t('tasks.hints.due', { time: at(task.overdueFrom) });
    case 'upcoming':
      return t('tasks.hints.upcoming', { time: at(task.dueFrom) });
    case 'untested':
      return t('tasks.hints.untested', {
        reason: task.reading?.untestedReasonName ?? task.reading?.untestedReason ?? '',
      });
    default:
      return task.reading ? t('tasks.hints.done', { time: at(task.reading.testTime) }) : '';
  }
}
