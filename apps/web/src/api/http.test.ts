import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { setLanguage } from '../i18n';
import { ApiError, configureHttp, http, openStream, requestBlob, requestEnvelope, resetHttp } from './http';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

interface Harness {
  fetch: Mock<(url: string, init: RequestInit) => Promise<Response>>;
  reload: Mock<() => void>;
  removeToken: Mock<() => void>;
}

function setup(
  options: { token?: string | null; methodOverride?: boolean; language?: string } = {},
): Harness {
  const harness: Harness = { fetch: vi.fn(), reload: vi.fn(), removeToken: vi.fn() };
  configureHttp({
    fetch: harness.fetch as unknown as typeof fetch,
    reload: harness.reload,
    removeToken: harness.removeToken,
    baseUrl: () => '/app-service',
    methodOverride: () => options.methodOverride ?? false,
    language: () => options.language ?? 'en-US',
    token: () => (options.token === undefined ? 'tok.123' : options.token),
  });
  return harness;
}

function lastCall(harness: Harness): {
  url: string;
  init: RequestInit & { headers: Record<string, string> };
} {
  const [url, init] = harness.fetch.mock.calls.at(-1) as [
    string,
    RequestInit & { headers: Record<string, string> },
  ];
  return { url, init };
}

beforeEach(async () => {
  await setLanguage('en-US');
});

afterEach(() => {
  resetHttp();
  vi.useRealTimers();
});

describe('http client: envelope', () => {
  it('resolves with dataContent on HTTP 200 and code "1"', async () => {
    const harness = setup();
    harness.fetch.mockResolvedValue(
      jsonResponse(200, { code: '1', message: 'Success', dataContent: { a: 1 } }),
    );
    await expect(http.get('/v1/users/profile')).resolves.toEqual({ a: 1 });
  });

  it('sends base URL, query, Accept-Language, bearer token and JSON body', async () => {
    const harness = setup({ language: 'zh-CN' });
    harness.fetch.mockResolvedValue(jsonResponse(200, { code: '1', dataContent: null }));
    await http.post('/v1/thing', { x: 1 }, { query: { page: 2, size: 20, skip: undefined } });
    const { url, init } = lastCall(harness);
    expect(url).toBe('/app-service/v1/thing?page=2&size=20');
    expect(init.method).toBe('POST');
    expect(init.headers['Accept-Language']).toBe('zh-CN');
    expect(init.headers.Authorization).toBe('Bearer tok.123');
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"x":1}');
  });

  it('sends no Authorization header without a token', async () => {
    const harness = setup({ token: null });
    harness.fetch.mockResolvedValue(jsonResponse(200, { code: '1', dataContent: null }));
    await http.get('/v1/passwordRule');
    expect(lastCall(harness).init.headers.Authorization).toBeUndefined();
  });

  it('sends no Authorization header with bearer: false, even with a session (wall screens)', async () => {
    const harness = setup({ token: 'tok.123' });
    harness.fetch.mockResolvedValue(jsonResponse(200, { code: '1', dataContent: null }));
    await http.get('/v1/monitor/', { bearer: false, headers: { 'X-Screen-Link': 'k' } });
    expect(lastCall(harness).init.headers.Authorization).toBeUndefined();
    expect(lastCall(harness).init.headers['X-Screen-Link']).toBe('k');
    await openStream('/v1/monitor/events', new AbortController().signal, {
      bearer: false,
      headers: { 'X-Screen-Link': 'k' },
    });
    expect(lastCall(harness).init.headers.Authorization).toBeUndefined();
    expect(lastCall(harness).init.headers['X-Screen-Link']).toBe('k');
    expect(lastCall(harness).init.headers.Accept).toBe('text/event-stream');
  });

  it('rejects when the body code is not "1", even with HTTP 200', async () => {
    const harness = setup();
    harness.fetch.mockResolvedValue(
      jsonResponse(200, { code: '0', message: 'Query error', dataContent: null }),
    );
    const error = await http.get('/v1/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Query error');
    expect((error as ApiError).code).toBe('0');
    expect((error as ApiError).status).toBe(200);
  });

  it('rejects a non-200 answer with its message, code, status and field errors', async () => {
    const harness = setup();
    harness.fetch.mockResolvedValue(
      jsonResponse(400, {
        code: '400',
        message: 'The username must be 2-12 characters',
        dataContent: { errors: [{ field: 'userName', message: 'The username must be 2-12 characters' }] },
      }),
    );
    const error = (await http.post('/v1/login', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('400');
    expect(error.status).toBe(400);
    expect(error.kind).toBe('api');
    expect(error.errors).toEqual([{ field: 'userName', message: 'The username must be 2-12 characters' }]);
    expect(harness.reload).not.toHaveBeenCalled();
  });

  it('keeps the 412 dataContent (password must change)', async () => {
    const harness = setup({ token: null });
    harness.fetch.mockResolvedValue(
      jsonResponse(412, {
        code: '412',
        message: 'You must change your password',
        dataContent: { reason: 'initial' },
      }),
    );
    const error = (await http.post('/v1/login', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(412);
    expect(error.data).toEqual({ reason: 'initial' });
  });

  it('falls back to the word "Error" when the body has no message or is not JSON', async () => {
    const harness = setup();
    harness.fetch.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    const first = (await http.get('/v1/x').catch((e: unknown) => e)) as ApiError;
    expect(first.message).toBe('Error');
    expect(first.status).toBe(502);
    harness.fetch.mockResolvedValueOnce(jsonResponse(500, { code: '500', dataContent: null }));
    expect(((await http.get('/v1/x').catch((e: unknown) => e)) as ApiError).message).toBe('Error');
    harness.fetch.mockResolvedValueOnce(new Response('{"dataContent":1}', { status: 200 }));
    await expect(http.get('/v1/x')).rejects.toThrow('Error');
  });

  it('returns the whole envelope from requestEnvelope', async () => {
    const harness = setup();
    harness.fetch.mockResolvedValue(
      jsonResponse(200, { code: '1', message: 'Password updated', dataContent: null }),
    );
    await expect(requestEnvelope('PUT', '/v1/changePassword', { body: {} })).resolves.toEqual({
      code: '1',
      message: 'Password updated',
      dataContent: null,
    });
  });
});

describe('http client: invalid session (402)', () => {
  it('removes the token and reloads the page once, however many calls get 402', async () => {
    const harness = setup();
    harness.fetch.mockImplementation(async () =>
      jsonResponse(401, { code: '402', message: 'Your session has expired', dataContent: null }),
    );
    const errors = await Promise.all([
      http.get('/v1/users/profile').catch((e: unknown) => e),
      http.get('/v1/tenants/current').catch((e: unknown) => e),
    ]);
    const third = await http.get('/v1/units/list').catch((e: unknown) => e);
    for (const error of [...errors, third]) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe('402');
      expect((error as ApiError).kind).toBe('session');
    }
    expect(harness.removeToken).toHaveBeenCalled();
    expect(harness.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload for other failures', async () => {
    const harness = setup();
    harness.fetch.mockResolvedValue(
      jsonResponse(401, { code: '401', message: 'Incorrect organisation code, username or password' }),
    );
    await expect(http.post('/v1/login', {})).rejects.toThrow('Incorrect organisation code');
    expect(harness.reload).not.toHaveBeenCalled();
    expect(harness.removeToken).not.toHaveBeenCalled();
  });
});

describe('http client: timeout, network, cancellation', () => {
  it('aborts after 30 seconds with a translated timeout message', async () => {
    vi.useFakeTimers();
    const harness = setup();
    harness.fetch.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const pending = http.get('/v1/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(29_999);
    expect((lastCall(harness).init.signal as AbortSignal).aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('The request took too long and was stopped');
    await setLanguage('zh-CN');
    const again = http.get('/v1/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(((await again) as ApiError).message).toBe('请求时间过长，已被中止');
  });

  it('turns a network failure into a clear message', async () => {
    const harness = setup();
    harness.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await http.get('/v1/x').catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/Cannot reach the server/);
  });

  it('passes a cancellation through as the AbortError', async () => {
    const harness = setup();
    harness.fetch.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = http.get('/v1/x', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });
});

describe('http client: method override', () => {
  it('sends PUT as POST and DELETE as GET with X-HTTP-Method-Override when configured', async () => {
    const harness = setup({ methodOverride: true });
    harness.fetch.mockImplementation(async () => jsonResponse(200, { code: '1', dataContent: null }));
    await http.put('/v1/changePassword', { a: 1 });
    expect(lastCall(harness).init.method).toBe('POST');
    expect(lastCall(harness).init.headers['X-HTTP-Method-Override']).toBe('PUT');
    expect(lastCall(harness).init.body).toBe('{"a":1}');
    await http.delete('/v1/menus', { query: { id: 3 } });
    expect(lastCall(harness).init.method).toBe('GET');
    expect(lastCall(harness).init.headers['X-HTTP-Method-Override']).toBe('DELETE');
    expect(lastCall(harness).url).toBe('/app-service/v1/menus?id=3');
  });

  it('sends real PUT and DELETE otherwise', async () => {
    const harness = setup();
    harness.fetch.mockImplementation(async () => jsonResponse(200, { code: '1', dataContent: null }));
    await http.put('/v1/x', {});
    expect(lastCall(harness).init.method).toBe('PUT');
    expect(lastCall(harness).init.headers['X-HTTP-Method-Override']).toBeUndefined();
  });
});

describe('http client: files served as themselves (requestBlob)', () => {
  it('sends the bearer token and language, and resolves with the body as a Blob', async () => {
    const harness = setup();
    harness.fetch.mockResolvedValue(
      new Response('<svg/>', { status: 200, headers: { 'Content-Type': 'image/svg+xml' } }),
    );
    const blob = await requestBlob('/v1/glu/event/item/3/icon?v=2', { accept: 'image/svg+xml' });
    const { url, init } = lastCall(harness);
    expect(url).toBe('/app-service/v1/glu/event/item/3/icon?v=2');
    expect(init.method).toBe('GET');
    expect(init.headers.Authorization).toBe('Bearer tok.123');
    expect(init.headers.Accept).toBe('image/svg+xml');
    expect(await blob.text()).toBe('<svg/>');
  });

  it('rejects other answers with the envelope message, and a 402 resets the session', async () => {
    const harness = setup();
    harness.fetch.mockResolvedValue(
      jsonResponse(404, { code: '404', message: 'No such icon', dataContent: null }),
    );
    const missing = (await requestBlob('/v1/x').catch((e: unknown) => e)) as ApiError;
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing.message).toBe('No such icon');
    expect(missing.status).toBe(404);

    harness.fetch.mockResolvedValue(
      jsonResponse(401, { code: '402', message: 'Expired', dataContent: null }),
    );
    const expired = (await requestBlob('/v1/x').catch((e: unknown) => e)) as ApiError;
    expect(expired.kind).toBe('session');
    expect(harness.removeToken).toHaveBeenCalled();
    expect(harness.reload).toHaveBeenCalledTimes(1);
  });
});
