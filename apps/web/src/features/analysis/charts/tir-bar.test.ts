import { describe, expect, it } from 'vitest';
import { BANDS, MGDL, MMOL } from './test-fixtures';
import { percentText, RANGE_COLORS, rangeLimits, shownShares, TIR_TARGETS, tirBarOption } from './tir-bar';

const labels = {
  ranges: { veryLow: 'Very low', low: 'Low', inRange: 'In range', high: 'High', veryHigh: 'Very high' },
  targets: { veryLow: '< 1 %', low: '< 4 %', inRange: '> 70 %', high: '< 25 %', veryHigh: '< 5 %' },
  readings: '% of readings',
  time: '% of time',
};
const ranges = { veryLow: 0, low: 2.5, inRange: 72.5, high: 20, veryHigh: 5 };
type Series = { name: string; stack: string; color: string; data: number[]; label: { formatter: string } };

describe('tirBarOption', () => {
  it('stacks the five ranges from very low up, coloured, labelled with percentages and targets', () => {
    const option = tirBarOption({ ranges, timeRanges: null, bands: BANDS }, MMOL, labels);
    expect(option.animation).toBe(false);
    const series = option.series as Series[];
    expect(series.map((s) => [s.name, s.data[0], s.stack])).toEqual([
      ['Very low', 0, 'ranges'],
      ['Low', 2.5, 'ranges'],
      ['In range', 72.5, 'ranges'],
      ['High', 20, 'ranges'],
      ['Very high', 5, 'ranges'],
    ]);
    expect(series.map((s) => s.color)).toEqual([
      RANGE_COLORS.veryLow,
      RANGE_COLORS.low,
      RANGE_COLORS.inRange,
      RANGE_COLORS.high,
      RANGE_COLORS.veryHigh,
    ]);
    expect(series[2].label.formatter).toContain('72.5 %');
    expect(series[2].label.formatter).toContain('> 70 %');
    expect(series[2].label.formatter).toContain('3.9–10.0 mmol/L');
    expect(series[1].label.formatter).toContain('2.5 %');
    expect(option.yAxis).toMatchObject({ min: 0, max: 100, name: '% of readings' });
  });

  it('calls it time only with timeRanges, and then shows those', () => {
    const timeRanges = { veryLow: 1, low: 3, inRange: 80, high: 12, veryHigh: 4 };
    const option = tirBarOption({ ranges, timeRanges, bands: BANDS }, MMOL, labels);
    expect(option.yAxis).toMatchObject({ name: '% of time' });
    expect((option.series as Series[]).map((s) => s.data[0])).toEqual([1, 3, 80, 12, 4]);
  });

  it('draws nulls (no readings) as empty parts with a dash', () => {
    const none = { veryLow: null, low: null, inRange: null, high: null, veryHigh: null };
    const series = tirBarOption({ ranges: none, timeRanges: null, bands: BANDS }, MMOL, labels)
      .series as Series[];
    expect(series.map((s) => s.data[0])).toEqual([0, 0, 0, 0, 0]);
    expect(series[2].label.formatter).toContain('—');
  });

  it('shows the five shares with one decimal adding up to exactly 100.0', () => {
    // the API's thirds (33.34, 33.33, 33.33): rounding each to one decimal shows 99.9; largest
    // remainder gives the missing 0.1 to the largest remainder (33.34 → .4), so 33.4 + 33.3 + 33.3
    const thirds = { veryLow: 0, low: 33.34, inRange: 33.33, high: 33.33, veryHigh: 0 };
    const shown = shownShares(thirds);
    expect(shown).toEqual({ veryLow: 0, low: 33.4, inRange: 33.3, high: 33.3, veryHigh: 0 });
    const series = tirBarOption({ ranges: thirds, timeRanges: null, bands: BANDS }, MMOL, labels)
      .series as Series[];
    const texts = series.map((s) => /\{value\|([\d.]+) %\}/.exec(s.label.formatter)?.[1]);
    expect(texts).toEqual(['0.0', '33.4', '33.3', '33.3', '0.0']);
    expect(texts.reduce((sum, text) => sum + Math.round(Number(text) * 10), 0)).toBe(1000);
  });

  it('has the consensus targets', () => {
    expect(TIR_TARGETS.inRange).toEqual({ op: '>', percent: 70, combined: false });
    expect(TIR_TARGETS.low).toEqual({ op: '<', percent: 4, combined: true });
    expect(TIR_TARGETS.veryLow.percent).toBe(1);
    expect(TIR_TARGETS.high).toEqual({ op: '<', percent: 25, combined: true });
    expect(TIR_TARGETS.veryHigh.percent).toBe(5);
  });

  it('shows the range limits in the display unit', () => {
    expect(rangeLimits(BANDS, MGDL)).toEqual({
      veryLow: '< 54',
      low: '54–70',
      inRange: '70–180',
      high: '180–250',
      veryHigh: '> 250',
    });
    expect(percentText(2.46)).toBe('2.5 %');
    // one decimal throughout (formerly whole numbers above 10 %: mixed precisions cannot add up to 100)
    expect(percentText(72.5)).toBe('72.5 %');
    expect(percentText(8.575)).toBe('8.6 %');
    expect(percentText(null)).toBe('—');
  });
});
