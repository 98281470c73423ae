/**
 * What the strategy forms' tests share (happy-dom): a form mounted with a fake server, the signed-in
 * user allowed to edit strategies, typing the way a person does, saving, and the messages shown.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { expect, vi } from 'vitest';
import { configureHttp, resetHttp } from '../../../api/http';
import { type SessionState, sessionStore } from '../../../app/session';
import { setLanguage } from '../../../i18n';
import { STRATEGY_EDIT } from './StrategyForm';

/** An API answer in the envelope. */
export const envelope = (dataContent: unknown, status = 200, code = '1', message = 'ok') =>
  new Response(JSON.stringify({ code, message, dataContent }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export async function settle() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

/** Settles until `ready` holds (queries answer in their own time), at most about a second. */
export async function until(ready: () => boolean) {
  for (let attempt = 0; attempt < 40 && !ready(); attempt++) await settle();
  expect(ready()).toBe(true);
}

/** A mounted form: its container, the bodies it POSTed, and what the fake server answers a POST. */
export interface MountedForm {
  container: HTMLDivElement;
  posted: unknown[];
  postAnswer: () => Response;
  /** the input matching a CSS selector */
  input: (selector: string) => HTMLInputElement;
  /** types a value the way a person does: the input event, then leaving the field */
  type: (selector: string, value: string) => Promise<void>;
  /** clicks the button with this test id */
  click: (testId: string) => Promise<void>;
  /** the field messages shown */
  errorsShown: () => (string | null)[];
  unmount: () => Promise<void>;
}

/**
 * Mounts `node` in Chinese with a fake server: GETs answer `get(url)`, POSTs are kept in `posted` and
 * answer `postAnswer()` (by default the GET's answer).
 */
export async function mountForm(node: ReactNode, get: (url: string) => Response): Promise<MountedForm> {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const initialSession: SessionState = sessionStore.get();
  await setLanguage('zh-CN');
  const container = document.createElement('div');
  const form: MountedForm = {
    container,
    posted: [],
    postAnswer: () => get(''),
    input: (selector) => {
      const element = container.querySelector<HTMLInputElement>(selector);
      if (!element) throw new Error(`no ${selector}`);
      return element;
    },
    type: async (selector, value) => {
      const element = form.input(selector);
      await act(async () => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        setter?.call(element, value);
        element.dispatchEvent(new Event('input', { bubbles: true }));
        element.dispatchEvent(new FocusEvent('blur', { bubbles: true }));
        element.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
      });
      await settle();
    },
    click: async (testId) => {
      const button = container.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`);
      await act(async () => button?.click());
      await settle();
    },
    errorsShown: () =>
      [...container.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent),
    unmount: async () => {
      act(() => root.unmount());
      container.remove();
      resetHttp();
      sessionStore.set(initialSession);
      await setLanguage('en-US');
    },
  };
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (init.method === 'POST') {
      form.posted.push(JSON.parse(String(init.body)));
      return form.postAnswer();
    }
    return get(url);
  });
  configureHttp({
    fetch: fetchMock as unknown as typeof fetch,
    baseUrl: () => '/app-service',
    token: () => 'tok.abc',
    language: () => 'zh-CN',
    methodOverride: () => false,
    removeToken: vi.fn(),
    reload: vi.fn(),
  });
  sessionStore.set((state) => ({
    ...state,
    profile: { ...(state.profile ?? {}), permissions: [STRATEGY_EDIT] } as SessionState['profile'],
  }));
  document.body.appendChild(container);
  const root: Root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <App>{node}</App>
      </QueryClientProvider>,
    ),
  );
  await settle();
  return form;
}
