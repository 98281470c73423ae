import { FHIR_JSON, translate } from '@glucocare/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { badInputValueCode, isDatabaseUnavailable } from '../../../db/client';
import { AppError, SessionError } from '../../../http/errors';
import { loggableUrl } from '../../../http/log';
import { ResponseShapeMismatch, ValidationFailure } from '../../../http/validation';

/** FHIR issue-type codes (http://hl7.org/fhir/issue-type) this API answers with. */
export type IssueCode =
  | 'invalid'
  | 'value'
  | 'not-supported'
  | 'not-found'
  | 'login'
  | 'forbidden'
  | 'throttled'
  | 'transient'
  | 'exception'
  | 'processing';

export interface OperationOutcome {
  resourceType: 'OperationOutcome';
  issue: { severity: 'error' | 'fatal' | 'warning' | 'information'; code: IssueCode; diagnostics?: string }[];
}

/** A failure of the FHIR API answered as an OperationOutcome with its HTTP status. */
export class FhirError extends Error {
  constructor(
    readonly statusCode: number,
    readonly issueCode: IssueCode,
    readonly diagnostics: string,
  ) {
    super(diagnostics);
    this.name = 'FhirError';
  }
}

export const fhirNotFound = (type: string, id: string) =>
  new FhirError(404, 'not-found', `Resource ${type}/${id} is not known`);

export function operationOutcome(code: IssueCode, diagnostics: string): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code, diagnostics }] };
}

function sendOutcome(reply: FastifyReply, status: number, code: IssueCode, diagnostics: string) {
  return reply.status(status).type(FHIR_JSON).send(operationOutcome(code, diagnostics));
}

const ISSUE_OF_STATUS: Record<number, IssueCode> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  406: 'not-supported',
  409: 'processing',
  413: 'invalid',
  415: 'not-supported',
  429: 'throttled',
  503: 'transient',
};

/**
 * The error handler of the FHIR scope. FHIR clients expect an OperationOutcome, not the app's
 * `{code, message, dataContent}` envelope (a deliberate departure from ARCHITECTURE §3, see
 * docs/interop.md), so this plugin scope sets its own handler instead of the global one
 * (http/error-handler.ts); the statuses are the same: 401 without a valid session, 403 without the
 * permission, 404 for a resource of another tenant, outside the scope or missing alike. Messages of the
 * app's own failures keep the request's language; no stack traces or SQL.
 */
export function fhirErrorHandler(
  error: FastifyError | AppError | ValidationFailure | FhirError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const lang = request.lang ?? 'en-US';
  if (error instanceof FhirError) return sendOutcome(reply, error.statusCode, error.issueCode, error.message);
  if (error instanceof SessionError) {
    reply.header('www-authenticate', 'Bearer');
    return sendOutcome(reply, 401, 'login', translate(lang, error.messageKey));
  }
  if (error instanceof AppError) {
    const code = ISSUE_OF_STATUS[error.statusCode] ?? 'processing';
    return sendOutcome(reply, error.statusCode, code, translate(lang, error.messageKey, error.params));
  }
  if (error instanceof ValidationFailure) {
    const issues = error.issues(lang);
    const text = issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ');
    return sendOutcome(reply, 400, 'invalid', text || translate(lang, 'error.badRequest'));
  }
  if (error instanceof ResponseShapeMismatch) {
    // only under test (BuildOptions.checkResponses)
    console.error(error.message);
    return sendOutcome(reply, 500, 'exception', error.message);
  }
  if (badInputValueCode(error)) {
    request.log.warn({ url: loggableUrl(request.url) }, 'FHIR search value refused by PostgreSQL');
    return sendOutcome(reply, 400, 'value', translate(lang, 'error.valueOutOfRange'));
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: (error as Error).message }, 'database unavailable');
    return sendOutcome(reply, 503, 'transient', translate(lang, 'error.unavailable'));
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    return sendOutcome(
      reply,
      status,
      ISSUE_OF_STATUS[status] ?? 'invalid',
      translate(lang, 'error.badRequest'),
    );
  }
  request.log.error({ err: error }, 'unhandled error (FHIR)');
  return sendOutcome(reply, 500, 'exception', translate(lang, 'error.internal'));
}
