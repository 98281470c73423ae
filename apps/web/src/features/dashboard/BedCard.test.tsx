import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TagOption } from '../../api/catalogue-settings';
import { configureHttp, resetHttp } from '../../api/http';
import type { Inpatient } from '../../api/patients';
import i18n from '../../i18n';
import type { TagOptionsByText } from '../patients/parts';
import { BedCard, type PatientAction } from './BedCard';

let container: HTMLDivElement;
let root: Root;

const patient: Inpatient = {
  id: 42,
  name: '张伟',
  gender: 'male',
  age: 45,
  status: 'inHospital',
  departmentCode: 'ENDO',
  departmentName: 'Endocrinology',
  bed: '3',
  inpatientNumber: 'ZY20260003',
  outpatientNumber: null,
  wristbandCode: 'WB20260003',
  appointmentCode: null,
  admittedAt: '2026-03-01T08:00:00Z',
  dischargedAt: null,
  doctorCode: 'doctor01',
  doctorName: 'Dr. Li Wei',
  tags: ['低血糖风险'],
  heightCm: null,
  weightKg: null,
  version: 1,
  latestGlucose: {
    id: 7,
    testValue: 2.1,
    enteredValue: 2.1,
    enteredUnit: 'mmolL',
    testTime: '2026-03-10T11:40:00Z',
    determineType: 'criticalLow',
    color: '#F5222D',
    periodCode: 'beforeLunch',
    periodName: 'Before lunch',
  },
  openCriticalCount: 1,
  today: { done: ['fasting'], untested: [], due: [], overdue: ['afterBreakfast'], upcoming: [] },
  pump: null,
};

const tagOption = (tag: string, color: string | null, tagEn: string | null = null): TagOption => ({
  id: 1,
  version: 1,
  tag,
  name: tag,
  tagZh: tag,
  tagEn,
  color,
  sort: 0,
});

function render(
  p: Inpatient,
  onAction: (action: PatientAction, patient: Inpatient) => void,
  tagOptions: TagOptionsByText = new Map([['低血糖风险', tagOption('低血糖风险', '#FA541C')]]),
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() => {
    root.render(
      <QueryClientProvider client={client}>
        <BedCard
          patient={p}
          chips={[
            { code: 'fasting', name: 'Fasting', state: 'done' },
            { code: 'afterBreakfast', name: 'After breakfast', state: 'overdue' },
            { code: 'beforeLunch', name: 'Before lunch', state: 'untested', reason: 'Patient refused' },
          ]}
          tagOptions={tagOptions}
          now={new Date('2026-03-10T12:00:00Z')}
          allowed={{ transfer: true, discharge: true }}
          onAction={onAction}
        />
      </QueryClientProvider>,
    );
  });
  return container.querySelector<HTMLElement>('[data-testid="bed-card"]')!;
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  // the display-unit lookup fails: the storage unit (mmol/L) stands in
  configureHttp({ fetch: async () => new Response('{}', { status: 500 }), token: () => null });
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  resetHttp();
});

describe('BedCard', () => {
  it('shows bed, name, age, tags, the latest glucose in its colour, how long ago, and the critical badge', () => {
    const card = render(patient, () => {});
    expect(card.querySelector('[data-testid="bed-number"]')?.textContent).toBe('3');
    expect(card.querySelector('[data-testid="bed-name"]')?.textContent).toBe('张伟');
    expect(card.textContent).toContain('45 y');
    expect(card.textContent).toContain('低血糖风险');
    const value = card.querySelector<HTMLElement>('[data-testid="glucose-value"]')!;
    expect(value.textContent).toContain('2.1');
    expect(value.textContent).toContain('mmol/L');
    expect(value.style.color).toMatch(/#f5222d|rgb\(245, 34, 45\)/i);
    expect(card.textContent).toContain('Before lunch · 20 min ago');
    expect(card.querySelector('[data-testid="bed-critical"]')?.textContent).toBe('1 critical');
    expect(card.className).toContain('gc-bed-card-critical');
    const states = [...card.querySelectorAll('[data-state]')].map((chip) => chip.getAttribute('data-state'));
    expect(states).toEqual(['done', 'overdue', 'untested']);
    // a period recorded as not tested says so, with its reason, and never shows as done
    expect(card.querySelector('[data-state="untested"]')?.textContent).toBe(
      'Before lunch · Not tested: Patient refused',
    );
  });

  it('names a tag in the language on screen (switching at once), and a tag no longer offered as stored', async () => {
    const options = new Map([['低血糖风险', tagOption('低血糖风险', '#FA541C', 'Hypo risk')]]);
    const card = render({ ...patient, tags: ['低血糖风险', '旧标签'] }, () => {}, options);
    const shown = () => [...card.querySelectorAll('.gc-patient-tags .ant-tag')].map((tag) => tag.textContent);
    expect(shown()).toEqual(['Hypo risk', '旧标签']);
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(shown()).toEqual(['低血糖风险', '旧标签']);
    await act(() => i18n.changeLanguage('en-US'));
    expect(shown()).toEqual(['Hypo risk', '旧标签']);
  });

  it('shows the insulin pump worn with its reminders, and a quiet pump chip without any', async () => {
    const pump = {
      bindingId: 5,
      pumpId: 9,
      serialNumber: 'PMP-001',
      upAt: '2026-03-07T01:00:00Z',
      lastTubeChangeAt: null,
      battery: 12,
      dose: 100,
      reminders: [
        {
          kind: 'tubeChange' as const,
          state: 'overdue' as const,
          dueAt: '2026-03-10T01:00:00Z',
          since: '2026-03-07T01:00:00Z',
          value: null,
          threshold: 3,
        },
        {
          kind: 'lowBattery' as const,
          state: 'low' as const,
          dueAt: null,
          since: '2026-03-10T00:00:00Z',
          value: 12,
          threshold: 20,
        },
      ],
    };
    const card = render({ ...patient, pump }, () => {});
    const chips = () =>
      [...card.querySelectorAll('[data-testid="bed-pump-reminder"]')].map((chip) => [
        chip.getAttribute('data-state'),
        chip.textContent,
      ]);
    expect(chips()).toEqual([
      ['overdue', 'Pump · Tube change overdue'],
      ['low', 'Pump · Low battery'],
    ]);
    expect(card.querySelector('[data-testid="bed-pump"]')?.getAttribute('title')).toContain(
      '12 % left (below 20 %)',
    );
    await act(() => i18n.changeLanguage('zh-CN'));
    expect(chips()).toEqual([
      ['overdue', '胰岛素泵 · 换管超时'],
      ['low', '胰岛素泵 · 电量低'],
    ]);
    await act(() => i18n.changeLanguage('en-US'));
    const quiet = render({ ...patient, pump: { ...pump, reminders: [] } }, () => {});
    expect(quiet.querySelector('[data-testid="bed-pump"]')?.textContent).toBe('Pump');
    expect(quiet.querySelector('[data-testid="bed-pump-reminder"]')).toBeNull();
  });

  it('opens the patient on a click or Enter, but not from the actions button', () => {
    const onAction = vi.fn();
    const card = render(patient, onAction);
    act(() => card.click());
    expect(onAction).toHaveBeenLastCalledWith('detail', patient);
    act(() => {
      card.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(onAction).toHaveBeenCalledTimes(2);
    act(() => card.querySelector<HTMLElement>('[data-testid="bed-actions"]')!.click());
    expect(onAction).toHaveBeenCalledTimes(2);
  });

  it('says when there is no reading yet and shows no badge without open critical values', () => {
    const card = render({ ...patient, latestGlucose: null, openCriticalCount: 0, bed: null }, () => {});
    expect(card.textContent).toContain('No glucose reading yet');
    expect(card.querySelector('[data-testid="bed-critical"]')).toBeNull();
    expect(card.querySelector('[data-testid="bed-number"]')?.textContent).toBe('—');
  });
});
