import { z } from 'zod';
import {
  VIRTUAL_WARD_DEVICE_MARKS,
  VIRTUAL_WARD_PATIENT_STATES,
  VIRTUAL_WARD_SOURCES,
} from '../virtual-ward/membership';

/** The latest glucose reading of a virtual-ward patient: the value as entered, its unit and time. */
export const virtualWardLatestGlucoseView = z.object({
  measurementId: z.number(),
  value: z.number(),
  unit: z.string(),
  testTime: z.string(),
  classification: z.string().nullable(),
  color: z.string().nullable(),
});

/** One virtual-ward stay (issue 18) as the current and history lists answer it; names in the request language. */
export const virtualWardStayView = z.object({
  id: z.number(),
  patientId: z.number(),
  patientName: z.string(),
  gender: z.string(),
  age: z.number().nullable(),
  /** the patient's department now (their ward) */
  departmentCode: z.string(),
  departmentName: z.string(),
  bed: z.string().nullable(),
  inpatientNumber: z.string().nullable(),
  outpatientNumber: z.string().nullable(),
  patientState: z.enum(VIRTUAL_WARD_PATIENT_STATES),
  patientStateName: z.string(),
  /** the ward when joining, and the managing department */
  wardDepartmentCode: z.string(),
  managingDepartmentCode: z.string(),
  joinedAt: z.string(),
  joinCount: z.number(),
  source: z.enum(VIRTUAL_WARD_SOURCES),
  sourceName: z.string(),
  triggerKind: z.string().nullable(),
  triggerValue: z.number().nullable(),
  /** hospital days managed (see domain `complianceOf`), compliant days and rate (0..1) */
  managedDays: z.number(),
  compliantDays: z.number().nullable(),
  complianceRate: z.number().nullable(),
  latestGlucose: virtualWardLatestGlucoseView.nullable(),
  suggestion: z.string(),
  deviceMark: z.enum(VIRTUAL_WARD_DEVICE_MARKS),
  deviceMarkName: z.string(),
  groupLabels: z.array(z.string()),
  exitedAt: z.string().nullable(),
  exitReason: z.string().nullable(),
  exitedByName: z.string().nullable(),
  version: z.number(),
});
export type VirtualWardStayView = z.infer<typeof virtualWardStayView>;

/** A patient's virtual-ward state (the patient page's badge and action). */
export const virtualWardPatientStateView = z.object({
  /** the current stay, if any */
  current: virtualWardStayView.nullable(),
  /** previous stays ended */
  endedCount: z.number(),
});
export type VirtualWardPatientStateView = z.infer<typeof virtualWardPatientStateView>;

/** What a batch end answers: the stays ended. */
export const virtualWardExitView = z.object({ ended: z.array(virtualWardStayView) });
export type VirtualWardExitView = z.infer<typeof virtualWardExitView>;

/** One laboratory result (HbA1c…) of a patient. */
export const labResultView = z.object({
  id: z.number(),
  patientId: z.number(),
  departmentCode: z.string(),
  itemCode: z.string(),
  itemName: z.string(),
  value: z.number(),
  unit: z.string().nullable(),
  resultedAt: z.string(),
  source: z.string(),
  createdAt: z.string(),
  /** the virtual-ward stay the result started (auto join), if any */
  joinedStayId: z.number().nullable(),
});
export type LabResultView = z.infer<typeof labResultView>;
