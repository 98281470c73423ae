import { describe, expect, it } from 'vitest';
import { scheduleText } from './order-format';

const texts: Record<string, string> = {
  'orders.schedule.fourPoint': '4-point: {{periods}}',
  'orders.schedule.sevenPoint': '7-point: {{periods}}',
  'orders.schedule.everyHours': 'every {{hours}} h from {{from}}',
  'orders.schedule.once': 'once at {{time}}',
};
const t = (key: string, params: Record<string, unknown> = {}) =>
  texts[key]!.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name]));
const clock = (iso: string) => iso.slice(11, 16);
const base = {
  classification: 'monitoring' as const,
  adviceType: 'longTerm' as const,
  monitorPeriods: null,
  monitorPreset: null,
  monitorTimes: null,
  monitorEveryHours: null,
  frequencyName: null,
  testTime: null,
};

describe('scheduleText', () => {
  it('names the preset and its periods', () => {
    const periods = ['Fasting', 'Before lunch', 'Before dinner', 'Before sleep'].map((name) => ({
      code: name,
      name,
    }));
    expect(
      scheduleText({ ...base, monitorPeriods: periods, monitorPreset: 'fourPoint' }, t, 'en-US', clock),
    ).toBe('4-point: Fasting, Before lunch, Before dinner, Before sleep');
    expect(scheduleText({ ...base, monitorPeriods: periods.slice(0, 2) }, t, 'zh-CN', clock)).toBe(
      'Fasting、Before lunch',
    );
  });

  it('every N hours, a frequency with its times, once at a time, and other orders’ frequency', () => {
    const times = ['00:00', '02:00', '04:00'];
    expect(scheduleText({ ...base, monitorTimes: times, monitorEveryHours: 2 }, t, 'en-US', clock)).toBe(
      'every 2 h from 00:00',
    );
    expect(
      scheduleText({ ...base, monitorTimes: ['08:00', '12:00'], frequencyName: 'BID' }, t, 'en-US', clock),
    ).toBe('BID (08:00, 12:00)');
    expect(
      scheduleText({ ...base, adviceType: 'temporary', testTime: '2026-11-27T10:30:00Z' }, t, 'en-US', clock),
    ).toBe('once at 10:30');
    expect(scheduleText({ ...base, classification: 'diet', frequencyName: 'QD' }, t, 'en-US', clock)).toBe(
      'QD',
    );
    expect(scheduleText({ ...base, classification: 'diet' }, t, 'en-US', clock)).toBeNull();
  });
});
