import { describe, expect, it } from 'vitest';
import { accuracySummary, isoLimits, withinIsoLimits } from './accuracy';

describe('ISO 15197:2013 §6.3.3 system accuracy limits', () => {
  it('below 5.55 mmol/L: within ±0.83 mmol/L, inclusive', () => {
    expect(withinIsoLimits(5.83, 5.0)).toBe(true); // +0.83 exactly (0.8300000000000001 in binary)
    expect(withinIsoLimits(4.17, 5.0)).toBe(true); // −0.83
    expect(withinIsoLimits(5.84, 5.0)).toBe(false);
    expect(withinIsoLimits(4.16, 5.0)).toBe(false);
    // at 3.0 a ±15 % rule would allow only ±0.45: the absolute limit applies
    expect(withinIsoLimits(3.8, 3.0)).toBe(true);
    // just under the boundary: 5.54 ± 0.83
    expect(withinIsoLimits(6.37, 5.54)).toBe(true);
    expect(withinIsoLimits(6.38, 5.54)).toBe(false);
  });
  it('at or above 5.55 mmol/L: within ±15 %', () => {
    // 5.55 × 15 % = 0.8325: 6.3825 is the edge; 6.38 within, 6.39 not
    expect(withinIsoLimits(6.38, 5.55)).toBe(true);
    expect(withinIsoLimits(6.39, 5.55)).toBe(false);
    // 10.0: ±1.5
    expect(withinIsoLimits(11.5, 10)).toBe(true);
    expect(withinIsoLimits(8.5, 10)).toBe(true);
    expect(withinIsoLimits(11.51, 10)).toBe(false);
    expect(withinIsoLimits(8.49, 10)).toBe(false);
    expect(isoLimits(10)).toEqual([8.5, 11.5]);
    expect(isoLimits(5)).toEqual([4.17, 5.83]);
  });
  it('sums up a meter: share within, ISO 95 % verdict, mean bias', () => {
    // pairs (meter, lab): (5.5, 5.0) +0.5 within; (12.0, 10.0) +2.0 = 20 % out; (9.0, 10.0) −1.0 within;
    // (4.0, 4.0) 0 within → 3 of 4 = 75 %; bias (0.5 + 2 − 1 + 0) / 4 = 0.375;
    // relative (10 + 20 − 10 + 0) / 4 = 5 %
    expect(
      accuracySummary([
        { meter: 5.5, reference: 5 },
        { meter: 12, reference: 10 },
        { meter: 9, reference: 10 },
        { meter: 4, reference: 4 },
      ]),
    ).toEqual({ pairs: 4, within: 3, withinShare: 75, meetsIso: false, meanBias: 0.375, meanBiasPercent: 5 });
    const twenty = Array.from({ length: 20 }, (_, i) => ({ meter: i === 0 ? 9 : 6, reference: 6 }));
    expect(accuracySummary(twenty)).toMatchObject({ within: 19, withinShare: 95, meetsIso: true });
    expect(accuracySummary([])).toEqual({
      pairs: 0,
      within: 0,
      withinShare: null,
      meetsIso: null,
      meanBias: null,
      meanBiasPercent: null,
    });
  });
});
