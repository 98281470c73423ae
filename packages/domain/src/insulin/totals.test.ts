import { describe, expect, it } from 'vitest';
import { formatPerKg, insulinDailyTotals, perKgInReference } from './totals';

describe('insulinDailyTotals', () => {
  it('sums basal, bolus and correction per day and divides the TDD by the weight', () => {
    // day 1: glargine 20 basal; aspart 6 bolus + 2 correction (8); aspart 6 bolus; lispro 4 without parts
    // basal 20, bolus 12, correction 2, TDD 20 + 8 + 6 + 4 = 38; 38 / 80 kg = 0.475 IU/kg
    const totals = insulinDailyTotals(
      [
        { date: '2026-11-20', dose: 20, basalDose: 20 },
        { date: '2026-11-20', dose: 8, bolusDose: 6, correctionDose: 2 },
        { date: '2026-11-20', dose: 6, bolusDose: 6 },
        { date: '2026-11-20', dose: 4 },
      ],
      80,
    );
    expect(totals).toEqual([
      {
        date: '2026-11-20',
        basal: 20,
        bolus: 12,
        correction: 2,
        total: 38,
        count: 4,
        totalPerKg: 0.475,
        basalPerKg: 0.25,
        bolusPerKg: 0.15,
        correctionPerKg: 0.025,
      },
    ]);
    expect(formatPerKg(totals[0]!.totalPerKg)).toBe('0.48');
    expect(perKgInReference(totals[0]!.totalPerKg)).toBe(true);
  });

  it('gives no per-kg figures on a day without a known weight', () => {
    const [day] = insulinDailyTotals([{ date: '2026-11-21', dose: 10, bolusDose: 10 }], null);
    expect(day).toMatchObject({ total: 10, bolus: 10, totalPerKg: null, bolusPerKg: null, basalPerKg: null });
    expect(insulinDailyTotals([{ date: '2026-11-21', dose: 10 }], 0)[0]!.totalPerKg).toBeNull();
    expect(formatPerKg(null)).toBe('—');
    expect(perKgInReference(null)).toBeNull();
  });

  it('a day with only basal: TDD is the basal dose, bolus and correction 0', () => {
    // 14 IU glargine, 70 kg: 0.2 IU/kg, below the 0.3-0.6 starting range
    const [day] = insulinDailyTotals([{ date: '2026-11-22', dose: 14, basalDose: 14 }], 70);
    expect(day).toMatchObject({ basal: 14, bolus: 0, correction: 0, total: 14, totalPerKg: 0.2 });
    expect(perKgInReference(day!.totalPerKg)).toBe(false);
  });

  it('keeps days apart, in date order, and sums decimals exactly', () => {
    const totals = insulinDailyTotals(
      [
        { date: '2026-11-23', dose: 0.1, bolusDose: 0.1 },
        { date: '2026-11-22', dose: 3.35, correctionDose: 3.35 },
        { date: '2026-11-23', dose: 0.2, bolusDose: 0.2 },
      ],
      null,
    );
    expect(totals.map((d) => [d.date, d.total, d.count])).toEqual([
      ['2026-11-22', 3.35, 1],
      ['2026-11-23', 0.3, 2], // 0.1 + 0.2 in floating point would be 0.30000000000000004
    ]);
    expect(insulinDailyTotals([], 60)).toEqual([]);
  });
});
