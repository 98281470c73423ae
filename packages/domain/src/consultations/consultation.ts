/**
 * Consultations (issue 17, spec §3 "Consultation", §4, §5, §8; 会诊): a requesting department and doctor
 * ask a consulting department (and doctor) for advice on a patient at a time, with a description and an
 * urgency. In progress → completed (with the consulting doctor's record, 会诊记录) or closed (with a
 * reason); both are final: a change of a closed one answers "The consultation is already closed" (§8),
 * of a completed one "The consultation is already completed". Replies (会诊回复) form a thread: free text
 * and/or management suggestions of the catalogue, at least one of the two.
 */
import { z } from 'zod';
import { type MeasurementItem, STORAGE_UNITS } from '../clinical/classification';
import type { ConsultationItem } from '../hospital-settings/strategy';
import { CONSULTATION_ITEM_UNITS } from '../hospital-settings/strategy';
import type { Lang, MessageKey } from '../i18n/messages';
import { wallClockAt } from '../measurements/clock';
import { MEASUREMENT_UNIT_NAMES, type MeasurementUnitCode } from '../measurements/entry';
import { patientDayFields, patientDayOrder } from '../measurements/query';
import {
  lengthIn,
  notAfter,
  optionalText,
  requiredEnum,
  requiredId,
  requiredIsoDateTime,
  requiredText,
  requiredVersion,
  systemClock,
  whenFieldsValid,
} from '../rules/common';
import { pageParam } from '../rules/page-param';

export const CONSULTATION_STATUSES = ['inProgress', 'completed', 'closed'] as const;
export type ConsultationStatus = (typeof CONSULTATION_STATUSES)[number];

export const CONSULTATION_URGENCIES = ['routine', 'urgent', 'emergency'] as const;
export type ConsultationUrgency = (typeof CONSULTATION_URGENCIES)[number];

/** `manual`: requested by a doctor; `auto`: raised by a reading crossing an auto-consultation threshold. */
export const CONSULTATION_SOURCES = ['manual', 'auto'] as const;
export type ConsultationSource = (typeof CONSULTATION_SOURCES)[number];

/** Names people read, in both languages (glossary: 会诊, 申请, 受邀). */
export const CONSULTATION_STATUS_NAMES: Record<ConsultationStatus, Record<Lang, string>> = {
  inProgress: { 'en-US': 'In progress', 'zh-CN': '进行中' },
  completed: { 'en-US': 'Completed', 'zh-CN': '已完成' },
  closed: { 'en-US': 'Closed', 'zh-CN': '已关闭' },
};
export const CONSULTATION_URGENCY_NAMES: Record<ConsultationUrgency, Record<Lang, string>> = {
  routine: { 'en-US': 'Routine', 'zh-CN': '普通' },
  urgent: { 'en-US': 'Urgent', 'zh-CN': '急会诊' },
  emergency: { 'en-US': 'Emergency', 'zh-CN': '紧急会诊' },
};
export const CONSULTATION_SOURCE_NAMES: Record<ConsultationSource, Record<Lang, string>> = {
  manual: { 'en-US': 'Requested', 'zh-CN': '手动申请' },
  auto: { 'en-US': 'Auto consultation', 'zh-CN': '自动会诊' },
};
/** The auto-consultation triggers as a consultation names them. */
export const CONSULTATION_ITEM_NAMES: Record<ConsultationItem, Record<Lang, string>> = {
  fastingGlucose: { 'en-US': 'fasting glucose', 'zh-CN': '空腹血糖' },
  postprandialGlucose: { 'en-US': 'postprandial glucose', 'zh-CN': '餐后血糖' },
  randomGlucose: { 'en-US': 'random glucose', 'zh-CN': '随机血糖' },
  ketone: { 'en-US': 'ketone', 'zh-CN': '血酮' },
  uricAcid: { 'en-US': 'uric acid', 'zh-CN': '尿酸' },
  urea: { 'en-US': 'urea', 'zh-CN': '尿素' },
};

export const CONSULTATION_LIMITS = {
  description: { min: 2, max: 1000 },
  text: { min: 1, max: 2000 },
  record: { min: 2, max: 4000 },
  reason: { min: 2, max: 200 },
  suggestions: 20,
  keyword: { min: 0, max: 50 },
} as const;

/** A consultation that is no longer in progress refuses every change, with the §8 message for closed ones. */
export function consultationFinishedKey(status: ConsultationStatus): MessageKey | null {
  if (status === 'closed') return 'consultation.closed';
  if (status === 'completed') return 'consultation.completed';
  return null;
}

const departmentCode = (key: MessageKey) => requiredText(key).check(lengthIn({ min: 1, max: 50 }, key));

/** `POST /v1/consultations` (the "Request consultation" dialog); every field but urgency required (§5). */
export function consultationRequestSchemaFor(now: () => Date = systemClock) {
  return z.strictObject({
    patientId: requiredId('consultation.patient.required'),
    requestDepartmentCode: departmentCode('consultation.requestDepartment.required'),
    requestDoctorId: requiredId('consultation.requestDoctor.required'),
    consultDepartmentCode: departmentCode('consultation.consultDepartment.required'),
    consultDoctorId: requiredId('consultation.consultDoctor.required'),
    requestedAt: requiredIsoDateTime('consultation.time.required', 'consultation.time.invalid').check(
      notAfter(() => new Date(now().getTime() + 7 * 86_400_000), 'consultation.time.tooLate'),
    ),
    description: requiredText('consultation.description.required').check(
      lengthIn(CONSULTATION_LIMITS.description, 'consultation.description.length'),
    ),
    urgency: requiredEnum(
      CONSULTATION_URGENCIES,
      'consultation.urgency.invalid',
      'consultation.urgency.invalid',
    ).default('routine'),
  });
}
export const consultationRequestSchema = consultationRequestSchemaFor();
export type ConsultationRequest = z.infer<typeof consultationRequestSchema>;

/** `POST /v1/consultations/logs`: a reply, free text and/or suggestions of the catalogue (at least one). */
export const consultationReplySchema = z
  .strictObject({
    id: requiredId('consultation.id.required'),
    text: optionalText().check(lengthIn(CONSULTATION_LIMITS.text, 'consultation.reply.length')).nullish(),
    suggestionIds: z
      .array(requiredId('consultation.suggestion.unknown'), { error: 'consultation.suggestion.unknown' })
      .max(CONSULTATION_LIMITS.suggestions, { error: 'consultation.suggestion.max' })
      .nullish(),
  })
  .superRefine(
    (reply, ctx) => {
      if (!reply.text && !reply.suggestionIds?.length) {
        ctx.addIssue({ code: 'custom', path: ['text'], message: 'consultation.reply.required' });
      }
      if (reply.suggestionIds && new Set(reply.suggestionIds).size !== reply.suggestionIds.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['suggestionIds'],
          message: 'consultation.suggestion.repeated',
        });
      }
    },
    whenFieldsValid('text', 'suggestionIds'),
  );
export type ConsultationReply = z.infer<typeof consultationReplySchema>;

/** What ends a consultation: completing it (with the record) or closing it (with a reason). */
export const CONSULTATION_FINISH_ACTIONS = ['complete', 'close'] as const;
export type ConsultationFinishAction = (typeof CONSULTATION_FINISH_ACTIONS)[number];

/** `POST /v1/consultations/finish`: complete with the consulting doctor's record, or close with a reason. */
export const consultationFinishSchema = z
  .strictObject({
    id: requiredId('consultation.id.required'),
    version: requiredVersion('consultation.version.required'),
    action: requiredEnum(
      CONSULTATION_FINISH_ACTIONS,
      'consultation.action.required',
      'consultation.action.required',
    ),
    record: optionalText()
      .check(lengthIn(CONSULTATION_LIMITS.record, 'consultation.record.length'))
      .nullish(),
    reason: optionalText()
      .check(lengthIn(CONSULTATION_LIMITS.reason, 'consultation.reason.length'))
      .nullish(),
  })
  .superRefine(
    (finish, ctx) => {
      if (finish.action === 'complete' && !finish.record) {
        ctx.addIssue({ code: 'custom', path: ['record'], message: 'consultation.record.required' });
      }
      if (finish.action === 'close' && !finish.reason) {
        ctx.addIssue({ code: 'custom', path: ['reason'], message: 'consultation.reason.required' });
      }
    },
    whenFieldsValid('action', 'record', 'reason'),
  );
export type ConsultationFinish = z.infer<typeof consultationFinishSchema>;

/** The inbox, my requests and the patient tab: filters, page and size (date range on the request time). */
export const consultationQuerySchema = z
  .object({
    status: z.enum(CONSULTATION_STATUSES, { error: 'consultation.status.invalid' }).optional(),
    urgency: z.enum(CONSULTATION_URGENCIES, { error: 'consultation.urgency.invalid' }).optional(),
    source: z.enum(CONSULTATION_SOURCES, { error: 'consultation.source.invalid' }).optional(),
    /** the other side's department: requesting (inbox) or consulting (my requests) */
    departmentCode: optionalText()
      .check(lengthIn({ min: 0, max: 50 }, 'validation.tooLong'))
      .optional(),
    queryCondition: optionalText()
      .check(lengthIn(CONSULTATION_LIMITS.keyword, 'validation.tooLong'))
      .optional(),
    ...patientDayFields,
    page: pageParam.default(1),
    size: pageParam.default(20),
  })
  .superRefine(patientDayOrder, whenFieldsValid('beginDate', 'endDate'));
export type ConsultationQuery = z.infer<typeof consultationQuerySchema>;

/** `GET /v1/consultations/queryPatient`: a patient's consultations. */
export const consultationPatientQuerySchema = z.object({
  patientId: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, { error: 'validation.positiveInteger' })
    .transform(Number),
  page: pageParam.default(1),
  size: pageParam.default(20),
});

/** What an auto consultation's description is built from. */
export interface AutoConsultationFacts {
  item: ConsultationItem;
  /** the reading as entered: value and unit; null when the reading is gone */
  value: number | null;
  unit: string | null;
  /** the test time as wall clock in the hospital zone, `YYYY-MM-DD HH:mm` */
  testTime: string | null;
  /** the threshold crossed in the current setting (≥ max or ≤ min), null when unknown */
  threshold: { op: '≥' | '≤'; value: number; unit: string } | null;
}

/** A threshold in the reading's unit: glucose thresholds are stored in mmol/L, shown in mg/dL when read so. */
export function thresholdCrossed(
  item: ConsultationItem,
  storedValue: number | null,
  entry: { minValue: number | null; maxValue: number | null } | null,
  readingUnit: string | null,
): AutoConsultationFacts['threshold'] {
  if (!entry || storedValue === null) return null;
  const unit = CONSULTATION_ITEM_UNITS[item];
  const inMgDl = readingUnit === 'mg/dL' && unit === 'mmol/L';
  const shown = (value: number) => (inMgDl ? Math.round(value * 18) : value);
  const unitShown = inMgDl ? 'mg/dL' : unit;
  if (entry.maxValue !== null && storedValue >= entry.maxValue) {
    return { op: '≥', value: shown(entry.maxValue), unit: unitShown };
  }
  if (entry.minValue !== null && storedValue <= entry.minValue) {
    return { op: '≤', value: shown(entry.minValue), unit: unitShown };
  }
  return null;
}

/** The reading that raised an auto consultation, as stored. */
export interface TriggerReading {
  item: string;
  /** in the storage unit */
  value: number | null;
  /** as entered, with the unit code it was entered in (`mgDl`, `mmolL`…) */
  enteredValue: number | null;
  enteredUnit: string | null;
  testTime: Date;
}

/**
 * The facts of an auto consultation's description from its triggering reading: the value and unit as
 * entered (unit codes written for people), the test time on the hospital clock, the threshold crossed
 * by the trigger `entry` in the reading's unit. Used where the consultation is raised (its stored text)
 * and where it is shown (in the request language).
 */
export function autoConsultationFactsOf(
  item: ConsultationItem,
  reading: TriggerReading,
  entry: { minValue: number | null; maxValue: number | null } | null,
  timeZone: string,
): AutoConsultationFacts {
  const unit = reading.enteredUnit
    ? (MEASUREMENT_UNIT_NAMES[reading.enteredUnit as MeasurementUnitCode] ?? reading.enteredUnit)
    : (STORAGE_UNITS[reading.item as MeasurementItem] ?? null);
  return {
    item,
    value: reading.enteredValue ?? reading.value,
    unit,
    testTime: wallClockAt(reading.testTime, timeZone).slice(0, 16),
    threshold: thresholdCrossed(item, reading.value, entry, unit),
  };
}

const oneDecimal = (value: number) => (Number.isInteger(value) ? value.toFixed(1) : String(value));

/**
 * The description of an auto consultation in a language, e.g. "Auto consultation: fasting glucose
 * 12.3 mmol/L ≥ 10.0 (2026-11-27 07:05)" / "自动会诊：空腹血糖 12.3 mmol/L ≥ 10.0（2026-11-27 07:05）".
 * The value is shown as entered; without the reading the item's name alone.
 */
export function autoConsultationDescription(facts: AutoConsultationFacts, lang: Lang): string {
  const zh = lang === 'zh-CN';
  const parts = [CONSULTATION_ITEM_NAMES[facts.item][lang]];
  if (facts.value !== null) parts.push(`${facts.value} ${facts.unit ?? CONSULTATION_ITEM_UNITS[facts.item]}`);
  if (facts.value !== null && facts.threshold) {
    parts.push(`${facts.threshold.op} ${oneDecimal(facts.threshold.value)}`);
  }
  let text = `${zh ? '自动会诊：' : 'Auto consultation: '}${parts.join(' ')}`;
  if (facts.testTime) text += zh ? `（${facts.testTime}）` : ` (${facts.testTime})`;
  return text;
}
