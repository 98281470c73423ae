import type { Hl7Direction, Hl7Status } from '@glucocare/domain/interop';
import type {
  Hl7Connection,
  Hl7MessageDetail,
  Hl7MessageViewType,
  Hl7TestResult,
  MeterTest,
  Page,
  WristbandTest,
} from '@glucocare/domain/responses';
import { http } from './http';

export type {
  Hl7Connection,
  Hl7MessageDetail,
  Hl7MessageViewType as Hl7Message,
  Hl7TestResult,
  MeterTest,
  WristbandTest,
} from '@glucocare/domain/responses';

/** What the interface screen searches by (`hl7MessageQuerySchema`; docs/interop.md). */
export interface Hl7MessageFilter {
  direction?: Hl7Direction;
  status?: Hl7Status;
  messageType?: string;
  queryCondition?: string;
  deviceSerial?: string;
  beginDate?: string;
  endDate?: string;
}

/** GET /v1/interop/messages: messages in and out, newest first. */
export function fetchHl7MessagePage(
  query: Hl7MessageFilter & { page: number; size: number },
  signal?: AbortSignal,
): Promise<Page<Hl7MessageViewType>> {
  return http.get<Page<Hl7MessageViewType>>('/v1/interop/messages', { query: { ...query }, signal });
}

/** GET /v1/interop/messages/{id}: raw text, parsed segments, the ACK and what was stored (viewing is audited). */
export function fetchHl7Message(id: number, signal?: AbortSignal): Promise<Hl7MessageDetail> {
  return http.get<Hl7MessageDetail>(`/v1/interop/messages/${id}`, { signal });
}

/** POST /v1/interop/messages/{id}/resend: an outbound message queued again. */
export function resendHl7Message(id: number): Promise<Hl7MessageViewType> {
  return http.post<Hl7MessageViewType>(`/v1/interop/messages/${id}/resend`);
}

/** GET /v1/interop/connection: the listener and the outbound link. */
export function fetchHl7Connection(signal?: AbortSignal): Promise<Hl7Connection> {
  return http.get<Hl7Connection>('/v1/interop/connection', { signal });
}

/** GET /v1/interop/test/wristband?code=: what a scanner typed and whom it finds. */
export function testWristband(code: string, signal?: AbortSignal): Promise<WristbandTest> {
  return http.get<WristbandTest>('/v1/interop/test/wristband', { query: { code }, signal });
}

/** GET /v1/interop/test/meter?serial=: whether a meter is known and usable, and what came from it last. */
export function testMeter(serial: string, signal?: AbortSignal): Promise<MeterTest> {
  return http.get<MeterTest>('/v1/interop/test/meter', { query: { serial }, signal });
}

/** POST /v1/interop/test/hl7: a message sent to the hospital's own listener; answers its ACK. */
export function sendTestHl7(text: string): Promise<Hl7TestResult> {
  return http.post<Hl7TestResult>('/v1/interop/test/hl7', { text });
}
