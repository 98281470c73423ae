/**
 * The record screens (spec §2 fixed routes /record, /record/ket, /record/inspect, /ward/record,
 * /trend): which screen shows what, the query each one takes, and the body of a share-link request.
 * The screens open in a new tab with `?id=`; their data needs the session or a signed, expiring link
 * (`sig` and `exp` in the query), never a bare id (ARCHITECTURE §5).
 */
import { z } from 'zod';
import { RECORD_SCREEN_PATHS, RECORD_SCREENS, type RecordScreen } from '../constants';
import { requiredEnum, requiredText } from '../rules/common';

/** A record may span at most this many days (a year and a day), so one answer stays printable. */
export const RECORD_MAX_RANGE_DAYS = 366;

/** Department codes as the ward record takes them (the departments' own code rule allows 1-32). */
const DEPARTMENT_CODE = /^[A-Za-z0-9_.-]{1,32}$/;
const PATIENT_ID = /^[1-9]\d{0,15}$/;
const ISO_DATE = z.iso.date();

/** Calendar days from `begin` to `end` (YYYY-MM-DD; UTC arithmetic, so no DST effects). */
function daysBetween(begin: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${begin}T00:00:00Z`)) / 86_400_000);
}

type RangeValue = { beginDate?: string | null; endDate?: string | null };

/**
 * The optional date range of a record: both dates or neither (neither: the current or last stay),
 * each a real calendar date, the start not after the end, at most {@link RECORD_MAX_RANGE_DAYS} days.
 */
export function checkRecordRange(ctx: z.core.ParsePayload<RangeValue>): void {
  const { beginDate, endDate } = ctx.value;
  let valid = true;
  for (const field of ['beginDate', 'endDate'] as const) {
    const value = ctx.value[field];
    if (value && !ISO_DATE.safeParse(value).success) {
      ctx.issues.push({ code: 'custom', input: value, path: [field], message: `records.${field}.invalid` });
      valid = false;
    }
  }
  if (!valid) return;
  if (!beginDate !== !endDate) {
    const field = beginDate ? 'endDate' : 'beginDate';
    ctx.issues.push({ code: 'custom', input: ctx.value, path: [field], message: 'records.range.incomplete' });
    return;
  }
  if (!beginDate || !endDate) return;
  if (beginDate > endDate) {
    ctx.issues.push({ code: 'custom', input: ctx.value, path: ['endDate'], message: 'records.range.order' });
  } else if (daysBetween(beginDate, endDate) + 1 > RECORD_MAX_RANGE_DAYS) {
    ctx.issues.push({
      code: 'too_big',
      origin: 'number',
      maximum: RECORD_MAX_RANGE_DAYS,
      inclusive: true,
      input: ctx.value,
      path: ['endDate'],
      message: 'records.range.tooLong',
    } as z.core.$ZodRawIssue);
  }
}

const optionalDate = z.string().max(10).optional();
/** The signature of a shared link: `<tenant>.<base64url HMAC-SHA256>` (checked by the server). */
const signature = z.string().max(120).optional();
/** The link's expiry, epoch seconds. */
const expiry = z.string().max(12).optional();

/** A patient id as a query parameter: a positive whole number without leading zeros. */
export const patientIdParam = requiredText('records.id.required').check((ctx) => {
  if (!PATIENT_ID.test(ctx.value))
    ctx.issues.push({ code: 'custom', input: ctx.value, message: 'records.id.invalid' });
});

/** Query of the one-patient screens (glucose, ketone, inspection, trend): `id` and an optional range. */
export const patientRecordQuerySchema = z
  .strictObject({
    id: patientIdParam,
    beginDate: optionalDate,
    endDate: optionalDate,
    sig: signature,
    exp: expiry,
  })
  .check(checkRecordRange)
  .transform((query) => ({ ...query, id: Number(query.id) }));
export type PatientRecordQuery = z.infer<typeof patientRecordQuerySchema>;

const departmentCode = requiredText('records.department.required').check((ctx) => {
  if (!DEPARTMENT_CODE.test(ctx.value))
    ctx.issues.push({ code: 'custom', input: ctx.value, message: 'records.department.invalid' });
});

/** Query of the ward record: the department code as `id` and one hospital day (default today). */
export const wardRecordQuerySchema = z
  .strictObject({ id: departmentCode, date: optionalDate, sig: signature, exp: expiry })
  .check((ctx) => {
    const { date } = ctx.value;
    if (date && !ISO_DATE.safeParse(date).success)
      ctx.issues.push({ code: 'custom', input: date, path: ['date'], message: 'records.date.invalid' });
  });
export type WardRecordQuery = z.infer<typeof wardRecordQuerySchema>;

/**
 * POST /v1/recordLinks: a share link for one screen. `id` is the patient id, or for the ward record
 * the department code; the range (`beginDate`/`endDate`, or `date` for the ward) is optional and,
 * when given, the link shows exactly that range.
 */
export const recordLinkSchema = z
  .strictObject({
    screen: requiredEnum(RECORD_SCREENS, 'records.screen.required', 'records.screen.invalid'),
    id: z.union([z.string(), z.number()], { error: 'records.id.required' }),
    beginDate: optionalDate.nullable(),
    endDate: optionalDate.nullable(),
    date: optionalDate.nullable(),
  })
  .check((ctx) => {
    const { screen, id, date } = ctx.value;
    const text = String(id).trim();
    if (screen === 'ward') {
      if (!DEPARTMENT_CODE.test(text))
        ctx.issues.push({ code: 'custom', input: id, path: ['id'], message: 'records.department.invalid' });
      if (ctx.value.beginDate || ctx.value.endDate)
        ctx.issues.push({
          code: 'custom',
          input: ctx.value,
          path: ['beginDate'],
          message: 'records.range.notForWard',
        });
      if (date && !ISO_DATE.safeParse(date).success)
        ctx.issues.push({ code: 'custom', input: date, path: ['date'], message: 'records.date.invalid' });
      return;
    }
    if (!PATIENT_ID.test(text))
      ctx.issues.push({ code: 'custom', input: id, path: ['id'], message: 'records.id.invalid' });
    if (date)
      ctx.issues.push({ code: 'custom', input: date, path: ['date'], message: 'records.date.wardOnly' });
    checkRecordRange(ctx as z.core.ParsePayload<RangeValue>);
  })
  .transform((body) => ({
    screen: body.screen,
    id: String(body.id).trim(),
    beginDate: body.screen === 'ward' ? null : body.beginDate || null,
    endDate: body.screen === 'ward' ? null : body.endDate || null,
    date: body.screen === 'ward' ? body.date || null : null,
  }));
export type RecordLinkRequest = z.infer<typeof recordLinkSchema>;

/** What a record screen's URL carries besides its path. */
export interface RecordScreenParams {
  beginDate?: string | null;
  endDate?: string | null;
  /** the ward record's day */
  date?: string | null;
  sig?: string | null;
  exp?: number | string | null;
}

/**
 * The URL (path and query, no origin) of a record screen: `/record?id=145&beginDate=...&sig=...&exp=...`.
 * The server builds share links with it and the web opens screens with it, so both agree.
 */
export function recordScreenUrl(
  screen: RecordScreen,
  id: number | string,
  params: RecordScreenParams = {},
): string {
  const query = new URLSearchParams({ id: String(id) });
  for (const key of ['beginDate', 'endDate', 'date', 'sig', 'exp'] as const) {
    const value = params[key];
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  return `${RECORD_SCREEN_PATHS[screen]}?${query.toString()}`;
}
