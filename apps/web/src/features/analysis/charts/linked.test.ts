import { describe, expect, it } from 'vitest';
import type { LinkedChart } from '../../../api/insulin';
import { basalLine, linkedChartOption } from './linked';

const LABELS = {
  glucose: 'Glucose',
  band: 'Target',
  bars: { basal: 'Basal', bolus: 'Bolus', correction: 'Correction', total: 'Total' },
  pumpBasal: 'Pump basal',
  status: { confirmed: 'Confirmed', unconfirmed: 'Unconfirmed' },
};

const dose = (id: number, givenAt: string, parts: Partial<LinkedChart['doses'][number]>) => ({
  id,
  givenAt,
  drugName: 'Aspart',
  dose: 1,
  basalDose: null,
  bolusDose: null,
  correctionDose: null,
  periodCode: 'breakfast',
  periodName: 'Breakfast',
  status: 'confirmed' as const,
  ...parts,
});

const DATA: LinkedChart = {
  patientId: 1,
  timeZone: 'Asia/Shanghai',
  range: {
    beginDate: '2024-03-01',
    endDate: '2024-03-01',
    from: '2024-02-29T16:00:00.000Z',
    to: '2024-03-01T16:00:00.000Z',
  },
  band: { low: 4.4, high: 10 },
  readings: [
    {
      id: 1,
      testTime: '2024-02-29T23:00:00.000Z',
      value: 6.2,
      periodCode: 'fasting',
      classification: 'normal',
    },
    {
      id: 2,
      testTime: '2024-03-01T01:30:00.000Z',
      value: 11.4,
      periodCode: 'afterBreakfast',
      classification: 'high',
    },
  ],
  doses: [
    dose(1, '2024-02-29T23:30:00.000Z', { dose: 8, bolusDose: 6, correctionDose: 2 }),
    dose(2, '2024-03-01T13:00:00.000Z', { dose: 10, basalDose: 10 }),
    dose(3, '2024-03-01T04:00:00.000Z', { dose: 5 }),
  ],
  basal: [
    { from: '2024-02-29T16:00:00.000Z', to: '2024-03-01T00:00:00.000Z', rate: 0.8 },
    { from: '2024-03-01T00:00:00.000Z', to: '2024-03-01T04:00:00.000Z', rate: 1 },
    { from: '2024-03-01T10:00:00.000Z', to: '2024-03-01T16:00:00.000Z', rate: 1.2 },
  ],
  hasInsulin: true,
};

type Series = {
  id: string;
  type: string;
  stack?: string;
  data: { value: number[] }[] | [number, number | null][];
};

describe('linkedChartOption', () => {
  it('draws glucose in the display unit, doses stacked by type and the pump basal steps with a gap', () => {
    const option = linkedChartOption(DATA, { unit: 'mgDl', unitName: 'mg/dL', precision: 0 }, LABELS);
    const series = option.series as Series[];
    expect(series.map((s) => s.id)).toEqual([
      'glucose',
      'dose-basal',
      'dose-bolus',
      'dose-correction',
      'dose-total',
      'pump',
    ]);
    const glucose = series[0]!.data as { value: number[] }[];
    expect(glucose.map((p) => p.value[1])).toEqual([112, 205]);
    const part = (id: string) =>
      (series.find((s) => s.id === id)!.data as { value: number[] }[]).map((p) => p.value[1]);
    // one entry per dose in every stacked series, so the stacks line up
    expect(part('dose-basal')).toEqual([0, 10, 0]);
    expect(part('dose-bolus')).toEqual([6, 0, 0]);
    expect(part('dose-correction')).toEqual([2, 0, 0]);
    expect(part('dose-total')).toEqual([0, 0, 5]);
    expect(series.slice(1, 5).every((s) => s.stack === 'dose')).toBe(true);
    expect(series.at(-1)!.data).toEqual(basalLine(DATA.basal));
  });

  it('breaks the basal line where no pump was worn', () => {
    const points = basalLine(DATA.basal);
    expect(points.map((p) => p[1])).toEqual([0.8, 0.8, 1, 1, null, 1.2, 1.2]);
    expect(points[4]![0]).toBe(Date.parse('2024-03-01T04:00:00.000Z'));
  });
});
