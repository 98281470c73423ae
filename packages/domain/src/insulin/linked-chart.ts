/**
 * The glucose–insulin linked chart (issue 16): glucose readings and insulin doses of a patient on one
 * time axis in the hospital's time zone, with the pump basal rate as a step line. This file holds the
 * query of `GET /v1/insulinRecord/linkedChart/{patientId}`, the day choices, how a dose is split into
 * the chart's bar types, and how the basal rate profiles of pump bindings become step segments.
 */
import { z } from 'zod';
import { calendarDate } from '../helpers/zoned-format';
import { addDays, zonedInstant } from '../tasks/day';
import { hundredths } from './entry';

/** The chart's day choices (1, 3, 7 and 14 days ending today), and the default. */
export const LINKED_CHART_DAY_OPTIONS = [1, 3, 7, 14] as const;
export type LinkedChartDays = (typeof LINKED_CHART_DAY_OPTIONS)[number];
export const LINKED_CHART_DEFAULT_DAYS: LinkedChartDays = 3;
/** A chart with a calendar range may span at most this many days (a printed month). */
export const LINKED_CHART_MAX_DAYS = 31;

const ISO_DATE = z.iso.date();

/**
 * The query: `days` (1, 3, 7 or 14, ending today in the hospital's calendar; default 3), or a calendar
 * range `beginDate`–`endDate` (both, start not after end, at most {@link LINKED_CHART_MAX_DAYS} days),
 * which wins over `days`.
 */
export const linkedChartQuerySchema = z
  .object({
    days: z
      .enum(LINKED_CHART_DAY_OPTIONS.map((d) => String(d)) as ['1', '3', '7', '14'], {
        error: 'insulin.chart.days',
      })
      .optional()
      .transform((value) => (value ? (Number(value) as LinkedChartDays) : undefined)),
    beginDate: z.string().max(10).optional(),
    endDate: z.string().max(10).optional(),
  })
  .check((ctx) => {
    const { beginDate, endDate } = ctx.value;
    for (const field of ['beginDate', 'endDate'] as const) {
      const value = ctx.value[field];
      if (value && !ISO_DATE.safeParse(value).success) {
        ctx.issues.push({ code: 'custom', input: value, path: [field], message: 'validation.invalidDate' });
        return;
      }
    }
    if (!beginDate !== !endDate) {
      const field = beginDate ? 'endDate' : 'beginDate';
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        path: [field],
        message: 'insulin.chart.incomplete',
      });
    } else if (beginDate && endDate) {
      if (beginDate > endDate) {
        ctx.issues.push({ code: 'custom', input: ctx.value, path: ['endDate'], message: 'query.dateOrder' });
      } else if (linkedChartSpan(beginDate, endDate) > LINKED_CHART_MAX_DAYS) {
        ctx.issues.push({
          code: 'too_big',
          origin: 'number',
          maximum: LINKED_CHART_MAX_DAYS,
          inclusive: true,
          input: ctx.value,
          path: ['endDate'],
          message: 'insulin.chart.tooLong',
        } as z.core.$ZodRawIssue);
      }
    }
  });
export type LinkedChartQuery = z.infer<typeof linkedChartQuerySchema>;

/** Calendar days from `beginDate` to `endDate`, both included. */
export function linkedChartSpan(beginDate: string, endDate: string): number {
  return (
    Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${beginDate}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/**
 * The days a chart shows: the range asked for, else the last `days` (default 3) ending `today`. Days
 * after today hold nothing yet: a range reaching past today ends today (one entirely in the future is
 * today alone).
 */
export function linkedChartDays(
  query: Partial<LinkedChartQuery>,
  today: string,
): { beginDate: string; endDate: string } {
  if (query.beginDate && query.endDate) {
    const endDate = query.endDate > today ? today : query.endDate;
    return { beginDate: query.beginDate > endDate ? endDate : query.beginDate, endDate };
  }
  const days = query.days ?? LINKED_CHART_DEFAULT_DAYS;
  return { beginDate: addDays(today, 1 - days), endDate: today };
}

/** The bar types of a dose: its parts, and "total" for what the record does not break down. */
export const INSULIN_BAR_TYPES = ['basal', 'bolus', 'correction', 'total'] as const;
export type InsulinBarType = (typeof INSULIN_BAR_TYPES)[number];

/**
 * A dose as stacked bars: basal, bolus and correction as recorded, and the rest of the total dose (a
 * dose recorded without a breakdown, all of it) as "total". Exact in hundredths of an IU.
 */
export function doseBars(dose: {
  dose: number;
  basalDose?: number | null;
  bolusDose?: number | null;
  correctionDose?: number | null;
}): Record<InsulinBarType, number> {
  const basal = hundredths(dose.basalDose ?? 0);
  const bolus = hundredths(dose.bolusDose ?? 0);
  const correction = hundredths(dose.correctionDose ?? 0);
  const rest = Math.max(0, hundredths(dose.dose) - basal - bolus - correction);
  return { basal: basal / 100, bolus: bolus / 100, correction: correction / 100, total: rest / 100 };
}

/** One segment of a basal rate profile: from `start` (HH:mm, hospital clock) until the next one. */
export interface BasalProfileSegment {
  start: string;
  rate: number;
}

/** A basal profile in effect from `from` until `until` (epoch ms; null: still in effect). */
export interface BasalProfileWindow {
  from: number;
  until: number | null;
  segments: readonly BasalProfileSegment[];
}

/** A step of the basal line: `rate` IU/h from `from` to `to` (epoch ms). */
export interface BasalStep {
  from: number;
  to: number;
  rate: number;
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/**
 * The basal rate as steps over [rangeFrom, rangeTo): each profile's segments laid on every hospital
 * day of its window (a segment runs until the next segment's start; the last until the first one's
 * start the day after), clipped to the profile's window and to the range; contiguous steps of the same
 * rate merged. Where no profile is in effect (no pump worn) there is no step.
 */
export function basalSteps(
  profiles: readonly BasalProfileWindow[],
  rangeFrom: number,
  rangeTo: number,
  timeZone: string,
): BasalStep[] {
  const steps: BasalStep[] = [];
  const sorted = [...profiles].sort((a, b) => a.from - b.from);
  for (const profile of sorted) {
    const from = Math.max(profile.from, rangeFrom);
    const to = Math.min(profile.until ?? rangeTo, rangeTo);
    if (from >= to || !profile.segments.length) continue;
    const segments = [...profile.segments]
      .map((s) => ({ minutes: minutesOf(s.start), rate: s.rate }))
      .sort((a, b) => a.minutes - b.minutes);
    const lastDay = calendarDate(to, timeZone);
    // from the day before: its last segment runs into the first day
    let day = calendarDate(zonedMidnight(calendarDate(from, timeZone), timeZone) - 6 * HOUR_MS, timeZone);
    while (day <= lastDay) {
      const next = nextDay(day, timeZone);
      segments.forEach((segment, index) => {
        const following = segments[index + 1];
        const start = timeOfDay(day, next, segment.minutes, timeZone);
        const end = following
          ? timeOfDay(day, next, following.minutes, timeZone)
          : timeOfDay(next, nextDay(next, timeZone), segments[0]!.minutes, timeZone);
        const a = Math.max(start, from);
        const b = Math.min(end, to);
        if (a < b) push(steps, { from: a, to: b, rate: segment.rate });
      });
      day = next;
    }
  }
  return steps;
}

/** Midnights already worked out, per zone and day (bounded, then started afresh). */
const midnights = new Map<string, number>();
const MIDNIGHT_CACHE_LIMIT = 20_000;

/**
 * The instant (epoch ms) a hospital day begins: `zonedInstant(day, 0)`, kept — a formatter call costs
 * about 0.1 ms and every chart of the same days asks for the same midnights.
 */
export function zonedMidnight(day: string, timeZone: string): number {
  const key = `${timeZone}|${day}`;
  let ms = midnights.get(key);
  if (ms === undefined) {
    if (midnights.size >= MIDNIGHT_CACHE_LIMIT) midnights.clear();
    ms = zonedInstant(day, 0, timeZone).getTime();
    midnights.set(key, ms);
  }
  return ms;
}

const HOUR_MS = 3_600_000;

/** The day after `day` (30 h after its midnight is always in the next day: days last 23-25 h). */
function nextDay(day: string, timeZone: string): string {
  return calendarDate(zonedMidnight(day, timeZone) + 30 * HOUR_MS, timeZone);
}

/**
 * `zonedInstant(day, minutes)` in epoch ms, fast: on a day of 24 hours (no clock change) it is the
 * day's midnight plus the minutes; on a day the clocks change, `zonedInstant` answers.
 */
function timeOfDay(day: string, next: string, minutes: number, timeZone: string): number {
  const start = zonedMidnight(day, timeZone);
  return zonedMidnight(next, timeZone) - start === 24 * HOUR_MS
    ? start + minutes * 60_000
    : zonedInstant(day, minutes, timeZone).getTime();
}

function push(steps: BasalStep[], step: BasalStep) {
  const last = steps[steps.length - 1];
  if (last && last.to === step.from && last.rate === step.rate) last.to = step.to;
  else steps.push(step);
}
