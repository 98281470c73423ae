import { z } from 'zod';
import { ORDER_STATUSES, ORDER_TYPES } from '../constants';

/** One drug of a medication order as ordered (names kept from the catalogue at ordering time). */
export const medicationOrderDrugView = z.object({
  drugId: z.number(),
  drugCode: z.string(),
  /** the drug's name in the request language */
  drugName: z.string(),
  unit: z.string().nullable(),
  /** the dose per administration in `unit`, exact as entered */
  quantity: z.number(),
});
export type MedicationOrderDrugView = z.infer<typeof medicationOrderDrugView>;

/** A medication order (issue 17) as every medication-order endpoint answers it. */
export const medicationOrderView = z.object({
  id: z.number(),
  patientId: z.number(),
  patientName: z.string(),
  bed: z.string().nullable(),
  inpatientNumber: z.string().nullable(),
  /** the patient's department when ordered (scope goes by it) */
  departmentCode: z.string(),
  departmentName: z.string().nullable(),
  name: z.string(),
  orderType: z.enum(ORDER_TYPES),
  drugs: z.array(medicationOrderDrugView),
  periodCode: z.string(),
  /** the insulin period's name in the request language (its code when none was kept) */
  periodName: z.string(),
  /** the number of administrations the order covers */
  quantity: z.number(),
  /** insulin records given against the order (not deleted) and the time of the latest */
  givenCount: z.number(),
  lastGivenAt: z.string().nullable(),
  startTime: z.string(),
  note: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  orderedById: z.number(),
  orderedBy: z.string(),
  orderedAt: z.string(),
  stoppedAt: z.string().nullable(),
  stoppedBy: z.string().nullable(),
  stopReason: z.string().nullable(),
  version: z.number(),
  deletedAt: z.string().nullable(),
  deleteReason: z.string().nullable(),
});
export type MedicationOrderView = z.infer<typeof medicationOrderView>;

/** `GET /v1/options`: one period an order can name (insulin periods for medication, glucose periods for monitoring). */
export const adviceOptionView = z.object({
  code: z.string(),
  name: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
});
export type AdviceOptionView = z.infer<typeof adviceOptionView>;

/** `GET /v1/medicationAdvice/drugOptions`: an enabled drug of the catalogue the order dialog offers. */
export const medicationDrugOptionView = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  unit: z.string(),
  specification: z.string().nullable(),
  categoryCode: z.string().nullable(),
});
export type MedicationDrugOptionView = z.infer<typeof medicationDrugOptionView>;
