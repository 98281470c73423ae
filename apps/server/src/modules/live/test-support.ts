import { createSseReader } from '@glucocare/domain/live';

export interface ReceivedEvent {
  event: string;
  data: Record<string, unknown>;
  /** Date.now() when it arrived */
  receivedAt: number;
}

/** An open push-channel stream of a signed-in user, read as the browser reads it (fetch + bearer). */
export interface LiveStream {
  status: number;
  events: ReceivedEvent[];
  /** resolves with the first event (already received or coming) that matches, or rejects after `ms` */
  waitFor(match: (event: ReceivedEvent) => boolean, ms?: number): Promise<ReceivedEvent>;
  /** resolves when the server ends the stream */
  ended: Promise<void>;
  close(): void;
}

export async function openLiveStream(
  baseUrl: string,
  token: string | null,
  /** another stream of the same kind (the wall screens': `/v1/monitor/events` with `X-Screen-Link`) */
  other: { path: string; headers: Record<string, string> } | null = null,
): Promise<LiveStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/app-service${other?.path ?? '/v1/live/events'}`, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...other?.headers },
    signal: controller.signal,
  });
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  const reader = createSseReader((event) => {
    events.push({ event: event.event, data: JSON.parse(event.data), receivedAt: Date.now() });
    for (const wake of waiters) wake();
  });
  let ended: Promise<void> = Promise.resolve();
  if (response.ok && response.body) {
    const body = response.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      try {
        for (;;) {
          const { done, value } = await body.read();
          if (done) return;
          reader.push(value);
        }
      } catch {
        // aborted by close()
      }
    })();
  } else {
    await response.text();
  }
  return {
    status: response.status,
    events,
    ended,
    waitFor(match, ms = 2_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching event within ${ms} ms; received ${JSON.stringify(events)}`));
        }, ms);
        if (!check()) waiters.add(check);
      });
    },
    close: () => controller.abort(),
  };
}
