import { z } from 'zod';
import { optionalEnumFilter } from '../critical/handling';
import { pageParam } from '../rules/page-param';
import { TASK_STATES } from './plan';

const departmentFilter = z.string().trim().max(64, { error: 'validation.tooLong' }).optional();
const conditionFilter = z.string().trim().max(50, { error: 'validation.tooLong' }).optional();

/** GET /v1/tasks/todayTaskNums: the ward and patient filter of today's tasks. */
export const todayTaskCountQuerySchema = z.object({
  departmentCode: departmentFilter,
  queryCondition: conditionFilter,
});

/** GET /v1/tasks/todayTask: the filter, a task state, paging. */
export const todayTaskQuerySchema = z.object({
  ...todayTaskCountQuerySchema.shape,
  state: optionalEnumFilter(TASK_STATES, 'critical.taskState.invalid'),
  page: pageParam.default(1),
  size: pageParam.default(20),
});
export type TodayTaskQuery = z.infer<typeof todayTaskQuerySchema>;

/** GET /v1/tasks/pumpReminders (issue 16): the ward and patient filter, paging. */
export const pumpReminderQuerySchema = z.object({
  ...todayTaskCountQuerySchema.shape,
  page: pageParam.default(1),
  size: pageParam.default(20),
});
export type PumpReminderQuery = z.infer<typeof pumpReminderQuerySchema>;
