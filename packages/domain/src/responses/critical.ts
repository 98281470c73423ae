import { z } from 'zod';
import { MEASUREMENT_ITEMS } from '../clinical/classification';
import { CRITICAL_STATUSES } from '../critical/handling';

/** A critical value as every list answers it: the patient, the reading and its handling. */
export const criticalEventView = z.object({
  id: z.number(),
  measurementId: z.number(),
  patientId: z.number(),
  patientName: z.string(),
  gender: z.string(),
  bed: z.string().nullable(),
  inpatientNumber: z.string().nullable(),
  /** the department where it was measured, and its name in the request language */
  departmentCode: z.string(),
  departmentName: z.string(),
  /** the patient's responsible doctor (user name) and name */
  doctorCode: z.string().nullable(),
  doctorName: z.string().nullable(),
  item: z.enum(MEASUREMENT_ITEMS),
  /** in the item's storage unit `unit` (mmol/L for GLU and KET, µmol/L for UA) */
  value: z.number(),
  unit: z.string(),
  /** what was entered, in the unit it was entered in (shown back exactly in that unit) */
  enteredValue: z.number().nullable(),
  enteredUnit: z.string().nullable(),
  classification: z.enum(['criticalLow', 'criticalHigh']),
  grade: z.string().nullable(),
  color: z.string().nullable(),
  periodCode: z.string().nullable(),
  periodName: z.string().nullable(),
  measuredAt: z.string(),
  status: z.enum(CRITICAL_STATUSES),
  notifiedPerson: z.string().nullable(),
  action: z.string().nullable(),
  handledById: z.number().nullable(),
  handledBy: z.string().nullable(),
  handledAt: z.string().nullable(),
  /** minutes from the measurement to the handling, or open so far */
  minutesToHandle: z.number(),
  // the loop (issue 15): measured → notified → acknowledged → handled → rechecked
  notifiedAt: z.string().nullable(),
  notifiedUserId: z.number().nullable(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.string().nullable(),
  /** when the recheck is due (null for values opened before the loop existed) */
  recheckDueAt: z.string().nullable(),
  recheckedAt: z.string().nullable(),
  recheckMeasurementId: z.number().nullable(),
  recheckSkippedReason: z.string().nullable(),
  /** when it escalated (unacknowledged, or the recheck overdue, for `escalateAfterMinutes`), once */
  escalatedAt: z.string().nullable(),
  /** whom it escalated to: the patient's responsible doctor and the ward's head nurse then (users) */
  escalatedDoctorId: z.number().nullable(),
  escalatedDoctorName: z.string().nullable(),
  escalatedHeadNurseId: z.number().nullable(),
  escalatedHeadNurseName: z.string().nullable(),
  /** handled, and rechecked or a reason given why not */
  loopClosed: z.boolean(),
  version: z.number(),
});
export type CriticalEventView = z.infer<typeof criticalEventView>;

/** Today's and all open critical values of the caller's departments. */
export const criticalCountsView = z.object({
  /** measured today (hospital day), still open */
  openToday: z.number(),
  /** measured today, handled */
  handledToday: z.number(),
  /** open, whenever measured */
  open: z.number(),
});
export type CriticalCountsView = z.infer<typeof criticalCountsView>;

/** One poll of the critical-value alert. */
export const criticalLatestView = z.object({
  /** the newest open event id seen (or `since`): pass it as `since` next time */
  latestId: z.number(),
  /**
   * open events of the caller's departments, whenever measured, and the events escalated to the caller
   * that still wait (acknowledgement or recheck), in the caller's departments or not: the bell's count
   */
  openCount: z.number(),
  /** open events newer than `since`, newest first (at most 20) */
  records: z.array(criticalEventView),
  /**
   * events escalated to the caller (as the patient's doctor or the ward's head nurse) that still wait,
   * in the caller's departments or not, newest escalation first (at most 20)
   */
  escalatedToMe: z.array(criticalEventView),
});
export type CriticalLatestView = z.infer<typeof criticalLatestView>;

const loopStepFiguresView = z.object({
  count: z.number(),
  /** minutes from the measurement */
  median: z.number().nullable(),
  p90: z.number().nullable(),
});

/** One ward's (or the whole scope's) figures of the loop report (domain `loopFigures`). */
export const criticalLoopFiguresView = z.object({
  count: z.number(),
  steps: z.object({
    notified: loopStepFiguresView,
    acknowledged: loopStepFiguresView,
    handled: loopStepFiguresView,
    rechecked: loopStepFiguresView,
  }),
  handledWithinTarget: z.number(),
  /** 0-1, null without values */
  handledWithinTargetShare: z.number().nullable(),
});

export const criticalLoopReportView = z.object({
  month: z.string(),
  targetMinutes: z.number(),
  departments: z.array(
    criticalLoopFiguresView.extend({ departmentCode: z.string(), departmentName: z.string() }),
  ),
  total: criticalLoopFiguresView,
});
export type CriticalLoopReportView = z.infer<typeof criticalLoopReportView>;

/** A doctor a critical value can be told to (the entry dialog's choices). */
export const notifiableDoctorView = z.object({
  id: z.number(),
  userName: z.string(),
  nickName: z.string(),
});
export type NotifiableDoctorView = z.infer<typeof notifiableDoctorView>;
