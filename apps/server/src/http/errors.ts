import type { MessageKey } from '@glucocare/domain';

/** A failure the client can act on: HTTP status, a message key translated per request, optional data. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    readonly params?: Record<string, string | number>,
    readonly dataContent: unknown = null,
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

/** Invalid or expired session: HTTP 401 with body code "402" (spec §8), so the web resets its token. */
export class SessionError extends AppError {
  constructor() {
    super(401, 'error.sessionInvalid');
    this.name = 'SessionError';
  }
}

export const notFound = () => new AppError(404, 'error.notFound');
/** A row that does not exist, belongs to another tenant or lies outside the caller's scope: one answer for all. */
export const recordNotFound = () => new AppError(404, 'error.recordNotFound');
export const forbidden = () => new AppError(403, 'error.forbidden');
