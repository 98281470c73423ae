import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_QUERIES, LiveConnection } from './live';

/** A stream the test writes to, as the server's would arrive. */
function fakeServer() {
  const opened: { push(text: string): void; end(): void; status: number }[] = [];
  let nextStatus = 200;
  const open = (signal: AbortSignal) => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    const status = nextStatus;
    opened.push({
      status,
      push: (text) => controller.enqueue(new TextEncoder().encode(text)),
      end: () => controller.close(),
    });
    return Promise.resolve(new Response(status === 200 ? body : '{}', { status }));
  };
  return {
    open,
    opened,
    refuseNext() {
      nextStatus = 401;
    },
  };
}

const event = (topic: string, extra: Record<string, unknown> = {}) =>
  `event: ${topic}\ndata: ${JSON.stringify({ topic, departments: ['ENDO'], patientIds: [1], userIds: [], criticalIds: [], at: 0, ...extra })}\n\n`;

afterEach(() => {
  vi.useRealTimers();
});

describe('the push channel in the browser', () => {
  it('goes live on `ready`, and reloads the screens of a topic once for events that come together', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const server = fakeServer();
    const live = new LiveConnection(client, server.open);
    const heard: string[] = [];
    live.subscribe((message) => heard.push(message.topic));
    live.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(live.status).toBe('connecting');
    server.opened[0]!.push('retry: 2000\n\nevent: ready\ndata: {"at":1}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(live.status).toBe('live');
    server.opened[0]!.push([event('readings'), event('readings'), ': keep-alive\n\n'].join(''));
    await vi.advanceTimersByTimeAsync(200);
    expect(heard).toEqual(['readings', 'readings']);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual(LIVE_QUERIES.readings);
    live.stop();
    expect(live.status).toBe('off');
  });

  it('reconnects after the stream ends and then reloads every live screen (events of the gap are lost)', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const server = fakeServer();
    const live = new LiveConnection(client, server.open);
    live.start();
    await vi.advanceTimersByTimeAsync(0);
    server.opened[0]!.push('retry: 1000\n\nevent: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    server.opened[0]!.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(live.status).toBe('lost');
    expect(server.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.opened).toHaveLength(2);
    expect(invalidate).not.toHaveBeenCalled();
    server.opened[1]!.push('event: ready\ndata: {}\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(live.status).toBe('live');
    const reloaded = invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
    expect(new Set(reloaded)).toEqual(
      new Set(Object.values(LIVE_QUERIES).flatMap((keys) => keys.map((key) => JSON.stringify(key)))),
    );
    live.stop();
  });

  it('waits longer after each failed attempt, up to 30 s', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    const live = new LiveConnection(new QueryClient(), server.open);
    live.start();
    await vi.advanceTimersByTimeAsync(0);
    server.opened[0]!.push('retry: 2000\n\n');
    server.opened[0]!.end();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(server.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.opened).toHaveLength(2);
    server.opened[1]!.end();
    await vi.advanceTimersByTimeAsync(3_999);
    expect(server.opened).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.opened).toHaveLength(3);
    live.stop();
  });

  it('stops without retrying when the session is refused or ends', async () => {
    vi.useFakeTimers();
    const server = fakeServer();
    const live = new LiveConnection(new QueryClient(), server.open);
    live.start();
    await vi.advanceTimersByTimeAsync(0);
    server.opened[0]!.push('event: ready\ndata: {}\n\nevent: session-ended\ndata: {}\n\n');
    server.opened[0]!.end();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(live.status).toBe('off');
    expect(server.opened).toHaveLength(1);

    server.refuseNext();
    live.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.opened).toHaveLength(2);
    expect(live.status).toBe('off');
  });
});
