import { describe, expect, it } from 'vitest';
import { flagOf, formatRange, pagesByWeek, weekOf } from './format';

const mmol = { unit: 'mmolL' };
const mgdl = { unit: 'mgDl' };

describe('values in the display unit', () => {
  it('reference ranges with one or both sides', () => {
    expect(formatRange('GLU', { low: 4.4, high: 10 }, mmol)).toBe('4.4-10.0');
    expect(formatRange('GLU', { low: 4.4, high: 10 }, mgdl)).toBe('79-180');
    expect(formatRange('KET', { low: null, high: 0.6 }, { unit: 'mmolL' })).toBe('≤ 0.60');
    expect(formatRange('UA', { low: 150, high: null }, { unit: 'umolL' })).toBe('≥ 150');
    expect(formatRange('UA', { low: 150, high: 420 }, { unit: 'mgDl' })).toBe('2.5-7.1');
    expect(formatRange('UA', { low: null, high: null }, { unit: 'umolL' })).toBe('');
  });

  it('flags for black-and-white print', () => {
    expect(['normal', 'high', 'low', 'criticalHigh', 'criticalLow', null].map(flagOf)).toEqual([
      '',
      '↑',
      '↓',
      '↑↑',
      '↓↓',
      '',
    ]);
  });
});

describe('printed pages', () => {
  const days = (...dates: string[]) => dates.map((date) => ({ date }));

  it('weeks start on Monday', () => {
    expect(weekOf('2024-03-04')).toBe('2024-03-04');
    expect(weekOf('2024-03-10')).toBe('2024-03-04');
    expect(weekOf('2024-03-11')).toBe('2024-03-11');
  });

  it('breaks pages between weeks only, up to the page size', () => {
    // Thu 29 Feb .. Sun 17 Mar 2024 (18 days: 4 + 7 + 7)
    const rows = Array.from({ length: 18 }, (_, i) =>
      new Date(Date.UTC(2024, 1, 29 + i)).toISOString().slice(0, 10),
    );
    const pages = pagesByWeek(days(...rows), 14);
    expect(pages.map((page) => page.length)).toEqual([11, 7]);
    expect(pages[1][0].date).toBe('2024-03-11');
    expect(pagesByWeek(days(...rows), 7).map((page) => page.length)).toEqual([4, 7, 7]);
    expect(pagesByWeek(days(...rows), 31).map((page) => page.length)).toEqual([18]);
  });

  it('days missing from a week keep it on one page; a page smaller than a week cuts it', () => {
    const rows = days('2024-03-04', '2024-03-06', '2024-03-10', '2024-03-12');
    expect(pagesByWeek(rows, 7).map((page) => page.map((r) => r.date))).toEqual([
      ['2024-03-04', '2024-03-06', '2024-03-10', '2024-03-12'],
    ]);
    expect(pagesByWeek(rows, 3).map((page) => page.length)).toEqual([3, 1]);
    expect(pagesByWeek(rows, 2).map((page) => page.length)).toEqual([2, 1, 1]);
    expect(pagesByWeek([], 7)).toEqual([]);
  });
});
