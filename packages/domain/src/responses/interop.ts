import { z } from 'zod';
import { MEASUREMENT_ITEMS } from '../clinical/classification';
import { HL7_ACK_CODES, HL7_DIRECTIONS, HL7_STATUSES } from '../interop/messages';
import { pageOf } from './envelope';

/** An HL7 message as the interface screen lists it (issue 21; docs/interop.md). */
export const hl7MessageView = z.object({
  id: z.number(),
  direction: z.enum(HL7_DIRECTIONS),
  /** MSH-10; null when the message could not be read far enough to have one */
  controlId: z.string().nullable(),
  /** `ADT^A01`, `ORU^R01`, `ACK`...; null when unreadable */
  messageType: z.string().nullable(),
  version: z.string().nullable(),
  status: z.enum(HL7_STATUSES),
  ackCode: z.enum(HL7_ACK_CODES).nullable(),
  /** why it was not accepted or not sent, in the request's language when this system said it */
  errorText: z.string().nullable(),
  /** MSH-11 was T (training) or D (debugging): checked and answered, nothing stored */
  test: z.boolean(),
  sendingApplication: z.string().nullable(),
  sendingFacility: z.string().nullable(),
  /** the remote address (inbound) or the receiver `host:port` (outbound) */
  peer: z.string().nullable(),
  patientId: z.number().nullable(),
  patientName: z.string().nullable(),
  inpatientNumber: z.string().nullable(),
  /** meters named by the message (OBX-18) */
  deviceSerials: z.array(z.string()),
  /** inbound: times the same control id came again (answered with the first answer, nothing changed);
   * outbound: times a person resent it */
  repeats: z.number(),
  /** outbound: sends tried */
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  /** inbound: answered; outbound: acknowledged by the receiver */
  completedAt: z.string().nullable(),
});
export type Hl7MessageViewType = z.infer<typeof hl7MessageView>;

export const hl7MessagePageView = pageOf(hl7MessageView);

/** A segment of the parsed view: its name and its fields as sent; `fields[0]` is field 1 (for MSH, MSH-1 the field separator). */
export const hl7SegmentView = z.object({ name: z.string(), fields: z.array(z.string()) });

/** `GET /v1/interop/messages/{id}`: the message with its raw text, parsed view and answer (audited). */
export const hl7MessageDetailView = hl7MessageView.extend({
  raw: z.string(),
  segments: z.array(hl7SegmentView),
  /** inbound: the ACK sent back; outbound: the receiver's ACK */
  ack: z.string().nullable(),
  /** readings or lab results stored from it */
  stored: z.array(z.object({ kind: z.enum(['reading', 'labResult']), id: z.number() })),
});
export type Hl7MessageDetail = z.infer<typeof hl7MessageDetailView>;

/** `GET /v1/interop/connection`: the hospital's listener and the outbound link. */
export const hl7ConnectionView = z.object({
  /** the HL7 service switch of the hospital settings */
  enabled: z.boolean(),
  inbound: z.object({
    port: z.number().nullable(),
    /** this process listens on the port now */
    listening: z.boolean(),
    /** why it does not (port taken, ...), as the system said it */
    error: z.string().nullable(),
    lastReceivedAt: z.string().nullable(),
    /** inbound messages of the last 24 hours by status */
    last24h: z.object({ accepted: z.number(), error: z.number(), rejected: z.number() }),
  }),
  outbound: z.object({
    host: z.string().nullable(),
    port: z.number().nullable(),
    /** the last send reached the receiver (`up`), failed (`down`), or nothing was sent yet (`unknown`) */
    state: z.enum(['up', 'down', 'unknown']),
    lastSentAt: z.string().nullable(),
    lastError: z.string().nullable(),
    pending: z.number(),
    retrying: z.number(),
    failed: z.number(),
  }),
});
export type Hl7Connection = z.infer<typeof hl7ConnectionView>;

/** `GET /v1/interop/test/wristband`: what the scanner typed and whom it finds. */
export const wristbandTestView = z.object({
  code: z.string(),
  /** the characters as code points (a scanner adding a prefix, a suffix or a control character shows here) */
  codePoints: z.array(z.string()),
  matchedBy: z.enum(['wristband', 'inpatientNumber', 'outpatientNumber']).nullable(),
  patient: z
    .object({
      id: z.number(),
      name: z.string(),
      gender: z.string().nullable(),
      bed: z.string().nullable(),
      departmentName: z.string().nullable(),
      inpatientNumber: z.string().nullable(),
      status: z.string(),
    })
    .nullable(),
});
export type WristbandTest = z.infer<typeof wristbandTestView>;

/** `GET /v1/interop/test/meter`: whether a meter is known and usable, and what came from it last. */
export const meterTestView = z.object({
  serial: z.string(),
  known: z.boolean(),
  analyzer: z
    .object({
      id: z.number(),
      model: z.string().nullable(),
      departmentName: z.string().nullable(),
      enabled: z.boolean(),
      qcLocked: z.boolean(),
      /** why it is locked: the first QC lock reason code (domain LOCK_REASONS; the web names it) */
      lockReason: z.string().nullable(),
    })
    .nullable(),
  lastReadings: z.array(
    z.object({
      id: z.number(),
      item: z.enum(MEASUREMENT_ITEMS),
      value: z.number().nullable(),
      unit: z.string().nullable(),
      testTime: z.string(),
      patientName: z.string(),
      source: z.string(),
    }),
  ),
  lastMessages: z.array(hl7MessageView),
});
export type MeterTest = z.infer<typeof meterTestView>;

/** `POST /v1/interop/test/hl7`: the ACK of a test message sent to the hospital's own listener. */
export const hl7TestResultView = z.object({
  ack: z.string(),
  ackCode: z.enum(HL7_ACK_CODES).nullable(),
  errorText: z.string().nullable(),
  roundTripMs: z.number(),
  messageId: z.number().nullable(),
});
export type Hl7TestResult = z.infer<typeof hl7TestResultView>;
