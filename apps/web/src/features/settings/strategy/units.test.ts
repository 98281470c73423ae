import { describe, expect, it } from 'vitest';
import { drawableBands } from './TirBandBar';
import { glucoseFromDisplay, glucoseInputProps, glucoseToDisplay, glucoseUnitLabel } from './units';

describe('glucose thresholds in the hospital unit', () => {
  it('shows mmol/L as stored and mg/dL as whole numbers', () => {
    expect(glucoseToDisplay(3.9, 'mmolL')).toBe(3.9);
    expect(glucoseToDisplay(3.9, 'mgDl')).toBe(70);
    expect(glucoseToDisplay(13.9, 'mgDl')).toBe(250);
    expect(glucoseToDisplay(null, 'mgDl')).toBeNull();
  });

  it('sends mg/dL through the spec conversion (÷ 18, 1 decimal), so the upper limit stays reachable', () => {
    expect(glucoseFromDisplay(600, 'mgDl')).toBe(33.3);
    expect(glucoseFromDisplay(70, 'mgDl')).toBe(3.9);
    expect(glucoseFromDisplay(5.55, 'mmolL')).toBe(5.55);
    expect(glucoseFromDisplay(null, 'mgDl')).toBeNull();
    expect(glucoseFromDisplay(undefined, 'mmolL')).toBeNull();
  });

  it('a stored value survives a round trip through the mg/dL form', () => {
    for (const mmol of [3.0, 3.9, 10.0, 13.9, 11.1]) {
      expect(glucoseFromDisplay(glucoseToDisplay(mmol, 'mgDl'), 'mgDl')).toBe(mmol);
    }
  });

  it('labels and steps per unit', () => {
    expect(glucoseUnitLabel('mgDl')).toBe('mg/dL');
    expect(glucoseUnitLabel('mmolL')).toBe('mmol/L');
    expect(glucoseInputProps('mgDl')).toEqual({ step: 1, precision: 0 });
    expect(glucoseInputProps('mmolL')).toEqual({ step: 0.1, precision: 1 });
  });
});

describe('TIR band preview', () => {
  it('draws only four increasing limits above 0', () => {
    expect(drawableBands({ veryLow: 3, low: 3.9, high: 10, veryHigh: 13.9 })).toBe(true);
    expect(drawableBands({ veryLow: 4, low: 3.9, high: 10, veryHigh: 13.9 })).toBe(false);
    expect(drawableBands({ veryLow: 0, low: 3.9, high: 10, veryHigh: 13.9 })).toBe(false);
    expect(drawableBands({ veryLow: 3, low: null, high: 10, veryHigh: 13.9 })).toBe(false);
  });
});
