import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

const ALLOWED: Record<string, string> = { POST: 'PUT', GET: 'DELETE' };
const invalidOverride = Symbol('invalidMethodOverride');

/**
 * `X-HTTP-Method-Override` (spec §7): POST may stand for PUT and GET for DELETE. Routing reads the
 * method before any hook runs, so the switch happens in Fastify's rewriteUrl step.
 */
export function rewriteMethodOverride(req: IncomingMessage): string {
  const header = req.headers['x-http-method-override'];
  if (typeof header === 'string' && header.trim() !== '') {
    const wanted = header.trim().toUpperCase();
    if (req.method && ALLOWED[req.method] === wanted) req.method = wanted;
    else (req as IncomingMessage & { [invalidOverride]?: boolean })[invalidOverride] = true;
  }
  return req.url ?? '/';
}

export function registerMethodOverrideCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if ((request.raw as IncomingMessage & { [invalidOverride]?: boolean })[invalidOverride]) {
      throw new AppError(400, 'error.methodOverride');
    }
  });
}
