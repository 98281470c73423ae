import { describe, expect, it } from 'vitest';
import { doseText, partsText, totalText } from './insulin-format';

describe('insulin format', () => {
  it('writes doses, parts and totals with the per-kg figure only when known', () => {
    expect(doseText(7.5)).toBe('7.5 IU');
    expect(doseText(null)).toBe('—');
    const names = { basal: 'Basal', bolus: 'Bolus', correction: 'Corr.' };
    expect(partsText({ basalDose: null, bolusDose: 6, correctionDose: 1.5 }, names)).toBe(
      'Bolus 6 · Corr. 1.5',
    );
    expect(partsText({ basalDose: null, bolusDose: null, correctionDose: null }, names)).toBe('');
    expect(totalText({ total: 25.5, totalPerKg: 0.51 })).toBe('25.5 IU (0.51 IU/kg)');
    expect(totalText({ total: 38, totalPerKg: 0.475 })).toBe('38 IU (0.48 IU/kg)');
    expect(totalText({ total: 10, totalPerKg: null })).toBe('10 IU');
  });
});
