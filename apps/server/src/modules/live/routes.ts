import {
  LIVE_HEARTBEAT_MS,
  LIVE_SESSION_CHECK_MS,
  LIVE_STREAM_EVENTS,
  type LiveMessage,
} from '@glucocare/domain/live';
import { liveStreamAnswer } from '@glucocare/domain/responses';
import type { FastifyInstance } from 'fastify';
import { bearerToken, sessionOf } from '../../http/session';
import { loadSession } from '../auth/sessions';

/** How long a browser waits before reconnecting after the stream ends (SSE `retry`). */
const RECONNECT_MS = 2_000;

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
      clearTimeout(request.deadline);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      raw.socket?.setNoDelay(true);
      const write = (text: string) => {
        if (!raw.writableEnded) raw.write(text);
      };
      const event = (name: string, data: unknown) =>
        write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);

      let stopped = false;
      const timers: NodeJS.Timeout[] = [];
      let unsubscribe = () => {};
      const stop = () => {
        if (stopped) return;
        stopped = true;
        for (const timer of timers) clearInterval(timer);
        unsubscribe();
        if (!raw.writableEnded) raw.end();
      };
      raw.on('close', stop);

      const subscriber = {
        tenantId: session.tenantId,
        userId: session.userId,
        scope: session.scope,
        send: (message: LiveMessage) => event(message.topic, message),
        end: stop,
      };
      try {
        unsubscribe = await app.live.subscribe(subscriber);
      } catch (error) {
        request.log.warn({ err: error }, 'live channel unavailable');
        // 503-like: the browser retries after `retry`
        write(`retry: ${RECONNECT_MS}\n\n`);
        stop();
        return;
      }
      if (stopped) {
        unsubscribe();
        return;
      }
      write(`retry: ${RECONNECT_MS}\n\n`);
      event(LIVE_STREAM_EVENTS.ready, { at: Date.now() });
      timers.push(
        setInterval(() => write(': keep-alive\n\n'), LIVE_HEARTBEAT_MS),
        setInterval(() => {
          loadSession(app, token)
            .then((lookup) => {
              if (stopped) return;
              if (!lookup) {
                event(LIVE_STREAM_EVENTS.sessionEnded, {});
                stop();
                return;
              }
              subscriber.scope = lookup.user.scope;
            })
            // the database is away: the hub's own connection loss ends the stream if it matters
            .catch(() => {});
        }, LIVE_SESSION_CHECK_MS),
      );
      for (const timer of timers) timer.unref();
    },
  );
}
