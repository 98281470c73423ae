import { z } from 'zod';
import { FOLLOWUP_KINDS, REVIEW_REASON_KINDS } from '../virtual-ward/review';

/** A reading as the worklist shows it: mmol/L (storage), and the number and unit as entered. */
export const reviewExtremeView = z.object({
  value: z.number(),
  enteredValue: z.number().nullable(),
  enteredUnit: z.string().nullable(),
});

/** One reason a patient is on the daily review list (issue 18). */
export const reviewReasonView = z.object({
  kind: z.enum(REVIEW_REASON_KINDS),
  count: z.number(),
  extreme: reviewExtremeView,
});

/** One row of `GET /v1/virtualward/worklist`. */
export const worklistRowView = z.object({
  patientId: z.number(),
  patientName: z.string(),
  gender: z.string(),
  status: z.enum(['inHospital', 'discharged', 'outpatient']),
  inpatientNumber: z.string().nullable(),
  outpatientNumber: z.string().nullable(),
  departmentCode: z.string(),
  departmentName: z.string().nullable(),
  bed: z.string().nullable(),
  doctorCode: z.string().nullable(),
  doctorName: z.string().nullable(),
  /** hypo first, then hyper */
  reasons: z.array(reviewReasonView),
  hyperCount: z.number(),
  highest: reviewExtremeView.nullable(),
  hypoCount: z.number(),
  lowest: reviewExtremeView.nullable(),
  inVirtualWard: z.boolean(),
  /** whether the caller may open the patient's page (their ward's patient, or a virtual-ward patient of their team) */
  openable: z.boolean(),
  stayId: z.number().nullable(),
  lastFollowupAt: z.string().nullable(),
  lastSpecialistName: z.string().nullable(),
  nextReviewDate: z.string().nullable(),
  /** a follow-up written since the window began */
  reviewed: z.boolean(),
});
export type WorklistRowView = z.infer<typeof worklistRowView>;

/** The worklist page and the criteria it was built with (window in effect). */
export const worklistView = z.object({
  records: z.array(worklistRowView),
  total: z.number(),
  page: z.number(),
  size: z.number(),
  windowStart: z.string(),
  criteria: z.object({
    hyperValue: z.number(),
    hyperCount: z.number(),
    hypoValue: z.number(),
    windowHours: z.number(),
  }),
});
export type WorklistView = z.infer<typeof worklistView>;

/** A follow-up record (随访记录). */
export const followupView = z.object({
  id: z.number(),
  patientId: z.number(),
  patientName: z.string(),
  inpatientNumber: z.string().nullable(),
  bed: z.string().nullable(),
  departmentCode: z.string(),
  departmentName: z.string(),
  stayId: z.number().nullable(),
  kind: z.enum(FOLLOWUP_KINDS),
  kindName: z.string(),
  reviewedAt: z.string(),
  specialistId: z.number(),
  specialistName: z.string(),
  assessment: z.string(),
  suggestion: z.string(),
  suggestionId: z.number().nullable(),
  nextReviewDate: z.string().nullable(),
  reasons: z.array(reviewReasonView),
});
export type FollowupView = z.infer<typeof followupView>;

/** A virtual-ward stay as the patient tab lists it. */
export const patientStayView = z.object({
  id: z.number(),
  joinCount: z.number(),
  joinedAt: z.string(),
  source: z.string(),
  wardDepartmentCode: z.string(),
  wardDepartmentName: z.string(),
  managingDepartmentCode: z.string(),
  managingDepartmentName: z.string(),
  suggestion: z.string(),
  deviceMark: z.string(),
  exitedAt: z.string().nullable(),
  exitReason: z.string().nullable(),
  exitedByName: z.string().nullable(),
  current: z.boolean(),
});

/** `GET /v1/virtualward/patient/{id}`: the patient's stays and follow-ups, newest first. */
export const patientVirtualWardView = z.object({
  patientId: z.number(),
  stays: z.array(patientStayView),
  followups: z.array(followupView),
});
export type PatientVirtualWardView = z.infer<typeof patientVirtualWardView>;
