/** §5 Patient: the patient form (§3 Patient) as the server accepts it and the web checks it. */
import { z } from 'zod';
import { FIELD_LIMITS, type LengthLimit } from '../constants';
import {
  dateNotAfterToday,
  lengthIn,
  matches,
  numberIn,
  optionalIsoDate,
  optionalText,
  requiredEnum,
  requiredIsoDate,
  requiredNumber,
  requiredText,
  systemClock,
} from './common';

/** Genders a patient record takes (§5 Patient "Gender ... required"). */
export const PATIENT_GENDERS = ['male', 'female', 'unknown'] as const;
export type PatientGender = (typeof PATIENT_GENDERS)[number];

/** Limits of the patient form (§5 Patient, §9); lengths in characters, ranges inclusive. */
export const PATIENT_LIMITS = {
  /** a name with Chinese characters */
  chineseName: { min: 2, max: 18 },
  /** any other name (Latin, transliterated) */
  otherName: { min: 2, max: 200 },
  idCard: FIELD_LIMITS.idCard,
  wristband: FIELD_LIMITS.wristband,
  email: { min: 8, max: 32 },
  inpatientNumber: FIELD_LIMITS.inpatientNumber,
  bed: FIELD_LIMITS.bed,
  age: { min: 0, max: 150 },
  heightCm: { min: 30, max: 272 },
  weightKg: { min: 0.5, max: 500 },
  /** not in the spec: a bound so that free text stays a contact, not a document */
  contact: { min: 0, max: 200 },
} as const satisfies Record<string, LengthLimit>;

const HAN = /\p{Script=Han}/u;

/** Whether a name contains Chinese (CJK, Han script) characters, which gives it the 2-18 limit. */
export function isChineseName(name: string): boolean {
  return HAN.test(name);
}

/** The length limit a name is held to: 2-18 with Chinese characters, 2-200 otherwise. */
export function patientNameLimit(name: string): LengthLimit {
  return isChineseName(name) ? PATIENT_LIMITS.chineseName : PATIENT_LIMITS.otherName;
}

/** Name: required; 2-18 characters when it contains Chinese characters, 2-200 otherwise. */
export const patientNameSchema = requiredText('patient.name.required').check((ctx) =>
  lengthIn(patientNameLimit(ctx.value), 'patient.name.length')(ctx),
);

export const patientGenderSchema = requiredEnum(
  PATIENT_GENDERS,
  'patient.gender.required',
  'patient.gender.invalid',
);

/** Date of birth: required, ISO `YYYY-MM-DD`, not after today (in the latest time zone). */
export const patientBirthDateSchema = requiredIsoDate(
  'patient.dateOfBirth.required',
  'patient.dateOfBirth.invalid',
).check(dateNotAfterToday(systemClock, 'patient.dateOfBirth.future'));

/** Age in years: required, a whole number from 0 to 150. */
export const patientAgeSchema = requiredNumber('patient.age.required').check(
  numberIn(PATIENT_LIMITS.age, 'patient.age.range', { integer: true }),
);

/** 15 digits (first generation), or up to 18 where the 18th may be X (check digit 10); upper-cased. */
const ID_CARD = /^(\d{15,17}|\d{17}[\dX])$/;

/** ID card number: optional; 15-18 characters, digits only, an 18-character number may end in X. */
export const patientIdCardSchema = optionalText()
  .toUpperCase()
  .check(lengthIn(PATIENT_LIMITS.idCard, 'patient.idCard.length'))
  .check(matches(ID_CARD, 'patient.idCard.format'))
  .nullish();

/** Wristband code: optional; 3-32 characters. */
export const patientWristbandSchema = optionalText()
  .check(lengthIn(PATIENT_LIMITS.wristband, 'patient.wristband.length'))
  .nullish();

/** Mainland China mobile (11 digits starting with 1) or international (+ and 7-15 digits, E.164). */
const MOBILE_PHONE = /^(1\d{10}|\+\d{7,15})$/;

/** Mobile phone: optional; a mainland or international number, no spaces or dashes. */
export const patientMobilePhoneSchema = optionalText()
  .check(matches(MOBILE_PHONE, 'patient.mobilePhone.invalid'))
  .nullish();

/** Email: optional; 8-32 characters and a valid address. */
export const patientEmailSchema = optionalText()
  .check(lengthIn(PATIENT_LIMITS.email, 'patient.email.length'))
  .check(matches(z.regexes.email, 'patient.email.invalid'))
  .nullish();

/** Inpatient number: optional; 4-18 characters. */
export const patientInpatientNumberSchema = optionalText()
  .check(lengthIn(PATIENT_LIMITS.inpatientNumber, 'patient.inpatientNumber.length'))
  .nullish();

/** Bed: optional; 1-12 characters. */
export const patientBedSchema = optionalText()
  .check(lengthIn(PATIENT_LIMITS.bed, 'patient.bed.length'))
  .nullish();

export const patientDepartmentCodeSchema = requiredText('patient.department.required');
export const patientDoctorCodeSchema = requiredText('patient.doctor.required');

/** Height in cm: optional; 30-272. */
export const patientHeightCmSchema = z
  .number()
  .check(numberIn(PATIENT_LIMITS.heightCm, 'patient.height.range'))
  .nullish();

/** Weight in kg: optional; 0.5-500. */
export const patientWeightKgSchema = z
  .number()
  .check(numberIn(PATIENT_LIMITS.weightKg, 'patient.weight.range'))
  .nullish();

/** Admission date: optional, ISO `YYYY-MM-DD`. */
export const patientAdmissionDateSchema = optionalIsoDate('patient.admissionDate.invalid');

/** Contact (free text): optional, at most 200 characters. */
export const patientContactSchema = optionalText()
  .check(lengthIn(PATIENT_LIMITS.contact, 'validation.tooLong'))
  .nullish();

/** A patient as created or edited (§3 Patient); unknown fields are refused. */
export const patientSchema = z.strictObject({
  name: patientNameSchema,
  gender: patientGenderSchema,
  dateOfBirth: patientBirthDateSchema,
  age: patientAgeSchema,
  idCard: patientIdCardSchema,
  mobilePhone: patientMobilePhoneSchema,
  email: patientEmailSchema,
  inpatientNumber: patientInpatientNumberSchema,
  admissionDate: patientAdmissionDateSchema,
  wristbandCode: patientWristbandSchema,
  bed: patientBedSchema,
  departmentCode: patientDepartmentCodeSchema,
  doctorCode: patientDoctorCodeSchema,
  heightCm: patientHeightCmSchema,
  weightKg: patientWeightKgSchema,
  contact: patientContactSchema,
});
export type PatientInput = z.infer<typeof patientSchema>;
