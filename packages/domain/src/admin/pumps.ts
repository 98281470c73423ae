/**
 * Request bodies of the insulin pump register and its manufacturers (issue 16, first slice). Like
 * every body they refuse unknown fields and never coerce. Lengths where the spec is silent are our
 * choice and listed in {@link PUMP_LIMITS} (docs/api.md "Insulin pumps").
 */
import { z } from 'zod';
import type { LengthLimit } from '../constants';
import {
  lengthIn,
  notAfter,
  numberIn,
  optionalText,
  recordVersion,
  requiredId,
  requiredIsoDateTime,
  requiredText,
  systemClock,
  whenFieldsValid,
} from '../rules/common';
import { requireOneName, twoNameFields } from '../rules/names';
import {
  PUMP_LOW_BATTERY_PERCENT_DEFAULT,
  PUMP_LOW_DOSE_UNITS_DEFAULT,
  pumpDepartmentCodeSchema,
  pumpSerialNumberSchema,
} from '../rules/pump';

/** Lengths (characters) and ranges of the pump forms, inclusive. */
export const PUMP_LIMITS = {
  serialNumber: { min: 1, max: 40 },
  /** the pump's model, e.g. "MiniMed 780G" */
  type: { min: 0, max: 40 },
  /** the hospital's own asset code of the pump */
  code: { min: 0, max: 32 },
  manufacturerCode: { min: 1, max: 32 },
  manufacturerName: { min: 1, max: 60 },
  contact: { min: 0, max: 100 },
  /** remaining battery, % */
  battery: { min: 0, max: 100 },
  /** remaining insulin in the reservoir, IU (reservoirs hold 300 IU at most; room for larger ones) */
  dose: { min: 0, max: 1000 },
} as const satisfies Record<string, LengthLimit>;

/**
 * Below these the list shows the value in the warning colour (%, IU) until the hospital's pump strategy
 * (GET /v1/systemSetting/pumpStrategy) has been read: its defaults.
 */
export const PUMP_LOW_LEVELS = {
  battery: PUMP_LOW_BATTERY_PERCENT_DEFAULT,
  dose: PUMP_LOW_DOSE_UNITS_DEFAULT,
} as const;

const id = z.number().int().positive();
const version = recordVersion;
const isActive = z.boolean();
/** Optional text of at most `max` characters (absent, null or '' for none). */
const optionalShortText = (max: number) => optionalText().max(max, { error: 'validation.tooLong' }).nullish();

// ---------------------------------------------------------------- manufacturers

/** A manufacturer: code 1-32 (unique per tenant), Chinese and English names 1-60 (one at least), contact ≤ 100. */
const manufacturerFields = {
  code: requiredText('pumpManufacturer.code.required').check(
    lengthIn(PUMP_LIMITS.manufacturerCode, 'pumpManufacturer.code.length'),
  ),
  ...twoNameFields(PUMP_LIMITS.manufacturerName, PUMP_LIMITS.manufacturerName, 'validation.tooLong'),
  contact: optionalShortText(PUMP_LIMITS.contact.max),
  isActive: isActive.optional(),
};
const manufacturerNameRequired = requireOneName('pumpManufacturer.name.required');
const nameWhen = whenFieldsValid('name', 'nameZh', 'nameEn');
export const pumpManufacturerCreateSchema = z
  .strictObject(manufacturerFields)
  .superRefine(manufacturerNameRequired, nameWhen);
export const pumpManufacturerUpdateSchema = z
  .strictObject({ id, version, ...manufacturerFields })
  .superRefine(manufacturerNameRequired, nameWhen);
export type PumpManufacturerCreate = z.infer<typeof pumpManufacturerCreateSchema>;
export type PumpManufacturerUpdate = z.infer<typeof pumpManufacturerUpdateSchema>;

// ---------------------------------------------------------------- pumps

/** A pump: serial number 1-40 (unique per tenant), manufacturer, type ≤ 40, code ≤ 32, department. */
const pumpFields = {
  serialNumber: pumpSerialNumberSchema.check(lengthIn(PUMP_LIMITS.serialNumber, 'pump.serialNumber.length')),
  manufacturerId: requiredId('pump.manufacturer.required'),
  type: optionalShortText(PUMP_LIMITS.type.max),
  code: optionalShortText(PUMP_LIMITS.code.max),
  departmentCode: pumpDepartmentCodeSchema,
  isActive: isActive.optional(),
};
export const insulinPumpCreateSchema = z.strictObject(pumpFields);
export const insulinPumpUpdateSchema = z.strictObject({ id, version, ...pumpFields });
export type InsulinPumpCreate = z.infer<typeof insulinPumpCreateSchema>;
export type InsulinPumpUpdate = z.infer<typeof insulinPumpUpdateSchema>;

/** Enable or stop a pump or a manufacturer at the version read. */
export const pumpStatusSchema = z.strictObject({ id, version, isActive });

/**
 * A report of a pump's remaining battery (%) and insulin (IU) (a pump gateway or a nurse reading the
 * pump): by serial number, at least one of the two values, the time it was read (not in the future).
 * Values are stored as sent.
 */
export function pumpReportSchema(now: () => Date = systemClock) {
  return z
    .strictObject({
      serialNumber: pumpSerialNumberSchema,
      battery: z.number().check(numberIn(PUMP_LIMITS.battery, 'pump.battery.range')).nullish(),
      dose: z.number().check(numberIn(PUMP_LIMITS.dose, 'pump.dose.range')).nullish(),
      reportedAt: requiredIsoDateTime('pump.reportedAt.required', 'pump.reportedAt.invalid').check(
        notAfter(now, 'pump.reportedAt.future'),
      ),
    })
    .superRefine((report, ctx) => {
      if (report.battery == null && report.dose == null) {
        ctx.addIssue({ code: 'custom', path: ['battery'], message: 'pump.battery.required' });
      }
    });
}
export const pumpReportBodySchema = pumpReportSchema();
export type PumpReport = z.infer<typeof pumpReportBodySchema>;
