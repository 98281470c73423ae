import { describe, expect, it } from 'vitest';
import { KETONE, URIC_ACID } from './test-fixtures';
import { testTrendOption } from './test-trend';

type Series = {
  name: string;
  data: { value: [number, number, string] }[];
  markArea?: { data: [{ yAxis: number }, { yAxis: number | string }][] };
  markLine?: { data: { yAxis: number }[] };
};

describe('testTrendOption', () => {
  it('draws ketone in mmol/L with its reference band and critical line', () => {
    const option = testTrendOption(
      KETONE,
      { unit: 'mmolL', unitName: 'mmol/L', precision: 1 },
      { name: 'Ketone', reference: 'Reference' },
    );
    expect(option.animation).toBe(false);
    const [series] = option.series as Series[];
    expect(series.name).toBe('Ketone');
    expect(series.data.map((p) => p.value[1])).toEqual([0.4, 1.2]);
    expect(series.markArea?.data[0]).toMatchObject([{ yAxis: 0 }, { yAxis: 0.6 }]);
    expect(series.markLine?.data).toEqual([{ yAxis: 3 }]);
  });

  it('draws uric acid in µmol/L or converted to mg/dL', () => {
    const umol = testTrendOption(
      URIC_ACID,
      { unit: 'umolL', unitName: 'µmol/L', precision: 0 },
      { name: 'Uric acid', reference: 'Reference' },
    );
    const [series] = umol.series as Series[];
    expect(series.data.map((p) => p.value[1])).toEqual([360, 480]);
    expect(series.markArea?.data[0]).toMatchObject([{ yAxis: 150 }, { yAxis: 420 }]);
    expect(series.markLine).toBeUndefined();
    const mg = testTrendOption(
      URIC_ACID,
      { unit: 'mgDl', unitName: 'mg/dL', precision: 1 },
      { name: 'Uric acid', reference: 'Reference' },
    );
    const [converted] = mg.series as Series[];
    expect(converted.data.map((p) => p.value[1])).toEqual([6.1, 8.1]);
    expect((mg.yAxis as { name: string }).name).toBe('mg/dL');
  });
});
