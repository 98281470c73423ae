import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convertGlucoseForDisplay,
  formatGlucose,
  fromMmol,
  isMgDl,
  MGDL_PER_MMOL,
  roundDecimal,
  toGlucoseUnit,
  toMmol,
  unitPrecision,
} from './glucose';

describe('isMgDl', () => {
  it('accepts mgDl and mg/dL in any case', () => {
    for (const name of ['mgDl', 'mgdl', 'MGDL', 'mg/dL', 'mg/dl', 'MG/DL', ' mgDl ']) {
      expect(isMgDl(name)).toBe(true);
    }
  });

  it('treats everything else as mmol/L', () => {
    for (const name of ['mmolL', 'mmol/L', '', 'mg', 'mg dl', 'mgDL2', 'dl/mg']) {
      expect(isMgDl(name)).toBe(false);
    }
    expect(isMgDl(null)).toBe(false);
    expect(isMgDl(undefined)).toBe(false);
  });

  it('maps names onto GlucoseUnit', () => {
    expect(toGlucoseUnit('mg/dL')).toBe('mgDl');
    expect(toGlucoseUnit('mmol/L')).toBe('mmolL');
    expect(toGlucoseUnit(null)).toBe('mmolL');
  });
});

describe('unitPrecision', () => {
  it('is 0 for mgDl and 1 otherwise', () => {
    expect(unitPrecision('mgDl')).toBe(0);
    expect(unitPrecision('mg/dL')).toBe(0);
    expect(unitPrecision('mmolL')).toBe(1);
    expect(unitPrecision(undefined)).toBe(1);
  });
});

describe('toMmol / fromMmol', () => {
  it('uses the factor 18 for mg/dL, unrounded', () => {
    expect(MGDL_PER_MMOL).toBe(18);
    expect(toMmol(90, 'mgDl')).toBe(5);
    expect(toMmol(100, 'mgDl')).toBeCloseTo(5.5555555556, 9);
    expect(fromMmol(5, 'mgDl')).toBe(90);
    expect(fromMmol(5.55, 'mgDl')).toBeCloseTo(99.9, 10);
  });

  it('leaves mmol/L values alone', () => {
    expect(toMmol(5.55, 'mmolL')).toBe(5.55);
    expect(fromMmol(5.55, 'mmolL')).toBe(5.55);
    expect(toMmol(100, null)).toBe(100);
  });

  it('property: toMmol(fromMmol(x)) ≈ x', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        fc.constantFrom('mgDl', 'mmolL'),
        (x, unit) => {
          expect(toMmol(fromMmol(x, unit), unit)).toBeCloseTo(x, 9);
        },
      ),
    );
  });
});

describe('roundDecimal', () => {
  it('rounds half away from zero on the decimal spelling', () => {
    expect(roundDecimal(5.55, 1)).toBe(5.6);
    expect(roundDecimal(1.005, 2)).toBe(1.01);
    expect(roundDecimal(2.5, 0)).toBe(3);
    expect(roundDecimal(-2.5, 0)).toBe(-3);
    expect(roundDecimal(-5.55, 1)).toBe(-5.6);
    expect(roundDecimal(5.549, 1)).toBe(5.5);
  });

  it('never returns -0 and copes with exponent spellings', () => {
    expect(Object.is(roundDecimal(-0.04, 1), 0)).toBe(true);
    expect(Object.is(roundDecimal(-0, 1), 0)).toBe(true);
    expect(roundDecimal(1e-7, 1)).toBe(0);
    expect(roundDecimal(1e21, 1)).toBe(1e21);
    expect(roundDecimal(Number.NaN, 1)).toBeNaN();
  });

  it('property: result is within half a unit of the last place', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 3 }), (x, d) => {
        expect(Math.abs(roundDecimal(x, d) - x)).toBeLessThanOrEqual(0.5 / 10 ** d + 1e-9);
      }),
    );
  });
});

describe('formatGlucose', () => {
  it('shows mmol/L with 1 decimal', () => {
    expect(formatGlucose(5, 'mmolL')).toBe('5.0');
    expect(formatGlucose(5.55, 'mmolL')).toBe('5.6');
    expect(formatGlucose(5.549, 'mmolL')).toBe('5.5');
    expect(formatGlucose(33.3, undefined)).toBe('33.3');
  });

  it('shows mg/dL with no decimals', () => {
    expect(formatGlucose(5, 'mgDl')).toBe('90');
    expect(formatGlucose(5.55, 'mgDl')).toBe('100'); // 99.9 → 100
    expect(formatGlucose(5.5, 'mg/dL')).toBe('99');
    expect(formatGlucose(100 / 18, 'mgDl')).toBe('100');
  });

  it('never shows -0 and gives empty text for non-finite input', () => {
    expect(formatGlucose(-0.04, 'mmolL')).toBe('0.0');
    expect(formatGlucose(-0.01, 'mgDl')).toBe('0');
    expect(formatGlucose(-1, 'mmolL')).toBe('-1.0');
    expect(formatGlucose(Number.NaN, 'mmolL')).toBe('');
    expect(formatGlucose(Number.POSITIVE_INFINITY, 'mgDl')).toBe('');
  });

  it('property: the text has the unit precision and parses back close to the value', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 50, noNaN: true }),
        fc.constantFrom('mgDl', 'mmolL'),
        (mmol, unit) => {
          const text = formatGlucose(mmol, unit);
          expect(text).toMatch(unit === 'mgDl' ? /^\d+$/ : /^\d+\.\d$/);
          const back = toMmol(Number(text), unit);
          expect(Math.abs(back - mmol)).toBeLessThanOrEqual(unit === 'mgDl' ? 0.5 / 18 + 1e-9 : 0.05 + 1e-9);
        },
      ),
    );
  });
});

describe('convertGlucoseForDisplay', () => {
  it('divides mgDl values by 18 and rounds to 1 decimal', () => {
    expect(convertGlucoseForDisplay(90, 'mgDl')).toBe(5);
    expect(convertGlucoseForDisplay('100', 'mgDl')).toBe(5.6);
    expect(convertGlucoseForDisplay('99.9', 'mgDl')).toBe(5.6); // 5.55 → 5.6, not 5.5
    expect(convertGlucoseForDisplay(98, 'mg/dL')).toBe(5.4);
    expect(convertGlucoseForDisplay(0, 'mgDl')).toBe(0);
  });

  it('parses other units as a float without rounding', () => {
    expect(convertGlucoseForDisplay('5.55', 'mmolL')).toBe(5.55);
    expect(convertGlucoseForDisplay('5.6 mmol', 'mmolL')).toBe(5.6);
    expect(convertGlucoseForDisplay(7.123, undefined)).toBe(7.123);
    expect(convertGlucoseForDisplay('0', null)).toBe(0);
  });

  it('gives null for missing or unparseable values', () => {
    for (const unit of ['mgDl', 'mmolL']) {
      expect(convertGlucoseForDisplay(null, unit)).toBeNull();
      expect(convertGlucoseForDisplay(undefined, unit)).toBeNull();
      expect(convertGlucoseForDisplay('', unit)).toBeNull();
      expect(convertGlucoseForDisplay('  ', unit)).toBeNull();
      expect(convertGlucoseForDisplay('abc', unit)).toBeNull();
      expect(convertGlucoseForDisplay(Number.NaN, unit)).toBeNull();
      expect(convertGlucoseForDisplay('Infinity', unit)).toBeNull();
    }
  });
});
