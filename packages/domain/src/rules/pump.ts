/** §5 Pump: putting a patient on an insulin pump (§3 Insulin pump, §4 "unbound to bound (up pump)"). */
import { z } from 'zod';
import { hasAtMostDecimals } from '../hospital-settings/periods';
import type { MessageKey } from '../i18n/messages';
import {
  instant,
  lengthIn,
  matches,
  notAfter,
  numberIn,
  optionalIsoDateTime,
  optionalText,
  requiredId,
  requiredIsoDateTime,
  requiredNumber,
  requiredText,
  requiredVersion,
  whenFieldsValid,
} from './common';

export const pumpSerialNumberSchema = requiredText('pump.serialNumber.required');
export const pumpManufacturerSchema = requiredText('pump.manufacturer.required');
export const pumpDepartmentCodeSchema = requiredText('pump.department.required');
export const pumpExecutorSchema = requiredText('pump.executor.required');

/** Up-pump time: required, ISO date-time with a zone, strictly before `now` (a time or a clock read at each parse). */
export function pumpUpTimeSchema(now: Date | (() => Date)) {
  const clock = typeof now === 'function' ? now : () => now;
  return requiredIsoDateTime('pump.upPumpTime.required', 'pump.upPumpTime.invalid').check((ctx) => {
    if (instant(ctx.value) >= clock().getTime()) {
      ctx.issues.push({ code: 'custom', input: ctx.value, message: 'pump.upPumpTime.future' });
    }
  });
}

/** Tube change time: optional ISO date-time; the object schema requires it after the up-pump time. */
export const pumpTubeChangeTimeSchema = optionalIsoDateTime('pump.tubeChangeTime.invalid');

/**
 * An up-pump (binding) form checked at `now` (the request's time on the server, the clock in the
 * browser): serial number, manufacturer, department and executor required; up-pump time required and
 * before `now`; a tube change time, when given, strictly after the up-pump time.
 */
export function pumpSchema(now: Date) {
  return z
    .strictObject({
      serialNumber: pumpSerialNumberSchema,
      manufacturer: pumpManufacturerSchema,
      type: optionalText().nullish(),
      code: optionalText().nullish(),
      departmentCode: pumpDepartmentCodeSchema,
      executor: pumpExecutorSchema,
      responsibleDoctor: optionalText().nullish(),
      responsibleNurse: optionalText().nullish(),
      coManagingDoctor: optionalText().nullish(),
      upPumpTime: pumpUpTimeSchema(now),
      tubeChangeTime: pumpTubeChangeTimeSchema,
    })
    .superRefine(
      (pump, ctx) => {
        if (!pump.tubeChangeTime) return;
        if (instant(pump.tubeChangeTime) <= instant(pump.upPumpTime)) {
          ctx.addIssue({ code: 'custom', path: ['tubeChangeTime'], message: 'pump.tubeChangeTime.order' });
        }
      },
      whenFieldsValid('upPumpTime', 'tubeChangeTime'),
    );
}
export type PumpInput = z.infer<ReturnType<typeof pumpSchema>>;

/** Pump reminders (issue 16): the infusion set is changed every this many days unless the hospital sets otherwise. */
export const PUMP_TUBE_CHANGE_DAYS_DEFAULT = 3;
/** A pump reporting less battery than this (%) is a "low battery" reminder unless the hospital sets otherwise. */
export const PUMP_LOW_BATTERY_PERCENT_DEFAULT = 20;
/** A pump reporting less insulin left than this (IU) is a "low insulin" reminder unless the hospital sets otherwise. */
export const PUMP_LOW_DOSE_UNITS_DEFAULT = 20;
// ---------------------------------------------------------------- bindings (issue 16)

/** Limits of the binding forms, inclusive. */
export const PUMP_BINDING_LIMITS = {
  note: { min: 0, max: 200 },
  reason: { min: 0, max: 200 },
  /** segments of a basal rate profile */
  segments: { min: 1, max: 48 },
  /** basal rate, IU/h */
  rate: { min: 0, max: 35 },
  /** decimals a basal rate may carry */
  rateDecimals: 3,
} as const;

/** What the binding checks compare against: the clock, the patient's stay, the binding's own times. */
export interface PumpBindingContext {
  now?: () => Date;
  /** the patient's admission (an up-pump cannot be before it) */
  admittedAt?: Date | string | null;
  /** the patient's discharge when discharged (an up-pump cannot be after it) */
  dischargedAt?: Date | string | null;
  /** the binding's up-pump time (down-pump, tube change and basal profile come after it) */
  upAt?: Date | string | null;
  /** the binding's down-pump time when it has ended (tube changes and profiles not after it) */
  downAt?: Date | string | null;
}

const millisOf = (at: Date | string) => (typeof at === 'string' ? Date.parse(at) : at.getTime());
const clockOf = (context: PumpBindingContext) => context.now ?? (() => new Date());

function custom(ctx: { issues: unknown[]; value: string }, message: MessageKey) {
  (ctx.issues as z.core.$ZodRawIssue[]).push({ code: 'custom', input: ctx.value, message });
}

const optionalNote = optionalText().check(lengthIn(PUMP_BINDING_LIMITS.note, 'validation.tooLong')).nullish();
const optionalPerson = requiredId('pump.person.unknown').nullish();

/**
 * `POST /v1/pumpBinding` (up-pump): pump, patient, up-pump time (before now, within the patient's
 * stay), executor (the web defaults it to the signed-in user), responsible doctor and nurse and
 * co-managing doctor optional, note.
 */
export function pumpUpSchemaFor(context: PumpBindingContext = {}) {
  return z.strictObject({
    pumpId: requiredId('pump.binding.pump.required'),
    patientId: requiredId('pump.binding.patient.required'),
    upAt: pumpUpTimeSchema(clockOf(context)).check((ctx) => {
      const at = Date.parse(ctx.value);
      if (context.admittedAt && at < millisOf(context.admittedAt))
        custom(ctx, 'pump.upPumpTime.beforeAdmission');
      else if (context.dischargedAt && at > millisOf(context.dischargedAt))
        custom(ctx, 'pump.upPumpTime.afterDischarge');
    }),
    executorId: requiredId('pump.executor.required'),
    responsibleDoctorId: optionalPerson,
    responsibleNurseId: optionalPerson,
    coManagingDoctorId: optionalPerson,
    note: optionalNote,
  });
}
export const pumpUpSchema = pumpUpSchemaFor();
export type PumpUpInput = z.infer<typeof pumpUpSchema>;

/** A time of the binding: required, a valid instant, not in the future, after the up-pump. */
function bindingTime(
  context: PumpBindingContext,
  keys: {
    required: MessageKey;
    invalid: MessageKey;
    future: MessageKey;
    order: MessageKey;
    afterDown?: MessageKey;
  },
) {
  return requiredIsoDateTime(keys.required, keys.invalid)
    .check(notAfter(clockOf(context), keys.future))
    .check((ctx) => {
      const at = Date.parse(ctx.value);
      if (context.upAt && at <= millisOf(context.upAt)) custom(ctx, keys.order);
      else if (keys.afterDown && context.downAt && at > millisOf(context.downAt)) custom(ctx, keys.afterDown);
    });
}

/** `PUT /v1/pumpBinding/down` (down-pump): the binding at its version, the time (after the up-pump, not in the future), a reason. */
export function pumpDownSchemaFor(context: PumpBindingContext = {}) {
  return z.strictObject({
    bindingId: requiredId('pump.binding.required'),
    version: requiredVersion('pump.binding.version.required'),
    downAt: bindingTime(context, {
      required: 'pump.downPumpTime.required',
      invalid: 'pump.downPumpTime.invalid',
      future: 'pump.downPumpTime.future',
      order: 'pump.downPumpTime.order',
    }),
    reason: optionalText().check(lengthIn(PUMP_BINDING_LIMITS.reason, 'validation.tooLong')).nullish(),
  });
}
export const pumpDownSchema = pumpDownSchemaFor();
export type PumpDownInput = z.infer<typeof pumpDownSchema>;

/** `POST /v1/pumpBinding/tubeChange`: after the up-pump, not in the future, not after the down-pump. */
export function pumpTubeChangeSchemaFor(context: PumpBindingContext = {}) {
  return z.strictObject({
    bindingId: requiredId('pump.binding.required'),
    changedAt: bindingTime(context, {
      required: 'pump.tubeChangeTime.required',
      invalid: 'pump.tubeChangeTime.invalid',
      future: 'pump.tubeChangeTime.future',
      order: 'pump.tubeChangeTime.order',
      afterDown: 'pump.tubeChangeTime.afterDown',
    }),
    note: optionalNote,
  });
}
export const pumpTubeChangeSchema = pumpTubeChangeSchemaFor();
export type PumpTubeChangeInput = z.infer<typeof pumpTubeChangeSchema>;

/** 'HH:mm' of a day, 00:00-23:59. */
const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

export const basalSegmentSchema = z.strictObject({
  start: requiredText('pump.basal.start.required').check(matches(CLOCK_TIME, 'pump.basal.start.invalid')),
  rate: requiredNumber('pump.basal.rate.required').check(
    numberIn(PUMP_BINDING_LIMITS.rate, 'pump.basal.rate.range'),
    (ctx) => {
      if (!Number.isFinite(ctx.value) || !hasAtMostDecimals(ctx.value, PUMP_BINDING_LIMITS.rateDecimals)) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: 'pump.basal.rate.decimals' });
      }
    },
  ),
});
export type BasalSegmentInput = z.infer<typeof basalSegmentSchema>;

/** The first segment starts at 00:00 and each next one strictly later (null when the list is fine). */
export function basalSegmentsIssue(
  segments: readonly { start: string }[],
): { index: number; key: MessageKey } | null {
  if (!segments.length) return null;
  if (segments[0]!.start !== '00:00') return { index: 0, key: 'pump.basal.firstMidnight' };
  for (let i = 1; i < segments.length; i++) {
    if (minutesOf(segments[i]!.start) <= minutesOf(segments[i - 1]!.start)) {
      return { index: i, key: 'pump.basal.order' };
    }
  }
  return null;
}

/**
 * The insulin a profile gives in 24 hours, IU: each rate times the hours until the next segment's
 * start (the last until 24:00), summed in thousandths of an IU/h and minutes (exact for 3-decimal
 * rates), rounded to 3 decimals. Segments are taken as ordered from 00:00.
 */
export function basalDailyTotal(segments: readonly { start: string; rate: number }[]): number {
  let milliUnitMinutes = 0;
  segments.forEach((segment, i) => {
    const next = segments[i + 1];
    const minutes = (next ? minutesOf(next.start) : 24 * 60) - minutesOf(segment.start);
    milliUnitMinutes += Math.round(segment.rate * 1000) * minutes;
  });
  return Math.round(milliUnitMinutes / 60) / 1000;
}

/** `POST /v1/pumpBinding/basalProfile`: the binding, when it takes effect, 1-48 segments from 00:00. */
export function pumpBasalProfileSchemaFor(context: PumpBindingContext = {}) {
  return z
    .strictObject({
      bindingId: requiredId('pump.binding.required'),
      effectiveAt: bindingTime(context, {
        required: 'pump.basal.effectiveAt.required',
        invalid: 'pump.basal.effectiveAt.invalid',
        future: 'pump.basal.effectiveAt.future',
        order: 'pump.basal.effectiveAt.order',
        afterDown: 'pump.basal.effectiveAt.afterDown',
      }),
      segments: z
        .array(basalSegmentSchema, { error: 'pump.basal.segments.required' })
        .min(PUMP_BINDING_LIMITS.segments.min, { error: 'pump.basal.segments.required' })
        .max(PUMP_BINDING_LIMITS.segments.max, { error: 'pump.basal.segments.max' }),
      note: optionalNote,
    })
    .superRefine((profile, ctx) => {
      const issue = basalSegmentsIssue(profile.segments);
      if (issue)
        ctx.addIssue({ code: 'custom', path: ['segments', issue.index, 'start'], message: issue.key });
    }, whenFieldsValid('segments'));
}
export const pumpBasalProfileSchema = pumpBasalProfileSchemaFor();
export type PumpBasalProfileInput = z.infer<typeof pumpBasalProfileSchema>;

/** How long a pump has been worn: whole days and the hours left over, and the total in whole hours. */
export interface WearTime {
  days: number;
  hours: number;
  totalHours: number;
}

/**
 * Wear time from the up-pump to the down-pump, or to `now` while worn; whole hours (cut, never
 * rounded up), none before the up-pump.
 */
export function pumpWearTime(
  upAt: Date | string,
  downAt: Date | string | null | undefined,
  now: Date,
): WearTime {
  const end = downAt ? millisOf(downAt) : now.getTime();
  const totalHours = Math.max(0, Math.floor((end - millisOf(upAt)) / 3_600_000));
  return { days: Math.floor(totalHours / 24), hours: totalHours % 24, totalHours };
}
