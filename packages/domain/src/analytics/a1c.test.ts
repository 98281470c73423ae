import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimatedA1c, gmi } from './a1c';

describe('gmi (Bergenstal 2018)', () => {
  it('works out a mean of 8.0 mmol/L by hand', () => {
    // 8.0 mmol/L × 18 = 144 mg/dL; GMI = 3.31 + 0.02392 × 144 = 3.31 + 3.44448 = 6.75448 %
    expect(gmi(8)).toBeCloseTo(6.75448, 12);
    // 7.0 mmol/L = 126 mg/dL; 3.31 + 0.02392 × 126 = 3.31 + 3.01392 = 6.32392 %
    expect(gmi(7)).toBeCloseTo(6.32392, 12);
  });
});

describe('estimatedA1c (ADAG, Nathan 2008)', () => {
  it('works out a mean of 8.0 mmol/L by hand', () => {
    // (144 + 46.7) / 28.7 = 190.7 / 28.7 = 6.644599…
    expect(estimatedA1c(8)).toBeCloseTo(6.6445993, 6);
    // the ADAG table's anchor: A1C 7 % ↔ eAG 154 mg/dL (8.6 mmol/L): (154 + 46.7) / 28.7 = 6.993…
    expect(estimatedA1c(154 / 18)).toBeCloseTo(6.993, 3);
  });
});

describe('gmi and estimatedA1c', () => {
  it('property: both increase with the mean', () => {
    const tenths = fc.integer({ min: 10, max: 350 });
    fc.assert(
      fc.property(tenths, tenths, (a, b) => {
        fc.pre(a !== b);
        const [lower, higher] = a < b ? [a / 10, b / 10] : [b / 10, a / 10];
        expect(gmi(higher)).toBeGreaterThan(gmi(lower));
        expect(estimatedA1c(higher)).toBeGreaterThan(estimatedA1c(lower));
      }),
    );
  });
});
