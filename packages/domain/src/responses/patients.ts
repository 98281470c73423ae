import { z } from 'zod';
import { CLASSIFICATIONS } from '../clinical/classification';
import { patientPumpView } from './pump-reminders';

/** The latest live glucose reading with a value, as a bed card shows it. */
export const latestGlucoseView = z.object({
  id: z.number(),
  /** mmol/L */
  testValue: z.number(),
  /** what was entered, in the unit it was entered in (shown back exactly in that unit) */
  enteredValue: z.number().nullable(),
  enteredUnit: z.string().nullable(),
  testTime: z.string(),
  determineType: z.enum(CLASSIFICATIONS).nullable(),
  color: z.string().nullable(),
  periodCode: z.string().nullable(),
  periodName: z.string().nullable(),
});
export type LatestGlucoseView = z.infer<typeof latestGlucoseView>;

/** Today's glucose periods of a patient (period codes). */
export const todayView = z.object({
  /** measured: a reading with a value */
  done: z.array(z.string()),
  /** recorded as not tested only (never done), with the reason's name in the request language */
  untested: z.array(z.object({ code: z.string(), reason: z.string() })),
  due: z.array(z.string()),
  overdue: z.array(z.string()),
  upcoming: z.array(z.string()),
});
export type TodayView = z.infer<typeof todayView>;

/** One patient as the inpatient list (bed cards, table) shows it. */
export const inpatientView = z.object({
  id: z.number(),
  name: z.string(),
  gender: z.string(),
  /** current age: from the birth date when known, else the age given at admission */
  age: z.number().nullable(),
  status: z.enum(['inHospital', 'discharged', 'outpatient']),
  departmentCode: z.string(),
  /** the department's name in the request language */
  departmentName: z.string(),
  bed: z.string().nullable(),
  inpatientNumber: z.string().nullable(),
  /** the clinic's outpatient number (issue 18), kept after an admission */
  outpatientNumber: z.string().nullable(),
  wristbandCode: z.string().nullable(),
  appointmentCode: z.string().nullable(),
  admittedAt: z.string(),
  dischargedAt: z.string().nullable(),
  doctorCode: z.string().nullable(),
  doctorName: z.string().nullable(),
  tags: z.array(z.string()),
  heightCm: z.number().nullable(),
  weightKg: z.number().nullable(),
  version: z.number(),
  latestGlucose: latestGlucoseView.nullable(),
  /** critical values of the patient still waiting for their handling */
  openCriticalCount: z.number(),
  /** today's glucose periods: done, untested, due, overdue, upcoming (period codes) */
  today: todayView,
  /** the insulin pump worn now with today's reminders (issue 16); null without one or out of hospital */
  pump: patientPumpView.nullable(),
});
export type InpatientView = z.infer<typeof inpatientView>;

/** The header counts of the inpatient list. */
export const inpatientCountsView = z.object({
  inHospital: z.number(),
  admittedToday: z.number(),
  withOpenCritical: z.number(),
  measuredToday: z.number(),
});
export type InpatientCountsView = z.infer<typeof inpatientCountsView>;

/** A move of a patient to another department, bed or doctor. */
export const transferView = z.object({
  id: z.number(),
  admissionId: z.number().nullable(),
  fromDepartmentCode: z.string(),
  fromDepartmentName: z.string(),
  toDepartmentCode: z.string(),
  toDepartmentName: z.string(),
  fromBed: z.string().nullable(),
  toBed: z.string().nullable(),
  fromDoctorCode: z.string().nullable(),
  fromDoctorName: z.string().nullable(),
  toDoctorCode: z.string().nullable(),
  toDoctorName: z.string().nullable(),
  reason: z.string(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  createdAt: z.string(),
});
export type TransferView = z.infer<typeof transferView>;

/** A doctor a patient can be given to. */
export const responsibleDoctorView = z.object({
  userName: z.string(),
  nickName: z.string(),
  departmentCode: z.string().nullable(),
  departmentName: z.string().nullable(),
});
export type ResponsibleDoctorView = z.infer<typeof responsibleDoctorView>;

/** One stay of a patient. */
export const admissionView = z.object({
  id: z.number(),
  inpatientNumber: z.string().nullable(),
  wristbandCode: z.string().nullable(),
  departmentCode: z.string(),
  departmentName: z.string(),
  bed: z.string().nullable(),
  doctorCode: z.string().nullable(),
  doctorName: z.string().nullable(),
  admittedAt: z.string(),
  dischargedAt: z.string().nullable(),
  /** the stay the patient row carries now */
  current: z.boolean(),
});
export type AdmissionView = z.infer<typeof admissionView>;

/** One patient with personal fields, stays and transfers. */
export const patientDetailView = inpatientView.extend({
  idCard: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  email: z.string().nullable(),
  contact: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  /** every stay, newest first */
  admissions: z.array(admissionView),
  /** every move, newest first */
  transfers: z.array(transferView),
});
export type PatientDetailView = z.infer<typeof patientDetailView>;

/** A HIS record as the admission form takes it (names of the patient form, spec §3 Patient). */
export const hisPatientView = z.object({
  name: z.string(),
  gender: z.string(),
  dateOfBirth: z.string().nullable(),
  age: z.number().nullable(),
  idCard: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  inpatientNumber: z.string(),
  wristbandCode: z.string().nullable(),
  departmentCode: z.string().nullable(),
  bed: z.string().nullable(),
  doctorCode: z.string().nullable(),
  admittedAt: z.string().nullable(),
});
export type HisPatientView = z.infer<typeof hisPatientView>;

/** What a scanned code is. */
export const scanView = z.object({
  /** an in-hospital patient of the caller's departments wearing / holding the code */
  patient: inpatientView.nullable(),
  /** else the HIS record of the code, to admit (only when it is due on one of the caller's departments) */
  his: hisPatientView.nullable(),
  /** a discharged patient of the caller's departments with the code (to offer a readmission) */
  dischargedPatient: inpatientView.nullable(),
  /**
   * The code is another ward's patient (in GlucoCare or due to be admitted there by HIS): all the
   * answer says — no name, ID number, phone or birth date — and the attempt is audited.
   */
  otherWard: z.boolean(),
});
export type ScanView = z.infer<typeof scanView>;

/** A glucose event of a patient with its event and option names (spec §3 Glucose event). */
export const patientGluEventView = z.object({
  id: z.number(),
  patientId: z.number(),
  eventId: z.number(),
  eventCode: z.string().nullable(),
  /** the event's and the option's names in the request's language, and their two names */
  eventName: z.string().nullable(),
  eventNameZh: z.string().nullable(),
  eventNameEn: z.string().nullable(),
  itemId: z.number().nullable(),
  itemCode: z.string().nullable(),
  itemName: z.string().nullable(),
  itemNameZh: z.string().nullable(),
  itemNameEn: z.string().nullable(),
  iconUrl: z.string().nullable(),
  occurredAt: z.string(),
  note: z.string().nullable(),
  createdBy: z.number().nullable(),
  createdAt: z.string(),
});
export type PatientGluEventView = z.infer<typeof patientGluEventView>;

/** The hospital's IANA time zone setting. */
export const timeZoneView = z.object({ value: z.string() });
export type TimeZoneView = z.infer<typeof timeZoneView>;
