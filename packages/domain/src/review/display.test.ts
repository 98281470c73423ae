import { describe, expect, it } from 'vitest';
import {
  displayedValueBounds,
  displayUnitFor,
  formatReadingValue,
  fromDisplayValue,
  toDisplayValue,
} from './display';

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
    // full precision: the same number a reading entered as 70 mg/dL is stored as
    expect(fromDisplayValue('GLU', 70, 'mgDl')).toBe(70 / 18);
    expect(fromDisplayValue('UA', 7, 'mgDl')).toBeCloseTo(416.36, 10);
    expect(fromDisplayValue('GLU', 5.6, 'mmolL')).toBe(5.6);
    expect(toDisplayValue('GLU', 10, 'mgDl')).toBe(180);
  });

  it('falls back to the storage unit for an unknown code', () => {
    expect(displayUnitFor('UA', 'mmolL').code).toBe('umolL');
    expect(displayUnitFor('GLU', undefined).name).toBe('mmol/L');
  });
});

describe('what was entered is shown back exactly in its unit', () => {
  // Readings stored at full precision (issue 13): 100 mg/dL is stored as 100 / 18 = 5.5555… mmol/L.
  const mg100 = { enteredValue: 100, enteredUnit: 'mgDl' };
  it('shows 100, 181 and 251 mg/dL back as entered (rounded storage gave 101, 182, 250)', () => {
    for (const typed of [100, 181, 251, 70, 54, 600, 10]) {
      const entered = { enteredValue: typed, enteredUnit: 'mg/dL' };
      expect(formatReadingValue('GLU', typed / 18, 'mgDl', entered)).toBe(String(typed));
      // without the entered value, the full-precision storage value gives the same text
      expect(formatReadingValue('GLU', typed / 18, 'mgDl')).toBe(String(typed));
    }
  });

  it('shows a mg/dL entry in mmol/L with 1 decimal, rounded half away from zero', () => {
    expect(formatReadingValue('GLU', 100 / 18, 'mmolL', mg100)).toBe('5.6'); // 5.555…
    expect(formatReadingValue('GLU', 81 / 18, 'mmolL', { enteredValue: 81, enteredUnit: 'mgDl' })).toBe(
      '4.5',
    ); // 4.5 exactly
  });

  it('keeps every decimal typed in the display unit (5.55 stays 5.55, not 5.6)', () => {
    expect(formatReadingValue('GLU', 5.55, 'mmolL', { enteredValue: 5.55, enteredUnit: 'mmolL' })).toBe(
      '5.55',
    );
    expect(formatReadingValue('GLU', 5.5, 'mmolL', { enteredValue: 5.5, enteredUnit: 'mmol/L' })).toBe('5.5');
    expect(formatReadingValue('GLU', 7, 'mmolL', { enteredValue: 7, enteredUnit: 'mmolL' })).toBe('7.0');
    expect(formatReadingValue('UA', 6.5 * 59.48, 'mgDl', { enteredValue: 6.5, enteredUnit: 'mgDl' })).toBe(
      '6.5',
    );
    expect(formatReadingValue('UA', 420, 'umolL', { enteredValue: 420, enteredUnit: 'µmol/L' })).toBe('420');
    // in another unit than entered, the unit's precision applies
    expect(formatReadingValue('GLU', 5.55, 'mgDl', { enteredValue: 5.55, enteredUnit: 'mmolL' })).toBe('100');
  });
});

describe('displayedValueBounds', () => {
  it('selects the readings whose displayed value is in the typed range', () => {
    const { minValue, maxValue } = displayedValueBounds('GLU', 5.6, 5.6, 'mmolL');
    const shownIn = (v: number) => v >= (minValue as number) && v <= (maxValue as number);
    expect(shownIn(100 / 18)).toBe(true); // shown 5.6
    expect(shownIn(5.55)).toBe(true); // shown 5.6 when converted (5.55 → 5.6)
    expect(shownIn(5.64)).toBe(true);
    expect(shownIn(5.65)).toBe(false); // shown 5.7
    expect(shownIn(5.54)).toBe(false); // shown 5.5
  });

  it('works in mg/dL on full-precision storage values', () => {
    const { minValue, maxValue } = displayedValueBounds('GLU', 100, 180, 'mgDl');
    expect(100 / 18 >= (minValue as number)).toBe(true);
    expect(180 / 18 <= (maxValue as number)).toBe(true);
    expect(99 / 18 >= (minValue as number)).toBe(false);
    expect(181 / 18 <= (maxValue as number)).toBe(false);
    expect(displayedValueBounds('GLU', undefined, undefined, 'mgDl')).toEqual({
      minValue: undefined,
      maxValue: undefined,
    });
  });
});
