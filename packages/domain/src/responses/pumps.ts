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

// ---------------------------------------------------------------- bindings (issue 16)

const wearTimeView = z
  .object({ days: z.number(), hours: z.number(), totalHours: z.number() })
  .describe('from the up-pump to the down-pump, or to now while worn (whole hours)');

export const basalSegmentView = z.object({
  start: z.string().describe("'HH:mm' in the hospital's time zone"),
  rate: z.number().describe('IU/h as entered'),
});

export const pumpBasalProfileView = z.object({
  id: z.number(),
  bindingId: z.number(),
  effectiveAt: z.string(),
  segments: z.array(basalSegmentView),
  dailyTotal: z.number().describe('IU in 24 hours (3 decimals)'),
  setById: z.number(),
  setByName: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type PumpBasalProfile = z.infer<typeof pumpBasalProfileView>;

export const pumpTubeChangeView = z.object({
  id: z.number(),
  bindingId: z.number(),
  changedAt: z.string(),
  executorId: z.number(),
  executorName: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type PumpTubeChange = z.infer<typeof pumpTubeChangeView>;

/** A binding with its pump and patient, as the pump patients list, the patient tab and every binding call answer. */
export const pumpBindingView = z.object({
  id: z.number(),
  pumpId: z.number(),
  serialNumber: z.string(),
  manufacturerName: z.string(),
  pumpType: z.string().nullable(),
  pumpCode: z.string().nullable(),
  patientId: z.number(),
  patientName: z.string(),
  bed: z.string().nullable(),
  inpatientNumber: z.string().nullable(),
  departmentCode: z.string().describe("the patient's department at the up-pump"),
  departmentName: z.string(),
  upAt: z.string(),
  executorId: z.number(),
  executorName: z.string(),
  responsibleDoctorId: z.number().nullable(),
  responsibleDoctorName: z.string().nullable(),
  responsibleNurseId: z.number().nullable(),
  responsibleNurseName: z.string().nullable(),
  coManagingDoctorId: z.number().nullable(),
  coManagingDoctorName: z.string().nullable(),
  note: z.string().nullable(),
  downAt: z.string().nullable(),
  downByName: z.string().nullable(),
  downReason: z.string().nullable(),
  wearTime: wearTimeView,
  lastTubeChangeAt: z.string().nullable(),
  nextTubeChangeAt: z
    .string()
    .nullable()
    .describe('while worn: the last tube change (or up-pump) + the interval'),
  tubeChangeOverdue: z.boolean(),
  battery: z.number().nullable(),
  batteryReportedAt: z.string().nullable(),
  dose: z.number().nullable(),
  doseReportedAt: z.string().nullable(),
  version: z.number(),
});
export type PumpBinding = z.infer<typeof pumpBindingView>;

export const PUMP_HISTORY_KINDS = ['up', 'down', 'tubeChange', 'basalProfile', 'register'] as const;
export type PumpHistoryKind = (typeof PUMP_HISTORY_KINDS)[number];

/** One event of a pump's life: a binding's up- or down-pump, a tube change, a basal profile, a register change. */
export const pumpHistoryView = z.object({
  key: z.string().describe('kind and id, unique in the list'),
  kind: z.enum(PUMP_HISTORY_KINDS),
  at: z.string(),
  pumpId: z.number(),
  serialNumber: z.string(),
  bindingId: z.number().nullable(),
  patientId: z.number().nullable(),
  patientName: z.string().nullable(),
  bed: z.string().nullable(),
  inpatientNumber: z.string().nullable(),
  departmentName: z.string().nullable(),
  operatorName: z.string().nullable(),
  detail: z.string().describe('what happened, in the request language'),
});
export type PumpHistoryEntry = z.infer<typeof pumpHistoryView>;

const person = z.object({ id: z.number(), name: z.string() });

/** The patient tab "Insulin pump": the pump worn now with its tube changes and basal profiles, and every binding. */
export const pumpPatientView = z.object({
  current: pumpBindingView.nullable(),
  tubeChangeDays: z.number(),
  tubeChanges: z.array(pumpTubeChangeView).describe("the current binding's, latest first"),
  basalProfile: pumpBasalProfileView.nullable().describe('the profile in force'),
  basalProfiles: z.array(pumpBasalProfileView).describe("the current binding's, latest first"),
  bindings: z.array(pumpBindingView).describe("the patient's bindings, latest first"),
  inHospital: z.boolean(),
  admittedAt: z.string(),
  dischargedAt: z.string().nullable(),
});
export type PumpPatient = z.infer<typeof pumpPatientView>;

/** What the up-pump dialog offers: the ward's enabled, unbound pumps and its doctors and nurses. */
export const pumpBindingOptionsView = z.object({
  pumps: z.array(
    z.object({
      id: z.number(),
      serialNumber: z.string(),
      manufacturerName: z.string(),
      type: z.string().nullable(),
      battery: z.number().nullable(),
      dose: z.number().nullable(),
    }),
  ),
  doctors: z.array(person),
  nurses: z.array(person),
  staff: z.array(person),
});
export type PumpBindingOptions = z.infer<typeof pumpBindingOptionsView>;
