import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDateRangeValid, isSupportedDate, requireDateRange } from './date-range';

describe('isDateRangeValid', () => {
  it('passes when either side is empty', () => {
    expect(isDateRangeValid(null, '2024-01-01')).toBe(true);
    expect(isDateRangeValid('2024-01-01', undefined)).toBe(true);
    expect(isDateRangeValid('', new Date())).toBe(true);
    expect(isDateRangeValid(undefined, null)).toBe(true);
  });

  it('passes when begin is before or equal to end', () => {
    expect(isDateRangeValid('2024-01-01', '2024-01-02')).toBe(true);
    expect(isDateRangeValid('2024-01-01', '2024-01-01')).toBe(true);
    expect(isDateRangeValid(new Date(2024, 0, 1), new Date(2024, 0, 1))).toBe(true);
    expect(isDateRangeValid(1000, 1000)).toBe(true);
    expect(isDateRangeValid(999, 1000)).toBe(true);
  });

  it('fails when begin is after end, by as little as 1 ms', () => {
    expect(isDateRangeValid('2024-01-02', '2024-01-01')).toBe(false);
    expect(isDateRangeValid(1001, 1000)).toBe(false);
    expect(isDateRangeValid('2024-01-01T00:00:00.001Z', '2024-01-01T00:00:00.000Z')).toBe(false);
  });

  it('accepts mixed kinds of input', () => {
    const begin = new Date(2024, 2, 1, 8, 30);
    expect(isDateRangeValid(begin, begin.getTime())).toBe(true);
    expect(isDateRangeValid(begin.getTime() + 1, begin)).toBe(false);
    expect(isDateRangeValid(begin.toISOString(), begin)).toBe(true);
  });

  it('reads date-only strings as local midnight, consistent with local date-times', () => {
    expect(isDateRangeValid('2024-03-01', '2024-03-01T00:00')).toBe(true);
    expect(isDateRangeValid('2024-03-01T00:00', '2024-03-01')).toBe(true);
    expect(isDateRangeValid('2024-03-01', '2024-02-29T23:59')).toBe(false);
    expect(isDateRangeValid('2024-03-01', new Date(2024, 2, 1))).toBe(true);
  });

  it('reads "YYYY-MM-DD HH:mm:ss" like the ISO form', () => {
    expect(isDateRangeValid('2024-03-01 08:00:00', '2024-03-01 09:00')).toBe(true);
    expect(isDateRangeValid('2024-03-01 10:00', '2024-03-01T09:00')).toBe(false);
  });

  it('fails when a non-empty side is not a valid date', () => {
    expect(isDateRangeValid('not a date', '2024-01-01')).toBe(false);
    expect(isDateRangeValid('2024-01-01', 'not a date')).toBe(false);
    expect(isDateRangeValid('2024-02-30', '2024-03-01')).toBe(false);
    expect(isDateRangeValid(new Date(Number.NaN), new Date())).toBe(false);
    expect(isDateRangeValid(Number.NaN, 0)).toBe(false);
  });

  it('property: for two instants it is begin ≤ end and is symmetric only for equal instants', () => {
    const instant = fc.integer({ min: 0, max: 4_102_444_800_000 });
    fc.assert(
      fc.property(instant, instant, (a, b) => {
        expect(isDateRangeValid(a, b)).toBe(a <= b);
        expect(isDateRangeValid(new Date(a), new Date(b).toISOString())).toBe(a <= b);
        expect(isDateRangeValid(a, b) && isDateRangeValid(b, a)).toBe(a === b);
      }),
    );
  });
});

describe('requireDateRange', () => {
  it('requires both sides', () => {
    expect(requireDateRange(null, '2024-01-01')).toBe('required');
    expect(requireDateRange('2024-01-01', undefined)).toBe('required');
    expect(requireDateRange('', '')).toBe('required');
    expect(requireDateRange('garbage', '2024-01-01')).toBe('required');
  });

  it('reports a start after the end', () => {
    expect(requireDateRange('2024-01-02', '2024-01-01')).toBe('order');
    expect(requireDateRange(2, 1)).toBe('order');
  });

  it('accepts a start before or equal to the end', () => {
    expect(requireDateRange('2024-01-01', '2024-01-02')).toBeNull();
    expect(requireDateRange('2024-01-01', '2024-01-01')).toBeNull();
    expect(requireDateRange(new Date(0), 0)).toBeNull();
  });
});

describe('isSupportedDate', () => {
  it('accepts dates and date-times of 1900-2999 and refuses those beyond, at both ends', () => {
    for (const value of ['1900-01-01', '2999-12-31', '2026-03-01T08:00:00+08:00', ' 2026-03-01'])
      expect(isSupportedDate(value), value).toBe(true);
    for (const value of ['1899-12-31', '3000-01-01', '9999-12-31', '0000-01-01', '9999-12-31T23:59:59Z'])
      expect(isSupportedDate(value), value).toBe(false);
  });
  it('leaves text that is no date to the format check', () => {
    expect(isSupportedDate('yesterday')).toBe(true);
    expect(isSupportedDate('')).toBe(true);
  });
});
