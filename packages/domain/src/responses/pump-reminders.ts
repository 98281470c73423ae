import { z } from 'zod';
import { PUMP_REMINDER_KINDS, PUMP_REMINDER_STATES } from '../tasks/pump-reminders';
import { todayTaskView } from './tasks';

/** One reminder of a bound pump (domain `pumpRemindersAt`). */
export const pumpReminderView = z.object({
  kind: z.enum(PUMP_REMINDER_KINDS),
  /** tube change `due` (later today) or `overdue`; a level `low` */
  state: z.enum(PUMP_REMINDER_STATES),
  /** tube change: when it falls (fell) due; null for the levels */
  dueAt: z.string().nullable(),
  /** tube change: the last tube change (or the up-pump); levels: the time of the report */
  since: z.string().nullable(),
  /** levels: the value last reported (%, IU) */
  value: z.number().nullable(),
  /** tube change: the interval in days; levels: the threshold (%, IU) */
  threshold: z.number(),
});
export type PumpReminderView = z.infer<typeof pumpReminderView>;

/** The pump a patient wears now (the open binding) with its reminders of today, as the bed cards show it. */
export const patientPumpView = z.object({
  bindingId: z.number(),
  pumpId: z.number(),
  serialNumber: z.string(),
  upAt: z.string(),
  lastTubeChangeAt: z.string().nullable(),
  battery: z.number().nullable(),
  dose: z.number().nullable(),
  reminders: z.array(pumpReminderView),
});
export type PatientPumpView = z.infer<typeof patientPumpView>;

/** One row of today's pump reminders (GET /v1/tasks/pumpReminders): a patient, the pump and one reminder. */
export const pumpReminderTaskView = pumpReminderView.extend({
  // the patient as the measuring tasks name them
  ...todayTaskView.pick({
    patientId: true,
    patientName: true,
    gender: true,
    bed: true,
    inpatientNumber: true,
    departmentCode: true,
    departmentName: true,
  }).shape,
  bindingId: z.number(),
  pumpId: z.number(),
  serialNumber: z.string(),
});
export type PumpReminderTaskView = z.infer<typeof pumpReminderTaskView>;
