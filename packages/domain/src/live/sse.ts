/** One Server-Sent Event as read off the stream. */
export interface SseEvent {
  /** `message` when the stream names none (the SSE default) */
  event: string;
  data: string;
}

/**
 * An incremental reader of a `text/event-stream` body (WHATWG HTML "Server-sent events", §9.2.6
 * interpreting an event stream): feed it text as it arrives, in chunks of any size, and it calls
 * `onEvent` for each complete event. Comment lines (`: …`) are skipped, `retry:` is reported to
 * `onRetry`, multi-line data is joined with "\n". Used by the browser (fetch with the bearer header,
 * which EventSource cannot send), the API tests and the bench: one reader of the push channel.
 */
export function createSseReader(onEvent: (event: SseEvent) => void, onRetry?: (ms: number) => void) {
  let buffer = '';
  let name = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length) onEvent({ event: name || 'message', data: data.join('\n') });
      name = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry?.(Number(value));
  };
  return {
    push(chunk: string) {
      buffer += chunk;
      let end = buffer.search(/\r\n|\r|\n/);
      while (end >= 0) {
        const breakLength = buffer.startsWith('\r\n', end) ? 2 : 1;
        // a lone \r at the end of a chunk may be the first half of \r\n: wait for the next chunk
        if (buffer[end] === '\r' && end === buffer.length - 1) break;
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + breakLength);
        end = buffer.search(/\r\n|\r|\n/);
      }
    },
  };
}
