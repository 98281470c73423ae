import { z } from 'zod';
import { ORDER_STATUSES, ORDER_TYPES } from '../constants';
import { ORDER_CLASSES } from '../orders/medical';

/** A code with its name in the request language. */
const namedCode = z.object({ code: z.string(), name: z.string() });

/** One medical order (issue 17) as every `/v1/patientAdvice` endpoint answers it. */
export const patientOrderView = z.object({
  id: z.number(),
  patientId: z.number(),
  admissionId: z.number().nullable(),
  /** the patient's department when ordered */
  departmentCode: z.string(),
  name: z.string(),
  classification: z.enum(ORDER_CLASSES),
  classificationName: z.string(),
  adviceType: z.enum(ORDER_TYPES),
  adviceTypeName: z.string(),
  /** for a monitoring order its item (GLU, KET, UA); free text otherwise */
  category: z.string().nullable(),
  /** the item's name in the request language for a monitoring order, else the category as entered */
  categoryName: z.string().nullable(),
  detail: z.string().nullable(),
  templateId: z.number().nullable(),
  /** the template's name when ordered (kept when the template is renamed) */
  templateName: z.string().nullable(),
  contents: z.array(z.string()),
  frequencyCode: z.string().nullable(),
  frequencyName: z.string().nullable(),
  /** glucose period codes with their names in the request language, in the day's order */
  monitorPeriods: z.array(namedCode).nullable(),
  /** `monitorPeriods` matching a preset: `sevenPoint` or `fourPoint` */
  monitorPreset: z.string().nullable(),
  /** clock times HH:mm on the hospital clock */
  monitorTimes: z.array(z.string()).nullable(),
  /** when the clock times are exactly "every N hours" */
  monitorEveryHours: z.number().nullable(),
  beginDate: z.string(),
  executeDate: z.string().nullable(),
  /** a 24-hour order's end (24 h after its start) */
  endDate: z.string().nullable(),
  testTime: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  orderedById: z.number(),
  orderedBy: z.string(),
  stoppedAt: z.string().nullable(),
  stoppedById: z.number().nullable(),
  stoppedBy: z.string().nullable(),
  stopReason: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
  deleteReason: z.string().nullable(),
});
export type PatientOrderView = z.infer<typeof patientOrderView>;

/** `GET /v1/patientAdvice/options`: what the order dialog offers. */
export const patientOrderOptionsView = z.object({
  classes: z.array(namedCode),
  items: z.array(namedCode),
  /** enabled glucose periods in sort order */
  periods: z.array(namedCode),
  presets: z.object({ sevenPoint: z.array(z.string()), fourPoint: z.array(z.string()) }),
  everyHours: z.array(z.number()),
  /** enabled advice frequencies with their execute times */
  frequencies: z.array(namedCode.extend({ executeTimes: z.array(z.string()) })),
});
export type PatientOrderOptionsView = z.infer<typeof patientOrderOptionsView>;
