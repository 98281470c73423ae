import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Each patient's latest live reading with a value, per item (issue 20: a bed's "now"): what bed cards,
 * the ward dashboard and the wall screens read instead of probing the readings. Kept by statement-level
 * triggers on `measurements` in the same transaction as every write (migration 0022): entry, correction,
 * deletion, restore, upload and HL7 alike. No row when the patient has no such reading of the item.
 * `patient_now_rebuild(tenant)` recomputes them from scratch (the equivalence test compares).
 */
export const patientLatestReadings = pgTable(
  'patient_latest_readings',
  {
    tenantId: text('tenant_id').notNull(),
    patientId: bigint('patient_id', { mode: 'number' }).notNull(),
    item: text('item').notNull(),
    measurementId: bigint('measurement_id', { mode: 'number' }).notNull(),
    departmentCode: text('department_code').notNull(),
    value: doublePrecision('value').notNull(),
    enteredValue: doublePrecision('entered_value'),
    enteredUnit: text('entered_unit'),
    testTime: timestamp('test_time', { withTimezone: true }).notNull(),
    classification: text('classification'),
    color: text('color'),
    periodCode: text('period_code'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.patientId, t.item] })],
);

/**
 * An entry of {@link patientDayReadings}: `[period code, test time (UTC, ISO with microseconds), item,
 * without a value, untested reason, rejection reason]` — what the bed cards' progress reads of a reading.
 */
export type DayReadingEntry = [string | null, string, string, boolean, string | null, string | null];

/**
 * Each patient's readings of one UTC calendar day (issue 20: a bed's "today's readings per period"):
 * the live glucose, ketone and uric-acid readings with a value or a reason for none, as compact entries
 * in (test time, item) order. A day's tasks span more than a hospital day (a night period, the reach
 * around a task), so the bed cards take the UTC days their span touches and keep the entries inside it;
 * UTC days stay valid whatever the hospital's time zone is set to. Kept by the triggers of migration 0023
 * in the writer's transaction under the patient's lock of 0022: an insert merges its entries into the day
 * (appended after the day's last, else in order), a correction, deletion or restore rebuilds the day.
 */
export const patientDayReadings = pgTable(
  'patient_day_readings',
  {
    tenantId: text('tenant_id').notNull(),
    patientId: bigint('patient_id', { mode: 'number' }).notNull(),
    /** the UTC date of the entries' test times */
    day: date('day').notNull(),
    entries: jsonb('entries').$type<DayReadingEntry[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.patientId, t.day] })],
);

/**
 * Each patient's open critical values and awaiting rechecks (issue 20), kept by triggers on
 * `critical_events` in the same transaction as every change of the loop. No row: none of either.
 */
export const patientNow = pgTable(
  'patient_now',
  {
    tenantId: text('tenant_id').notNull(),
    patientId: bigint('patient_id', { mode: 'number' }).notNull(),
    /** critical events with status 'open' */
    openCritical: integer('open_critical').notNull().default(0),
    /** not void, recheck due, neither recorded nor given up */
    awaitingRecheck: integer('awaiting_recheck').notNull().default(0),
    /** the earliest due time of those rechecks */
    nextRecheckDueAt: timestamp('next_recheck_due_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.patientId] })],
);

/**
 * A wall screen's link (issue 20): signed, revocable, read-only, for a set of wards or the whole
 * hospital and one layout, until a day. The token is `<tenant>.<id>.<HMAC>`; only its hash is kept.
 */
export const screenLinks = pgTable(
  'screen_links',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    wholeHospital: boolean('whole_hospital').notNull().default(false),
    departmentCodes: text('department_codes').array().notNull().default(sql`'{}'::text[]`),
    variant: text('variant').notNull(),
    /** the last day it works, hospital calendar (inclusive) */
    validUntil: date('valid_until').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: bigint('revoked_by', { mode: 'number' }),
    revokedReason: text('revoked_reason'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedAddress: text('last_used_address'),
    useCount: bigint('use_count', { mode: 'number' }).notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('screen_links_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);

/**
 * The uses of a screen link (issue 20 "every use is audited"): one row per link, client address and
 * hour with the number of calls and the first and last of them, so a wall calling every few seconds
 * leaves a readable trail instead of a row per call (docs/api.md "Wall screens").
 */
export const screenLinkUses = pgTable(
  'screen_link_uses',
  {
    tenantId: text('tenant_id').notNull(),
    linkId: bigint('link_id', { mode: 'number' }).notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    address: text('address').notNull(),
    userAgent: text('user_agent'),
    calls: integer('calls').notNull().default(0),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.linkId, t.hour, t.address] })],
);
