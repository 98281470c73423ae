import { z } from 'zod';

/**
 * A measurement as every issue-5 endpoint answers it (patient tabs, data management, approval,
 * critical values, record screens). Names follow api-precedents (`testTime`, `periodName`,
 * `testValue`, `unit`, `testUser`, `determineType`). `testValue` is in the storage unit `unit`
 * (mmol/L for GLU and KET, µmol/L for UA); clients convert for display with the domain helpers.
 */
export const readingView = z.object({
  id: z.number(),
  patientId: z.number(),
  item: z.enum(['GLU', 'KET', 'UA']),
  periodCode: z.string().nullable(),
  /** the period's name in the request language */
  periodName: z.string().nullable(),
  testTime: z.string(),
  testValue: z.number().nullable(),
  unit: z.string(),
  enteredValue: z.number().nullable(),
  enteredUnit: z.string().nullable(),
  untestedReason: z.string().nullable(),
  /** the reason's dictionary name in the request language */
  untestedReasonName: z.string().nullable(),
  untestedReasonText: z.string().nullable(),
  note: z.string().nullable(),
  testUserId: z.number().nullable(),
  testUser: z.string().nullable(),
  source: z.enum(['manual', 'meter', 'his']),
  deviceSerial: z.string().nullable(),
  deviceRecordNo: z.string().nullable(),
  /** normal, low, high, criticalLow, criticalHigh, unknown; null without a value */
  determineType: z.string().nullable(),
  grade: z.string().nullable(),
  color: z.string().nullable(),
  status: z.enum(['pending', 'approved']),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  departmentCode: z.string(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReadingView = z.infer<typeof readingView>;
