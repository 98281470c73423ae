import { translate } from '@glucocare/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badInputValueCode, isDatabaseUnavailable, isUniqueViolation } from '../db/client';
import { databaseOutages } from '../lib/outage-log';
import { AppError, SessionError } from './errors';
import { loggableUrl, outageAnswers } from './log';
import { ResponseShapeMismatch, ValidationFailure } from './validation';

const FASTIFY_CODES: Record<string, { status: number; key: Parameters<typeof translate>[1] }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'error.unsupportedMediaType' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, key: 'error.badRequest' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'error.invalidJson' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'error.invalidJson' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'error.bodyTooLarge' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, key: 'error.badRequest' },
};

function send(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  dataContent: unknown = null,
) {
  return reply.status(status).send({ code, message, dataContent });
}

/**
 * The one place that turns a failure into the envelope (ARCHITECTURE §3): meaningful status, message
 * in the caller's language, never a stack trace or SQL. Registered before the route modules.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ValidationFailure, request, reply) => {
    const lang = request.lang ?? 'en-US';
    if (error instanceof SessionError) {
      return send(reply, 401, '402', translate(lang, error.messageKey));
    }
    if (error instanceof AppError) {
      return send(
        reply,
        error.statusCode,
        String(error.statusCode),
        translate(lang, error.messageKey, error.params),
        error.dataContent,
      );
    }
    if (error instanceof ValidationFailure) {
      const errors = error.issues(lang);
      const message = errors.length
        ? errors.map((e) => `${e.field}: ${e.message}`).join('; ')
        : translate(lang, 'error.badRequest');
      return send(reply, 400, '400', message, { errors });
    }
    if (error instanceof ResponseShapeMismatch) {
      // only under test (BuildOptions.checkResponses): say which field drifted from the declared shape
      console.error(error.message);
      return send(reply, 500, '500', error.message);
    }
    if (isUniqueViolation(error)) {
      // Two requests raced past a service's duplicate check; the unique index decided.
      return send(reply, 409, '409', translate(lang, 'error.duplicate'));
    }
    const badValue = badInputValueCode(error);
    if (badValue) {
      // a schema let the value through: worth fixing there, so it is logged
      request.log.warn({ sqlState: badValue, url: loggableUrl(request.url) }, 'value refused by PostgreSQL');
      return send(reply, 400, '400', translate(lang, 'error.valueOutOfRange'));
    }
    if (isDatabaseUnavailable(error)) {
      // one line per kind per few seconds, however many requests fail (the request's own lines too)
      databaseOutages.failure(request.log, 'request', error, { url: loggableUrl(request.url) });
      outageAnswers.add(request);
      return send(reply, 503, '503', translate(lang, 'error.unavailable'));
    }
    const known = 'code' in error && typeof error.code === 'string' ? FASTIFY_CODES[error.code] : undefined;
    if (known) return send(reply, known.status, String(known.status), translate(lang, known.key));
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) return send(reply, 429, '429', translate(lang, 'error.rateLimited'));
    if (status >= 400 && status < 500) {
      return send(reply, status, String(status), translate(lang, 'error.badRequest'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, '500', translate(lang, 'error.internal'));
  });
}

export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(reply, 404, '404', translate(request.lang ?? 'en-US', 'error.routeNotFound'));
}
