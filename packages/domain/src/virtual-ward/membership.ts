/**
 * Virtual-ward membership (issue 18, spec §3 "Virtual-ward record", §5, §8; 虚拟病房 入组/出组):
 * who is in the virtual ward, joining by hand (join time and management suggestion required) or
 * automatically (a glucose reading or an HbA1c result reaching the hospital's threshold), exiting singly
 * or in batch (批量结束管理) with one reason, and the compliance of a managed stay (依从率).
 */
import { z } from 'zod';
import { calendarDate } from '../helpers/zoned-format';
import type { Lang, MessageKey } from '../i18n/messages';
import { patientDayFields, patientDayOrder } from '../measurements/query';
import {
  lengthIn,
  optionalIsoDateTime,
  optionalText,
  requiredEnum,
  requiredId,
  requiredIsoDateTime,
  requiredText,
  requiredVersion,
  whenFieldsValid,
} from '../rules/common';
import { pageParam } from '../rules/page-param';
import { addDays } from '../tasks/day';

/** `none`, an insulin pump (胰岛素泵) or continuous glucose monitoring (动态血糖) */
export const VIRTUAL_WARD_DEVICE_MARKS = ['none', 'pump', 'cgm'] as const;
export type VirtualWardDeviceMark = (typeof VIRTUAL_WARD_DEVICE_MARKS)[number];

export const VIRTUAL_WARD_SOURCES = ['manual', 'auto'] as const;
export type VirtualWardSource = (typeof VIRTUAL_WARD_SOURCES)[number];

/** Where the patient is now: in hospital (in another ward), discharged, or an outpatient. */
export const VIRTUAL_WARD_PATIENT_STATES = ['inHospital', 'discharged', 'outpatient'] as const;
export type VirtualWardPatientState = (typeof VIRTUAL_WARD_PATIENT_STATES)[number];

export const VIRTUAL_WARD_DEVICE_MARK_NAMES: Record<VirtualWardDeviceMark, Record<Lang, string>> = {
  none: { 'en-US': 'None', 'zh-CN': '无' },
  pump: { 'en-US': 'Insulin pump', 'zh-CN': '胰岛素泵' },
  cgm: { 'en-US': 'CGM', 'zh-CN': '动态血糖' },
};
export const VIRTUAL_WARD_SOURCE_NAMES: Record<VirtualWardSource, Record<Lang, string>> = {
  manual: { 'en-US': 'Joined by hand', 'zh-CN': '手动入组' },
  auto: { 'en-US': 'Auto join', 'zh-CN': '自动入组' },
};
export const VIRTUAL_WARD_PATIENT_STATE_NAMES: Record<VirtualWardPatientState, Record<Lang, string>> = {
  inHospital: { 'en-US': 'In hospital', 'zh-CN': '在院' },
  discharged: { 'en-US': 'Discharged', 'zh-CN': '出院' },
  outpatient: { 'en-US': 'Outpatient', 'zh-CN': '门诊' },
};

export const VIRTUAL_WARD_LIMITS = {
  suggestion: { min: 1, max: 200 },
  reason: { min: 1, max: 200 },
  label: { min: 1, max: 20 },
  labels: 10,
  stayIds: 200,
  keyword: { min: 0, max: 50 },
} as const;

/** The inspection item code of glycated haemoglobin (HbA1c, 糖化血红蛋白) results, in %. */
export const HBA1C_ITEM_CODE = 'HBA1C';

const groupLabels = z
  .array(
    requiredText('virtualWard.label.length').check(
      lengthIn(VIRTUAL_WARD_LIMITS.label, 'virtualWard.label.length'),
    ),
    { error: 'virtualWard.label.length' },
  )
  .max(VIRTUAL_WARD_LIMITS.labels, { error: 'virtualWard.labels.max' })
  .refine((labels) => new Set(labels).size === labels.length, { message: 'virtualWard.labels.repeated' });

const suggestion = requiredText('virtualWard.suggestion.required').check(
  lengthIn(VIRTUAL_WARD_LIMITS.suggestion, 'virtualWard.suggestion.length'),
);
const deviceMark = requiredEnum(
  VIRTUAL_WARD_DEVICE_MARKS,
  'virtualWard.deviceMark.invalid',
  'virtualWard.deviceMark.invalid',
);

/** `POST /v1/virtualward/join`: join time and management suggestion required (§5). */
export const virtualWardJoinSchema = z.strictObject({
  patientId: requiredId('virtualWard.patient.required'),
  joinedAt: requiredIsoDateTime('virtualWard.joinedAt.required', 'virtualWard.joinedAt.invalid'),
  suggestion,
  /** the catalogue entry chosen, if any (the text is kept as given) */
  suggestionId: requiredId('virtualWard.suggestion.unknown').nullish(),
  deviceMark: deviceMark.default('none'),
  groupLabels: groupLabels.default([]),
});
export type VirtualWardJoin = z.infer<typeof virtualWardJoinSchema>;

/** `POST /v1/virtualward/exit`: one stay (exit) or many (batch end management), one reason. */
export const virtualWardExitSchema = z.strictObject({
  stayIds: z
    .array(requiredId('virtualWard.stayIds.required'), { error: 'virtualWard.stayIds.required' })
    .min(1, { error: 'virtualWard.stayIds.required' })
    .max(VIRTUAL_WARD_LIMITS.stayIds, { error: 'virtualWard.stayIds.max' })
    .transform((ids) => [...new Set(ids)]),
  reason: requiredText('virtualWard.exitReason.required').check(
    lengthIn(VIRTUAL_WARD_LIMITS.reason, 'virtualWard.exitReason.length'),
  ),
  exitedAt: optionalIsoDateTime('virtualWard.exitedAt.invalid'),
});
export type VirtualWardExit = z.infer<typeof virtualWardExitSchema>;

/** `PUT /v1/virtualward/stay`: a current stay's suggestion, mark and labels (409 on a stale version). */
export const virtualWardStayEditSchema = z.strictObject({
  id: requiredId('virtualWard.id.required'),
  version: requiredVersion('virtualWard.version.required'),
  suggestion: suggestion.optional(),
  deviceMark: deviceMark.optional(),
  groupLabels: groupLabels.optional(),
});
export type VirtualWardStayEdit = z.infer<typeof virtualWardStayEditSchema>;

const keyword = optionalText().check(lengthIn(VIRTUAL_WARD_LIMITS.keyword, 'validation.tooLong')).optional();
const shortCode = optionalText()
  .check(lengthIn({ min: 0, max: 50 }, 'validation.tooLong'))
  .optional();

/** `GET /v1/virtualward/current` */
export const virtualWardCurrentQuerySchema = z.object({
  /** patient name, inpatient / outpatient number, bed */
  queryCondition: keyword,
  /** the patient's ward */
  departmentCode: shortCode,
  deviceMark: z.enum(VIRTUAL_WARD_DEVICE_MARKS, { error: 'virtualWard.deviceMark.invalid' }).optional(),
  groupLabel: optionalText()
    .check(lengthIn({ min: 0, max: 20 }, 'validation.tooLong'))
    .optional(),
  page: pageParam.default(1),
  size: pageParam.default(20),
});
export type VirtualWardCurrentQuery = z.infer<typeof virtualWardCurrentQuerySchema>;

/** `GET /v1/virtualward/history`: ended stays, beginDate/endDate of the exit (hospital calendar). */
export const virtualWardHistoryQuerySchema = virtualWardCurrentQuerySchema
  .extend(patientDayFields)
  .superRefine(patientDayOrder, whenFieldsValid('beginDate', 'endDate'));
export type VirtualWardHistoryQuery = z.infer<typeof virtualWardHistoryQuerySchema>;

// ---------------------------------------------------------------- joining: the rules

/** Why a patient cannot join (spec §8 "virtual-ward join failure"), with the HTTP status it answers. */
export type JoinRefusal = { status: 400 | 409; key: MessageKey };

export interface JoinState {
  /** the hospital's managing department (null until chosen) */
  managingDepartmentCode: string | null;
  patientStatus: string;
  patientDepartmentCode: string;
  /** the patient has a current (not ended) stay */
  inVirtualWard: boolean;
}

/**
 * Whether a patient may join, by hand or automatically: a managing department must be set; an inpatient
 * of the managing department itself is that department's own patient (not a virtual-ward patient);
 * a patient already in the virtual ward cannot join twice (409). Every other patient — an inpatient of
 * another ward, a discharged patient, an outpatient — may join.
 */
export function joinRefusal(state: JoinState): JoinRefusal | null {
  if (!state.managingDepartmentCode) return { status: 400, key: 'virtualWard.join.noManagingDepartment' };
  if (state.patientStatus === 'inHospital' && state.patientDepartmentCode === state.managingDepartmentCode) {
    return { status: 400, key: 'virtualWard.join.ownWard' };
  }
  if (state.inVirtualWard) return { status: 409, key: 'virtualWard.join.already' };
  return null;
}

/** The auto-join settings (`virtualWard.autoJoin`, `.gluMinValue` mmol/L, `.hbA1cMinValue` %). */
export interface AutoJoinSettings {
  autoJoin: boolean;
  gluMinValue: number;
  hbA1cMinValue: number;
  managingDepartmentCode: string | null;
}

/** What may trigger an auto join: a glucose reading (value in mmol/L) or a lab result (value in %). */
export type AutoJoinTrigger =
  | { kind: 'glucose'; item: string; value: number | null }
  | { kind: 'lab'; itemCode: string; value: number };

/**
 * Whether a value triggers an auto join (the threshold crossed), regardless of the patient: a glucose
 * (`GLU`) reading at or above `gluMinValue` mmol/L, or an HbA1c result (`HBA1C`) at or above
 * `hbA1cMinValue` %. Nothing while the switch is off.
 */
export function autoJoinTriggered(settings: AutoJoinSettings, trigger: AutoJoinTrigger): boolean {
  if (!settings.autoJoin || !settings.managingDepartmentCode) return false;
  if (trigger.kind === 'glucose') {
    return trigger.item === 'GLU' && trigger.value !== null && trigger.value >= settings.gluMinValue;
  }
  return trigger.itemCode.toUpperCase() === HBA1C_ITEM_CODE && trigger.value >= settings.hbA1cMinValue;
}

/**
 * The auto-join rule: the value crosses the threshold and the patient is a candidate — any patient but
 * an inpatient of the managing department, and not already in the virtual ward ({@link joinRefusal}).
 */
export function autoJoins(
  settings: AutoJoinSettings,
  trigger: AutoJoinTrigger,
  patient: Omit<JoinState, 'managingDepartmentCode'>,
): boolean {
  return (
    autoJoinTriggered(settings, trigger) &&
    joinRefusal({ ...patient, managingDepartmentCode: settings.managingDepartmentCode }) === null
  );
}

/**
 * The management suggestion of an auto join, with the value as entered and the threshold:
 * "Auto join: glucose 12.3 mmol/L ≥ 11.1 mmol/L" / "自动入组：血糖 12.3 mmol/L ≥ 11.1 mmol/L".
 */
export function autoJoinSuggestion(
  facts: { kind: 'glucose' | 'hba1c'; value: number; unit: string; threshold: number; thresholdUnit: string },
  lang: Lang,
): string {
  const what =
    facts.kind === 'glucose'
      ? { 'en-US': 'glucose', 'zh-CN': '血糖' }[lang]
      : { 'en-US': 'HbA1c', 'zh-CN': '糖化血红蛋白' }[lang];
  const lead = lang === 'zh-CN' ? '自动入组：' : 'Auto join: ';
  const space = (unit: string) => (unit === '%' ? unit : ` ${unit}`);
  return `${lead}${what} ${facts.value}${space(facts.unit)} ≥ ${facts.threshold}${space(facts.thresholdUnit)}`;
}

// ---------------------------------------------------------------- compliance (依从率)

export interface ComplianceInput {
  joinedAt: Date;
  /** the exit, or null for a current stay */
  exitedAt: Date | null;
  /** the instant of the question (a current stay counts up to the day before today) */
  now: Date;
  timeZone: string;
  /** the glucose periods every managed day orders (the monitoring strategy's `defaultPeriods`) */
  plannedPeriods: readonly string[];
  /** the stay's glucose readings with a value (test time and period code) */
  readings: readonly { testTime: Date; periodCode: string | null }[];
}

export interface Compliance {
  /** hospital days of the stay that are over: join day … exit day (current: … yesterday) */
  managedDays: number;
  /** managed days whose readings cover every planned period; null when nothing is planned */
  compliantDays: number | null;
  /** compliantDays / managedDays (0..1), null without a managed day or without a plan */
  rate: number | null;
}

/**
 * Compliance days and rate of a virtual-ward stay (spec §3 "compliance days and rate", 依从天数/依从率).
 *
 * Definition (ours; the spec names the figure without defining it): a managed day is a hospital-calendar
 * day from the join day to the exit day, both included — a current stay's days up to yesterday, since a
 * day still running cannot yet be judged. A managed day is compliant when the patient's glucose readings
 * with a value, taken during the stay on that day, cover every glucose period the day orders. The day's
 * ordered measurements are the monitoring strategy's default periods (`strategy.monitor.defaultPeriods`,
 * the plan every patient has without a monitoring order, tasks/monitoring.ts "Fallback"): a
 * virtual-ward patient lies in another ward or at home, where the managing department's own monitoring
 * orders do not apply, so the strategy's plan is the one measure common to every stay; the full
 * per-patient monitoring plan would need each ward's orders and is left for later. The join and exit days
 * count like any other day (readings before the join or after the exit do not count). Without planned
 * periods nothing can be complied with: the compliant days and the rate are null. Rate = compliant days ÷
 * managed days.
 */
export function complianceOf(input: ComplianceInput): Compliance {
  const first = calendarDate(input.joinedAt, input.timeZone);
  const last = input.exitedAt
    ? calendarDate(input.exitedAt, input.timeZone)
    : addDays(calendarDate(input.now, input.timeZone), -1);
  const managedDays = last < first ? 0 : daysBetween(first, last) + 1;
  const planned = [...new Set(input.plannedPeriods)];
  if (!planned.length) return { managedDays, compliantDays: null, rate: null };
  const end = input.exitedAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const covered = new Map<string, Set<string>>();
  for (const reading of input.readings) {
    const at = reading.testTime.getTime();
    if (at < input.joinedAt.getTime() || at > end || !reading.periodCode) continue;
    const day = calendarDate(reading.testTime, input.timeZone);
    if (day < first || day > last) continue;
    const set = covered.get(day) ?? new Set<string>();
    set.add(reading.periodCode);
    covered.set(day, set);
  }
  let compliantDays = 0;
  for (const periods of covered.values()) {
    if (planned.every((code) => periods.has(code))) compliantDays += 1;
  }
  return { managedDays, compliantDays, rate: managedDays ? compliantDays / managedDays : null };
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

// ---------------------------------------------------------------- lab results

export const LAB_RESULT_LIMITS = {
  value: { min: 0, max: 10000 },
  unit: { min: 0, max: 20 },
  reason: { min: 1, max: 200 },
} as const;

/** `POST /v1/labResults`: a result entered by hand (HbA1c for the virtual ward). */
export const labResultSchema = z.strictObject({
  patientId: requiredId('labResult.patient.required'),
  itemCode: requiredText('labResult.item.required').check(
    lengthIn({ min: 1, max: 50 }, 'labResult.item.required'),
  ),
  value: z
    .number({ error: 'labResult.value.required' })
    .refine(
      (v) => Number.isFinite(v) && v >= LAB_RESULT_LIMITS.value.min && v <= LAB_RESULT_LIMITS.value.max,
      {
        message: 'labResult.value.range',
      },
    ),
  unit: optionalText().check(lengthIn(LAB_RESULT_LIMITS.unit, 'labResult.unit.length')).nullish(),
  resultedAt: requiredIsoDateTime('labResult.resultedAt.required', 'labResult.resultedAt.invalid'),
});
export type LabResultInput = z.infer<typeof labResultSchema>;

/** `DELETE /v1/labResults/:id?reason=`: a result entered in error, with the reason. */
export const labResultDeleteQuerySchema = z.object({
  reason: requiredText('labResult.reason.required').check(
    lengthIn(LAB_RESULT_LIMITS.reason, 'labResult.reason.length'),
  ),
});

/** `GET /v1/labResults?patientId` */
export const labResultQuerySchema = z.object({
  patientId: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, { error: 'validation.positiveInteger' })
    .transform(Number),
});
