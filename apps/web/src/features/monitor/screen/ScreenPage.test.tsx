import type {
  CrisisRecords,
  MonitorOverview,
  PatientDistribution,
  PersonMonitor,
} from '@glucocare/domain/responses';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp, resetHttp } from '../../../api/http';
import { setLanguage } from '../../../i18n';
import { ScreenPage } from './ScreenPage';
import { SCREEN_LINK_STORAGE_KEY } from './screen-link';

// React's act() warns unless told this environment supports it
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const counts = { tests: 0, normal: 0, low: 0, high: 0, criticalLow: 0, criticalHigh: 0 };
const reading = {
  id: 1,
  patientId: 11,
  name: '张*',
  bed: '12',
  departmentCode: 'ENDO',
  departmentName: 'Endocrinology',
  item: 'GLU' as const,
  value: 2.1,
  enteredValue: 2.1,
  enteredUnit: 'mmolL',
  testTime: '2026-03-05T01:30:00Z',
  classification: 'criticalLow' as const,
  color: null,
  periodName: 'Before breakfast',
};

function overview(panels: MonitorOverview['config']['panels']): MonitorOverview {
  return {
    config: {
      title: 'Ward 5 wall',
      hospitalName: 'Demo Hospital',
      variant: 'hospital',
      panels,
      refreshSeconds: 60,
      rotateSeconds: 15,
      recentHours: 24,
      maskPatientNames: true,
      items: ['GLU'],
      glucoseUnit: 'mgDl',
      timeZone: 'Asia/Shanghai',
      departments: [{ code: 'ENDO', name: 'Endocrinology' }],
      validUntil: '2027-01-01T00:00:00Z',
    },
    at: '2026-03-05T02:00:00Z',
    day: '2026-03-05',
    inHospital: 42,
    admittedToday: 3,
    measurePersonCount: 17,
    measureCount: 58,
    todaySummary: { ...counts, tests: 58, abnormalRate: 0.25, criticalRate: 0.05 },
    weeklySummary: [],
    todayDepartmentSummary: [],
    trend: [],
  };
}

const answers: Record<string, unknown> = {};
let root: Root;
let box: HTMLDivElement;
const calls: { url: string; headers: Record<string, string> }[] = [];

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(async () => {
  await setLanguage('en-US');
  calls.length = 0;
  configureHttp({
    baseUrl: () => '/app-service',
    token: () => 'a.session.token',
    fetch: (async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      calls.push({ url, headers });
      const path = new URL(url, 'http://x').pathname.replace('/app-service', '');
      // the push stream: refused here, the screen then relies on its calls
      if (path === '/v1/monitor/events') return new Response('', { status: 401 });
      const body = answers[path];
      if (headers['x-screen-link'] !== 'good.link') return answer(401, { code: '401', message: 'no link' });
      return answer(200, { code: '1', dataContent: body });
    }) as unknown as typeof fetch,
  });
  box = document.createElement('div');
  document.body.append(box);
  root = createRoot(box);
});

afterEach(() => {
  act(() => root.unmount());
  box.remove();
  resetHttp();
  window.localStorage.clear();
});

async function settle() {
  for (let i = 0; i < 10; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

describe('the big screen page', () => {
  it('asks for a link from the administrator when it has none', async () => {
    window.history.replaceState(null, '', '/bigcharts');
    await act(async () => root.render(<ScreenPage variant="hospital" />));
    await settle();
    const message = box.querySelector('[data-testid="screen-link-needed"]');
    expect(message?.getAttribute('data-reason')).toBe('missing');
    expect(message?.textContent).toContain('This screen needs a link from the administrator');
    expect(calls).toHaveLength(0);
  });

  it('shows the strategy’s panels with the link, sent in its header and never as a bearer token', async () => {
    answers['/v1/monitor/'] = overview(['overview', 'critical', 'recent']);
    answers['/v1/monitor/crisisLowRecords'] = {
      at: '',
      records: [{ ...reading, criticalId: 5, state: 'open' }],
    } satisfies CrisisRecords;
    answers['/v1/monitor/personMonitor'] = { at: '', records: [reading] } satisfies PersonMonitor;
    window.history.replaceState(null, '', '/bigcharts/old?link=good.link');
    await act(async () => root.render(<ScreenPage variant="hospital" />));
    await settle();
    // the link left the address and stays in the browser
    expect(window.location.search).toBe('');
    expect(window.localStorage.getItem(SCREEN_LINK_STORAGE_KEY)).toBe('good.link');
    expect(box.querySelector('[data-testid="screen-title"]')?.textContent).toBe('Ward 5 wall');
    const panels = [...box.querySelectorAll('[data-panel]')].map((node) => node.getAttribute('data-panel'));
    expect(panels).toEqual(['overview', 'critical', 'recent']);
    expect(box.querySelector('[data-testid="screen-in-hospital"]')?.textContent).toContain('42');
    // 2.1 mmol/L entered in mmol/L, shown in the hospital's mg/dL: 2.1 × 18 = 37.8 → 38
    const critical = box.querySelector('[data-testid="screen-row-critical"]')?.textContent ?? '';
    expect(critical).toContain('38');
    expect(critical).toContain('mg/dL');
    expect(critical).toContain('09:30');
    expect(critical).toContain('Open');
    // no distribution call: no panel of this strategy needs it
    expect(calls.some((call) => call.url.includes('todayPatientDistribution'))).toBe(false);
    for (const call of calls) {
      expect(call.headers.Authorization).toBeUndefined();
      expect(call.headers['x-screen-link']).toBe('good.link');
    }
  });

  it('says the link is not valid when the server refuses it (401)', async () => {
    answers['/v1/monitor/'] = overview(['overview']);
    window.history.replaceState(null, '', '/bigcharts?link=revoked.link');
    await act(async () => root.render(<ScreenPage variant="hospital" />));
    await settle();
    const message = box.querySelector('[data-testid="screen-link-needed"]');
    expect(message?.getAttribute('data-reason')).toBe('refused');
    await act(() => setLanguage('zh-CN'));
    expect(box.querySelector('[data-testid="screen-link-needed"]')?.textContent).toContain('此大屏链接无效');
  });

  it('shows a ward at a time on the ward-by-ward variant', async () => {
    const data = overview(['overview', 'abnormal', 'critical']);
    answers['/v1/monitor/'] = data;
    answers['/v1/monitor/crisisLowRecords'] = { at: '', records: [] } satisfies CrisisRecords;
    answers['/v1/monitor/todayPatientDistribution'] = {
      at: '',
      bands: [],
      highDepartments: [],
      lowDepartments: [],
      abnormal: [{ ...reading, highCount: 0, lowCount: 2 }],
    } satisfies PatientDistribution;
    window.localStorage.setItem(SCREEN_LINK_STORAGE_KEY, 'good.link');
    window.history.replaceState(null, '', '/bigcharts/screen');
    await act(async () => root.render(<ScreenPage variant="wards" />));
    await settle();
    const ward = box.querySelector('[data-testid="screen-ward"]');
    expect(ward?.getAttribute('data-ward')).toBe('ENDO');
    expect(ward?.textContent).toContain('Beds with abnormal values today');
    expect(ward?.textContent).toContain('↓ 2');
  });
});
