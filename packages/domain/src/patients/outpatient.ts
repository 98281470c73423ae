/**
 * Outpatients of the out-of-hospital mode and pre-admission appointments (issue 18). The field rules are
 * the admission form's (`rules/patient.ts`, §5 Patient): these schemas pick them and add what an
 * outpatient (the clinic's outpatient number, no bed) and a public appointment need. Errors are message
 * keys of `i18n/messages.ts`; unknown fields are refused.
 */
import { z } from 'zod';
import {
  isBlank,
  lengthIn,
  requiredId,
  requiredText,
  requiredVersion,
  whenFieldsValid,
} from '../rules/common';
import {
  patientAgeSchema,
  patientBirthDateSchema,
  patientContactSchema,
  patientDepartmentCodeSchema,
  patientGenderSchema,
  patientIdCardSchema,
  patientMobilePhoneSchema,
  patientNameSchema,
} from '../rules/patient';

/** Limits of the outpatient and appointment workflows (inclusive, in characters). */
export const OUTPATIENT_LIMITS = {
  /** the clinic's outpatient number (门诊号): HIS numbers are short; 32 as the appointment code */
  outpatientNumber: { min: 1, max: 32 },
  /** the organisation code of a tenant as the public form sends it */
  tenant: { min: 1, max: 64 },
} as const;

/**
 * How long an appointment code stays valid: 7 days. A pre-admission registration is made when the
 * clinic books the admission; Chinese hospitals usually admit within a few days of the booking, and
 * a week covers a weekend and a short wait for a bed while keeping the pile of unused personal data
 * small (the code is a bearer token for the details until it expires or is used).
 */
export const APPOINTMENT_TTL_DAYS = 7;

/**
 * Characters of an appointment code: A-Z and 2-9 without I, O (read as 1, 0) and 0, 1 — 32 symbols, so
 * a code is 5 bits a character and reads back unambiguously from a phone screen or over the phone.
 */
export const APPOINTMENT_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Length of an appointment code: 8 characters = 40 bits, far more than a week's appointments need. */
export const APPOINTMENT_CODE_LENGTH = 8;
const APPOINTMENT_CODE = new RegExp(`^[${APPOINTMENT_CODE_ALPHABET}]{${APPOINTMENT_CODE_LENGTH}}$`);

/** Whether a text is a well-formed appointment code (upper case; callers upper-case what was typed). */
export function isAppointmentCode(code: string): boolean {
  return APPOINTMENT_CODE.test(code);
}

/**
 * A new appointment code from random bytes (one byte a character; 256 is a multiple of 32, so every
 * character is equally likely). The caller supplies the bytes (crypto on the server).
 */
export function appointmentCodeFrom(bytes: Uint8Array): string {
  if (bytes.length < APPOINTMENT_CODE_LENGTH) throw new Error('not enough random bytes');
  let code = '';
  for (let i = 0; i < APPOINTMENT_CODE_LENGTH; i++) {
    code += APPOINTMENT_CODE_ALPHABET[bytes[i]! % APPOINTMENT_CODE_ALPHABET.length];
  }
  return code;
}

/** When an appointment made at `createdAt` expires. */
export function appointmentExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + APPOINTMENT_TTL_DAYS * 24 * 3600 * 1000);
}

/** The state of an appointment at an instant: usable, used (admitted), or expired. */
export function appointmentState(
  appointment: { expiresAt: Date | string; usedAt: Date | string | null },
  now: Date,
): 'valid' | 'used' | 'expired' {
  if (appointment.usedAt) return 'used';
  return new Date(appointment.expiresAt).getTime() <= now.getTime() ? 'expired' : 'valid';
}

/** An appointment code as typed (trimmed, upper-cased), then checked for the format. */
export const appointmentCodeLookupSchema = requiredText('appointments.code.required')
  .toUpperCase()
  .check((ctx) => {
    if (!isAppointmentCode(ctx.value)) {
      ctx.issues.push({ code: 'custom', input: ctx.value, message: 'appointments.code.invalid' });
    }
  });

/** Outpatient number: required, 1-32 characters, unique per tenant (the server checks). */
export const outpatientNumberSchema = requiredText('outpatients.number.required').check(
  lengthIn(OUTPATIENT_LIMITS.outpatientNumber, 'outpatients.number.length'),
);

/** The birth date or the age is given (a clinic often knows only the age). */
function birthDateOrAge(body: { dateOfBirth?: string | null; age?: number | null }, ctx: z.RefinementCtx) {
  if (isBlank(body.dateOfBirth) && (body.age === undefined || body.age === null)) {
    ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: 'outpatients.birthOrAge' });
  }
}

/** The fields of an outpatient as registered and edited: the admission form's, no bed. */
const outpatientFields = {
  name: patientNameSchema,
  gender: patientGenderSchema,
  dateOfBirth: patientBirthDateSchema.nullish(),
  age: patientAgeSchema.nullish(),
  idCard: patientIdCardSchema,
  mobilePhone: patientMobilePhoneSchema,
  contact: patientContactSchema,
  outpatientNumber: outpatientNumberSchema,
};

/**
 * POST /v1/outpatients: registers an outpatient (status `outpatient`): no bed and no inpatient number;
 * the department is the clinic (one of the caller's departments), the doctor optional.
 */
export const outpatientRegistrationSchema = z
  .strictObject({
    ...outpatientFields,
    departmentCode: patientDepartmentCodeSchema,
    doctorCode: z.string().trim().max(64).nullish(),
  })
  .superRefine(birthDateOrAge, whenFieldsValid('dateOfBirth', 'age'));
export type OutpatientRegistration = z.infer<typeof outpatientRegistrationSchema>;

/** PUT /v1/outpatients/{id}: the details of an outpatient, with the version (stale: 409). */
export const outpatientUpdateSchema = z
  .strictObject({ ...outpatientFields, version: requiredVersion('patients.version.required') })
  .superRefine(birthDateOrAge, whenFieldsValid('dateOfBirth', 'age'));
export type OutpatientUpdate = z.infer<typeof outpatientUpdateSchema>;

/**
 * POST /v1/outpatients/{id}/register: a discharged patient becomes an outpatient of a clinic (the
 * stays are kept); the outpatient number is required unless the patient already has one.
 */
export const outpatientFromDischargedSchema = z.strictObject({
  version: requiredVersion('patients.version.required'),
  departmentCode: patientDepartmentCodeSchema,
  outpatientNumber: outpatientNumberSchema.nullish(),
});
export type OutpatientFromDischarged = z.infer<typeof outpatientFromDischargedSchema>;

/** GET /v1/outpatients: search and filters of the outpatient list. */
export const outpatientListQuerySchema = z.object({
  queryCondition: z.string().trim().max(50).optional(),
  departmentCode: z.string().trim().max(64).optional(),
});

/**
 * POST /v1/public/appointments: pre-admission registration by the patient or a clinic desk, without a
 * session. The mobile phone is required (the ward calls the patient in); the birth date optional.
 */
export const appointmentRequestSchema = z.strictObject({
  tenant: requiredText('appointments.tenant.required').check(
    lengthIn(OUTPATIENT_LIMITS.tenant, 'appointments.tenant.required'),
  ),
  name: patientNameSchema,
  gender: patientGenderSchema,
  dateOfBirth: patientBirthDateSchema.nullish(),
  idCard: patientIdCardSchema,
  mobilePhone: requiredText('appointments.mobilePhone.required').pipe(
    patientMobilePhoneSchema.unwrap().unwrap(),
  ),
  contact: patientContactSchema,
  departmentCode: z.string().trim().max(64).nullish(),
});
export type AppointmentRequest = z.infer<typeof appointmentRequestSchema>;
/** The details an appointment keeps (what the admission form is prefilled with). */
export type AppointmentDetails = Omit<AppointmentRequest, 'tenant'>;

/** GET /v1/appointments/{code} and GET /v1/public/appointments/options: the query parts. */
export const appointmentOptionsQuerySchema = z.object({
  tenant: requiredText('appointments.tenant.required').check(
    lengthIn(OUTPATIENT_LIMITS.tenant, 'appointments.tenant.required'),
  ),
});
export const outpatientIdSchema = requiredId('patients.id.required');

/**
 * Menus of the bed-only screens, hidden while the hospital runs in out-of-hospital mode: they are
 * organised by beds and ward shifts, which an outpatient service does not have — today's bed-side
 * task list (due measurements bed by bed), the nurses' ward round (巡检录入, entry bed by bed), the
 * shift hand-over (交接班) and the ward glucose record sheet (病区血糖记录单, one line a bed). The home
 * page stays (it shows the outpatient cards in that mode), as do the patient lists, readings,
 * statistics, the virtual ward, pumps (worn at home too) and the settings.
 */
export const BED_ONLY_MENU_PATHS: readonly string[] = [
  '/patient/task',
  '/patient/round',
  '/patient/handover',
  '/ward/record',
];

/** Menus shown only in out-of-hospital mode. */
export const OUT_MODE_ONLY_MENU_PATHS: readonly string[] = ['/patient/outpatient'];

/** Whether a menu path shows in the given mode (out-of-hospital or not). */
export function menuPathShown(path: string, outOfHospital: boolean): boolean {
  if (outOfHospital) return !BED_ONLY_MENU_PATHS.includes(path);
  return !OUT_MODE_ONLY_MENU_PATHS.includes(path);
}

/**
 * The window a patient's current readings must fall in (the entry and upload rule "not before the
 * admission, not after the discharge"): the stay of an inpatient or a discharged patient; none for an
 * outpatient, whose home meter brings readings from before the registration at the clinic too.
 */
export function entryWindowOf<T>(patient: { status: string; admittedAt: T; dischargedAt: T | null }): {
  admittedAt: T | null;
  dischargedAt: T | null;
} {
  if (patient.status === 'outpatient') return { admittedAt: null, dischargedAt: null };
  return {
    admittedAt: patient.admittedAt,
    dischargedAt: patient.status === 'discharged' ? patient.dischargedAt : null,
  };
}
