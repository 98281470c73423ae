import { MEASUREMENT_ITEMS, type MeasurementItem } from '@glucocare/domain/clinical';
import { CRITICAL_STATUSES, type CriticalStatus } from '@glucocare/domain/critical';
import { displayedValueBounds, queryRangeProblem, valueRangeProblem } from '@glucocare/domain/review';
import { minutesBetween } from '@glucocare/domain/tasks';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import type { CriticalEvent, CriticalQueryFilter } from '../../api/critical';
import { hospitalNow, timeInZone } from '../../components/format';
import { dayText, type FilterProblem, type FormDate } from '../review/review-filters';

/** Quick phrases of the "action taken" box, in the order a nurse usually works. */
export const ACTION_PHRASES = [
  'recheck',
  'notifiedDoctor',
  'treatmentGiven',
  'glucoseGiven',
  'insulinGiven',
  'observe',
] as const;
export type ActionPhrase = (typeof ACTION_PHRASES)[number];

/**
 * The action text with a quick phrase added at the end ("; " between phrases, "；" after Chinese
 * text); a phrase already there is not added twice.
 */
export function appendPhrase(text: string | null | undefined, phrase: string): string {
  const current = (text ?? '').trim();
  if (!current) return phrase;
  if (current.includes(phrase)) return current;
  const trimmed = current.replace(/[;；,，。.\s]+$/u, '');
  const separator = /[\u3400-\u9fff]$/u.test(trimmed) ? '；' : '; ';
  return `${trimmed}${separator}${phrase}`;
}

/** "45 min" or "2 h 5 min": a duration in whole minutes as the lists show it. */
export function formatDuration(minutes: number, t: TFunction): string {
  const whole = Math.max(0, Math.floor(minutes));
  if (whole < 60) return t('critical.duration.minutes', { minutes: whole });
  return t('critical.duration.hours', { hours: Math.floor(whole / 60), minutes: whole % 60 });
}

/** Where the recheck of a critical value stands: due in / overdue by whole minutes, or nothing to wait for. */
export type RecheckCountdown = { state: 'due' | 'overdue'; minutes: number } | null;

/**
 * The recheck's countdown at `now`: none once rechecked, given up with a reason, or never scheduled
 * (values opened before the loop existed). "Due in" rounds up, so it reads "due in 1 min" until the
 * minute it is due; "overdue by" counts whole minutes past it.
 */
export function recheckCountdown(
  event: Pick<CriticalEvent, 'recheckDueAt' | 'recheckedAt' | 'recheckSkippedReason'>,
  now: Date,
): RecheckCountdown {
  if (!event.recheckDueAt || event.recheckedAt || event.recheckSkippedReason) return null;
  const ms = Date.parse(event.recheckDueAt) - now.getTime();
  if (ms > 0) return { state: 'due', minutes: Math.ceil(ms / 60_000) };
  return { state: 'overdue', minutes: Math.floor(Math.abs(ms) / 60_000) };
}

/**
 * The countdown in words: "Recheck due in 12 min", "Recheck overdue by 3 min", "Recheck due now" on the
 * card; `keys` 'critical.notify.countdown' gives the dialog's short form ("in 12 min"). Empty when there
 * is nothing to wait for.
 */
export function recheckCountdownText(
  countdown: RecheckCountdown,
  t: TFunction,
  keys: 'critical.loop.recheck' | 'critical.notify.countdown' = 'critical.loop.recheck',
): string {
  if (!countdown) return '';
  const duration = formatDuration(countdown.minutes, t);
  if (countdown.state === 'due') return t(`${keys}.dueIn`, { duration });
  return countdown.minutes === 0 ? t(`${keys}.dueNow`) : t(`${keys}.overdueBy`, { duration });
}

/**
 * Hours after its measurement within which saving a critical reading opens the entry dialog: a nurse
 * at the bedside enters it at once; a value typed in from an earlier shift is a late record, left to
 * the critical list (where it shows as not notified) rather than an alarm about the past.
 */
export const ENTRY_DIALOG_HOURS = 4;

/** Whether saving this reading asks the nurse whom she told (critical, and measured recently). */
export function asksToNotify(
  reading: { determineType: string | null; testTime: string; testValue: number | null },
  now: Date,
): boolean {
  if (reading.testValue === null) return false;
  if (reading.determineType !== 'criticalLow' && reading.determineType !== 'criticalHigh') return false;
  const age = now.getTime() - Date.parse(reading.testTime);
  return age <= ENTRY_DIALOG_HOURS * 3_600_000;
}

/** One step of the loop as the card's step line shows it. */
export interface LoopStepView {
  step: 'notified' | 'acknowledged' | 'handled' | 'rechecked';
  /** done (with its time), skipped (the recheck, with a reason) or still waited for */
  state: 'done' | 'skipped' | 'waiting';
  at: string | null;
  /** who: the person told, who acknowledged, who handled; the skip reason */
  detail: string | null;
}

/** What the loop's steps read of a critical value (the lists' event, the hand-over's value). */
export type LoopEvent = Pick<
  CriticalEvent,
  | 'notifiedAt'
  | 'notifiedPerson'
  | 'acknowledgedAt'
  | 'acknowledgedBy'
  | 'handledAt'
  | 'handledBy'
  | 'recheckDueAt'
  | 'recheckedAt'
  | 'recheckSkippedReason'
>;

/** The loop's steps of an event, in order: measured → notified → acknowledged → handled → rechecked. */
export function loopSteps(event: LoopEvent): LoopStepView[] {
  const step = (name: LoopStepView['step'], at: string | null, detail: string | null): LoopStepView => ({
    step: name,
    state: at ? 'done' : 'waiting',
    at,
    detail: at ? detail : null,
  });
  const rechecked: LoopStepView = event.recheckSkippedReason
    ? { step: 'rechecked', state: 'skipped', at: null, detail: event.recheckSkippedReason }
    : step('rechecked', event.recheckedAt, null);
  return [
    step('notified', event.notifiedAt, event.notifiedPerson),
    step('acknowledged', event.acknowledgedAt, event.acknowledgedBy),
    step('handled', event.handledAt, event.handledBy),
    rechecked,
  ];
}

/**
 * "Escalated at 09:05 to Dr. Li Wei (doctor) and Liu Yan (head nurse)": whom a value escalated to and
 * when (hospital clock), or null while it has not escalated. The people are those of the escalation
 * (the patient's doctor and the ward's head nurse then), either of whom may be missing.
 */
export function escalationText(
  event: Pick<CriticalEvent, 'escalatedAt' | 'escalatedDoctorName' | 'escalatedHeadNurseName'>,
  t: TFunction,
  timeZone?: string,
): string | null {
  if (!event.escalatedAt) return null;
  const doctor = event.escalatedDoctorName;
  const headNurse = event.escalatedHeadNurseName;
  const form = doctor && headNurse ? 'both' : doctor ? 'doctor' : headNurse ? 'headNurse' : 'nobody';
  return t(`critical.escalation.${form}`, {
    time: timeInZone(event.escalatedAt, timeZone),
    doctor,
    headNurse,
  });
}

/** Minutes a critical value has been open at `now` (handled ones: the minutes it took). */
export function minutesOpen(event: Pick<CriticalEvent, 'measuredAt' | 'handledAt'>, now: Date): number {
  return minutesBetween(event.measuredAt, event.handledAt ?? now);
}

/** How urgent an open value looks: over 30 minutes is late, over 60 very late (colours of the timer). */
export function openUrgency(minutes: number): 'fresh' | 'late' | 'veryLate' {
  if (minutes >= 60) return 'veryLate';
  if (minutes >= 30) return 'late';
  return 'fresh';
}

/** Today's list: open ones first (newest first), then handled (newest first) — as the server sends. */
export function sortForToday<T extends Pick<CriticalEvent, 'status' | 'measuredAt' | 'id'>>(
  rows: readonly T[],
): T[] {
  return [...rows].sort(
    (a, b) =>
      (a.status === 'open' ? 0 : 1) - (b.status === 'open' ? 0 : 1) ||
      b.measuredAt.localeCompare(a.measuredAt) ||
      b.id - a.id,
  );
}

/** The last seven days, today included: the query tab's default range. */
export function lastWeek(now: Dayjs = hospitalNow()): [Dayjs, Dayjs] {
  return [now.subtract(6, 'day').startOf('day'), now.startOf('day')];
}

/** What the query tab's search form holds. */
export interface CriticalSearchParams {
  range?: readonly FormDate[] | null;
  departmentCode?: string;
  doctorCode?: string;
  queryCondition?: string;
  category?: string;
  status?: string;
  minValue?: string | number | null;
  maxValue?: string | number | null;
}

/** Problems of the query form: the range, the values, or a value without an item to read it in. */
export type CriticalFilterProblem = FilterProblem | 'valueNeedsItem';

function text(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function oneOf<T extends string>(values: readonly T[], value: string | undefined): T | undefined {
  return value && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

function numberOf(value: string | number | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/**
 * The query of a search: start and end required (start before end, at most a year), a value range
 * typed in the display unit of the chosen item (`unitCode`) and sent in its storage unit; a value
 * range needs an item, since glucose, ketone and uric acid have different units.
 */
export function criticalFilterOf(
  params: CriticalSearchParams,
  unitCode: string | null | undefined,
): { filter: CriticalQueryFilter; problem: CriticalFilterProblem | null } {
  const beginDate = dayText(params.range?.[0]) ?? '';
  const endDate = dayText(params.range?.[1]) ?? '';
  const category = oneOf<MeasurementItem>(MEASUREMENT_ITEMS, params.category);
  const min = numberOf(params.minValue);
  const max = numberOf(params.maxValue);
  // what the user sees: a value shown as 2.8 matches "up to 2.8" whatever its stored decimals
  const bounds = category ? displayedValueBounds(category, min, max, unitCode) : undefined;
  const filter: CriticalQueryFilter = {
    beginDate,
    endDate,
    category,
    departmentCode: text(params.departmentCode),
    doctorCode: text(params.doctorCode),
    queryCondition: text(params.queryCondition),
    status: oneOf<CriticalStatus>(CRITICAL_STATUSES, params.status),
    minValue: bounds?.minValue,
    maxValue: bounds?.maxValue,
  };
  const range = queryRangeProblem(beginDate, endDate);
  if (range) return { filter, problem: range };
  const values = valueRangeProblem(params.minValue ?? undefined, params.maxValue ?? undefined);
  if (values) return { filter, problem: values === 'order' ? 'valueOrder' : 'valueInvalid' };
  if ((min !== undefined || max !== undefined) && !category) return { filter, problem: 'valueNeedsItem' };
  return { filter, problem: null };
}

/** The export's file name: "Critical values_2026-03-01_2026-03-07". */
export function criticalExportName(
  title: string,
  filter: Pick<CriticalQueryFilter, 'beginDate' | 'endDate'>,
) {
  return `${title}_${filter.beginDate}_${filter.endDate}`;
}
