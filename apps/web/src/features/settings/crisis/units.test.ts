import { classifyMeasurement } from '@glucocare/domain/clinical';
import { describe, expect, it } from 'vitest';
import { toDisplay, toStorage } from '../periods/period-ui';
import { itemUnit } from './units';

// Issue 13: what an administrator types in mg/dL is what comes back (before: 300 → 16.7 → shown as 301).
describe('limits typed in mg/dL', () => {
  const glucose = itemUnit('GLU', 'mgDl');

  it('come back as typed on the critical-value screens', () => {
    for (const typed of [300, 70, 54, 181, 250, 400]) {
      const stored = glucose.toStorage(typed);
      expect(stored).toBe(typed / 18);
      expect(glucose.toInput(stored)).toBe(typed);
      expect(glucose.format(stored)).toBe(String(typed));
    }
  });

  it('come back as typed on the period screens', () => {
    for (const typed of [79, 80, 126, 180]) {
      expect(toDisplay(toStorage(typed, 'mgDl'), 'mgDl')).toBe(typed);
    }
  });

  it('classify a reading typed with the same number as on the limit', () => {
    const settings = {
      items: [{ item: 'GLU' as const, criticalHigh: glucose.toStorage(300) as number }],
      periods: [],
      departments: [],
      departmentAges: [],
    };
    const reading = (value: number) =>
      classifyMeasurement({ item: 'GLU', value, unit: 'mgDl' }, {}, settings).classification;
    expect(reading(300)).toBe('criticalHigh');
    expect(reading(299)).toBe('unknown');
  });

  it('keep mmol/L as typed', () => {
    expect(itemUnit('GLU', 'mmolL').toStorage(16.7)).toBe(16.7);
    expect(toStorage(4.4, 'mmolL')).toBe(4.4);
  });
});
