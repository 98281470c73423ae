import { describe, expect, it } from 'vitest';
import { MGDL, MMOL, READINGS, TREND } from './test-fixtures';
import { periodColor, trendByPeriodOption } from './trend-by-period';

const labels = { band: 'Target range', noPeriod: 'No period' };
type Series = { id?: string; name: string; data: { value: [number, number, string] }[]; markArea?: unknown };

describe('trendByPeriodOption', () => {
  it('draws one line per period with readings, in the day order, plus one for readings without a period', () => {
    const option = trendByPeriodOption(TREND, MMOL, labels);
    expect(option.animation).toBe(false);
    const series = option.series as Series[];
    expect(series.map((s) => s.name)).toEqual(['band', 'Fasting', 'After breakfast', 'Bedtime', 'No period']);
    expect((option.legend as { data: string[] }).data).toEqual([
      'Fasting',
      'After breakfast',
      'Bedtime',
      'No period',
    ]);
    const fasting = series[1];
    expect(fasting.data.map((p) => p.value[1])).toEqual([6.2, 5.8, 6.6]);
    expect(fasting.data[0].value[0]).toBe(Date.parse(READINGS[0].testTime));
    expect(series[4].data.map((p) => p.value.slice(1))).toEqual([[3.5, '↓']]);
  });

  it('converts every value and the band to the display unit', () => {
    const option = trendByPeriodOption(TREND, MGDL, labels);
    const series = option.series as Series[];
    expect(series[2].data.map((p) => p.value[1])).toEqual([205, 173, 220]);
    expect(series[0].markArea).toMatchObject({
      data: [[{ name: 'Target range', yAxis: 79 }, { yAxis: 180 }]],
    });
    expect((option.yAxis as { name: string }).name).toBe('mg/dL');
  });

  it('spans the range on the hospital clock and leaves the band out without one', () => {
    const option = trendByPeriodOption({ ...TREND, band: null }, MMOL, labels);
    expect((option.series as Series[]).map((s) => s.name)).not.toContain('band');
    expect(option.xAxis).toMatchObject({
      type: 'value',
      min: Date.parse('2025-03-01T00:00:00+08:00'),
      max: Date.parse('2025-03-04T00:00:00+08:00'),
      interval: 6 * 3_600_000,
    });
    // labels on the hospital's clock, whatever the browser's zone
    const label = (option.xAxis as { axisLabel: { formatter: (ms: number) => string } }).axisLabel.formatter;
    expect(label(Date.parse('2025-03-02T00:00:00+08:00'))).toBe('03-02');
    expect(label(Date.parse('2025-03-02T06:00:00+08:00'))).toBe('06:00');
  });

  it('gives a period the same colour in every chart', () => {
    expect(periodColor('fasting', TREND.periods)).toBe(periodColor('fasting', TREND.periods));
    expect(periodColor('fasting', TREND.periods)).not.toBe(periodColor('bedtime', TREND.periods));
  });
});
