import { LIVE_HEARTBEAT_MS, LIVE_STREAM_EVENTS, type LiveMessage } from '@glucocare/domain/live';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LiveSubscriber } from './hub';

/** How long a browser waits before reconnecting after the stream ends (SSE `retry`). */
const RECONNECT_MS = 2_000;

/** Who a stream listens as, and how it is kept honest while open. */
export interface LiveStreamOptions {
  tenantId: string;
  /** null: no user (a wall screen), which hears no event addressed to users by name */
  userId: number | null;
  scope: LiveSubscriber['scope'];
  /** what the stream sends of a message (null: not sent); the message as it is by default */
  shape?: (message: LiveMessage, subscriber: LiveSubscriber) => unknown | null;
  /** how often `recheck` runs */
  recheckMs: number;
  /**
   * Whether the stream's credential still holds (it may change `subscriber.scope`, which applies to the
   * next event); false ends the stream with `session-ended`. A rejection (the database is away) keeps
   * the stream: the hub's own connection loss ends it if it matters.
   */
  recheck: (subscriber: LiveSubscriber) => Promise<boolean>;
}

/**
 * Serves the push channel as Server-Sent Events on `request` (issue 15; the wall screens' stream of
 * issue 20 too): subscribes to the process's hub, sends `ready`, a keep-alive comment every
 * {@link LIVE_HEARTBEAT_MS}, every event the subscriber hears, and rechecks the credential every
 * `recheckMs`. A hub that cannot listen (database away) answers `retry` and ends: the browser retries.
 */
export async function serveLiveStream(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  options: LiveStreamOptions,
): Promise<void> {
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
  const event = (name: string, data: unknown) => write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);

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

  const subscriber: LiveSubscriber = {
    tenantId: options.tenantId,
    userId: options.userId,
    scope: options.scope,
    send: (message: LiveMessage) => {
      const data = options.shape ? options.shape(message, subscriber) : message;
      if (data !== null) event(message.topic, data);
    },
    end: stop,
  };
  try {
    unsubscribe = await app.live.subscribe(subscriber);
  } catch (error) {
    request.log.warn({ err: error }, 'live channel unavailable');
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
      options
        .recheck(subscriber)
        .then((holds) => {
          if (stopped || holds) return;
          event(LIVE_STREAM_EVENTS.sessionEnded, {});
          stop();
        })
        .catch(() => {});
    }, options.recheckMs),
  );
  for (const timer of timers) timer.unref();
}
