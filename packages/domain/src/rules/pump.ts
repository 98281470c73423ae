/** §5 Pump: putting a patient on an insulin pump (§3 Insulin pump, §4 "unbound to bound (up pump)"). */
import { z } from 'zod';
import {
  instant,
  optionalIsoDateTime,
  optionalText,
  requiredIsoDateTime,
  requiredText,
  whenFieldsValid,
} from './common';

export const pumpSerialNumberSchema = requiredText('pump.serialNumber.required');
export const pumpManufacturerSchema = requiredText('pump.manufacturer.required');
export const pumpDepartmentCodeSchema = requiredText('pump.department.required');
export const pumpExecutorSchema = requiredText('pump.executor.required');

/** Up-pump time: required, ISO date-time with a zone, strictly before `now`. */
export function pumpUpTimeSchema(now: Date) {
  return requiredIsoDateTime('pump.upPumpTime.required', 'pump.upPumpTime.invalid').check((ctx) => {
    if (instant(ctx.value) >= now.getTime()) {
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
