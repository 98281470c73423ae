import { translate } from '@glucocare/domain';
import type { FastifyInstance } from 'fastify';
import { databaseOutages } from '../lib/outage-log';
import { loggableUrl, outageAnswers } from './log';

declare module 'fastify' {
  interface FastifyRequest {
    deadline?: NodeJS.Timeout;
  }
}

/**
 * Answers a request that is still running after `ms` with 503 (spec §7: 30 s timeout), so a client
 * never waits longer than the browser's own limit; SQL is bounded by statement_timeout as well.
 */
export function registerRequestTimeout(app: FastifyInstance, ms: number): void {
  app.addHook('onRequest', async (request, reply) => {
    request.deadline = setTimeout(() => {
      if (reply.sent) return;
      if (databaseOutages.failingNow) {
        // requests queued for a connection while the database is gone: counted with the outage
        databaseOutages.count(request.log, 'request', 'timeout', { url: loggableUrl(request.url), ms });
        outageAnswers.add(request);
      } else {
        request.log.warn({ url: loggableUrl(request.url), ms }, 'request timed out');
      }
      reply
        .status(503)
        .send({ code: '503', message: translate(request.lang, 'error.timeout'), dataContent: null });
    }, ms);
    request.deadline.unref();
  });
  app.addHook('onResponse', async (request) => {
    clearTimeout(request.deadline);
  });
}
