/**
 * The hospital's time zone (setting `hospital.timeZone`): "today", the days of the glucose grid and
 * the period times are read in it. An IANA name such as Asia/Shanghai.
 */
import { z } from 'zod';
import { requiredText } from '../rules/common';

/** Zones offered first in the settings form; any other IANA name may be typed. */
export const COMMON_TIME_ZONES = [
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Taipei',
  'Asia/Macau',
  'Asia/Urumqi',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Bangkok',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Paris',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'Australia/Sydney',
  'UTC',
] as const;

/** Longest IANA zone name accepted (the longest real one has 32 characters). */
const TIME_ZONE_MAX = 64;

/** Whether the runtime knows `name` as a time zone (IANA names and aliases, `UTC`). */
export function isIanaTimeZone(name: string): boolean {
  if (!name || name.length > TIME_ZONE_MAX || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time-zone name (`Asia/Shanghai`). */
export const timeZoneSchema = requiredText('settings.timeZone.invalid').check((ctx) => {
  if (!isIanaTimeZone(ctx.value)) {
    ctx.issues.push({ code: 'custom', input: ctx.value, message: 'settings.timeZone.invalid' });
  }
});

/** POST /v1/systemSetting/timeZone: `{ value }`. */
export const timeZoneSettingSchema = z.strictObject({ value: timeZoneSchema });
export type TimeZoneSettingInput = z.infer<typeof timeZoneSettingSchema>;
