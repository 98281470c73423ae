import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * HL7 v2 messages in and out (issue 21, docs/interop.md). Inbound: every message the listener read,
 * with the ACK it answered; a repeat of a control id from the same sender is answered with the first
 * ACK and only counted (`repeats`). Outbound: the outbox — written in the transaction of the approval
 * or correction it reports, sent in id order per hospital by the outbox worker with retries and
 * backoff, kept with the receiver's ACK.
 */
export const hl7Messages = pgTable(
  'hl7_messages',
  {
    tenantId: text('tenant_id').notNull(),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** `in` or `out` */
    direction: text('direction').notNull(),
    controlId: text('control_id'),
    messageType: text('message_type'),
    version: text('version'),
    status: text('status').notNull(),
    ackCode: text('ack_code'),
    /** a message key of this system (translated when read) or the receiver's own text */
    errorKey: text('error_key'),
    errorParams: jsonb('error_params'),
    errorText: text('error_text'),
    /** MSH-11 T or D: checked and answered, nothing stored */
    test: boolean('test').notNull().default(false),
    sendingApplication: text('sending_application'),
    sendingFacility: text('sending_facility'),
    peer: text('peer'),
    patientId: bigint('patient_id', { mode: 'number' }),
    deviceSerials: text('device_serials').array().notNull().default(sql`'{}'::text[]`),
    repeats: integer('repeats').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    raw: text('raw').notNull(),
    ack: text('ack'),
    /** outbound: the reading reported, and how (OBX-11: F final, C corrected, D deleted) */
    measurementId: bigint('measurement_id', { mode: 'number' }),
    resultStatus: text('result_status'),
    /** what the message stored: `[{ kind: 'reading' | 'labResult', id }]` */
    stored: jsonb('stored').notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('hl7_messages_created_idx').on(t.tenantId, t.createdAt),
    index('hl7_messages_patient_idx').on(t.tenantId, t.patientId),
    uniqueIndex('hl7_messages_inbound_uq')
      .on(
        t.tenantId,
        sql`coalesce(${t.sendingApplication}, '')`,
        sql`coalesce(${t.sendingFacility}, '')`,
        t.controlId,
      )
      .where(sql`${t.direction} = 'in' and ${t.controlId} is not null`),
    index('hl7_messages_outbox_idx')
      .on(t.tenantId, t.id)
      .where(sql`${t.direction} = 'out' and ${t.status} in ('pending', 'retrying')`),
    index('hl7_messages_serial_idx').using('gin', t.deviceSerials),
    index('hl7_messages_measurement_idx').on(t.tenantId, t.measurementId),
    check('hl7_messages_direction_ck', sql`${t.direction} in ('in', 'out')`),
    check(
      'hl7_messages_status_ck',
      sql`${t.status} in ('accepted', 'error', 'rejected', 'pending', 'retrying', 'sent', 'failed')`,
    ),
  ],
);
