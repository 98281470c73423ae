import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { databaseOutages } from '../lib/outage-log';

/**
 * Query parameters that are credentials: a shared record link's signature (`sig`, see
 * modules/records/links.ts) opens patient data to whoever holds it until it expires, so a log
 * reader must not be able to rebuild the link.
 */
const SECRET_QUERY_PARAMS = new Set(['sig', 'token', 'access_token']);

/** A request URL as logs show it: path and query, the values of secret parameters replaced. */
export function loggableUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0];
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed escape is logged as sent
      }
      return SECRET_QUERY_PARAMS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

/** pino serializer of `req` in request logs: Fastify's default fields, the URL made loggable. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * A proxy's request id (`x-request-id`) or the client's own is kept only when it looks like an id:
 * Fastify would otherwise log and echo any header value as is (a forged log line after a newline, a
 * multi-kilobyte id on every line of that request). Anything else gets a fresh UUID.
 */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && WELL_FORMED_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** Requests answered 503 because the database is unreachable: the outage log has counted them. */
export const outageAnswers = new WeakSet<FastifyRequest>();
const incomingHeldBack = new WeakSet<FastifyRequest>();

/**
 * Fastify's per-request lines, except that an outage does not write two of them for every request
 * that fails: a 503 for an unreachable database is counted by the outage log instead of logged, and
 * while the database is failing the "incoming request" line waits for the answer, so a request that
 * does get a normal answer meanwhile is still logged, in one line with its method and URL.
 */
export class OutageAwareLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (databaseOutages.failingNow) {
      incomingHeldBack.add(request);
      return;
    }
    super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ) {
    if (outageAnswers.has(request)) return;
    if (incomingHeldBack.has(request) && !error && !this.isLogDisabled(request)) {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
      return;
    }
    super.requestCompleted(error, request, reply, metadata);
  }
}
