import { z } from 'zod';
import { twoNamesResponse } from '../rules/names';

export const pumpManufacturerView = z.object({
  id: z.number(),
  code: z.string(),
  ...twoNamesResponse,
  contact: z.string().nullable(),
  isActive: z.boolean(),
  pumpCount: z.number().describe('pumps (not deleted) of the manufacturer'),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PumpManufacturer = z.infer<typeof pumpManufacturerView>;

export const insulinPumpView = z.object({
  id: z.number(),
  serialNumber: z.string(),
  manufacturerId: z.number(),
  manufacturerCode: z.string(),
  manufacturerName: z.string().describe("the manufacturer's name in the request language"),
  manufacturerNameZh: z.string().nullable(),
  manufacturerNameEn: z.string().nullable(),
  type: z.string().nullable(),
  code: z.string().nullable(),
  departmentCode: z.string(),
  departmentName: z.string().describe("the department's name in the request language ('' when unknown)"),
  isActive: z.boolean(),
  battery: z.number().nullable().describe('remaining battery (%) as last reported'),
  batteryReportedAt: z.string().nullable(),
  dose: z.number().nullable().describe('remaining insulin (IU) as last reported'),
  doseReportedAt: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InsulinPump = z.infer<typeof insulinPumpView>;
