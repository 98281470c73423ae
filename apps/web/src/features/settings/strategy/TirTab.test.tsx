import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { configureHttp, resetHttp } from '../../../api/http';
import { type SessionState, sessionStore } from '../../../app/session';
import { setLanguage } from '../../../i18n';
import { STRATEGY_EDIT } from './StrategyForm';
import { TirTab } from './TirTab';

let container: HTMLDivElement;
let root: Root;
let fetchMock: Mock<(url: string, init: RequestInit) => Promise<Response>>;
let postAnswer: () => Response;
const posted: unknown[] = [];
const initialSession: SessionState = sessionStore.get();

const envelope = (dataContent: unknown, status = 200, code = '1', message = 'ok') =>
  new Response(JSON.stringify({ code, message, dataContent }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const stored = { veryLow: 3.0, low: 3.9, high: 10.0, veryHigh: 13.9, periods: ['fasting'] };

async function settle() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

/** Settles until `ready` holds (queries answer in their own time), at most about a second. */
async function until(ready: () => boolean) {
  for (let attempt = 0; attempt < 40 && !ready(); attempt++) await settle();
  expect(ready()).toBe(true);
}

function input(testId: string): HTMLInputElement {
  const element = container.querySelector<HTMLInputElement>(`[data-testid="${testId}"]`);
  if (!element) throw new Error(`no ${testId}`);
  return element;
}

/** Types a value the way a person does: the input event, then leaving the field. */
async function type(testId: string, value: string) {
  const element = input(testId);
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
    element.dispatchEvent(new FocusEvent('blur', { bubbles: true }));
    element.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
  await settle();
}

async function save() {
  const button = container.querySelector<HTMLButtonElement>('[data-testid="strategy-tir-save"]');
  await act(async () => button?.click());
  await settle();
}

const errorsShown = () =>
  [...container.querySelectorAll('.ant-form-item-explain-error')].map((node) => node.textContent);

beforeEach(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  await setLanguage('zh-CN');
  posted.length = 0;
  postAnswer = () => envelope(stored);
  fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    if (url.includes('/v1/gluPeriod/list')) {
      return envelope([
        { code: 'fasting', name: '空腹', sort: 1, isActive: true },
        { code: 'afterLunch', name: '午餐后', sort: 2, isActive: true },
      ]);
    }
    if (init.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      return postAnswer();
    }
    return envelope(stored);
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
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <App>
          <TirTab unit="mgDl" />
        </App>
      </QueryClientProvider>,
    ),
  );
  await settle();
});

afterEach(async () => {
  act(() => root.unmount());
  container.remove();
  resetHttp();
  sessionStore.set(initialSession);
  await setLanguage('en-US');
});

describe('TIR tab (a mg/dL hospital, Chinese)', () => {
  it('shows the stored mmol/L limits in mg/dL with the included periods ticked', async () => {
    const boxes = () => [...container.querySelectorAll<HTMLInputElement>('.gc-strategy-periods input')];
    await until(() => boxes().length === 2);
    expect(['tir-veryLow', 'tir-low', 'tir-high', 'tir-veryHigh'].map((id) => input(id).value)).toEqual([
      '54',
      '70',
      '180',
      '250',
    ]);
    expect(boxes().map((box) => box.checked)).toEqual([true, false]);
    expect(container.querySelector('[data-testid="tir-preview"]')?.textContent).toContain('70–180 mg/dL');
  });

  it('refuses limits out of order with the domain message and sends nothing', async () => {
    await type('tir-veryLow', '80');
    await save();
    expect(errorsShown()).toContain('极低血糖值必须小于低值');
    expect(posted).toEqual([]);
  });

  it('sends the limits in mmol/L by the spec conversion', async () => {
    await type('tir-high', '170');
    await save();
    expect(posted).toEqual([{ veryLow: 3, low: 3.9, high: 9.4, veryHigh: 13.9, periods: ['fasting'] }]);
  });

  it("puts the server's field problems under their field", async () => {
    postAnswer = () =>
      envelope(
        { errors: [{ field: 'periods.0', message: '血糖时段不存在或已停用：fasting' }] },
        400,
        '400',
        'periods.0: 血糖时段不存在或已停用：fasting',
      );
    await save();
    expect(posted).toHaveLength(1);
    expect(errorsShown()).toContain('血糖时段不存在或已停用：fasting');
  });
});
