import { describe, expect, it } from 'vitest';
import { drugLineText, drugsText } from './medication-format';

const drug = (drugName: string, quantity: number, unit: string | null) => ({
  drugId: 1,
  drugCode: 'X',
  drugName,
  quantity,
  unit,
});

describe('medication order texts', () => {
  it('shows each dose exactly as ordered with its unit', () => {
    expect(drugLineText(drug('Insulin aspart', 6.25, 'IU'))).toBe('Insulin aspart 6.25 IU');
    expect(drugLineText(drug('Metformin', 0.5, null))).toBe('Metformin 0.5');
    expect(drugsText({ drugs: [drug('A', 1, 'IU'), drug('B', 2, '片')] })).toBe('A 1 IU; B 2 片');
  });
});
