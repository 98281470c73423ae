import { describe, expect, it } from 'vitest';
import { fluctuationOption } from './fluctuation';
import { FLUCTUATION, MGDL, MMOL } from './test-fixtures';

const labels = { ppge: 'PPGE', lage: 'LAGE', sdbg: 'SDBG', mage: 'MAGE', reference: 'normal <' };
type Series = { name: string; data: (number | null)[]; markLine?: { data: { yAxis: number }[] } };

describe('fluctuationOption', () => {
  it('draws every day with gaps (null) where an index is undefined', () => {
    const option = fluctuationOption(FLUCTUATION, MMOL, labels);
    expect(option.animation).toBe(false);
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['03-01', '03-02', '03-03'] });
    const series = option.series as Series[];
    expect(series.map((s) => s.name)).toEqual(['PPGE', 'LAGE', 'SDBG', 'MAGE']);
    expect(series[0].data).toEqual([5.2, null, null]);
    expect(series[1].data).toEqual([5.2, 6.1, null]);
  });

  it('draws the normal references (PPGE 2.2, LAGE 4.4, SDBG 2.0), none for MAGE', () => {
    const series = fluctuationOption(FLUCTUATION, MMOL, labels).series as Series[];
    expect(series.map((s) => s.markLine?.data[0].yAxis ?? null)).toEqual([2.2, 4.4, 2, null]);
  });

  it('converts values and references to mg/dL', () => {
    const series = fluctuationOption(FLUCTUATION, MGDL, labels).series as Series[];
    expect(series[1].data).toEqual([94, 110, null]);
    expect(series.map((s) => s.markLine?.data[0].yAxis ?? null)).toEqual([40, 79, 36, null]);
  });
});
