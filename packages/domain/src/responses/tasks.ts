import { z } from 'zod';
import { MONITOR_ITEMS } from '../orders/medical';
import { TASK_STATES } from '../tasks/plan';
import { readingView } from './measurements';

/**
 * The reading that did a task (a subset of the one measurement view). For a reading without a value
 * (task `untested`), `untestedReason` and `untestedReasonName` are its untested reason, else its
 * rejection reason (code, and name in the request language).
 */
export const taskReadingView = readingView.pick({
  id: true,
  testTime: true,
  testValue: true,
  unit: true,
  enteredValue: true,
  enteredUnit: true,
  untestedReason: true,
  untestedReasonName: true,
  determineType: true,
  color: true,
});
export type TaskReadingView = z.infer<typeof taskReadingView>;

/**
 * One row of today's tasks: a patient and one planned measurement — a glucose period of the monitoring
 * strategy, or a period, clock time or once-test of one of the patient's monitoring orders (issue 17).
 */
export const todayTaskView = z.object({
  patientId: z.number(),
  patientName: z.string(),
  gender: z.string(),
  bed: z.string().nullable(),
  inpatientNumber: z.string().nullable(),
  departmentCode: z.string(),
  departmentName: z.string(),
  doctorCode: z.string().nullable(),
  doctorName: z.string().nullable(),
  /**
   * the task's key within the patient's day: the glucose period's code for a glucose period task (as
   * before orders), `KET:fasting` for another item's period task, `@02:00` / `KET@02:00` for a clock task
   */
  periodCode: z.string(),
  /** the task's name in the request language: the period's ("Fasting"), "02:00", "Ketone · Fasting" */
  periodName: z.string(),
  /** the item measured (issue 17) */
  item: z.enum(MONITOR_ITEMS),
  /** the glucose period of a period task (null for a clock task) */
  period: z.string().nullable(),
  /** the ordered clock time HH:mm (hospital clock) of a clock task or once-test, null for a period task */
  slot: z.string().nullable(),
  /** the monitoring order planning the task, null for the monitoring strategy's */
  orderId: z.number().nullable(),
  /**
   * the task's window today (hospital clock): a period's window, or a clock task's catch window (the
   * readings that do it)
   */
  windowStart: z.string(),
  windowEnd: z.string(),
  /** due from (window start − dueSoonMinutes) and overdue from (window start + overdueMinutes) */
  dueFrom: z.string(),
  overdueFrom: z.string(),
  state: z.enum(TASK_STATES),
  /** the reading that did the task (null unless done or untested) */
  reading: taskReadingView.nullable(),
});
export type TodayTaskView = z.infer<typeof todayTaskView>;

/** How many of today's tasks are in each state. */
export const todayTaskCountsView = z.object({
  overdue: z.number(),
  due: z.number(),
  upcoming: z.number(),
  /** recorded as not tested (never counted as done) */
  untested: z.number(),
  done: z.number(),
  /** every planned task of the matching patients */
  total: z.number(),
  /** in-hospital patients matching the filter */
  patients: z.number(),
  /** today's pump reminders of those patients (GET /v1/tasks/pumpReminders), and of them overdue tube changes */
  pumpReminders: z.number(),
  pumpRemindersOverdue: z.number(),
  /** the hospital day the tasks belong to (YYYY-MM-DD) */
  date: z.string(),
  /** the hospital's time zone: period windows are times of its clock */
  timeZone: z.string(),
});
export type TodayTaskCountsView = z.infer<typeof todayTaskCountsView>;
