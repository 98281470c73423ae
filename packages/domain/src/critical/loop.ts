/**
 * The closed loop of a critical value (issue 15): measured → notified → acknowledged → handled →
 * rechecked, each step timestamped. This file holds the hospital's loop settings (recheck intervals,
 * escalation, the handling target) and the rules that follow from them; the server applies them in the
 * one reading write path.
 *
 * Defaults and their sources:
 * - Recheck of a hypoglycaemia after 15 minutes: the "15-15 rule" (treat with 15 g of fast-acting
 *   carbohydrate, recheck in 15 minutes) of the ADA Standards of Care in Diabetes—2025, section 6
 *   "Glycemic Goals and Hypoglycemia", and of the JBDS-IP guideline "The hospital management of
 *   hypoglycaemia in adults with diabetes mellitus" (2021: recheck capillary glucose after 10-15 min).
 * - Hyperglycaemia and ketones: no single published interval; JBDS-IP "The management of diabetic
 *   ketoacidosis in adults" (2023) monitors capillary glucose and ketones hourly, which is the default
 *   here (60 minutes). Hospitals set their own.
 * - Handling target of 15 minutes: CAP/JCI practice of reporting critical results "within a defined
 *   time"; 15 minutes is the hospital's own choice, changeable.
 */
import { z } from 'zod';
import type { Classification } from '../clinical/classification';
import { wholeNumberIn } from '../hospital-settings/strategy';
import { lengthIn, requiredId, requiredText, requiredVersion } from '../rules/common';
import { criticalActionSchema, criticalNotifiedPersonSchema } from './handling';

export const CRITICAL_LOOP_LIMITS = {
  minutes: { min: 1, max: 1440 },
} as const;

export const criticalLoopSchema = z.strictObject({
  /** glucose below the critical low limit: recheck after (minutes) */
  recheckLowMinutes: wholeNumberIn(CRITICAL_LOOP_LIMITS.minutes, 'settings.monitor.minutes'),
  /** glucose above the critical high limit */
  recheckHighMinutes: wholeNumberIn(CRITICAL_LOOP_LIMITS.minutes, 'settings.monitor.minutes'),
  /** ketone or uric acid critical (either direction) */
  recheckOtherMinutes: wholeNumberIn(CRITICAL_LOOP_LIMITS.minutes, 'settings.monitor.minutes'),
  /** an unacknowledged value or an overdue recheck escalates to the doctor and the head nurse after */
  escalateAfterMinutes: wholeNumberIn(CRITICAL_LOOP_LIMITS.minutes, 'settings.monitor.minutes'),
  /** the share of values handled within this many minutes of measurement is the ward's figure */
  targetMinutes: wholeNumberIn(CRITICAL_LOOP_LIMITS.minutes, 'settings.monitor.minutes'),
});
export type CriticalLoopSettings = z.infer<typeof criticalLoopSchema>;

export const DEFAULT_CRITICAL_LOOP: CriticalLoopSettings = {
  recheckLowMinutes: 15,
  recheckHighMinutes: 60,
  recheckOtherMinutes: 60,
  escalateAfterMinutes: 15,
  targetMinutes: 15,
};

/** Minutes after the measurement at which a critical value's recheck is due. */
export function recheckMinutes(
  item: string,
  classification: Classification | string,
  settings: CriticalLoopSettings,
): number {
  if (item !== 'GLU') return settings.recheckOtherMinutes;
  return classification === 'criticalLow' ? settings.recheckLowMinutes : settings.recheckHighMinutes;
}

/** When the recheck of a value measured at `measuredAt` is due. */
export function recheckDueAt(
  item: string,
  classification: Classification | string,
  measuredAt: Date,
  settings: CriticalLoopSettings,
): Date {
  return new Date(measuredAt.getTime() + recheckMinutes(item, classification, settings) * 60_000);
}

/** The steps of the loop, in order; each is a timestamp of the event (null until it happened). */
export const CRITICAL_LOOP_STEPS = ['notified', 'acknowledged', 'handled', 'rechecked'] as const;
export type CriticalLoopStep = (typeof CRITICAL_LOOP_STEPS)[number];

/** What a critical value still waits for, for the bed card, the task list and the escalation. */
export interface CriticalLoopState {
  /** the loop is closed: handled, and rechecked or a reason given why not */
  closed: boolean;
  /** the recheck is past due and not recorded */
  recheckOverdue: boolean;
  /** nobody acknowledged it and it is older than the escalation time */
  unacknowledgedTooLong: boolean;
}

export interface CriticalLoopTimes {
  measuredAt: Date;
  acknowledgedAt: Date | null;
  handledAt: Date | null;
  recheckDueAt: Date | null;
  recheckedAt: Date | null;
  recheckSkippedReason: string | null;
}

export function criticalLoopState(
  event: CriticalLoopTimes,
  settings: CriticalLoopSettings,
  now: Date,
): CriticalLoopState {
  const rechecked = event.recheckedAt !== null || !!event.recheckSkippedReason;
  const escalateAt = event.measuredAt.getTime() + settings.escalateAfterMinutes * 60_000;
  return {
    closed: event.handledAt !== null && rechecked,
    recheckOverdue:
      !rechecked &&
      event.recheckDueAt !== null &&
      event.recheckDueAt.getTime() + settings.escalateAfterMinutes * 60_000 <= now.getTime(),
    unacknowledgedTooLong:
      event.acknowledgedAt === null && event.handledAt === null && escalateAt <= now.getTime(),
  };
}

/** The entry dialog (POST /v1/crisisPatient/notify): whom the nurse told, and what was done at once. */
export const criticalNotifySchema = z.strictObject({
  id: requiredId('critical.id.required'),
  version: requiredVersion('critical.version.required'),
  notifiedPerson: criticalNotifiedPersonSchema,
  /** the user told (the patient's doctor preselected), when that person is a user of the system */
  notifiedUserId: requiredId('critical.notifiedUser.unknown').nullish(),
  action: criticalActionSchema,
});
export type CriticalNotifyInput = z.infer<typeof criticalNotifySchema>;

/** The doctor's read receipt (POST /v1/crisisPatient/acknowledge). */
export const criticalAcknowledgeSchema = z.strictObject({
  id: requiredId('critical.id.required'),
  version: requiredVersion('critical.version.required'),
});
export type CriticalAcknowledgeInput = z.infer<typeof criticalAcknowledgeSchema>;

export const RECHECK_SKIP_REASON_LIMIT = { min: 2, max: 200 } as const;

/** Why no recheck will be taken (POST /v1/crisisPatient/skipRecheck): it closes the loop instead. */
export const criticalSkipRecheckSchema = z.strictObject({
  id: requiredId('critical.id.required'),
  version: requiredVersion('critical.version.required'),
  reason: requiredText('critical.recheckSkip.required').check(
    lengthIn(RECHECK_SKIP_REASON_LIMIT, 'critical.recheckSkip.length'),
  ),
});
export type CriticalSkipRecheckInput = z.infer<typeof criticalSkipRecheckSchema>;
