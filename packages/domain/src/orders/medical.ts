/**
 * Medical orders (医嘱) of a patient's stay (issue 17; spec §3 "Medical order", §4 "Orders", §5 "Orders").
 *
 * An order has a name (2-40), a classification ({@link ORDER_CLASSES}), a type (24-hour, long-term,
 * temporary: `ORDER_TYPES`), a category, a detail, the template chosen and at least one content item
 * taken from that template, a frequency (an advice frequency), start and execute time, and for a
 * temporary order a test time. Its life: active → stopped (who, when, why); an order entered in error
 * is deleted with a reason; every change is versioned.
 *
 * A monitoring order (classification `monitoring`) names its item ({@link MONITOR_ITEMS}: glucose,
 * ketone, uric acid) in `category` and its schedule: glucose period codes (`monitorPeriods`, e.g. the
 * {@link MONITOR_PRESETS}), clock times on the hospital clock (`monitorTimes`, e.g. every 2 hours, see
 * {@link everyHoursTimes}), or a frequency whose execute times become the clock times. A temporary
 * monitoring order is measured once, at its test time.
 *
 * Context-free rules run on their own; the enabled glucose periods and the stay come in a
 * {@link MedicalOrderContext} (the server passes them; the dialog checks the rest).
 */
import { z } from 'zod';
import type { Names } from '../admin/audit-kinds';
import { ORDER_STATUSES, type ORDER_TYPES } from '../constants';
import type { MessageKey } from '../i18n/messages';
import { patientIdParam } from '../records/links';
import {
  instant,
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
import { orderContentSchema, orderNameSchema, orderTypeSchema, TEMPORARY_ORDER_TYPE } from '../rules/orders';

export type OrderType = (typeof ORDER_TYPES)[number];

/** Classifications of a medical order, in the order the dialog lists them. */
export const ORDER_CLASSES = ['monitoring', 'nursing', 'diet', 'examination', 'treatment', 'other'] as const;
export type OrderClass = (typeof ORDER_CLASSES)[number];
export const ORDER_CLASS_NAMES: Record<OrderClass, Names> = {
  monitoring: { 'en-US': 'Monitoring', 'zh-CN': '监测' },
  nursing: { 'en-US': 'Nursing', 'zh-CN': '护理' },
  diet: { 'en-US': 'Diet', 'zh-CN': '饮食' },
  examination: { 'en-US': 'Examination', 'zh-CN': '检查' },
  treatment: { 'en-US': 'Treatment', 'zh-CN': '治疗' },
  other: { 'en-US': 'Other', 'zh-CN': '其他' },
};
export const MONITORING_CLASS = 'monitoring' satisfies OrderClass;

/** What a monitoring order measures: glucose, ketone, uric acid (the measurement categories). */
export const MONITOR_ITEMS = ['GLU', 'KET', 'UA'] as const;
export type MonitorItem = (typeof MONITOR_ITEMS)[number];
export const MONITOR_ITEM_NAMES: Record<MonitorItem, Names> = {
  GLU: { 'en-US': 'Glucose', 'zh-CN': '血糖' },
  KET: { 'en-US': 'Ketone', 'zh-CN': '血酮' },
  UA: { 'en-US': 'Uric acid', 'zh-CN': '尿酸' },
};

/**
 * Glucose monitoring presets as glucose period codes, after the Chinese inpatient consensus
 * (中国住院患者血糖管理专家共识, 中国医师协会内分泌代谢科医师分会, 中华内分泌代谢杂志 2017;33(1):1-10)
 * and the CDS guideline on glucose monitoring (中国血糖监测临床应用指南): the 7-point profile (七点血糖)
 * is before and 2 h after each of the three meals plus bedtime (三餐前 + 三餐后2小时 + 睡前); the
 * 4-point profile (四点血糖) is before the three meals and at bedtime (三餐前 + 睡前), "fasting" being
 * the before-breakfast reading.
 */
export const MONITOR_PRESETS = {
  sevenPoint: [
    'fasting',
    'afterBreakfast',
    'beforeLunch',
    'afterLunch',
    'beforeDinner',
    'afterDinner',
    'beforeSleep',
  ],
  fourPoint: ['fasting', 'beforeLunch', 'beforeDinner', 'beforeSleep'],
} as const satisfies Record<string, readonly string[]>;
export type MonitorPreset = keyof typeof MONITOR_PRESETS;

/** The preset whose periods are exactly `periods` (any order), if any. */
export function presetOf(periods: readonly string[] | null | undefined): MonitorPreset | null {
  if (!periods?.length) return null;
  const given = [...new Set(periods)].sort().join();
  for (const [preset, codes] of Object.entries(MONITOR_PRESETS)) {
    if ([...codes].sort().join() === given && periods.length === codes.length) return preset as MonitorPreset;
  }
  return null;
}

/** "Every N hours" intervals offered: the divisors of a day, so the times repeat each day alike. */
export const MONITOR_INTERVAL_HOURS = [1, 2, 3, 4, 6, 8, 12] as const;

/** A time of day as `HH:mm` (00:00-23:59). */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The clock times of "every `hours` hours" starting at `from` (HH:mm), in the day's order: every 2 h
 * from 00:00 → 00:00, 02:00 … 22:00 (12 times); every 6 h from 03:00 → 03:00, 09:00, 15:00, 21:00.
 */
export function everyHoursTimes(hours: number, from = '00:00'): string[] {
  if (!(MONITOR_INTERVAL_HOURS as readonly number[]).includes(hours) || !CLOCK_TIME.test(from)) return [];
  const start = minutesOf(from);
  const times = Array.from({ length: 24 / hours }, (_, k) => (start + k * hours * 60) % (24 * 60));
  return times.sort((a, b) => a - b).map(clockOf);
}

/** The interval and first time when `times` are exactly "every N hours" (else null): for the display. */
export function intervalOf(
  times: readonly string[] | null | undefined,
): { hours: number; from: string } | null {
  if (!times || times.length < 2) return null;
  const sorted = [...times].sort();
  const hours = 24 / sorted.length;
  if (!Number.isInteger(hours)) return null;
  const from = sorted[0]!;
  return everyHoursTimes(hours, from).join() === sorted.join() ? { hours, from } : null;
}

export const ORDER_LIMITS = {
  category: { min: 0, max: 40 },
  detail: { min: 0, max: 500 },
  reason: { min: 2, max: 200 },
  /** clock times of a schedule: at most hourly */
  monitorTimes: 24,
  /** a 24-hour order ends this long after it begins */
  hours24: 24 * 60 * 60 * 1000,
} as const;

/** Where a 24-hour order ends: 24 h after its start; other types have no end (null). */
export function orderEndAt(type: OrderType, beginAt: Date | string): Date | null {
  return type === '24h' ? new Date(new Date(beginAt).getTime() + ORDER_LIMITS.hours24) : null;
}

/** What the context-dependent checks use; a missing list or stay is not checked. */
export interface MedicalOrderContext {
  /** enabled glucose period codes */
  periods?: readonly string[];
  admittedAt?: Date | string | null;
  dischargedAt?: Date | string | null;
}

function uniqueItems<T extends z.ZodType<string>>(item: T, duplicateKey: MessageKey) {
  return z.array(item, { error: 'patientOrder.schedule.invalid' }).superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((value, index) => {
      if (seen.has(value)) ctx.addIssue({ code: 'custom', path: [index], message: duplicateKey });
      seen.add(value);
    });
  });
}

function valueFields(context: MedicalOrderContext) {
  return {
    name: orderNameSchema,
    classification: requiredEnum(
      ORDER_CLASSES,
      'patientOrder.classification.required',
      'patientOrder.classification.invalid',
    ),
    adviceType: orderTypeSchema,
    category: optionalText().check(lengthIn(ORDER_LIMITS.category, 'validation.tooLong')).nullish(),
    detail: optionalText().check(lengthIn(ORDER_LIMITS.detail, 'validation.tooLong')).nullish(),
    templateId: requiredId('order.template.required'),
    contents: orderContentSchema,
    frequencyCode: optionalText().nullish(),
    monitorPeriods: uniqueItems(
      requiredText('patientOrder.monitorPeriods.unknown').check((ctx) => {
        if (context.periods && !context.periods.includes(ctx.value)) {
          ctx.issues.push({
            code: 'custom',
            input: ctx.value,
            message: 'patientOrder.monitorPeriods.unknown',
          });
        }
      }),
      'patientOrder.schedule.duplicate',
    ).nullish(),
    monitorTimes: uniqueItems(
      z.string().regex(CLOCK_TIME, { error: 'patientOrder.monitorTimes.format' }),
      'patientOrder.schedule.duplicate',
    )
      .max(ORDER_LIMITS.monitorTimes, { error: 'patientOrder.monitorTimes.tooMany' })
      .nullish(),
    beginDate: requiredIsoDateTime('patientOrder.beginDate.required', 'order.time.invalid').check((ctx) => {
      const at = instant(ctx.value);
      if (context.admittedAt && at < new Date(context.admittedAt).getTime()) {
        ctx.issues.push({
          code: 'custom',
          input: ctx.value,
          message: 'patientOrder.beginDate.beforeAdmission',
        });
      } else if (context.dischargedAt && at > new Date(context.dischargedAt).getTime()) {
        ctx.issues.push({
          code: 'custom',
          input: ctx.value,
          message: 'patientOrder.beginDate.afterDischarge',
        });
      }
    }),
    executeDate: optionalIsoDateTime('order.time.invalid'),
    testTime: optionalIsoDateTime('order.time.invalid'),
  };
}

/** The values the cross-field rules read. */
export interface MedicalOrderValues {
  classification: string;
  adviceType: string;
  category?: string | null;
  frequencyCode?: string | null;
  monitorPeriods?: string[] | null;
  monitorTimes?: string[] | null;
  beginDate: string;
  executeDate?: string | null;
  testTime?: string | null;
}

const filled = (list: readonly unknown[] | null | undefined) => !!list && list.length > 0;

/**
 * The cross-field rules: a temporary order's test time (not before the start); the execute time not
 * before the start; a monitoring order's item and schedule (periods, clock times or a frequency — one
 * kind, a temporary one measured once at its test time); only a monitoring order has a schedule.
 */
export function medicalOrderIssues(order: MedicalOrderValues): { path: string; key: MessageKey }[] {
  const issues: { path: string; key: MessageKey }[] = [];
  const begin = instant(order.beginDate);
  const temporary = order.adviceType === TEMPORARY_ORDER_TYPE;
  if (temporary && !order.testTime) issues.push({ path: 'testTime', key: 'order.testTime.required' });
  if (order.testTime && instant(order.testTime) < begin) {
    issues.push({ path: 'testTime', key: 'patientOrder.testTime.beforeBegin' });
  }
  if (order.executeDate && instant(order.executeDate) < begin) {
    issues.push({ path: 'executeDate', key: 'patientOrder.executeDate.beforeBegin' });
  }
  const periods = filled(order.monitorPeriods);
  const times = filled(order.monitorTimes);
  if (order.classification !== MONITORING_CLASS) {
    if (periods) issues.push({ path: 'monitorPeriods', key: 'patientOrder.schedule.notMonitoring' });
    if (times) issues.push({ path: 'monitorTimes', key: 'patientOrder.schedule.notMonitoring' });
    return issues;
  }
  if (!order.category) issues.push({ path: 'category', key: 'patientOrder.monitorItem.required' });
  else if (!(MONITOR_ITEMS as readonly string[]).includes(order.category)) {
    issues.push({ path: 'category', key: 'patientOrder.monitorItem.invalid' });
  }
  if (periods && times) issues.push({ path: 'monitorTimes', key: 'patientOrder.schedule.oneKind' });
  else if (periods && order.category && order.category !== 'GLU') {
    issues.push({ path: 'monitorPeriods', key: 'patientOrder.monitorPeriods.glucoseOnly' });
  } else if (temporary && (periods || times)) {
    issues.push({
      path: periods ? 'monitorPeriods' : 'monitorTimes',
      key: 'patientOrder.schedule.temporaryOnce',
    });
  } else if (!temporary && !periods && !times && !order.frequencyCode) {
    issues.push({ path: 'monitorPeriods', key: 'patientOrder.schedule.required' });
  }
  return issues;
}

function crossRule(order: MedicalOrderValues, ctx: z.core.$RefinementCtx) {
  for (const issue of medicalOrderIssues(order)) {
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.key });
  }
}

const CROSS_FIELDS = [
  'classification',
  'adviceType',
  'category',
  'frequencyCode',
  'monitorPeriods',
  'monitorTimes',
  'beginDate',
  'executeDate',
  'testTime',
];

/** `POST /v1/patientAdvice`: a new order of a patient. */
export function medicalOrderCreateSchemaFor(context: MedicalOrderContext = {}) {
  return z
    .strictObject({ patientId: requiredId('patientOrder.patient.required'), ...valueFields(context) })
    .superRefine(crossRule, whenFieldsValid(...CROSS_FIELDS));
}
export const medicalOrderCreateSchema = medicalOrderCreateSchemaFor();
export type MedicalOrderCreate = z.infer<typeof medicalOrderCreateSchema>;

/** Reason of an edit, a stop or a deletion: required, 2-200 characters. */
export const orderReasonSchema = requiredText('patientOrder.reason.required').check(
  lengthIn(ORDER_LIMITS.reason, 'patientOrder.reason.length'),
);
const orderVersion = requiredVersion('patientOrder.version.required');
const orderId = requiredId('validation.positiveInteger');

/** `PUT /v1/patientAdvice`: an active order edited whole, at the version read, with a reason. */
export function medicalOrderEditSchemaFor(context: MedicalOrderContext = {}) {
  return z
    .strictObject({ id: orderId, version: orderVersion, reason: orderReasonSchema, ...valueFields(context) })
    .superRefine(crossRule, whenFieldsValid(...CROSS_FIELDS));
}
export const medicalOrderEditSchema = medicalOrderEditSchemaFor();
export type MedicalOrderEdit = z.infer<typeof medicalOrderEditSchema>;

/** `PUT /v1/patientAdvice/suspend`: stop an active order (停嘱), with the reason. */
export const medicalOrderStopSchema = z.strictObject({
  id: orderId,
  version: orderVersion,
  reason: orderReasonSchema,
});
export type MedicalOrderStop = z.infer<typeof medicalOrderStopSchema>;

/**
 * `DELETE /v1/patientAdvice/{id}?version=&reason=`: an order entered in error, deleted (kept, marked)
 * with a reason; in the query as every delete of the API (and the GET → DELETE method override).
 */
export const medicalOrderDeleteSchema = z.strictObject({
  version: requiredText('patientOrder.version.required')
    .regex(/^[1-9]\d{0,9}$/, { error: 'patientOrder.version.required' })
    .transform(Number),
  reason: orderReasonSchema,
});
export type MedicalOrderDelete = z.infer<typeof medicalOrderDeleteSchema>;

/** `GET /v1/patientAdvice/list`: a patient's orders, filtered by status and classification. */
export const medicalOrderListQuerySchema = z.object({
  patientId: patientIdParam.transform(Number),
  status: z.enum([...ORDER_STATUSES, 'all']).default('all'),
  classification: z.enum(ORDER_CLASSES).optional(),
});
export type MedicalOrderListQuery = z.infer<typeof medicalOrderListQuerySchema>;
