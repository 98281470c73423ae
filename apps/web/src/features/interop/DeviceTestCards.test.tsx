import type { Hl7TestResult, WristbandTest } from '@glucocare/domain/responses';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp, resetHttp } from '../../api/http';
import { setLanguage } from '../../i18n';
import { DeviceTestCards } from './DeviceTestCards';

// React's act() warns unless told this environment supports it
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const found: WristbandTest = {
  code: 'WB20260003 ',
  codePoints: [
    'U+0057',
    'U+0042',
    'U+0032',
    'U+0030',
    'U+0032',
    'U+0036',
    'U+0030',
    'U+0030',
    'U+0030',
    'U+0033',
    'U+0020',
  ],
  matchedBy: 'wristband',
  patient: {
    id: 3,
    name: '张伟',
    gender: 'male',
    bed: '3',
    departmentName: 'Endocrinology',
    inpatientNumber: 'ZY20260003',
    status: 'inHospital',
  },
};
const ack: Hl7TestResult = {
  ack: 'MSH|^~\\&|GLUCOCARE|HOSPITAL|DEVICETEST|WARD|20260305093045+0800||ACK^R01^ACK|A1|T|2.5\rMSA|AA|TEST1',
  ackCode: 'AA',
  errorText: null,
  roundTripMs: 12.4,
  messageId: 77,
};

let root: Root;
let box: HTMLDivElement;
const calls: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
const answers: Record<string, { status: number; body: unknown }> = {};

beforeEach(async () => {
  await setLanguage('en-US');
  calls.length = 0;
  configureHttp({
    baseUrl: () => '/app-service',
    token: () => 'a.session.token',
    fetch: (async (url: string, init: RequestInit) => {
      const parsed = new URL(url, 'http://x');
      const path = parsed.pathname.replace('/app-service', '');
      calls.push({
        method: init.method ?? 'GET',
        path,
        query: parsed.searchParams,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      const answer = answers[path] ?? { status: 404, body: { code: '404', message: 'Not found' } };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }) as unknown as typeof fetch,
  });
  box = document.createElement('div');
  document.body.append(box);
  root = createRoot(box);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <DeviceTestCards />
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
});

afterEach(() => {
  act(() => root.unmount());
  box.remove();
  resetHttp();
});

async function settle() {
  for (let i = 0; i < 10; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

const byTestId = <T extends Element = HTMLElement>(id: string) =>
  box.querySelector<T & Element>(`[data-testid="${id}"]`);

/** Types into a React-controlled input or textarea as a person (or a scanner) would. */
function typeInto(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(prototype.prototype, 'value')?.set;
  setter?.call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

async function pressEnter(element: HTMLElement) {
  await act(async () => {
    element.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true }));
  });
}

describe('the device test page', () => {
  it('takes a scan in the focused box: shows the characters read and the patient, then selects the code', async () => {
    answers['/v1/interop/test/wristband'] = {
      status: 200,
      body: { code: '1', message: 'ok', dataContent: found },
    };
    const input = byTestId<HTMLInputElement>('wristband-input') as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    await act(async () => typeInto(input, 'WB20260003 '));
    await pressEnter(input);
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.path).toBe('/v1/interop/test/wristband');
    // sent as typed: the trailing blank is what the check is for
    expect(calls[0]?.query.get('code')).toBe('WB20260003 ');
    expect(byTestId('wristband-read')?.textContent).toBe('WB20260003 ');
    const chips = byTestId('wristband-code-points')?.textContent ?? '';
    expect(chips).toContain('U+0057');
    expect(chips).toContain('SP');
    expect(byTestId('wristband-unusual')).not.toBeNull();
    expect(byTestId('wristband-patient-name')?.textContent).toBe('张伟');
    expect(byTestId('wristband-patient')?.textContent).toContain('ZY20260003');
    // ready for the next scan: the code is selected, so the next one replaces it
    expect(document.activeElement).toBe(input);
    expect(input.selectionStart).toBe(0);
    expect(input.selectionEnd).toBe(input.value.length);
    // the sample message now names the scanned patient
    const text = (byTestId<HTMLTextAreaElement>('hl7-test-text') as HTMLTextAreaElement).value;
    expect(text).toContain('PID|1||ZY20260003^^^HIS^MR||张伟');
  });

  it('says so when no patient has the code', async () => {
    answers['/v1/interop/test/wristband'] = {
      status: 200,
      body: {
        code: '1',
        message: 'ok',
        dataContent: { ...found, code: 'X1', codePoints: [], patient: null, matchedBy: null },
      },
    };
    const input = byTestId<HTMLInputElement>('wristband-input') as HTMLInputElement;
    await act(async () => typeInto(input, 'X1'));
    await pressEnter(input);
    await settle();
    expect(byTestId('wristband-not-found')?.textContent).toContain('No patient found');
    expect(byTestId('wristband-patient')).toBeNull();
  });

  it('sends the sample as HL7 (segments ended by CR, MSH-11 T) and shows the ACK', async () => {
    answers['/v1/interop/test/hl7'] = { status: 200, body: { code: '1', message: 'ok', dataContent: ack } };
    const textarea = byTestId<HTMLTextAreaElement>('hl7-test-text') as HTMLTextAreaElement;
    expect(textarea.value.split('\n')[0]).toMatch(/^MSH\|\^~\\&\|.*\|ORU\^R01\^ORU_R01\|TEST\d+\|T\|2\.5$/);
    expect(byTestId('hl7-test-not-training')).toBeNull();
    await act(async () => byTestId<HTMLButtonElement>('hl7-test-send')?.click());
    await settle();
    const sent = calls.find((call) => call.path === '/v1/interop/test/hl7');
    expect(sent?.method).toBe('POST');
    const wire = (sent?.body as { text?: string } | undefined)?.text ?? '';
    expect(wire).not.toContain('\n');
    expect(wire.split('\r').map((line) => line.slice(0, 3))).toEqual(['MSH', 'PID', 'PV1', 'OBR', 'OBX']);
    expect(byTestId('hl7-test-ack-code')?.getAttribute('data-ack')).toBe('AA');
    expect(byTestId('hl7-test-round-trip')?.textContent).toBe('Round trip 12 ms');
    expect(byTestId('hl7-test-ack')?.textContent).toContain('MSA|AA|TEST1');
  });

  it('warns before a message that is not a training one is sent, and shows a refusal', async () => {
    answers['/v1/interop/test/hl7'] = {
      status: 503,
      body: { code: '503', message: 'The HL7 service is off' },
    };
    const textarea = byTestId<HTMLTextAreaElement>('hl7-test-text') as HTMLTextAreaElement;
    await act(async () => typeInto(textarea, textarea.value.replace('|T|2.5', '|P|2.5')));
    expect(byTestId('hl7-test-not-training')?.textContent).toContain('"P", not T');
    await act(async () => byTestId<HTMLButtonElement>('hl7-test-send')?.click());
    await settle();
    expect(byTestId('hl7-test-error')?.textContent).toContain('The HL7 service is off');
  });

  it('checks a meter: registered, enabled, QC-locked with the reason', async () => {
    answers['/v1/interop/test/meter'] = {
      status: 200,
      body: {
        code: '1',
        message: 'ok',
        dataContent: {
          serial: 'GM-01',
          known: true,
          analyzer: {
            id: 1,
            model: 'StatStrip',
            departmentName: 'Endocrinology',
            enabled: true,
            qcLocked: true,
            lockReason: 'Level 2 control out of range',
          },
          lastReadings: [],
          lastMessages: [],
        },
      },
    };
    const input = byTestId<HTMLInputElement>('meter-input') as HTMLInputElement;
    await act(async () => typeInto(input, 'GM-01'));
    await pressEnter(input);
    await settle();
    expect(calls.at(-1)?.query.get('serial')).toBe('GM-01');
    const state = byTestId('meter-state')?.textContent ?? '';
    expect(state).toContain('Registered');
    expect(state).toContain('QC locked');
    expect(byTestId('meter-lock-reason')?.textContent).toContain('Level 2 control out of range');
    expect(byTestId('meter-readings')?.textContent).toContain('No readings from this meter');
  });
});
