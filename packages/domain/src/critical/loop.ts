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
import { percentiles } from '../analytics/stats';
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

// ---------------------------------------------------------------- the loop report

/** One critical value as the loop report reads it: its timestamps. */
export interface LoopTimes {
  measuredAt: Date;
  notifiedAt: Date | null;
  acknowledgedAt: Date | null;
  handledAt: Date | null;
  recheckedAt: Date | null;
}

/** How long one step took over the values that reached it: how many, median and 90th percentile (minutes). */
export interface LoopStepFigures {
  count: number;
  median: number | null;
  p90: number | null;
}

export interface LoopFigures {
  /** critical values measured in the period (void ones never count) */
  count: number;
  steps: Record<CriticalLoopStep, LoopStepFigures>;
  /** values handled within the target minutes of their measurement */
  handledWithinTarget: number;
  /** that count over all values of the period (an unhandled value is not within), 0-1; null without values */
  handledWithinTargetShare: number | null;
}

const minutesAfter = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 60_000;

/**
 * The figures of a ward's month (issue 15 "a report per ward and month shows counts, median and
 * 90th-percentile times of each step and the share handled within the hospital's target"). Each step's
 * time runs from the measurement, so the steps read as a timeline (how long after the value the doctor
 * knew, it was handled, it was rechecked). Median and 90th percentile are Hyndman & Fan type 7
 * (`percentiles` of analytics/stats.ts) over the values that reached the step; minutes to one decimal are
 * left to the display. The share's denominator is every value of the period, so that a value never
 * handled counts against the ward rather than vanishing from the figure.
 */
export function loopFigures(events: readonly LoopTimes[], targetMinutes: number): LoopFigures {
  const step = (at: (event: LoopTimes) => Date | null): LoopStepFigures => {
    const minutes = events.flatMap((event) => {
      const when = at(event);
      return when ? [Math.max(0, minutesAfter(event.measuredAt, when))] : [];
    });
    const [median, p90] = percentiles(minutes, [50, 90]);
    return { count: minutes.length, median: median ?? null, p90: p90 ?? null };
  };
  const handledWithinTarget = events.filter(
    (event) => event.handledAt && minutesAfter(event.measuredAt, event.handledAt) <= targetMinutes,
  ).length;
  return {
    count: events.length,
    steps: {
      notified: step((event) => event.notifiedAt),
      acknowledged: step((event) => event.acknowledgedAt),
      handled: step((event) => event.handledAt),
      rechecked: step((event) => event.recheckedAt),
    },
    handledWithinTarget,
    handledWithinTargetShare: events.length ? handledWithinTarget / events.length : null,
  };
}

/** GET /v1/crisisPatient/loopReport: a month (YYYY-MM, the hospital's calendar) and optionally one ward. */
export const criticalLoopReportQuerySchema = z.strictObject({
  month: requiredText('critical.loopReport.monthRequired').check((ctx) => {
    const match = /^(\d{4})-(\d{2})$/.exec(ctx.value);
    if (!match || Number(match[2]) < 1 || Number(match[2]) > 12 || Number(match[1]) < 2000) {
      ctx.issues.push({ code: 'custom', input: ctx.value, message: 'critical.loopReport.monthInvalid' });
    }
  }),
  departmentCode: z.string().trim().max(64).optional(),
});
export type CriticalLoopReportQuery = z.infer<typeof criticalLoopReportQuerySchema>;
