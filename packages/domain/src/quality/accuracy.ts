import { z } from 'zod';
import { roundDecimal } from '../helpers/round';
import { qcDepartment, qcMonth, qcSn } from './statistics';

/**
 * Meter accuracy against the laboratory (issue 19 "Accuracy against the lab"), by the system accuracy
 * criterion of ISO 15197:2013 §6.3.3 ("In vitro diagnostic test systems — Requirements for blood-glucose
 * monitoring systems for self-testing in managing diabetes mellitus"): a meter result is within limits
 * when it lies within ±15 mg/dL (±0.83 mmol/L) of the reference below 100 mg/dL (5.55 mmol/L), and
 * within ±15 % of the reference at or above it. Both limits are inclusive. The standard asks that 95 %
 * of results lie within these limits (and 99 % within zones A and B of the Parkes consensus error grid —
 * the error grid is not worked out here). Values in mmol/L (the storage unit); the differences are
 * compared after rounding to 6 decimals so that 5.00 vs 5.83 (0.8300000000000001 in binary) is within.
 */
export const ISO_15197_LOW_REFERENCE = 5.55;
export const ISO_15197_ABSOLUTE_LIMIT = 0.83;
export const ISO_15197_PERCENT_LIMIT = 15;
/** the share of results within limits the standard requires (%) */
export const ISO_15197_REQUIRED_SHARE = 95;

/** Laboratory item codes of a venous or plasma glucose (`lab_results.item_code`). */
export const LAB_GLUCOSE_ITEM_CODES = ['GLU', 'GLU_LAB', 'PGLU'] as const;
/** A meter reading and a lab result are paired when taken at most this many minutes apart. */
export const ACCURACY_PAIR_MINUTES = 15;

/** Whether a meter result (mmol/L) is within the ISO 15197:2013 limits of the reference (mmol/L). */
export function withinIsoLimits(meter: number, reference: number): boolean {
  const difference = Math.abs(roundDecimal(meter - reference, 6));
  if (reference < ISO_15197_LOW_REFERENCE) return difference <= ISO_15197_ABSOLUTE_LIMIT;
  return roundDecimal((difference / reference) * 100, 6) <= ISO_15197_PERCENT_LIMIT;
}

/** The limits around a reference: [low, high] mmol/L. */
export function isoLimits(reference: number): [number, number] {
  const half =
    reference < ISO_15197_LOW_REFERENCE
      ? ISO_15197_ABSOLUTE_LIMIT
      : (reference * ISO_15197_PERCENT_LIMIT) / 100;
  return [roundDecimal(reference - half, 6), roundDecimal(reference + half, 6)];
}

export interface AccuracyPair {
  meter: number;
  reference: number;
}
export interface AccuracySummary {
  pairs: number;
  within: number;
  /** within / pairs × 100, 2 decimals (null without pairs) */
  withinShare: number | null;
  /** whether the share reaches the standard's 95 % (null without pairs) */
  meetsIso: boolean | null;
  /** mean of meter − reference, mmol/L, 3 decimals (null without pairs) */
  meanBias: number | null;
  /** mean of (meter − reference) / reference × 100, 2 decimals */
  meanBiasPercent: number | null;
}

/** The share within limits and the mean bias of a meter's pairs. */
export function accuracySummary(pairs: readonly AccuracyPair[]): AccuracySummary {
  if (!pairs.length)
    return { pairs: 0, within: 0, withinShare: null, meetsIso: null, meanBias: null, meanBiasPercent: null };
  let within = 0;
  let bias = 0;
  let relative = 0;
  for (const pair of pairs) {
    if (withinIsoLimits(pair.meter, pair.reference)) within += 1;
    bias += pair.meter - pair.reference;
    relative += ((pair.meter - pair.reference) / pair.reference) * 100;
  }
  const share = (within / pairs.length) * 100;
  return {
    pairs: pairs.length,
    within,
    withinShare: roundDecimal(share, 2),
    meetsIso: share >= ISO_15197_REQUIRED_SHARE,
    meanBias: roundDecimal(bias / pairs.length, 3),
    meanBiasPercent: roundDecimal(relative / pairs.length, 2),
  };
}

/** GET /v1/deviceQc/accuracy: the hospital month, department and meter SN. */
export const qcAccuracyQuerySchema = z.strictObject({
  month: qcMonth(),
  departmentCode: qcDepartment(),
  sn: qcSn(),
});
export type QcAccuracyQuery = z.infer<typeof qcAccuracyQuerySchema>;
