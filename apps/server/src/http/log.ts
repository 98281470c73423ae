import type { FastifyRequest } from 'fastify';

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
