import {
  type AdmissionInput,
  completedYears,
  type PatientUpdateInput,
  type ReadmissionInput,
  type TransferInput,
} from '@glucocare/domain/patients';
import type { PatientGender } from '@glucocare/domain/rules';
import dayjs, { type Dayjs } from 'dayjs';
import type { Appointment } from '../../api/outpatients';
import type { HisPatient, Inpatient, PatientDetail } from '../../api/patients';
import { fromPicker, hospitalNow } from '../../components/format';

/**
 * The patient forms' values and how they become API bodies (admission, basic-info edit, transfer,
 * readmission): dates as dayjs in the form, ISO on the wire; blank text as null.
 */

export const DATE = 'YYYY-MM-DD';

/** Trimmed text, or null when blank. */
export function textOrNull(value: string | null | undefined): string | null {
  const text = value?.trim();
  return text ? text : null;
}

/** A form's date value: a dayjs, or the text a pro-form may have turned it into. */
export type DateValue = Dayjs | string;

/** A picked date-time as the API takes it: the instant it means on the hospital's clock (ISO-8601). */
export function isoOf(value: DateValue): string {
  return fromPicker(dayjs(value));
}

/** A calendar date as the API takes it: `YYYY-MM-DD`. */
export function dayOf(value: DateValue): string {
  return dayjs(value).format(DATE);
}

/** Completed years from a birth date to today (the hospital's calendar), or null. */
export function ageFromBirthDate(
  dateOfBirth: Dayjs | null | undefined,
  today: Dayjs = hospitalNow(),
): number | null {
  if (!dateOfBirth?.isValid()) return null;
  return completedYears(dateOfBirth.format(DATE), today.format(DATE));
}

/** The basic fields every patient form has (§3 Patient). */
export interface BasicValues {
  name: string;
  gender?: PatientGender;
  dateOfBirth?: Dayjs | null;
  age?: number | null;
  idCard?: string;
  mobilePhone?: string;
  email?: string;
  inpatientNumber?: string;
  wristbandCode?: string;
  appointmentCode?: string;
  heightCm?: number | null;
  weightKg?: number | null;
  contact?: string;
  tags?: string[];
}

export interface AdmissionValues extends BasicValues {
  departmentCode?: string | null;
  bed?: string;
  doctorCode?: string | null;
  admittedAt?: Dayjs | null;
}

const GENDERS: readonly string[] = ['male', 'female', 'unknown'];

/** The admission form filled from a HIS record (what the ward still has to enter stays empty). */
export function admissionValuesFromHis(his: HisPatient): AdmissionValues {
  const dateOfBirth = his.dateOfBirth ? dayjs(his.dateOfBirth) : null;
  return {
    name: his.name,
    gender: GENDERS.includes(his.gender) ? (his.gender as PatientGender) : undefined,
    dateOfBirth,
    age: his.age ?? ageFromBirthDate(dateOfBirth),
    idCard: his.idCard ?? '',
    mobilePhone: his.mobilePhone ?? '',
    inpatientNumber: his.inpatientNumber,
    wristbandCode: his.wristbandCode ?? '',
    departmentCode: his.departmentCode,
    bed: his.bed ?? '',
    doctorCode: his.doctorCode,
  };
}

/**
 * The admission form prefilled from a pre-admission appointment (issue 18): the person and the
 * department chosen on the public form; the stay (bed, doctor, numbers) is the ward's to enter.
 */
export function admissionValuesFromAppointment(appointment: Appointment): AdmissionValues {
  const dateOfBirth = appointment.dateOfBirth ? dayjs(appointment.dateOfBirth) : null;
  return {
    appointmentCode: appointment.code,
    name: appointment.name,
    gender: GENDERS.includes(appointment.gender) ? (appointment.gender as PatientGender) : undefined,
    dateOfBirth,
    age: ageFromBirthDate(dateOfBirth),
    idCard: appointment.idCard ?? '',
    mobilePhone: appointment.mobilePhone,
    contact: appointment.contact ?? '',
    ...(appointment.departmentCode ? { departmentCode: appointment.departmentCode } : {}),
  };
}

/** Basic fields as both bodies spell them. */
function basicInput(values: BasicValues) {
  return {
    name: values.name?.trim() ?? '',
    gender: values.gender as PatientGender,
    dateOfBirth: values.dateOfBirth ? dayOf(values.dateOfBirth) : '',
    age: values.age as number,
    idCard: textOrNull(values.idCard),
    mobilePhone: textOrNull(values.mobilePhone),
    email: textOrNull(values.email),
    inpatientNumber: textOrNull(values.inpatientNumber),
    wristbandCode: textOrNull(values.wristbandCode),
    appointmentCode: textOrNull(values.appointmentCode),
    heightCm: values.heightCm ?? null,
    weightKg: values.weightKg ?? null,
    contact: textOrNull(values.contact),
    tags: values.tags ?? [],
  };
}

/** POST /v1/patients/applyHospitalization from the admission form. */
export function admissionInputOf(values: AdmissionValues): AdmissionInput {
  return {
    ...basicInput(values),
    departmentCode: values.departmentCode ?? '',
    bed: textOrNull(values.bed),
    doctorCode: values.doctorCode ?? '',
    ...(values.admittedAt ? { admittedAt: isoOf(values.admittedAt) } : {}),
  };
}

/** The edit form filled from a patient. */
export function basicValuesOf(patient: PatientDetail): BasicValues {
  return {
    name: patient.name,
    gender: GENDERS.includes(patient.gender) ? (patient.gender as PatientGender) : undefined,
    dateOfBirth: patient.dateOfBirth ? dayjs(patient.dateOfBirth) : null,
    age: patient.age,
    idCard: patient.idCard ?? '',
    mobilePhone: patient.mobilePhone ?? '',
    email: patient.email ?? '',
    inpatientNumber: patient.inpatientNumber ?? '',
    wristbandCode: patient.wristbandCode ?? '',
    appointmentCode: patient.appointmentCode ?? '',
    heightCm: patient.heightCm,
    weightKg: patient.weightKg,
    contact: patient.contact ?? '',
    tags: patient.tags,
  };
}

/** PUT /v1/patients: basic information of `patient` at its version (department, bed, doctor stay out). */
export function updateInputOf(
  values: BasicValues,
  patient: Pick<Inpatient, 'id' | 'version'>,
): PatientUpdateInput {
  return { ...basicInput(values), id: patient.id, version: patient.version };
}

export interface TransferValues {
  toDepartmentCode?: string | null;
  toBed?: string;
  toDoctorCode?: string | null;
  reason?: string;
  startTime?: Dayjs | null;
  endTime?: Dayjs | null;
}

export function transferValuesOf(patient: Inpatient, now: Dayjs = hospitalNow()): TransferValues {
  return {
    toDepartmentCode: patient.departmentCode,
    toBed: patient.bed ?? '',
    toDoctorCode: patient.doctorCode,
    reason: '',
    // to the second: a transfer right after the admission must not start before it
    startTime: now,
    endTime: null,
  };
}

/** Whether the transfer form moves the patient at all (department, bed or doctor differ). */
export function transferChanges(values: TransferValues, patient: Inpatient): boolean {
  return (
    (values.toDepartmentCode ?? '') !== patient.departmentCode ||
    (textOrNull(values.toBed) ?? '') !== (patient.bed ?? '') ||
    (values.toDoctorCode ?? '').toLowerCase() !== (patient.doctorCode ?? '').toLowerCase()
  );
}

export function transferInputOf(
  values: TransferValues,
  patient: Pick<Inpatient, 'id' | 'version'>,
): TransferInput {
  return {
    patientId: patient.id,
    version: patient.version,
    toDepartmentCode: values.toDepartmentCode ?? '',
    toBed: textOrNull(values.toBed),
    toDoctorCode: values.toDoctorCode ?? '',
    reason: values.reason?.trim() ?? '',
    startTime: values.startTime ? isoOf(values.startTime) : '',
    endTime: values.endTime ? isoOf(values.endTime) : null,
  };
}

export interface ReadmissionValues {
  admittedAt?: Dayjs | null;
  departmentCode?: string | null;
  bed?: string;
  doctorCode?: string | null;
  wristbandCode?: string;
  inpatientNumber?: string;
}

export function readmissionInputOf(
  values: ReadmissionValues,
  patient: Pick<Inpatient, 'version'>,
): ReadmissionInput {
  return {
    version: patient.version,
    admittedAt: values.admittedAt ? isoOf(values.admittedAt) : '',
    departmentCode: values.departmentCode ?? '',
    bed: textOrNull(values.bed),
    doctorCode: values.doctorCode ?? '',
    wristbandCode: textOrNull(values.wristbandCode),
    inpatientNumber: textOrNull(values.inpatientNumber),
  };
}
