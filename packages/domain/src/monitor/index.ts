/**
 * Wall screens and the ward dashboard (issue 20): the screen variants, their panels, the screen-link
 * rules and what a wall in a public corridor may show of a patient. Server `modules/monitor`, web
 * `features/monitor`.
 */
import { z } from 'zod';
import type { LengthLimit } from '../constants';
import { DEPARTMENT_CODE, requiredBoolean } from '../hospital-settings/strategy';
import {
  lengthIn,
  matches,
  requiredEnum,
  requiredIsoDate,
  requiredText,
  requiredVersion,
} from '../rules/common';
import { type DISTRIBUTION_BANDS, SCREEN_VARIANT_PATHS, SCREEN_VARIANTS, type ScreenVariant } from './panels';

export * from './panels';

/** Bounds of a screen link (our choice; docs/api.md "Wall screens"). */
export const SCREEN_LINK_LIMITS = {
  name: { min: 2, max: 40 },
  departments: { min: 1, max: 100 },
  /** a link expires at most a year ahead (a wall display is re-linked yearly) */
  validDays: { min: 1, max: 366 },
  /** why a link was revoked (kept with it, shown in the list) */
  reason: { min: 2, max: 200 },
} as const satisfies Record<string, LengthLimit>;

/**
 * `POST /v1/monitor/links`: a named link for a set of wards (or the whole hospital) and a layout,
 * valid until a day (inclusive, hospital calendar; at most a year ahead).
 */
export const screenLinkCreateSchema = z.strictObject({
  name: requiredText('monitor.link.name.required').check(
    lengthIn(SCREEN_LINK_LIMITS.name, 'monitor.link.name.length'),
  ),
  /** the whole hospital: every ward, present and future */
  wholeHospital: requiredBoolean,
  /** the wards shown (ignored when wholeHospital) */
  departmentCodes: z
    .array(requiredText('department.code.required').check(matches(DEPARTMENT_CODE, 'department.code.format')))
    .max(SCREEN_LINK_LIMITS.departments.max, { error: 'validation.tooLong' }),
  variant: requiredEnum(SCREEN_VARIANTS, 'monitor.link.variant.required', 'monitor.link.variant.invalid'),
  /** the last day it works (hospital calendar) */
  validUntil: requiredIsoDate('monitor.link.validUntil.required', 'monitor.link.validUntil.invalid'),
});
export type ScreenLinkCreateInput = z.infer<typeof screenLinkCreateSchema>;

/** `POST /v1/monitor/links/{id}/revoke`: why, and the version the administrator saw (stale → 409). */
export const screenLinkRevokeSchema = z.strictObject({
  reason: requiredText('monitor.link.reason.required').check(
    lengthIn(SCREEN_LINK_LIMITS.reason, 'monitor.link.reason.length'),
  ),
  version: requiredVersion('monitor.link.version.required'),
});
export type ScreenLinkRevokeInput = z.infer<typeof screenLinkRevokeSchema>;

/** A link's state as the list filters it: usable, past its last day, or revoked by an administrator. */
export const SCREEN_LINK_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ScreenLinkStatus = (typeof SCREEN_LINK_STATUSES)[number];

/**
 * The header a wall display sends its link in. Not `Authorization`: that one carries staff sessions,
 * and a screen link is no session (it opens only the wall calls, read-only, for its wards).
 */
export const SCREEN_LINK_HEADER = 'x-screen-link';
/** The query parameter of the page URL that brings the link to the wall display once. */
export const SCREEN_LINK_PARAM = 'link';
/** How often an open wall stream checks its link again (a revoked link ends it with `session-ended`). */
export const SCREEN_LINK_CHECK_MS = 30_000;
/** The token's shape: `<tenant>.<link id>.<base64url HMAC-SHA256>` (docs/api.md "Wall screens"). */
export const SCREEN_LINK_TOKEN = /^([A-Za-z0-9_-]{1,16})\.([1-9]\d{0,14})\.([A-Za-z0-9_-]{43})$/;

/** The page a wall display opens for a link: the variant's path with the token (carried once). */
export function screenLinkPath(variant: ScreenVariant, token: string): string {
  return `${SCREEN_VARIANT_PATHS[variant]}?${SCREEN_LINK_PARAM}=${encodeURIComponent(token)}`;
}

/**
 * What a wall in a public corridor shows of a name (ARCHITECTURE §5, issue 20): the family name and
 * a mask, so staff recognise their patient and passers-by learn nothing. Chinese names (no space) keep
 * the first character: 张三丰 → 张**; names in Latin letters keep the initials: Helen Brooks → H. B.
 */
export function maskedName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return '';
  const words = trimmed.split(/\s+/);
  if (words.length > 1 || /^[A-Za-z]/.test(trimmed)) {
    return words.map((word) => `${word[0]!.toUpperCase()}.`).join(' ');
  }
  const chars = [...trimmed];
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}

/**
 * The lower limits (mmol/L, inclusive) of today's distribution bands, after the first: below 3.9
 * (hypoglycaemia), 3.9 to under 10 (target), 10 to under 13.9 (high), 13.9 and above (very high).
 */
export const DISTRIBUTION_BAND_LIMITS = { from3_9to10: 3.9, from10to13_9: 10, from13_9: 13.9 } as const;

/** The band of a glucose storage value (mmol/L) in today's distribution. */
export function distributionBandOf(value: number): (typeof DISTRIBUTION_BANDS)[number] {
  if (value >= DISTRIBUTION_BAND_LIMITS.from13_9) return 'from13_9';
  if (value >= DISTRIBUTION_BAND_LIMITS.from10to13_9) return 'from10to13_9';
  if (value >= DISTRIBUTION_BAND_LIMITS.from3_9to10) return 'from3_9to10';
  return 'below3_9';
}

/** A day's glucose readings by class, as the day counts keep them. */
export interface GlucoseClassCounts {
  tests: number;
  low: number;
  criticalLow: number;
  high: number;
  criticalHigh: number;
}

/**
 * Spec §2's abnormal and critical ratios of the ward dashboard and the wall screens (one definition
 * for both): abnormal = (low + criticalLow + high + criticalHigh) / tests, critical = (criticalLow +
 * criticalHigh) / tests — fractions of the day's glucose readings by the hospital's classification,
 * unrounded (rounding is for display); null without readings (a screen shows a dash, not 0 %).
 */
export function glucoseRates(counts: GlucoseClassCounts): {
  abnormalRate: number | null;
  criticalRate: number | null;
} {
  if (!counts.tests) return { abnormalRate: null, criticalRate: null };
  const critical = counts.criticalLow + counts.criticalHigh;
  return {
    abnormalRate: (counts.low + counts.high + critical) / counts.tests,
    criticalRate: critical / counts.tests,
  };
}
