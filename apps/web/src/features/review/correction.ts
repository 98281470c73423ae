import type { DisplayUnit } from '@glucocare/domain/hospital-settings';
import { formatReadingValue } from '@glucocare/domain/review';
import type { Dayjs } from 'dayjs';
import type { ReadingInput } from '../../api/measurements';
import type { ReviewRecord } from '../../api/review';
import { fromPicker, toPicker } from '../../components/format';

/** The body of a correction: the record, its version, the reason and the changed fields. */
export type DataCorrection = ReadingInput & { id: number; version: number; reason: string };

/** What the correction form holds: a result in the display unit, or the reason it was not tested. */
export interface CorrectionValues {
  mode: 'result' | 'untested' | 'rejected';
  result?: number | null;
  cause?: string | null;
  causeText?: string | null;
  refusalReason?: string | null;
  rejectReason?: string | null;
  period?: string | null;
  testTime?: Dayjs | null;
  remark?: string | null;
  reason?: string;
}

/** A reading's value as the display unit shows it (the number the form starts from). */
export function shownResult(
  reading: Pick<ReviewRecord, 'item' | 'testValue' | 'enteredValue' | 'enteredUnit'>,
  unit: DisplayUnit,
): number | null {
  if (reading.testValue === null) return null;
  return Number(formatReadingValue(reading.item, reading.testValue, unit.code, reading));
}

/** The form's starting values for a reading. */
export function correctionValuesOf(reading: ReviewRecord, unit: DisplayUnit): CorrectionValues {
  return {
    mode: reading.rejectReason ? 'rejected' : reading.testValue === null ? 'untested' : 'result',
    result: shownResult(reading, unit),
    cause: reading.untestedReason,
    causeText: reading.untestedReasonText,
    refusalReason: reading.refusalReason ?? null,
    rejectReason: reading.rejectReason ?? null,
    period: reading.periodCode,
    testTime: toPicker(reading.testTime),
    remark: reading.note,
    reason: '',
  };
}

const blank = (value: string | null | undefined) => {
  const text = value?.trim();
  return text ? text : null;
};

/**
 * The body of `PUT /v1/testRecord/data`: id, version and reason, plus only what the user changed
 * (a field left out keeps its stored value). A result left as shown is not sent, so a value stored
 * with more precision than the display unit shows is not rounded by a correction of something else.
 * `changed` is false when nothing but the reason was touched.
 */
export function correctionOf(
  reading: ReviewRecord,
  values: CorrectionValues,
  unit: DisplayUnit,
): { correction: DataCorrection; changed: boolean } {
  const correction: DataCorrection = {
    id: reading.id,
    version: reading.version,
    reason: (values.reason ?? '').trim(),
  };
  if (values.mode === 'result') {
    const result = values.result ?? null;
    if (reading.testValue === null || result !== shownResult(reading, unit)) {
      correction.result = result;
      correction.unit = unit.code;
    }
    if (reading.untestedReason) correction.cause = null;
    if (reading.untestedReasonText) correction.causeText = null;
    if (reading.refusalReason) correction.refusalReason = null;
    if (reading.rejectReason) correction.rejectReason = null;
  } else if (values.mode === 'rejected') {
    if (reading.testValue !== null) correction.result = null;
    const rejectReason = blank(values.rejectReason);
    if (rejectReason !== (reading.rejectReason ?? null)) correction.rejectReason = rejectReason;
    if (reading.untestedReason) correction.cause = null;
    if (reading.refusalReason) correction.refusalReason = null;
    const causeText = blank(values.causeText);
    if (causeText !== (reading.untestedReasonText ?? null)) correction.causeText = causeText;
  } else {
    if (reading.rejectReason) correction.rejectReason = null;
    if (reading.testValue !== null) correction.result = null;
    const cause = blank(values.cause);
    if (cause !== reading.untestedReason) correction.cause = cause;
    const causeText = blank(values.causeText);
    if (causeText !== (reading.untestedReasonText ?? null)) correction.causeText = causeText;
    const refusal = blank(values.refusalReason);
    if (refusal !== (reading.refusalReason ?? null)) correction.refusalReason = refusal;
  }
  const period = blank(values.period);
  if (period !== reading.periodCode) correction.period = period;
  if (values.testTime && fromPicker(values.testTime) !== fromPicker(toPicker(reading.testTime))) {
    correction.testTime = fromPicker(values.testTime);
  }
  const remark = blank(values.remark);
  if (remark !== (reading.note ?? null)) correction.remark = remark;
  const changed = Object.keys(correction).some((key) => !['id', 'version', 'reason'].includes(key));
  return { correction, changed };
}
