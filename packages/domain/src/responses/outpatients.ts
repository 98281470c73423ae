import { z } from 'zod';
import { latestGlucoseView } from './patients';

/** One outpatient as the outpatient list (issue 18) shows it; names in the request language. */
export const outpatientView = z.object({
  id: z.number(),
  name: z.string(),
  gender: z.string(),
  /** current age: from the birth date when known, else the age as registered */
  age: z.number().nullable(),
  dateOfBirth: z.string().nullable(),
  idCard: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  contact: z.string().nullable(),
  status: z.enum(['inHospital', 'discharged', 'outpatient']),
  outpatientNumber: z.string().nullable(),
  /** the clinic */
  departmentCode: z.string(),
  departmentName: z.string(),
  doctorCode: z.string().nullable(),
  /** when the patient was registered as an outpatient */
  registeredAt: z.string(),
  version: z.number(),
  latestGlucose: latestGlucoseView.nullable(),
  /** in the virtual ward now (a current virtual-ward stay) */
  inVirtualWard: z.boolean(),
});
export type OutpatientView = z.infer<typeof outpatientView>;

/** POST /v1/public/appointments: only the code and when it expires (nothing of the details). */
export const appointmentCreatedView = z.object({ code: z.string(), expiresAt: z.string() });
export type AppointmentCreatedView = z.infer<typeof appointmentCreatedView>;

/** GET /v1/public/appointments/options: what the public form needs, names only. */
export const appointmentOptionsView = z.object({
  hospitalName: z.string(),
  departments: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type AppointmentOptionsView = z.infer<typeof appointmentOptionsView>;

/** GET /v1/appointments/{code}: the details the admission form is prefilled with. */
export const appointmentView = z.object({
  code: z.string(),
  name: z.string(),
  gender: z.string(),
  dateOfBirth: z.string().nullable(),
  idCard: z.string().nullable(),
  mobilePhone: z.string(),
  contact: z.string().nullable(),
  departmentCode: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type AppointmentView = z.infer<typeof appointmentView>;

/** The home page's figures in out-of-hospital mode (issue 18). */
export const outpatientServiceView = z.object({
  /** outpatients registered in the caller's departments */
  outpatients: z.number(),
  /** of them, registered today (hospital calendar) */
  registeredToday: z.number(),
  /** outpatients with a glucose reading today */
  measuredToday: z.number(),
  /** glucose readings of outpatients today */
  readingsToday: z.number(),
  /** patients of the caller's departments in the virtual ward now */
  inVirtualWard: z.number(),
  /** appointments made and still usable */
  openAppointments: z.number(),
});
export type OutpatientServiceView = z.infer<typeof outpatientServiceView>;
