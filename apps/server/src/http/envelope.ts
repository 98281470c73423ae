import { type MessageKey, translate } from '@glucocare/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

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

/** The envelope schema for a route's OpenAPI response. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal('1'), message: z.string(), dataContent: data });
}

export const errorEnvelope = z.object({
  code: z.string(),
  message: z.string(),
  dataContent: z.unknown(),
});

/** A page of rows (ARCHITECTURE §3). */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ records: z.array(row), total: z.number(), page: z.number(), size: z.number() });
}
