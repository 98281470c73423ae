import { describe, expect, it } from 'vitest';
import { glucoseShown, monthLabel, outcomeChartOption, outcomeExcelColumns } from './outcome-format';
import type { OutcomesView } from './statistics-api';

const figures = {
  patientDays: 4,
  hypoDays: 1,
  severeHypoDays: 0,
  hyperDays: 2,
  goalDays: 1,
  hypoShare: 25,
  severeHypoShare: 0,
  hyperShare: 50,
  goalShare: 25,
  meanPerPatientDay: 8.15,
  readings: 9,
  patients: 2,
};
const empty = {
  ...figures,
  patientDays: 0,
  hypoDays: 0,
  hyperDays: 0,
  goalDays: 0,
  hypoShare: null,
  severeHypoShare: null,
  hyperShare: null,
  goalShare: null,
  meanPerPatientDay: null,
  readings: 0,
  patients: 0,
};
const view: OutcomesView = {
  beginMonth: '2026-02',
  endMonth: '2026-03',
  scope: 'virtualWard',
  departmentCode: null,
  departmentName: null,
  criteria: { hypo: 3.9, severeHypo: 2.2, hyperValue: 12.5, hyperCount: 2, goalLow: 3.9, goalHigh: 10 },
  months: [
    { month: '2026-02', ...empty },
    { month: '2026-03', ...figures },
  ],
  total: figures,
};

describe('outcome page formatting', () => {
  it('shows glucose in the hospital unit, converted for display only', () => {
    expect(glucoseShown(8.15, 'mmolL')).toBe('8.2');
    // 8.15 × 18 = 146.7 → 147 mg/dL; the limits 3.9 and 12.5 as 70 and 225
    expect(glucoseShown(8.15, 'mgDl')).toBe('147');
    expect(glucoseShown(3.9, 'mgDl')).toBe('70');
    expect(glucoseShown(12.5, 'mgDl')).toBe('225');
    expect(glucoseShown(null, 'mmolL')).toBe('—');
  });

  it('names months in the reader’s language', () => {
    expect(monthLabel('2026-03', 'en-US')).toBe('Mar 2026');
    expect(monthLabel('2026-03', 'zh-CN')).toBe('2026年3月');
  });

  it('charts patient-days as bars and each share as a line, gaps for months without patient-days', () => {
    const option = outcomeChartOption(
      view,
      {
        patientDays: 'Patient-days',
        shares: { hypoShare: 'Hypo', severeHypoShare: 'Severe', hyperShare: 'Hyper', goalShare: 'Goal' },
      },
      'en-US',
      false,
    ) as { series: { name: string; data: (number | null)[] }[] };
    expect(option.series.map((s) => s.name)).toEqual(['Patient-days', 'Hypo', 'Severe', 'Hyper', 'Goal']);
    expect(option.series[0]?.data).toEqual([0, 4]);
    expect(option.series[1]?.data).toEqual([null, 25]);
    expect(option.series[3]?.data).toEqual([null, 50]);
  });

  it('exports the mean in the hospital unit and names the limits in the headers', () => {
    const t = (key: string, options?: Record<string, unknown>) =>
      `${key}${options ? JSON.stringify(options) : ''}`;
    const columns = outcomeExcelColumns(t, view, 'mgDl', 'en-US');
    const mean = columns.find((column) => column.dataIndex === 'meanPerPatientDay');
    expect(mean?.title).toContain('mg/dL');
    expect(mean?.render?.(8.15, { month: '2026-03', ...figures }, 1)).toBe(147);
    const hyper = columns.find((column) => column.dataIndex === 'hyperDays');
    expect(hyper?.title).toBe('vwStats.hyperDays{"count":2,"value":"225"}');
  });
});
