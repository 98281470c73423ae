import { describe, expect, it } from 'vitest';
import { displayUnitFor, formatReadingValue, fromDisplayValue, toDisplayValue } from './display';

describe('display units of readings', () => {
  it('shows glucose in mmol/L with 1 decimal or in mg/dL as whole numbers', () => {
    expect(formatReadingValue('GLU', 5.55, 'mmolL')).toBe('5.6');
    expect(formatReadingValue('GLU', 3.9, 'mgDl')).toBe('70');
    expect(formatReadingValue('GLU', 16.7, 'mgDl')).toBe('301');
    expect(formatReadingValue('GLU', null, 'mmolL')).toBe('');
  });

  it('shows ketone with 2 decimals and uric acid in µmol/L or mg/dL', () => {
    expect(formatReadingValue('KET', 0.4, 'mmolL')).toBe('0.40');
    expect(formatReadingValue('KET', 0.4, 'mgDl')).toBe('0.40'); // ketone has no mg/dL: storage unit
    expect(formatReadingValue('UA', 420, 'umolL')).toBe('420');
    expect(formatReadingValue('UA', 420, 'mgDl')).toBe('7.1');
  });

  it('converts typed values back to the storage unit', () => {
    expect(fromDisplayValue('GLU', 180, 'mgDl')).toBe(10);
    expect(fromDisplayValue('GLU', 70, 'mgDl')).toBe(3.8889);
    expect(fromDisplayValue('UA', 7, 'mgDl')).toBe(416.36);
    expect(fromDisplayValue('GLU', 5.6, 'mmolL')).toBe(5.6);
    expect(toDisplayValue('GLU', 10, 'mgDl')).toBe(180);
  });

  it('falls back to the storage unit for an unknown code', () => {
    expect(displayUnitFor('UA', 'mmolL').code).toBe('umolL');
    expect(displayUnitFor('GLU', undefined).name).toBe('mmol/L');
  });
});
