/**
 * The nursing shifts of a hospital (issue 15 "Shift hand-over"): each shift's code, names and
 * wall-clock times; together they cover the day without overlap, so every instant belongs to exactly
 * one shift. A shift whose end is before its start runs into the next day (20:00-08:00); an end of
 * 24:00 (or 23:59, as the glucose periods read it) is midnight. A shift "of" a date is the one that
 * starts on that date.
 *
 * Default: the three shifts of Chinese ward nursing, 白班 (day) 08:00-16:00, 小夜班 (evening)
 * 16:00-24:00 and 大夜班 (night) 00:00-08:00.
 */
import { z } from 'zod';
import type { LengthLimit } from '../constants';
import { calendarDate } from '../helpers/zoned-format';
import type { MessageKey } from '../i18n/messages';
import { isBlank } from '../rules/common';
import { localName } from '../rules/names';
import { settingNameSchema } from '../rules/settings';
import { addDays } from '../tasks/day';
import { periodWindowOn } from '../tasks/plan';
import {
  periodCodeSchema,
  periodCoverage,
  periodEndTimeSchema,
  periodNameEnSchema,
  periodStartTimeSchema,
  periodWindowIssue,
  timeOfMinutes,
} from './periods';

export const SHIFT_LIMITS = {
  /** shifts of a day: one 24-hour shift up to six four-hour ones */
  shifts: { min: 1, max: 6 },
} as const satisfies Record<string, LengthLimit>;

/** One shift as stored and answered. */
export interface Shift {
  code: string;
  nameZh: string;
  nameEn: string;
  /** `HH:mm` on the hospital clock */
  startTime: string;
  /** `HH:mm` (or `24:00`); before the start = the next day */
  endTime: string;
}

export const DEFAULT_SHIFTS: readonly Shift[] = [
  { code: 'day', nameZh: '白班', nameEn: 'Day', startTime: '08:00', endTime: '16:00' },
  { code: 'evening', nameZh: '小夜班', nameEn: 'Evening', startTime: '16:00', endTime: '24:00' },
  { code: 'night', nameZh: '大夜班', nameEn: 'Night', startTime: '00:00', endTime: '08:00' },
];

/** One shift: code (letters, digits, _; 1-12), both names, start and end that differ. */
export const shiftSchema = z
  .strictObject({
    code: periodCodeSchema,
    nameZh: settingNameSchema,
    nameEn: periodNameEnSchema,
    startTime: periodStartTimeSchema,
    endTime: periodEndTimeSchema,
  })
  .superRefine((shift, ctx) => {
    const key = periodWindowIssue(shift.startTime, shift.endTime);
    if (key) ctx.addIssue({ code: 'custom', path: ['endTime'], message: key });
  });

/**
 * Where a list of shifts fails to cover the day exactly once: the first overlap (on the later shift's
 * start time, naming the other) and the first gap (on the list). Shifts with unreadable times are left
 * to their own messages.
 */
function checkCoverage(shifts: readonly Shift[], ctx: z.core.$RefinementCtx<Shift[]>): void {
  const readable = shifts.filter((shift) => !periodWindowIssue(shift.startTime, shift.endTime));
  if (readable.length !== shifts.length) return;
  const { gaps, overlaps } = periodCoverage(shifts);
  const overlap = overlaps[0];
  if (overlap) {
    const [first, second] = overlap.codes as [string, string];
    const index = shifts.findIndex((shift) => shift.code === second);
    ctx.addIssue({
      code: 'custom',
      path: [index, 'startTime'],
      message: 'settings.shifts.overlap' satisfies MessageKey,
      params: { other: first, from: timeOfMinutes(overlap.start), to: timeOfMinutes(overlap.end) },
    });
    return;
  }
  const gap = gaps[0];
  if (gap) {
    ctx.addIssue({
      code: 'custom',
      path: [],
      message: 'settings.shifts.gap' satisfies MessageKey,
      params: { from: timeOfMinutes(gap.start), to: timeOfMinutes(gap.end) },
    });
  }
}

/** The list of shifts: 1-6, each code once, together covering the day without overlap. */
export const shiftListSchema = z
  .array(shiftSchema, {
    error: (issue) => (isBlank(issue.input) ? 'settings.shifts.required' : undefined),
  })
  .min(SHIFT_LIMITS.shifts.min, { error: 'settings.shifts.required', abort: true })
  .max(SHIFT_LIMITS.shifts.max, { error: 'settings.shifts.tooMany', abort: true })
  .superRefine((shifts, ctx) => {
    const seen = new Set<string>();
    shifts.forEach((shift, index) => {
      if (seen.has(shift.code)) {
        ctx.addIssue({ code: 'custom', path: [index, 'code'], message: 'settings.shifts.duplicateCode' });
      }
      seen.add(shift.code);
    });
  })
  .superRefine(checkCoverage);

/** POST /v1/systemSetting/shifts. */
export const shiftSettingSchema = z.strictObject({ shifts: shiftListSchema });
export type ShiftSetting = z.infer<typeof shiftSettingSchema>;

export const DEFAULT_SHIFT_SETTING: ShiftSetting = { shifts: DEFAULT_SHIFTS.map((shift) => ({ ...shift })) };

/** A shift's name in a language (the other one when that is missing). */
export function shiftName(shift: Pick<Shift, 'nameZh' | 'nameEn'>, lang: 'en-US' | 'zh-CN'): string {
  return localName(shift, lang);
}

/** The instants a shift of `date` covers, [start, end); null when its times make no interval. */
export function shiftInterval(
  shift: Pick<Shift, 'code' | 'startTime' | 'endTime'>,
  date: string,
  timeZone: string,
): { start: Date; end: Date } | null {
  return periodWindowOn(shift, date, timeZone);
}

/** The shift going on at an instant and the date it started on; null when no shift covers it. */
export function shiftAt<S extends Pick<Shift, 'code' | 'startTime' | 'endTime'>>(
  at: Date,
  shifts: readonly S[],
  timeZone: string,
): { shift: S; date: string } | null {
  const today = calendarDate(at, timeZone);
  const time = at.getTime();
  for (const date of [today, addDays(today, -1)]) {
    for (const shift of shifts) {
      const interval = shiftInterval(shift, date, timeZone);
      if (interval && interval.start.getTime() <= time && time < interval.end.getTime()) {
        return { shift, date };
      }
    }
  }
  return null;
}
