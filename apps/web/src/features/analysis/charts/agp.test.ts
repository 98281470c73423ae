import { describe, expect, it } from 'vitest';
import { type AgpRow, agpOption, agpPoints, hasAgp } from './agp';
import { MAP, MGDL, MMOL } from './test-fixtures';

const labels = { median: 'Median', iqr: '25–75 %', outer: '5–95 %', band: 'Target', count: 'n' };
type Series = {
  id: string;
  stack?: string;
  data: [number, number | null][];
  markArea?: { data: [{ yAxis: number }, { yAxis: number }][] };
};
const row = (hour: number, p50: number | null): AgpRow => ({
  hour,
  count: p50 === null ? 0 : 5,
  p5: p50,
  p25: p50,
  p50,
  p75: p50,
  p95: p50,
});

describe('agpPoints', () => {
  it('draws runs through the hours’ middles, held to their edges, with a gap between runs', () => {
    const rows = Array.from({ length: 24 }, (_, hour) => row(hour, [6, 7, 9].includes(hour) ? hour : null));
    const points = agpPoints(rows).map((p) => [p.minute, p.row?.hour ?? null]);
    expect(points).toEqual([
      [360, 6],
      [390, 6],
      [450, 7],
      [480, 7],
      [480, null],
      [540, 9],
      [570, 9],
      [600, 9],
      [600, null],
    ]);
    expect(agpPoints(Array.from({ length: 24 }, (_, hour) => row(hour, null)))).toEqual([]);
    expect(agpPoints(Array.from({ length: 24 }, (_, hour) => row(hour, 5))).at(-1)?.minute).toBe(1440);
  });
});

describe('agpOption', () => {
  it('stacks the 5–95 and 25–75 bands and draws the median, skipping hours without percentiles', () => {
    const option = agpOption(MAP, MMOL, labels);
    expect(option.animation).toBe(false);
    const series = option.series as Series[];
    expect(series.map((s) => [s.id, s.stack ?? null])).toEqual([
      ['outer-base', 'outer'],
      ['outer-area', 'outer'],
      ['inner-base', 'inner'],
      ['inner-area', 'inner'],
      ['median', null],
    ]);
    // hours 6 and 9 only: 6:00, 6:30, 7:00, gap, 9:00, 9:30, 10:00, gap
    expect(series[4].data).toEqual([
      [360, 6.2],
      [390, 6.2],
      [420, 6.2],
      [420, null],
      [540, 10.5],
      [570, 10.5],
      [600, 10.5],
      [600, null],
    ]);
    expect(series[0].data[1]).toEqual([390, 5]);
    expect(series[1].data[1]).toEqual([390, 7]);
    expect(series[2].data[1]).toEqual([390, 5.8]);
    expect(series[3].data[1][1]).toBeCloseTo(1.2, 10);
    expect(series[0].markArea?.data[0]).toMatchObject([{ yAxis: 3.9 }, { yAxis: 10 }]);
  });

  it('converts to mg/dL', () => {
    const series = agpOption(MAP, MGDL, labels).series as Series[];
    expect(series[4].data[0]).toEqual([360, 112]);
    expect(series[0].markArea?.data[0]).toMatchObject([{ yAxis: 70 }, { yAxis: 180 }]);
  });

  it('knows when the data allow an AGP', () => {
    expect(hasAgp(MAP)).toBe(true);
    expect(hasAgp({ hourly: MAP.hourly.map((r) => ({ ...r, p50: null })) })).toBe(false);
  });
});
