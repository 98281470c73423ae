/**
 * Inpatient workflows (issue 5): admission, edit, soft delete, transfer, discharge, readmission, the
 * scan / HIS lookup code and patient glucose events. The §5 Patient field rules live in
 * `rules/patient.ts`; these schemas reuse them and add what each workflow needs. Errors are message
 * keys of `i18n/messages.ts`; unknown fields are refused.
 */
import { z } from 'zod';
import { tagTextSchema } from '../hospital-settings/catalogues';
import type { MessageKey } from '../i18n/messages';
import {
  isBlank,
  lengthIn,
  notAfter,
  optionalIsoDateTime,
  optionalText,
  requiredId,
  requiredIsoDateTime,
  requiredText,
  requiredVersion,
  systemClock,
  whenFieldsValid,
} from '../rules/common';
import {
  patientBedSchema,
  patientDepartmentCodeSchema,
  patientDoctorCodeSchema,
  patientInpatientNumberSchema,
  patientSchema,
  patientWristbandSchema,
} from '../rules/patient';

/** Limits of the inpatient workflows (inclusive, in characters unless said otherwise). */
export const INPATIENT_LIMITS = {
  appointmentCode: { min: 1, max: 32 },
  /** tags a patient can carry */
  tags: { min: 0, max: 20 },
  /** why a patient admitted by mistake is deleted */
  deleteReason: { min: 1, max: 200 },
  /** why a patient is transferred */
  transferReason: { min: 2, max: 200 },
  /** what a scanner types: a wristband code or an inpatient number */
  scanCode: { min: 1, max: 32 },
  eventNote: { min: 0, max: 200 },
  /** the largest page of the inpatient list (a 50-bed ward comes in one page, a whole hospital in a few) */
  pageSize: { min: 1, max: 500 },
} as const;

/** A record version (optimistic locking). */
const versionSchema = requiredVersion('patients.version.required');

/** A date-time that is required, ISO-8601 with a zone, and not in the future. */
function pastDateTime(requiredKey: MessageKey, invalidKey: MessageKey, futureKey: MessageKey) {
  return requiredIsoDateTime(requiredKey, invalidKey).check(notAfter(systemClock, futureKey));
}

/** Admission time: ISO-8601 with a zone, not in the future. */
export const admittedAtSchema = pastDateTime(
  'patients.admittedAt.required',
  'patients.admittedAt.invalid',
  'patients.admittedAt.future',
);

/** Appointment (pre-admission) code: optional, 1-32 characters. */
export const appointmentCodeSchema = optionalText()
  .check(lengthIn(INPATIENT_LIMITS.appointmentCode, 'patients.appointmentCode.length'))
  .nullish();

/** Tags: each a tag option's text (1-12), no repeats, at most 20; the server checks they are offered. */
export const patientTagsSchema = z
  .array(tagTextSchema, { error: 'patients.tags.invalid' })
  .max(INPATIENT_LIMITS.tags.max, { error: 'patients.tags.tooMany' })
  .superRefine((tags, ctx) => {
    const seen = new Set<string>();
    tags.forEach((tag, index) => {
      if (seen.has(tag)) ctx.addIssue({ code: 'custom', path: [index], message: 'patients.tags.duplicate' });
      seen.add(tag);
    });
  });

/**
 * POST /v1/patients/applyHospitalization: the §3 Patient form (every §5 rule) with the admission time
 * (absent: now), an optional appointment code and tags. The date-only `admissionDate` of the patient
 * form is replaced by `admittedAt`.
 */
export const admissionSchema = patientSchema.omit({ admissionDate: true }).extend({
  admittedAt: admittedAtSchema.optional(),
  appointmentCode: appointmentCodeSchema,
  tags: patientTagsSchema.optional(),
});
export type AdmissionInput = z.infer<typeof admissionSchema>;

/**
 * A field that a basic-info edit refuses: department, bed and doctor change by a transfer (which
 * keeps the history), so their presence is an error with a clear message rather than a silent no-op.
 */
const transferOnlyField = z.unknown().check((ctx) => {
  if (ctx.value !== undefined) {
    ctx.issues.push({ code: 'custom', input: ctx.value, message: 'patients.update.transferOnly' });
  }
});

/**
 * PUT /v1/patients: basic information of a patient (id and version; a stale version answers 409),
 * including height, weight and tags. Department, bed and doctor are refused: that is a transfer.
 */
export const patientUpdateSchema = patientSchema
  .omit({ admissionDate: true, departmentCode: true, bed: true, doctorCode: true })
  .extend({
    id: requiredId('patients.id.required'),
    version: versionSchema,
    appointmentCode: appointmentCodeSchema,
    tags: patientTagsSchema.optional(),
    departmentCode: transferOnlyField.optional(),
    bed: transferOnlyField.optional(),
    doctorCode: transferOnlyField.optional(),
  });
export type PatientUpdateInput = z.infer<typeof patientUpdateSchema>;

/** DELETE /v1/patients/{id}?reason=: why a patient admitted by mistake is removed (1-200). */
export const patientDeleteReasonSchema = requiredText('patients.delete.reasonRequired').check(
  lengthIn(INPATIENT_LIMITS.deleteReason, 'patients.delete.reasonLength'),
);

/** GET /v1/patients/scan?code= and the HIS lookup's `codeNumber`: what the scanner typed. */
export const scanCodeSchema = requiredText('patients.scan.codeRequired').check(
  lengthIn(INPATIENT_LIMITS.scanCode, 'patients.scan.codeLength'),
);

/** Transfer reason: required, 2-200 characters. */
export const transferReasonSchema = requiredText('patients.transfer.reasonRequired').check(
  lengthIn(INPATIENT_LIMITS.transferReason, 'patients.transfer.reasonLength'),
);

/**
 * POST /v1/patients/transfer: the new department (required), bed and doctor (required: a patient
 * always has a responsible doctor), why, when it started and optionally ended (after the start).
 * The original bed, department and doctor come from the patient. At least one must change (checked
 * by the server against the patient).
 */
/**
 * Why a patient leaves (discharge) or moves (transfer) while a critical value of theirs is not handled
 * yet (issue 15): asked only then, 2-200 characters, kept in the audit row.
 */
export const OPEN_CRITICAL_REASON_LIMIT = { min: 2, max: 200 } as const;
export const openCriticalReasonSchema = optionalText()
  .check(lengthIn(OPEN_CRITICAL_REASON_LIMIT, 'patients.openCritical.reasonLength'))
  .optional();

export const transferSchema = z
  .strictObject({
    patientId: requiredId('patients.id.required'),
    version: versionSchema,
    toDepartmentCode: patientDepartmentCodeSchema,
    toBed: patientBedSchema,
    toDoctorCode: patientDoctorCodeSchema,
    reason: transferReasonSchema,
    startTime: pastDateTime(
      'patients.transfer.startRequired',
      'patients.transfer.startInvalid',
      'patients.transfer.startFuture',
    ),
    endTime: optionalIsoDateTime('patients.transfer.endInvalid'),
    openCriticalReason: openCriticalReasonSchema,
  })
  .superRefine(
    (body, ctx) => {
      if (isBlank(body.endTime)) return;
      if (Date.parse(body.endTime) <= Date.parse(body.startTime)) {
        ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'patients.transfer.endBeforeStart' });
      }
    },
    whenFieldsValid('startTime', 'endTime'),
  );
export type TransferInput = z.infer<typeof transferSchema>;

/** POST /v1/patients/discharge: the patient, its version, and the discharge time (absent: now). */
export const dischargeSchema = z.strictObject({
  patientId: requiredId('patients.id.required'),
  version: versionSchema,
  dischargedAt: pastDateTime(
    'patients.discharge.timeRequired',
    'patients.discharge.timeInvalid',
    'patients.discharge.timeFuture',
  ).optional(),
  openCriticalReason: openCriticalReasonSchema,
});
export type DischargeInput = z.infer<typeof dischargeSchema>;

/**
 * POST /v1/patients/reApplyHospitalization/{id}: readmission of a discharged patient with a new
 * admission time (after the last discharge, checked by the server), department, bed and doctor; a
 * new wristband or inpatient number when the hospital issues one per stay.
 */
export const readmissionSchema = z.strictObject({
  version: versionSchema,
  admittedAt: admittedAtSchema,
  departmentCode: patientDepartmentCodeSchema,
  bed: patientBedSchema,
  doctorCode: patientDoctorCodeSchema,
  wristbandCode: patientWristbandSchema,
  inpatientNumber: patientInpatientNumberSchema,
});
export type ReadmissionInput = z.infer<typeof readmissionSchema>;

/**
 * POST /v1/patient/glu/event/save: a glucose event (meal, exercise, ...) of a patient; with `id` it
 * changes that event. The event and option must exist and be enabled, the option must be the event's.
 */
export const patientGluEventSaveSchema = z.strictObject({
  id: requiredId('patients.gluEvent.idInvalid').optional(),
  patientId: requiredId('patients.id.required'),
  eventId: requiredId('patients.gluEvent.eventRequired'),
  itemId: requiredId('patients.gluEvent.itemInvalid').nullish(),
  occurredAt: pastDateTime(
    'patients.gluEvent.timeRequired',
    'patients.gluEvent.timeInvalid',
    'patients.gluEvent.timeFuture',
  ),
  note: optionalText().check(lengthIn(INPATIENT_LIMITS.eventNote, 'patients.gluEvent.noteLength')).nullish(),
});
export type PatientGluEventSave = z.infer<typeof patientGluEventSaveSchema>;
