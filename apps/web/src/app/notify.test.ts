import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, showError } from '../api/http';
import { bindNotify } from './notify';

/** What antd's message API would show: one entry per key (a repeated key replaces its entry). */
function fakeMessages() {
  const shown = new Map<string, string>();
  const calls: string[] = [];
  const message = {
    error: (config: { content: string; key: string }) => {
      calls.push(config.content);
      shown.set(config.key, config.content);
    },
    success: () => {},
  };
  bindNotify(message as never, {} as never);
  return { shown, calls };
}

afterEach(() => bindNotify(null as never, null as never));

describe('one error toast per failure', () => {
  it('shows a failure once though the page and the query cache both report it', () => {
    const { shown, calls } = fakeMessages();
    const failure = new ApiError({
      message: 'Drug code already exists',
      status: 409,
      code: '409',
      kind: 'api',
    });
    showError(failure);
    showError(failure);
    expect(calls).toEqual(['Drug code already exists']);
    expect([...shown.values()]).toEqual(['Drug code already exists']);
  });

  it('replaces, not stacks, the same text from separate failures; different texts both show', () => {
    const { shown } = fakeMessages();
    showError(new Error('Service temporarily unavailable'));
    showError(new Error('Service temporarily unavailable'));
    showError(new Error('Request timed out'));
    expect([...shown.values()]).toEqual(['Service temporarily unavailable', 'Request timed out']);
  });

  it('shows nothing for a cancelled request or an ended session', () => {
    const { calls } = fakeMessages();
    showError(new DOMException('aborted', 'AbortError'));
    showError(new ApiError({ message: 'Session expired', status: 401, code: '402', kind: 'session' }));
    expect(calls).toEqual([]);
  });
});
