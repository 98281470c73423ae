import { describe, expect, it } from 'vitest';
import type { TodayTask } from '../../api/tasks';
import { clockParts } from '../../components/format';
import i18n from '../../i18n';
import { stateHint, TASK_TABS, taskKey, taskLink, windowText } from './tasks';

const en = i18n.getFixedT('en-US');
const zh = i18n.getFixedT('zh-CN');
const SH = 'Asia/Shanghai';

function task(fields: Partial<TodayTask> = {}): TodayTask {
  return {
    patientId: 7,
    patientName: 'Bed Two',
    gender: 'female',
    bed: '2',
    inpatientNumber: null,
    departmentCode: 'ENDO',
    departmentName: 'Endocrinology',
    doctorCode: null,
    doctorName: null,
    periodCode: 'afterLunch',
    periodName: 'After lunch',
    item: 'GLU',
    period: 'afterLunch',
    slot: null,
    orderId: null,
    // 12:30-16:00 in Shanghai
    windowStart: '2026-03-02T04:30:00.000Z',
    windowEnd: '2026-03-02T08:00:00.000Z',
    dueFrom: '2026-03-02T04:00:00.000Z',
    overdueFrom: '2026-03-02T05:30:00.000Z',
    state: 'due',
    reading: null,
    ...fields,
  };
}

describe('task times on the hospital clock', () => {
  it('reads instants in the hospital zone', () => {
    expect(clockParts('2026-03-01T16:30:00.000Z', SH)).toEqual({ date: '2026-03-02', time: '00:30' });
    expect(clockParts('2026-03-01T16:30:00.000Z', 'UTC')).toEqual({ date: '2026-03-01', time: '16:30' });
  });

  it('shows the window, with 24:00 for the end of the day and +1 past midnight', () => {
    expect(windowText(task(), SH)).toBe('12:30-16:00');
    expect(
      windowText(
        task({ windowStart: '2026-03-02T13:00:00.000Z', windowEnd: '2026-03-02T16:00:00.000Z' }),
        SH,
      ),
    ).toBe('21:00-24:00');
    expect(
      windowText(
        task({ windowStart: '2026-03-02T13:00:00.000Z', windowEnd: '2026-03-02T19:00:00.000Z' }),
        SH,
      ),
    ).toBe('21:00-03:00 +1');
  });

  it('says when a task is due, overdue or was measured, in both languages', () => {
    expect(stateHint(task(), en, SH)).toBe('Due by 13:30');
    expect(stateHint(task({ state: 'overdue' }), zh, SH)).toBe('13:30 起超时');
    expect(stateHint(task({ state: 'upcoming' }), en, SH)).toBe('Due from 12:00');
    const reading = {
      id: 1,
      testTime: '2026-03-02T05:05:00.000Z',
      testValue: 8.1,
      unit: 'mmol/L',
      enteredValue: 8.1,
      enteredUnit: 'mmolL',
      untestedReason: null,
      untestedReasonName: null,
      determineType: 'normal' as const,
      color: null,
    };
    expect(stateHint(task({ state: 'done', reading }), en, SH)).toBe('Measured at 13:05');
    const refused = {
      ...reading,
      testValue: null,
      untestedReason: 'refused',
      untestedReasonName: 'Patient refused',
    };
    expect(stateHint(task({ state: 'untested', reading: refused }), en, SH)).toBe(
      'Not tested: Patient refused',
    );
    expect(
      stateHint(task({ state: 'untested', reading: { ...refused, untestedReasonName: '患者拒绝' } }), zh, SH),
    ).toBe('未测：患者拒绝');
  });
});

describe('task rows', () => {
  it('open the patient glucose tab and are keyed by patient and period', () => {
    expect(taskLink(task())).toBe('/patient/detail?id=7&tab=glucose');
    expect(taskKey(task())).toBe('7:afterLunch');
  });

  it('has a label for every tab in both languages', () => {
    for (const tab of TASK_TABS) {
      expect(i18n.exists(`tasks.states.${tab}`, { lng: 'en-US' })).toBe(true);
      expect(i18n.exists(`tasks.states.${tab}`, { lng: 'zh-CN' })).toBe(true);
    }
  });
});
