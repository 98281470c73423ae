/**
 * HL7 v2 messages of the interface (issue 21): what the interface screen lists and filters, and the
 * test message of the device test page. The wire format itself is parsed on the server.
 */
import { z } from 'zod';
import { patientDayFields, patientDayOrder } from '../measurements/query';
import { lengthIn, optionalText, requiredText, whenFieldsValid } from '../rules/common';
import { pageParam } from '../rules/page-param';

export const HL7_DIRECTIONS = ['in', 'out'] as const;
export type Hl7Direction = (typeof HL7_DIRECTIONS)[number];

/**
 * Where a message stands. Inbound: `accepted` (answered AA), `error` (AE: a field was wrong, nothing
 * stored), `rejected` (AR: not a message this system takes — type, version, processing id).
 * Outbound: `pending` (in the outbox), `retrying` (a send failed; the next try is due at
 * `nextAttemptAt`), `sent` (the receiver answered AA), `failed` (the receiver answered AE/AR or the
 * retries ran out: a person looks at it and may resend it).
 */
export const HL7_STATUSES = [
  'accepted',
  'error',
  'rejected',
  'pending',
  'retrying',
  'sent',
  'failed',
] as const;
export type Hl7Status = (typeof HL7_STATUSES)[number];

/** HL7 v2 acknowledgment codes (table 0008, original mode). */
export const HL7_ACK_CODES = ['AA', 'AE', 'AR'] as const;
export type Hl7AckCode = (typeof HL7_ACK_CODES)[number];

/** Message types this system takes in and sends. */
export const HL7_INBOUND_TYPES = [
  'ADT^A01',
  'ADT^A02',
  'ADT^A03',
  'ADT^A04',
  'ADT^A08',
  'ADT^A11',
  'ADT^A13',
  'ORU^R01',
] as const;
export const HL7_OUTBOUND_TYPES = ['ORU^R01'] as const;
/** Versions accepted (MSH-12); answers and outbound messages are 2.5. */
export const HL7_VERSIONS = ['2.3', '2.3.1', '2.4', '2.5', '2.5.1'] as const;
export const HL7_OUT_VERSION = '2.5';
/** The largest message taken (bytes between the MLLP start and end marks). */
export const HL7_MAX_MESSAGE_BYTES = 1024 * 1024;

const keyword = optionalText()
  .check(lengthIn({ min: 0, max: 50 }, 'validation.tooLong'))
  .optional();

/** `GET /v1/interop/messages`: by direction, status, type, a keyword (control id, patient, text), day range. */
export const hl7MessageQuerySchema = z
  .object({
    direction: z.enum(HL7_DIRECTIONS, { error: 'validation.invalid' }).optional(),
    status: z.enum(HL7_STATUSES, { error: 'validation.invalid' }).optional(),
    /** `ADT^A01`, `ORU^R01`, or the event type alone (`ADT`) */
    messageType: optionalText()
      .check(lengthIn({ min: 0, max: 20 }, 'validation.tooLong'))
      .optional(),
    queryCondition: keyword,
    /** a meter's serial (OBX-18 / the device record key) */
    deviceSerial: keyword,
    page: pageParam.default(1),
    size: pageParam.default(20),
  })
  .extend(patientDayFields)
  .superRefine(patientDayOrder, whenFieldsValid('beginDate', 'endDate'));
export type Hl7MessageQuery = z.infer<typeof hl7MessageQuerySchema>;

/** `POST /v1/interop/test/hl7`: a message sent to this hospital's own listener, answered with its ACK. */
export const hl7TestMessageSchema = z.strictObject({
  text: requiredText('interop.test.textRequired').check(
    lengthIn({ min: 1, max: 64 * 1024 }, 'interop.test.textTooLong'),
  ),
});
export type Hl7TestMessageInput = z.infer<typeof hl7TestMessageSchema>;

/** `GET /v1/interop/test/wristband?code=`: what a scanner typed. */
export const wristbandTestQuerySchema = z.strictObject({
  code: requiredText('interop.test.codeRequired').check(lengthIn({ min: 1, max: 100 }, 'validation.tooLong')),
});

/** `GET /v1/interop/test/meter?serial=` */
export const meterTestQuerySchema = z.strictObject({
  serial: requiredText('interop.test.serialRequired').check(
    lengthIn({ min: 1, max: 100 }, 'validation.tooLong'),
  ),
});
