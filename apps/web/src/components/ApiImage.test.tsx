import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { configureHttp, resetHttp } from '../api/http';
import { ApiImage, type ObjectUrlState, useApiObjectUrl, useTextObjectUrl } from './ApiImage';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>';

let container: HTMLDivElement;
let root: Root;
let fetchMock: Mock<(url: string, init: RequestInit) => Promise<Response>>;
let createUrl: Mock<(blob: Blob | MediaSource) => string>;
let revokeUrl: Mock<(url: string) => void>;
let counter = 0;

function svgResponse(body = SVG, status = 200): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'image/svg+xml; charset=utf-8' } });
}

/** Resolves once pending promises and the effects they trigger have run. */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

let seen: ObjectUrlState[] = [];
function Probe({ path }: { path: string | null }) {
  const state = useApiObjectUrl(path, 'image/svg+xml');
  seen.push(state);
  return <span data-status={state.status}>{state.url ?? ''}</span>;
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  seen = [];
  counter = 0;
  fetchMock = vi.fn(async () => svgResponse());
  configureHttp({
    fetch: fetchMock as unknown as typeof fetch,
    baseUrl: () => '/app-service',
    token: () => 'tok.abc',
    language: () => 'zh-CN',
    methodOverride: () => false,
    removeToken: vi.fn(),
    reload: vi.fn(),
  });
  createUrl = vi.fn(() => `blob:test/${++counter}`);
  revokeUrl = vi.fn();
  vi.spyOn(URL, 'createObjectURL').mockImplementation(createUrl);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(revokeUrl);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  resetHttp();
  vi.restoreAllMocks();
});

describe('useApiObjectUrl (icons behind the bearer token)', () => {
  it('fetches through the HTTP client with the Authorization header and shows an object URL', async () => {
    act(() => root.render(<Probe path="/v1/glu/event/item/7/icon?v=3" />));
    expect(container.querySelector('span')?.dataset.status).toBe('loading');
    await settle();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [
      string,
      RequestInit & { headers: Record<string, string> },
    ];
    expect(url).toBe('/app-service/v1/glu/event/item/7/icon?v=3');
    expect(init.method).toBe('GET');
    expect(init.headers.Authorization).toBe('Bearer tok.abc');
    expect(init.headers['Accept-Language']).toBe('zh-CN');
    expect(init.headers.Accept).toBe('image/svg+xml');

    expect(createUrl).toHaveBeenCalledTimes(1);
    const blob = createUrl.mock.calls[0]?.[0] as Blob;
    expect(blob.type).toBe('image/svg+xml');
    expect(await blob.text()).toBe(SVG);
    expect(container.querySelector('span')?.dataset.status).toBe('ready');
    expect(container.textContent).toBe('blob:test/1');
    expect(revokeUrl).not.toHaveBeenCalled();
  });

  it('revokes the object URL when the component unmounts', async () => {
    act(() => root.render(<Probe path="/v1/glu/event/item/7/icon?v=3" />));
    await settle();
    expect(revokeUrl).not.toHaveBeenCalled();
    act(() => root.render(<span />));
    expect(revokeUrl).toHaveBeenCalledWith('blob:test/1');
  });

  it('revokes the previous URL when the path changes (a new icon version) and loads the new one', async () => {
    act(() => root.render(<Probe path="/v1/glu/event/item/7/icon?v=3" />));
    await settle();
    act(() => root.render(<Probe path="/v1/glu/event/item/7/icon?v=4" />));
    expect(revokeUrl).toHaveBeenCalledWith('blob:test/1');
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(container.textContent).toBe('blob:test/2');
    act(() => root.unmount());
    root = createRoot(container);
    expect(revokeUrl).toHaveBeenLastCalledWith('blob:test/2');
  });

  it('cancels the request when unmounted before the answer, and creates no URL', async () => {
    let signal: AbortSignal | undefined;
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          signal = init.signal ?? undefined;
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    act(() => root.render(<Probe path="/v1/glu/event/item/7/icon" />));
    act(() => root.render(<span />));
    await settle();
    expect(signal?.aborted).toBe(true);
    expect(createUrl).not.toHaveBeenCalled();
    expect(revokeUrl).not.toHaveBeenCalled();
  });

  it('reports an error for a refused request and does nothing without a path', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: '404', message: 'Not found', dataContent: null }), { status: 404 }),
    );
    act(() => root.render(<Probe path="/v1/glu/event/item/9/icon" />));
    await settle();
    expect(container.querySelector('span')?.dataset.status).toBe('error');
    expect(createUrl).not.toHaveBeenCalled();

    act(() => root.render(<Probe path={null} />));
    await settle();
    expect(container.querySelector('span')?.dataset.status).toBe('idle');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('ApiImage draws the icon in an <img> (never as markup in the page)', async () => {
    act(() => root.render(<ApiImage path="/v1/glu/event/item/7/icon" alt="Meal" testId="icon" />));
    await settle();
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('blob:test/1');
    expect(img?.getAttribute('alt')).toBe('Meal');
    expect(container.querySelector('svg circle')).toBeNull();
    expect(container.querySelector('[data-testid="icon"]')?.getAttribute('data-status')).toBe('ready');
  });
});

function TextProbe({ text }: { text: string | null }) {
  return <span>{useTextObjectUrl(text, 'image/svg+xml') ?? ''}</span>;
}

describe('useTextObjectUrl (an SVG file just chosen)', () => {
  it('wraps the text in an SVG blob and revokes it when the text changes or the component goes', async () => {
    act(() => root.render(<TextProbe text={SVG} />));
    expect(container.textContent).toBe('blob:test/1');
    const blob = createUrl.mock.calls[0]?.[0] as Blob;
    expect(blob.type).toBe('image/svg+xml');
    act(() => root.render(<TextProbe text={`${SVG} `} />));
    expect(revokeUrl).toHaveBeenCalledWith('blob:test/1');
    expect(container.textContent).toBe('blob:test/2');
    act(() => root.render(<TextProbe text={null} />));
    expect(revokeUrl).toHaveBeenCalledWith('blob:test/2');
    expect(container.textContent).toBe('');
  });
});
