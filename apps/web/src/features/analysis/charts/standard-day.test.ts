import { describe, expect, it } from 'vitest';
import { standardDayOption } from './standard-day';
import { MAP, MGDL, MMOL, PERIODS } from './test-fixtures';

const labels = {
  band: 'Target range',
  mean: 'Mean',
  range: 'Min–max',
  noPeriod: 'No period',
  count: 'n',
  min: 'Min',
  max: 'Max',
};
type Series = {
  name: string;
  type: string;
  data: { value: (number | string | null)[] }[];
  markArea?: { data: [{ xAxis: number; yAxis: number }, { xAxis: number; yAxis: number }][] };
};
const byName = (series: Series[], name: string) => series.find((s) => s.name === name) as Series;

describe('standardDayOption', () => {
  it('overlays the days on one clock, one scatter per day', () => {
    const option = standardDayOption(MAP, MMOL, labels, { segments: 6, colorBy: 'day' });
    expect(option.animation).toBe(false);
    expect(option.xAxis).toMatchObject({ type: 'value', min: 0, max: 1440 });
    const series = option.series as Series[];
    const scatter = series.filter((s) => s.type === 'scatter');
    expect(scatter.map((s) => s.name)).toEqual(['03-01', '03-02', '03-03']);
    expect(scatter[0].data.map((p) => p.value.slice(0, 2))).toEqual([
      [390, 6.2],
      [540, 11.4],
      [1320, 7.5],
    ]);
  });

  it('colours by period, readings without one last', () => {
    const option = standardDayOption(MAP, MMOL, labels, { segments: 6, colorBy: 'period', periods: PERIODS });
    const scatter = (option.series as Series[]).filter((s) => s.type === 'scatter');
    expect(scatter.map((s) => [s.name, s.data.length])).toEqual([
      ['Fasting', 3],
      ['After breakfast', 3],
      ['Bedtime', 1],
      ['No period', 1],
    ]);
  });

  it('shows each 4-hour segment its mean and a min–max box, gaps where empty', () => {
    const option = standardDayOption(MAP, MMOL, labels, { segments: 6, colorBy: 'day' });
    const series = option.series as Series[];
    const mean = byName(series, 'Mean');
    // 04:00–08:00: 6.2, 5.8, 6.6 → mean 6.2; 08:00–12:00: 11.4, 9.6, 12.2 → 11.07 → 11.1
    expect(mean.data.map((p) => p.value[1])).toEqual([null, 6.2, 11.1, 3.5, null, 7.5]);
    expect(mean.data.map((p) => p.value[0])).toEqual([120, 360, 600, 840, 1080, 1320]);
    expect(byName(series, 'Min–max').markArea?.data[1]).toEqual([
      { xAxis: 480, yAxis: 9.6 },
      { xAxis: 720, yAxis: 12.2 },
    ]);
    expect(byName(series, 'Min–max').markArea?.data).toHaveLength(4);
  });

  it('draws the whole-day mean as a line across the day and 24 hourly segments', () => {
    const whole = byName(
      standardDayOption(MAP, MMOL, labels, { segments: 1, colorBy: 'day' }).series as Series[],
      'Mean',
    );
    expect(whole.data.map((p) => p.value[0])).toEqual([0, 1440]);
    // (6.2 + 11.4 + 7.5 + 5.8 + 9.6 + 3.5 + 6.6 + 12.2) / 8 = 7.85 → 7.9
    expect(whole.data[0].value[1]).toBe(7.9);
    const hourly = byName(
      standardDayOption(MAP, MMOL, labels, { segments: 24, colorBy: 'day' }).series as Series[],
      'Mean',
    );
    expect(hourly.data).toHaveLength(24);
    expect(hourly.data[6].value[1]).toBe(6.2);
  });

  it('converts readings, segments and the target band to mg/dL', () => {
    const option = standardDayOption(MAP, MGDL, labels, { segments: 6, colorBy: 'day' });
    const series = option.series as Series[];
    expect(series[0]).toMatchObject({ markArea: { data: [[{ yAxis: 79 }, { yAxis: 180 }]] } });
    expect(byName(series, 'Mean').data[1].value[1]).toBe(112);
    expect((option.yAxis as { name: string }).name).toBe('mg/dL');
  });
});
