import { describe, expect, it } from 'vitest';
import { createSseReader, type SseEvent } from './sse';

function read(chunks: string[]) {
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const reader = createSseReader(
    (event) => events.push(event),
    (ms) => retries.push(ms),
  );
  for (const chunk of chunks) reader.push(chunk);
  return { events, retries };
}

describe('the Server-Sent Events reader', () => {
  it('reads named events, the default name, comments and retry', () => {
    const { events, retries } = read([
      'retry: 2000\n\n: keep-alive\n\nevent: readings\ndata: {"a":1}\n\ndata: plain\n\n',
    ]);
    expect(retries).toEqual([2000]);
    expect(events).toEqual([
      { event: 'readings', data: '{"a":1}' },
      { event: 'message', data: 'plain' },
    ]);
  });

  it('joins an event split across chunks anywhere, even between \\r and \\n', () => {
    const text = 'event: critical\r\ndata: {"criticalIds":[7]}\r\n\r\nevent: ready\ndata: {}\n\n';
    for (let cut = 1; cut < text.length; cut++) {
      const { events } = read([text.slice(0, cut), text.slice(cut)]);
      expect(events, `cut at ${cut}`).toEqual([
        { event: 'critical', data: '{"criticalIds":[7]}' },
        { event: 'ready', data: '{}' },
      ]);
    }
  });

  it('joins multi-line data with a newline and keeps a value without the optional space', () => {
    const { events } = read(['data:one\ndata: two\n\n']);
    expect(events).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });

  it('sends nothing for an event that is not finished by a blank line, or has no data', () => {
    const { events } = read(['event: readings\n\n', 'event: critical\ndata: x\n']);
    expect(events).toEqual([]);
  });
});
