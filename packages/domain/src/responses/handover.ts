import { z } from 'zod';
import { TASK_STATES } from '../tasks/plan';
import { criticalEventView } from './critical';
import { pumpReminderView } from './pump-reminders';

/** Readings taken (with a value) per item. */
const itemCountsView = z.object({ GLU: z.number(), KET: z.number(), UA: z.number() });

/**
 * A planned measurement of the shift not done (yet): a glucose period of the strategy or a task of a
 * monitoring order (issue 17; `periodCode` the task key, as in today's tasks).
 */
export const handoverDueTaskView = z.object({
  periodCode: z.string(),
  /** the task's name in the request language ("Fasting", "02:00", "Ketone · Fasting") */
  periodName: z.string(),
  windowStart: z.string(),
  windowEnd: z.string(),
  /** at the request time: overdue, due or upcoming */
  state: z.enum(TASK_STATES),
});

/** One patient of the ward in the shift with what happened to them. */
export const handoverPatientView = z.object({
  patientId: z.number(),
  name: z.string(),
  bed: z.string().nullable(),
  inpatientNumber: z.string().nullable(),
  /** in hospital on this ward now (false: left it during or after the shift) */
  inDepartment: z.boolean(),
  readings: itemCountsView,
  /** readings recorded without a value (not tested, with a reason) */
  untested: z.number(),
  due: z.array(handoverDueTaskView),
  /** critical values measured in the shift */
  criticalOpened: z.number(),
  rechecksPending: z.number(),
  /** the insulin pump worn now (issue 16) and its reminders at the request time: tube change, low battery, low insulin */
  pumpSerialNumber: z.string().nullable(),
  pumpReminders: z.array(pumpReminderView),
});

/**
 * A critical value of the hand-over: opened in the shift, or still open at its end. The patient, the
 * value and the loop's steps (each null until it happened, whenever that was) as the lists answer them.
 */
export const handoverCriticalView = criticalEventView
  .pick({
    id: true,
    patientId: true,
    patientName: true,
    bed: true,
    item: true,
    value: true,
    unit: true,
    enteredValue: true,
    enteredUnit: true,
    classification: true,
    measuredAt: true,
    notifiedAt: true,
    notifiedPerson: true,
    acknowledgedAt: true,
    acknowledgedBy: true,
    handledAt: true,
    handledBy: true,
    recheckDueAt: true,
    recheckedAt: true,
    recheckSkippedReason: true,
  })
  .extend({
    /** at the end of the shift (or now, while it runs): handled or not yet */
    state: z.enum(['open', 'handled']),
    openedInShift: z.boolean(),
    openAtEnd: z.boolean(),
    /** the recheck is due and was neither taken nor skipped by the shift's end */
    recheckPending: z.boolean(),
  });

/** An admission, transfer or discharge of the ward in the shift. */
export const handoverMovementView = z.object({
  kind: z.enum(['admission', 'transferIn', 'transferOut', 'discharge']),
  patientId: z.number(),
  patientName: z.string(),
  inpatientNumber: z.string().nullable(),
  at: z.string(),
  /** the bed on this ward (the bed taken, or the bed left) */
  bed: z.string().nullable(),
  /** a transfer's other ward, in the request language (null otherwise) */
  otherDepartmentCode: z.string().nullable(),
  otherDepartmentName: z.string().nullable(),
});

/** GET /v1/handover: one ward's summary of one shift. */
export const handoverView = z.object({
  department: z.object({ code: z.string(), name: z.string() }),
  /** the date the shift started on (hospital calendar) */
  date: z.string(),
  shift: z.object({
    code: z.string(),
    name: z.string(),
    nameZh: z.string(),
    nameEn: z.string(),
    startTime: z.string(),
    endTime: z.string(),
  }),
  /** the shift's interval [from, until) */
  from: z.string(),
  until: z.string(),
  timeZone: z.string(),
  /** the shift has not ended yet: the figures are those so far */
  inProgress: z.boolean(),
  totals: z.object({
    patients: z.number(),
    readings: itemCountsView,
    untested: z.number(),
    due: z.number(),
    criticalOpened: z.number(),
    /** of those opened in the shift, handled by its end */
    criticalHandled: z.number(),
    criticalOpenAtEnd: z.number(),
    rechecksPending: z.number(),
    /** pump reminders of the ward's patients at the request time */
    pumpReminders: z.number(),
    admissions: z.number(),
    transfersIn: z.number(),
    transfersOut: z.number(),
    discharges: z.number(),
  }),
  patients: z.array(handoverPatientView),
  criticalValues: z.array(handoverCriticalView),
  movements: z.array(handoverMovementView),
});
export type HandoverView = z.infer<typeof handoverView>;
export type HandoverPatientView = z.infer<typeof handoverPatientView>;
export type HandoverCriticalView = z.infer<typeof handoverCriticalView>;
export type HandoverMovementView = z.infer<typeof handoverMovementView>;
