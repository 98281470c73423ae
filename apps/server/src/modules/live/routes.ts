import { LIVE_SESSION_CHECK_MS } from '@glucocare/domain/live';
import { liveStreamAnswer } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import { bearerToken, sessionOf } from '../../http/session';
import { loadSession } from '../auth/sessions';
import { serveLiveStream } from './stream';

/**
 * The push channel's stream (issue 15): Server-Sent Events over the ordinary authenticated request.
 * Browsers open it with fetch and the bearer header (EventSource cannot send one, and a token in the
 * URL would land in proxy logs). The session is checked again every 30 s: a revoked or expired session
 * ends the stream with `session-ended`, and a changed scope applies to the next event.
 */
export async function liveRoutes(app: FastifyInstance) {
  app.get(
    '/v1/live/events',
    {
      config: { permission: 'session' },
      schema: {
        tags: ['live'],
        summary: 'The push channel: changes in the user’s scope as Server-Sent Events',
        response: { 200: liveStreamAnswer },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const token = bearerToken(request) as string;
      await serveLiveStream(app, request, reply, {
        tenantId: session.tenantId,
        userId: session.userId,
        scope: session.scope,
        recheckMs: LIVE_SESSION_CHECK_MS,
        recheck: async (subscriber) => {
          const lookup = await loadSession(app, token);
          if (lookup) subscriber.scope = lookup.user.scope;
          return !!lookup;
        },
      });
    },
  );
}
