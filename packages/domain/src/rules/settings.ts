/** §5 Settings: hospital settings (§3 Hospital settings). */
import { z } from 'zod';
import { FIELD_LIMITS, type LengthLimit } from '../constants';
import { checkTargetRange } from '../helpers/target-range';
import {
  isBlank,
  lengthIn,
  matches,
  numberIn,
  optionalText,
  requiredNumber,
  requiredText,
  whenFieldsValid,
} from './common';
import { PATIENT_LIMITS } from './patient';

/** Lengths of the settings forms (§5 Settings), in characters, inclusive. */
export const SETTING_LIMITS = {
  hospitalName: FIELD_LIMITS.hospitalName,
  unit: { min: 1, max: 12 },
  code: { min: 1, max: 12 },
  /** the variant of the code rule used by forms that need at least 2 characters */
  codeMin2: { min: 2, max: 12 },
  name: { min: 1, max: 12 },
  /** an age bracket's bounds, in years (as a patient's age) */
  age: PATIENT_LIMITS.age,
} as const satisfies Record<string, LengthLimit>;

/** Hospital name: required, 2-50 characters. */
export const hospitalNameSchema = requiredText('settings.hospitalName.required').check(
  lengthIn(SETTING_LIMITS.hospitalName, 'settings.hospitalName.length'),
);

const PORT_TEXT = /^\d{1,6}$/;
const PORT_MAX = 999_999;

/**
 * Server port: a whole number of 1-6 digits, as text ("8080", digits only: no "1e3", "80.0" or "-1")
 * or as a JSON number (an integer from 0 to 999999). The value keeps the type it came in.
 */
export const serverPortSchema = z.union(
  [
    requiredText('settings.serverPort.required').check(matches(PORT_TEXT, 'settings.serverPort.invalid')),
    z.number().check((ctx) => {
      if (!Number.isInteger(ctx.value) || ctx.value < 0 || ctx.value > PORT_MAX) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: 'settings.serverPort.invalid' });
      }
    }),
  ],
  {
    error: (issue) => (isBlank(issue.input) ? 'settings.serverPort.required' : 'settings.serverPort.invalid'),
  },
);

/** Hospital information: name 2-50; server port, when given, as {@link serverPortSchema}. */
export const hospitalInfoSchema = z.strictObject({
  hospitalName: hospitalNameSchema,
  serverAddress: optionalText().nullish(),
  serverPort: serverPortSchema.nullish(),
  hl7Enabled: z.boolean().optional(),
});
export type HospitalInfoInput = z.infer<typeof hospitalInfoSchema>;

/** Unit name: required, 1-12 characters. */
export const settingUnitSchema = requiredText('settings.unit.required').check(
  lengthIn(SETTING_LIMITS.unit, 'settings.unit.length'),
);
/** Code: required, 1-12 characters. */
export const settingCodeSchema = requiredText('settings.code.required').check(
  lengthIn(SETTING_LIMITS.code, 'settings.code.length'),
);
/** Code, 2-12 variant: required, 2-12 characters. */
export const settingCodeMin2Schema = requiredText('settings.code.required').check(
  lengthIn(SETTING_LIMITS.codeMin2, 'settings.code.length'),
);
/** Name: required, 1-12 characters. */
export const settingNameSchema = requiredText('settings.name.required').check(
  lengthIn(SETTING_LIMITS.name, 'settings.name.length'),
);

/** A colour as `#RRGGBB`. */
const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
export const settingColorSchema = requiredText('settings.color.required').check(
  matches(HEX_COLOR, 'settings.color.invalid'),
);

/** A crisis (critical) value setting: low and high required, low < high, both colours required. */
export const crisisValueSchema = z
  .strictObject({
    item: optionalText().nullish(),
    period: optionalText().nullish(),
    low: requiredNumber('settings.crisis.lowRequired'),
    high: requiredNumber('settings.crisis.highRequired'),
    lowColor: settingColorSchema,
    highColor: settingColorSchema,
  })
  .superRefine(
    (crisis, ctx) => {
      if (crisis.low >= crisis.high) {
        ctx.addIssue({ code: 'custom', path: ['low'], message: 'settings.crisis.order' });
      }
    },
    whenFieldsValid('low', 'high'),
  );
export type CrisisValueInput = z.infer<typeof crisisValueSchema>;

/** Frequency: required. */
export const settingFrequencySchema = requiredText('settings.frequency.required');

/** An advice frequency: code 1-12, name 1-12, frequency required. */
export const adviceFrequencySchema = z.strictObject({
  code: settingCodeSchema,
  name: settingNameSchema,
  frequency: settingFrequencySchema,
});
export type AdviceFrequencyInput = z.infer<typeof adviceFrequencySchema>;

const ageBound = (requiredKey: 'settings.age.minRequired' | 'settings.age.maxRequired') =>
  requiredNumber(requiredKey).check(numberIn(SETTING_LIMITS.age, 'settings.age.range', { integer: true }));

/** An age bracket: minimum and maximum age required (whole years 0-150), minimum not above maximum. */
export const ageBracketSchema = z
  .strictObject({
    name: optionalText().nullish(),
    minAge: ageBound('settings.age.minRequired'),
    maxAge: ageBound('settings.age.maxRequired'),
  })
  .superRefine(
    (bracket, ctx) => {
      if (bracket.minAge > bracket.maxAge) {
        ctx.addIssue({ code: 'custom', path: ['minAge'], message: 'settings.age.order' });
      }
    },
    whenFieldsValid('minAge', 'maxAge'),
  );
export type AgeBracketInput = z.infer<typeof ageBracketSchema>;

/** Glucose periods included in TIR: at least one. */
export const tirPeriodsSchema = z
  .array(requiredText('settings.tir.periodsRequired'), {
    error: (issue) => (isBlank(issue.input) ? 'settings.tir.periodsRequired' : undefined),
  })
  .min(1, { error: 'settings.tir.periodsRequired' });

/**
 * TIR setting: the low and high glucose values as a target range ({@link checkTargetRange}: both
 * given, > 0, low < high) and at least one included period.
 */
export const tirSettingSchema = z
  .strictObject({
    low: z.number().nullish(),
    high: z.number().nullish(),
    periods: tirPeriodsSchema,
  })
  .superRefine(
    (tir, ctx) => {
      const problem = checkTargetRange(tir.low, tir.high);
      if (problem === 'required') {
        const side = isBlank(tir.low) ? 'low' : 'high';
        ctx.addIssue({ code: 'custom', path: [side], message: 'settings.tir.required' });
      } else if (problem === 'positive') {
        const side = (tir.low ?? 0) <= 0 ? 'low' : 'high';
        ctx.addIssue({ code: 'custom', path: [side], message: 'settings.tir.positive' });
      } else if (problem === 'order') {
        ctx.addIssue({ code: 'custom', path: ['low'], message: 'settings.tir.order' });
      }
    },
    whenFieldsValid('low', 'high'),
  );
export type TirSettingInput = z.infer<typeof tirSettingSchema>;

/** A decimal as typed: optional minus, digits, optional fraction ("12", "-0.5"; not "1e3", ".5", "0x10"). */
const NUMERIC_TEXT = /^-?\d+(\.\d+)?$/;

/** Dictionary (meter parameter) value: required and numeric, as decimal text or a JSON number. */
export const settingDictValueSchema = z.union(
  [
    requiredText('settings.dictValue.required').check(matches(NUMERIC_TEXT, 'settings.dictValue.numeric')),
    z.number(),
  ],
  { error: (issue) => (isBlank(issue.input) ? 'settings.dictValue.required' : 'settings.dictValue.numeric') },
);

/** A dictionary (meter parameter) entry: key required, value numeric. */
export const settingDictEntrySchema = z.strictObject({
  key: requiredText('settings.dictKey.required'),
  value: settingDictValueSchema,
});
export type SettingDictEntryInput = z.infer<typeof settingDictEntrySchema>;
