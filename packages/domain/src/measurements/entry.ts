/**
 * Entry rules of glucose, ketone and uric-acid readings (§3 Glucose record, Ketone and uric acid
 * records; §5 Glucose), built on the §5 Glucose rules of `rules/glucose.ts` (period and time, result or
 * reason, "Other" needs a text), with what the three items add:
 * - a unit per item (GLU mmol/L or mg/dL, KET mmol/L, UA µmol/L or mg/dL); the value is stored in the
 *   item's storage unit ({@link STORAGE_UNITS}) by `toStorageValue`, the entered value/unit kept;
 * - the range a meter can report, checked in the entered unit (a meter's LO/HI is an untested reason);
 * - period required for glucose only; the time not in the future, not before the current admission
 *   (nor after a discharge); reason codes, periods and testers from the hospital's lists.
 * Field names follow api-precedents (`category`, `period`, `testTime`, `result`, `cause`, `remark`).
 * Context-free checks run on their own; the lists and the admission come in a {@link EntryContext}.
 */
import { z } from 'zod';
import {
  MEASUREMENT_ITEMS,
  type MeasurementItem,
  readingUnitCode,
  toStorageValue,
  UA_UMOL_PER_MGDL,
} from '../clinical/classification';
import type { LengthLimit } from '../constants';
import { MGDL_PER_MMOL, roundDecimal } from '../helpers/glucose';
import type { MessageKey } from '../i18n/messages';
import { type EnteredValue, formatReadingValue } from '../review/display';
import {
  isBlank,
  lengthIn,
  optionalText,
  requiredEnum,
  requiredId,
  requiredText,
  requiredVersion,
  systemClock,
} from '../rules/common';
import {
  GLUCOSE_LIMITS,
  GLUCOSE_OTHER_REASON,
  glucoseTestTimeSchemaAt,
  resultOrReasonIssue,
} from '../rules/glucose';
import { WINDOW_REASON_LIMIT } from './timing';

/** Untested reason codes the rules know by name (dictionary `untestedReason`). */
export const UNTESTED_REASONS = {
  /** measurable range exceeded: what a meter's LO or HI is recorded as */
  outOfRange: 'outOfRange',
  /** the patient refused; may carry a `refusalReason` code */
  refused: 'refused',
  other: GLUCOSE_OTHER_REASON,
} as const;

/** Dictionary types of the reasons. */
export const UNTESTED_REASON_DICT = 'untestedReason';
export const REFUSAL_REASON_DICT = 'refusalReason';
/**
 * Dictionary of rejection reasons (§3 Glucose record "rejection reason"; seeded: patient not on the
 * ward, away for an examination, discharged, other): why a planned measurement was not carried out at
 * all, where an untested reason says why a measurement that was attempted gave no number.
 */
export const REJECT_REASON_DICT = 'rejectReason';

/** Unit codes an item's result may be entered in (the storage unit first). */
export const MEASUREMENT_UNITS = {
  GLU: ['mmolL', 'mgDl'],
  KET: ['mmolL'],
  UA: ['umolL', 'mgDl'],
} as const satisfies Record<MeasurementItem, readonly string[]>;
export type MeasurementUnitCode = 'mmolL' | 'mgDl' | 'umolL';

/** How a unit code is written for people. */
export const MEASUREMENT_UNIT_NAMES: Record<MeasurementUnitCode, string> = {
  mmolL: 'mmol/L',
  mgDl: 'mg/dL',
  umolL: 'µmol/L',
};

/**
 * Values a meter can report, per item and entered unit (inclusive). Outside them a meter shows LO or HI
 * and the reading is recorded as untested ("measurable range exceeded"), never as a number: GLU
 * 0.6-33.3 mmol/L (10-600 mg/dL, the usual bedside meter range), KET 0.0-8.0 mmol/L, UA 119-1190 µmol/L
 * (2-20 mg/dL).
 */
export const MEASURABLE_RANGES: Record<MeasurementItem, Partial<Record<MeasurementUnitCode, LengthLimit>>> = {
  GLU: { mmolL: { min: 0.6, max: 33.3 }, mgDl: { min: 10, max: 600 } },
  KET: { mmolL: { min: 0, max: 8 } },
  UA: { umolL: { min: 119, max: 1190 }, mgDl: { min: 2, max: 20 } },
};

const RANGE_MESSAGES: Record<string, MessageKey> = {
  'GLU.mmolL': 'measurements.result.rangeGluMmol',
  'GLU.mgDl': 'measurements.result.rangeGluMgdl',
  'KET.mmolL': 'measurements.result.rangeKet',
  'UA.umolL': 'measurements.result.rangeUaUmol',
  'UA.mgDl': 'measurements.result.rangeUaMgdl',
};

/** Limits of the free texts; the note and the "Other" text are those of the glucose entry. */
export const MEASUREMENT_LIMITS = {
  note: GLUCOSE_LIMITS.note,
  causeText: GLUCOSE_LIMITS.reasonText,
  /** reason of a correction or deletion */
  reason: { min: 2, max: 200 },
  resultDecimals: 2,
  /** readings saved at once by one entry request */
  entries: 50,
  /** records of one meter or HIS upload */
  upload: 1000,
} as const;

/**
 * The unit code an item's result in `unit` is entered in: a code (`mmolL`, `mgDl`, `umolL`) or a
 * name (`mmol/L`, `mg/dL`, `µmol/L`, `umol/L`, any case); null when the item does not take it.
 */
export function measurementUnitCode(
  item: MeasurementItem,
  unit: string | null | undefined,
): MeasurementUnitCode | null {
  const code = readingUnitCode(unit);
  return code && (MEASUREMENT_UNITS[item] as readonly string[]).includes(code) ? code : null;
}

/** The meter range of an item in a unit (null when the item does not take the unit). */
export function measurableRange(item: MeasurementItem, unit: string | null | undefined): LengthLimit | null {
  const code = measurementUnitCode(item, unit);
  return code ? (MEASURABLE_RANGES[item][code] ?? null) : null;
}

/** What is wrong with a result in a unit: the unit, the decimals, the range (null: fine). */
export function resultIssue(
  item: MeasurementItem,
  value: number,
  unit: string | null | undefined,
): { message: MessageKey; range?: LengthLimit } | null {
  const code = measurementUnitCode(item, unit);
  if (!code) return { message: 'measurements.unit.invalid' };
  if (!Number.isFinite(value) || Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) {
    return { message: 'measurements.result.decimals' };
  }
  const range = MEASURABLE_RANGES[item][code];
  if (range && (value < range.min || value > range.max)) {
    return { message: RANGE_MESSAGES[`${item}.${code}`] ?? 'measurements.unit.invalid', range };
  }
  return null;
}

/** A result converted to the item's storage unit (null when the unit does not fit the item). */
export function storedValueOf(item: MeasurementItem, value: number, unit: string | null | undefined) {
  const code = measurementUnitCode(item, unit);
  return code ? toStorageValue(item, value, code) : null;
}

/** The lists and times the context-dependent checks use; a missing list is not checked. */
export interface EntryContext {
  /** "now" of the check (the request's clock); default: the system clock at every check */
  now?: () => Date;
  /** the current admission: the test time cannot be before it */
  admittedAt?: Date | string | null;
  /** a discharge of the stay: the test time cannot be after it */
  dischargedAt?: Date | string | null;
  /** enabled glucose period codes */
  periods?: readonly string[];
  /** enabled untested reason codes (dictionary `untestedReason`) */
  untestedReasons?: readonly string[];
  /** enabled refusal reason codes (dictionary `refusalReason`) */
  refusalReasons?: readonly string[];
  /** enabled rejection reason codes (dictionary `rejectReason`) */
  rejectReasons?: readonly string[];
}

const millis = (at: Date | string) => (typeof at === 'string' ? Date.parse(at) : at.getTime());

/**
 * A test time outside the patient's stay: before the admission or after a discharge. The entry schemas
 * check it with the form; the server's reading write path checks every source with it (an upload names
 * its patient only by wristband or inpatient number).
 */
export function stayIssue(
  at: Date | string,
  stay: Pick<EntryContext, 'admittedAt' | 'dischargedAt'>,
): MessageKey | null {
  const time = millis(at);
  // Forms pick whole minutes: a reading taken in the admission's own minute (a patient registered at
  // 19:27:30 and tested at once, entered as 19:27) lies within the stay.
  if (stay.admittedAt && time < Math.floor(millis(stay.admittedAt) / 60_000) * 60_000)
    return 'measurements.testTime.beforeAdmission';
  if (stay.dischargedAt && time > millis(stay.dischargedAt)) return 'measurements.testTime.afterDischarge';
  return null;
}

function testTimeSchema(context: EntryContext) {
  return glucoseTestTimeSchemaAt(context.now ?? systemClock).check((ctx) => {
    const issue = stayIssue(ctx.value, context);
    if (issue) ctx.issues.push({ code: 'custom', input: ctx.value, message: issue });
  });
}

function codeIn(list: readonly string[] | undefined, key: MessageKey) {
  return optionalText()
    .check((ctx) => {
      if (ctx.value !== '' && list && !list.includes(ctx.value)) {
        ctx.issues.push({ code: 'custom', input: ctx.value, message: key });
      }
    })
    .nullish();
}

/** The value fields of a reading (entry and correction alike). */
function valueFields(context: EntryContext) {
  return {
    period: codeIn(context.periods, 'measurements.period.unknown'),
    testTime: testTimeSchema(context),
    result: z.number().nullish(),
    unit: optionalText().nullish(),
    cause: codeIn(context.untestedReasons, 'measurements.cause.unknown'),
    causeText: optionalText().check(lengthIn(MEASUREMENT_LIMITS.causeText, 'validation.tooLong')).nullish(),
    refusalReason: codeIn(context.refusalReasons, 'measurements.refusalReason.unknown'),
    rejectReason: codeIn(context.rejectReasons, 'measurements.rejectReason.unknown'),
    remark: optionalText().check(lengthIn(MEASUREMENT_LIMITS.note, 'validation.tooLong')).nullish(),
    testerId: requiredId('measurements.tester.unknown').nullish(),
    /** why a test time outside its period's window is right (`timing.ts`); needed only then */
    windowReason: optionalText()
      .check(lengthIn(WINDOW_REASON_LIMIT, 'measurements.windowReason.length'))
      .nullish(),
  };
}

/** The values of one reading that the cross-field rules read. */
export interface ReadingValues {
  category: MeasurementItem;
  period?: string | null;
  result?: number | null;
  unit?: string | null;
  cause?: string | null;
  causeText?: string | null;
  refusalReason?: string | null;
  rejectReason?: string | null;
}

type Issue = { path: string; message: MessageKey; range?: LengthLimit };

/**
 * The cross-field rules of a reading: period required for glucose; exactly one of a result, an
 * untested reason or a rejection reason (§5 Glucose "Result or rejection reason required"; "Other" of
 * either needs its text); a refusal reason only with "refused"; a result in a unit the item takes, with
 * at most 2 decimals, within the meter range.
 */
export function readingIssues(values: ReadingValues): Issue[] {
  const issues: Issue[] = [];
  if (values.category === 'GLU' && isBlank(values.period)) {
    issues.push({ path: 'period', message: 'glucose.period.required' });
  }
  const hasResult = values.result !== null && values.result !== undefined;
  const rejected = !isBlank(values.rejectReason);
  if (rejected && !isBlank(values.cause)) {
    issues.push({ path: 'rejectReason', message: 'measurements.rejectReason.exclusive' });
    return issues;
  }
  const either = resultOrReasonIssue({
    result: values.result,
    reasonCode: rejected ? values.rejectReason : values.cause,
    reasonText: values.causeText,
  });
  if (either) {
    issues.push({
      path: { result: 'result', reason: rejected ? 'rejectReason' : 'cause', reasonText: 'causeText' }[
        either.part
      ],
      ...either,
    });
  } else if (hasResult && !isBlank(values.causeText)) {
    issues.push({ path: 'causeText', message: 'glucose.result.exclusive' });
  }
  if (!isBlank(values.refusalReason) && values.cause !== UNTESTED_REASONS.refused) {
    issues.push({ path: 'refusalReason', message: 'measurements.refusalReason.onlyRefused' });
  }
  // without a unit the hospital's display unit applies: the server fills it in before checking
  if (hasResult && !isBlank(values.unit)) {
    const problem = resultIssue(values.category, values.result as number, values.unit);
    if (problem)
      issues.push({ path: problem.message === 'measurements.unit.invalid' ? 'unit' : 'result', ...problem });
  }
  return issues;
}

function addIssues(ctx: z.core.$RefinementCtx, issues: Issue[], prefix: (string | number)[] = []) {
  for (const issue of issues) {
    const bounds = issue.range
      ? { minimum: issue.range.min, maximum: issue.range.max, origin: 'number', inclusive: true }
      : {};
    ctx.addIssue({ code: 'custom', path: [...prefix, issue.path], message: issue.message, ...bounds });
  }
}

const fieldsOk = (fields: string[]) => ({
  when: (payload: z.core.ParsePayload) =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => typeof issue.path?.[0] === 'string' && fields.includes(issue.path[0])),
});
const CROSS_FIELDS = [
  'category',
  'period',
  'result',
  'unit',
  'cause',
  'causeText',
  'refusalReason',
  'rejectReason',
];

const categorySchema = requiredEnum(
  MEASUREMENT_ITEMS,
  'measurements.category.required',
  'measurements.category.invalid',
);

/** One reading as the entry form and `POST /v1/testRecord/customerRecord` take it. */
export function measurementEntrySchemaFor(context: EntryContext = {}) {
  return z
    .strictObject({
      category: categorySchema,
      patientId: requiredId('measurements.patient.required'),
      ...valueFields(context),
    })
    .superRefine((entry, ctx) => addIssues(ctx, readingIssues(entry)), fieldsOk(CROSS_FIELDS));
}
/** {@link measurementEntrySchemaFor} without the hospital's lists (the route's shape check). */
export const measurementEntrySchema = measurementEntrySchemaFor();
export type MeasurementEntry = z.infer<typeof measurementEntrySchema>;

/** A day's readings of one patient at once (`POST /v1/testRecord/customerRecords`). */
export function measurementEntriesSchemaFor(context: EntryContext = {}) {
  const row = z
    .strictObject({ category: categorySchema, ...valueFields(context) })
    .superRefine((entry, ctx) => addIssues(ctx, readingIssues(entry)), fieldsOk(CROSS_FIELDS));
  return z
    .strictObject({
      patientId: requiredId('measurements.patient.required'),
      records: z
        .array(row, {
          error: (issue) => (isBlank(issue.input) ? 'measurements.records.required' : undefined),
        })
        .min(1, { error: 'measurements.records.required' })
        .max(MEASUREMENT_LIMITS.entries, { error: 'measurements.records.max' }),
    })
    .superRefine((body, ctx) => {
      // §5 "Measurement times cannot repeat": the same instant twice for one item is flagged on the later row
      const seen = new Set<string>();
      body.records.forEach((record, index) => {
        const key = `${record.category}|${Date.parse(record.testTime)}`;
        if (seen.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: ['records', index, 'testTime'],
            message: 'glucose.testTime.duplicate',
          });
        }
        seen.add(key);
      });
    });
}
export const measurementEntriesSchema = measurementEntriesSchemaFor();
export type MeasurementEntries = z.infer<typeof measurementEntriesSchema>;

/** Reason of a correction or deletion: required, 2-200 characters. */
export const measurementChangeReasonSchema = requiredText('measurements.reason.required').check(
  lengthIn(MEASUREMENT_LIMITS.reason, 'measurements.reason.length'),
);
const versionSchema = requiredVersion('measurements.version.required');

/** Field checks of a correction; a field left out keeps its value, null clears it. */
function correctionFields(context: EntryContext) {
  const { testTime, ...rest } = valueFields(context);
  return { ...rest, testTime: testTime.optional() };
}

/**
 * `PUT /v1/testRecord` (and the data-management variant): the record, its current version, the
 * reason (2-200) and the fields that change. The cross-field rules run on the corrected record
 * ({@link measurementCorrectionSchemaFor} after merging with the stored values).
 */
export const measurementCorrectionSchema = z.strictObject({
  id: requiredId('validation.positiveInteger'),
  version: versionSchema,
  reason: measurementChangeReasonSchema,
  ...correctionFields({}),
});
export type MeasurementCorrection = z.infer<typeof measurementCorrectionSchema>;

/** The corrected record as a whole, with the hospital's lists: what the server checks after merging. */
export function measurementCorrectionSchemaFor(context: EntryContext) {
  return z
    .object({ category: categorySchema, ...valueFields(context) })
    .superRefine((entry, ctx) => addIssues(ctx, readingIssues(entry)), fieldsOk(CROSS_FIELDS));
}

/** `PUT /v1/testRecord/changeStatus`: soft delete (`isActive: false`) or restore, with a reason. */
export const measurementStatusSchema = z.strictObject({
  recordId: requiredId('validation.positiveInteger'),
  isActive: z.boolean(),
  reason: measurementChangeReasonSchema,
  version: versionSchema,
});
export type MeasurementStatusInput = z.infer<typeof measurementStatusSchema>;

/** Decimals a reading is shown with in a unit (the item display units' precision). */
export function readingPrecision(item: MeasurementItem, unit: string | null | undefined): number {
  const code = measurementUnitCode(item, unit);
  if (item === 'GLU') return code === 'mgDl' ? 0 : 1;
  if (item === 'KET') return 2;
  return code === 'mgDl' ? 1 : 0;
}

/**
 * A stored value (storage unit) in a display unit, rounded to the unit's precision: GLU mmol/L × 18 for
 * mg/dL, UA µmol/L ÷ {@link UA_UMOL_PER_MGDL} for mg/dL. Null for a unit the item does not take.
 */
export function fromStorageValue(
  item: MeasurementItem,
  value: number,
  unit: string | null | undefined,
): number | null {
  const code = measurementUnitCode(item, unit);
  if (!code || !Number.isFinite(value)) return null;
  const converted =
    code === 'mgDl' ? (item === 'GLU' ? value * MGDL_PER_MMOL : value / UA_UMOL_PER_MGDL) : value;
  return roundDecimal(converted, readingPrecision(item, code));
}

/**
 * A stored value as text in a display unit ('' when it cannot be shown); with `entered`, what was entered
 * is shown exactly when it was entered in that unit (see `formatReadingValue`, the one formatter).
 */
export function formatReading(
  item: MeasurementItem,
  value: number | null | undefined,
  unit: string | null | undefined,
  entered?: EnteredValue,
) {
  const code = measurementUnitCode(item, unit);
  return code ? formatReadingValue(item, value, code, entered) : '';
}
