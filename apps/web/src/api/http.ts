import { HTTP_TIMEOUT_MS } from '@glucocare/domain/constants';
import type { FieldError } from '@glucocare/domain/validation';
import { toastError } from '../app/notify';
import { runtimeConfig } from '../config';
import i18n, { currentLang, msg } from '../i18n';
import { getToken, removeToken } from './token';

/**
 * The one HTTP client of the web app (like Ant Design Pro's requestErrorConfig): base URL from the
 * runtime config, Accept-Language, bearer token, JSON bodies, 30 s timeout, optional method override,
 * and the envelope `{ code, message, dataContent }`: a call succeeds only with HTTP 200 and code "1".
 */

export interface Envelope<T> {
  code: string;
  message?: string;
  dataContent: T;
}

export type ApiErrorKind = 'api' | 'session' | 'network' | 'timeout';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** body code ("400", "401", "402", "412"...), or NETWORK / TIMEOUT when no answer came */
  readonly code: string;
  /** HTTP status; 0 when no answer came */
  readonly status: number;
  /** field problems of a 400 (`dataContent.errors`) */
  readonly errors: FieldError[];
  /** the body's dataContent (e.g. `{ reason }` of a 412) */
  readonly data: unknown;
  readonly kind: ApiErrorKind;

  constructor(init: {
    message: string;
    code: string;
    status: number;
    kind: ApiErrorKind;
    errors?: FieldError[];
    data?: unknown;
  }) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.kind = init.kind;
    this.errors = init.errors ?? [];
    this.data = init.data ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue | QueryValue[]>;
  body?: unknown;
  headers?: Record<string, string>;
  /** cancels the call (react-query passes one); a cancelled call rejects with the AbortError */
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * false: no bearer token, even when the browser holds a session (the wall screens send their
   * screen link instead and must not act as whoever signed in on that browser)
   */
  bearer?: boolean;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What the client reads from its surroundings; tests replace parts of it. */
export interface HttpEnvironment {
  fetch: typeof fetch;
  baseUrl: () => string;
  methodOverride: () => boolean;
  language: () => string;
  token: () => string | null;
  removeToken: () => void;
  reload: () => void;
}

const defaultEnvironment: HttpEnvironment = {
  fetch: (input, init) => globalThis.fetch(input, init),
  baseUrl: () => runtimeConfig().baseUrl,
  methodOverride: () => runtimeConfig().methodOverride,
  language: () => currentLang(),
  token: getToken,
  removeToken,
  reload: () => window.location.reload(),
};

let env: HttpEnvironment = { ...defaultEnvironment };
let sessionResetStarted = false;

/** Replaces parts of the environment (tests); `resetHttp()` restores the defaults. */
export function configureHttp(overrides: Partial<HttpEnvironment>): void {
  env = { ...env, ...overrides };
}

export function resetHttp(): void {
  env = { ...defaultEnvironment };
  sessionResetStarted = false;
}

/** Body code of an invalid or expired session (§8): the token is dropped and the page reloads once. */
export const SESSION_INVALID_CODE = '402';
export const SUCCESS_CODE = '1';

function buildUrl(path: string, query: RequestOptions['query']): string {
  const base = /^https?:\/\//.test(path) ? '' : env.baseUrl();
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) params.append(key, String(item));
    }
  }
  const search = params.toString();
  return `${base}${path}${search ? (path.includes('?') ? '&' : '?') + search : ''}`;
}

function fieldErrorsOf(data: unknown): FieldError[] {
  if (!data || typeof data !== 'object') return [];
  const errors = (data as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .filter((item): item is FieldError => !!item && typeof item === 'object' && 'message' in item)
    .map((item) => ({ field: String(item.field ?? ''), message: String(item.message) }));
}

function handleSessionInvalid(): void {
  env.removeToken();
  if (sessionResetStarted) return;
  sessionResetStarted = true;
  env.reload();
}

/** What came back from the server: the response and its body as read by the caller. */
interface Received<B> {
  response: Response;
  body: B;
}

/** What every call sends: what it accepts, the language and the bearer token. */
function commonHeaders(
  accept: string,
  extra?: Record<string, string>,
  bearer = true,
): Record<string, string> {
  const headers: Record<string, string> = { Accept: accept, 'Accept-Language': env.language(), ...extra };
  const token = bearer ? env.token() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/**
 * Opens a stream that never ends by itself (the push channel, `app/live.ts`): the common headers, no
 * timeout, only the caller's cancellation. Resolves with the response as it starts; a network failure
 * rejects with ApiError `NETWORK`, the caller's cancellation with its AbortError.
 */
export async function openStream(
  path: string,
  signal: AbortSignal,
  options: Pick<RequestOptions, 'headers' | 'bearer'> = {},
): Promise<Response> {
  try {
    return await env.fetch(buildUrl(path, undefined), {
      headers: commonHeaders('text/event-stream', options.headers, options.bearer),
      signal,
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError({ message: i18n.t('http.network'), code: 'NETWORK', status: 0, kind: 'network' });
  }
}

/**
 * Sends one request with the common headers (language, bearer token), the timeout and the caller's
 * cancellation, and reads the body with `read` under the same timeout. No answer → ApiError
 * `TIMEOUT` / `NETWORK`; the caller's own cancellation rejects with its AbortError.
 */
async function transmit<B>(
  method: Method,
  path: string,
  options: RequestOptions & { accept: string },
  read: (response: Response) => Promise<B>,
): Promise<Received<B>> {
  const headers = commonHeaders(options.accept, options.headers, options.bearer);

  let wireMethod: Method = method;
  if (env.methodOverride() && (method === 'PUT' || method === 'DELETE')) {
    wireMethod = method === 'PUT' ? 'POST' : 'GET';
    headers['X-HTTP-Method-Override'] = method;
  }
  const hasBody = options.body !== undefined && wireMethod !== 'GET';
  if (hasBody) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? HTTP_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort);

  try {
    const response = await env.fetch(buildUrl(path, options.query), {
      method: wireMethod,
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    return { response, body: await read(response) };
  } catch (error) {
    if (timedOut) {
      throw new ApiError({ message: msg('error.timeout'), code: 'TIMEOUT', status: 0, kind: 'timeout' });
    }
    if (options.signal?.aborted) throw error;
    throw new ApiError({ message: i18n.t('http.network'), code: 'NETWORK', status: 0, kind: 'network' });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

function parseEnvelope<T>(text: string): Partial<Envelope<T>> | null {
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    return parsed && typeof parsed === 'object' ? (parsed as Partial<Envelope<T>>) : null;
  } catch {
    return null;
  }
}

/** The ApiError of a failed answer (anything but HTTP 200 with code "1"); a 402 resets the session. */
function failureOf(response: Response, body: Partial<Envelope<unknown>> | null): ApiError {
  const code = body && typeof body.code === 'string' ? body.code : String(body?.code ?? response.status);
  const message = (typeof body?.message === 'string' && body.message) || msg('error.generic');
  if (code === SESSION_INVALID_CODE) {
    handleSessionInvalid();
    return new ApiError({ message, code, status: response.status, kind: 'session' });
  }
  return new ApiError({
    message,
    code,
    status: response.status,
    kind: 'api',
    errors: fieldErrorsOf(body?.dataContent),
    data: body?.dataContent ?? null,
  });
}

/** Sends one call and returns the whole envelope; rejects with ApiError unless HTTP 200 and code "1". */
export async function requestEnvelope<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  const { response, body: text } = await transmit(
    method,
    path,
    { ...options, accept: 'application/json' },
    (answer) => answer.text(),
  );
  const body = parseEnvelope<T>(text);
  const code = body && typeof body.code === 'string' ? body.code : String(body?.code ?? response.status);
  if (response.status === 200 && body && code === SUCCESS_CODE) {
    return { code, message: body.message, dataContent: body.dataContent as T };
  }
  throw failureOf(response, body);
}

/**
 * GET of something the API serves as itself rather than in an envelope (a glucose event item's SVG
 * icon): the same base URL, language, bearer token, timeout and cancellation as every call. Resolves
 * with the body as a Blob on HTTP 200; anything else rejects with ApiError, with the envelope's
 * message when the server sent one (a 402 resets the session as usual).
 */
export async function requestBlob(
  path: string,
  options: Pick<RequestOptions, 'query' | 'signal' | 'timeoutMs' | 'headers'> & { accept?: string } = {},
): Promise<Blob> {
  const { response, body } = await transmit(
    'GET',
    path,
    { ...options, accept: options.accept ?? '*/*' },
    (answer) => answer.blob(),
  );
  if (response.status === 200) return body;
  throw failureOf(response, parseEnvelope<unknown>(await body.text().catch(() => '')));
}

export async function request<T>(method: Method, path: string, options?: RequestOptions): Promise<T> {
  return (await requestEnvelope<T>(method, path, options)).dataContent;
}

export const http = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** Whether an error is the cancellation of a call (no message to show). */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The text to show for any failure: the server's message, or the translated generic one. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return msg('error.generic');
}

/**
 * How failures show (§8): an error toast with the message. A 402 shows nothing (the page reloads to
 * the login), and a cancelled call shows nothing.
 */
export function showError(error: unknown): void {
  if (isAbort(error)) return;
  if (isApiError(error) && error.kind === 'session') return;
  // a failure handled by the page and again by the query cache is still one failure
  if (typeof error === 'object' && error !== null) {
    if (shownErrors.has(error)) return;
    shownErrors.add(error);
  }
  toastError(errorText(error));
}

const shownErrors = new WeakSet<object>();
