import { type MessageKey, translate } from '@glucocare/domain';
import type { FastifyRequest } from 'fastify';

export interface Envelope<T> {
  code: '1';
  message: string;
  dataContent: T;
}

/** The success body of every call: code "1", a message in the caller's language, the data. */
export function ok<T>(
  request: FastifyRequest,
  dataContent: T,
  messageKey: MessageKey = 'ok',
  params?: Record<string, string | number>,
): Envelope<T> {
  return { code: '1', message: translate(request.lang, messageKey, params), dataContent };
}

// The response schemas' building blocks live with the views in the domain; routes import them from here too.
export { envelopeOf, errorEnvelope, noDataEnvelope, pageOf } from '@glucocare/domain/responses';
