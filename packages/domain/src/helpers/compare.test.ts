import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareLessThan } from './compare';

describe('compareLessThan', () => {
  it('passes when either side is empty', () => {
    expect(compareLessThan(null, 5)).toBe(true);
    expect(compareLessThan(5, undefined)).toBe(true);
    expect(compareLessThan('', '3')).toBe(true);
    expect(compareLessThan('9', '')).toBe(true);
    expect(compareLessThan(null, null)).toBe(true);
    expect(compareLessThan('abc', '')).toBe(true);
  });

  it('passes only when the first is strictly less', () => {
    expect(compareLessThan(1, 2)).toBe(true);
    expect(compareLessThan('1', '2')).toBe(true);
    expect(compareLessThan(2, 2)).toBe(false);
    expect(compareLessThan(3, 2)).toBe(false);
    expect(compareLessThan(-1, 0)).toBe(true);
    expect(compareLessThan(0, '0')).toBe(false);
  });

  it('compares integers, not decimals (parseInt semantics)', () => {
    expect(compareLessThan('3.2', '3.8')).toBe(false);
    expect(compareLessThan(3.2, 3.8)).toBe(false);
    expect(compareLessThan('3.9', '4')).toBe(true);
    expect(compareLessThan(-0.5, 0)).toBe(false); // trunc(-0.5) is 0
    expect(compareLessThan('12abc', '13')).toBe(true);
    expect(compareLessThan(' 7', '8')).toBe(true);
    expect(compareLessThan('1e3', '2')).toBe(true); // parseInt('1e3') is 1
    expect(compareLessThan('10', '9')).toBe(false); // numeric, not text order
  });

  it('fails when a non-empty side has no integer', () => {
    expect(compareLessThan('abc', '5')).toBe(false);
    expect(compareLessThan('5', 'abc')).toBe(false);
    expect(compareLessThan(' ', '5')).toBe(false);
    expect(compareLessThan(Number.NaN, 5)).toBe(false);
    expect(compareLessThan(1, Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('property: for integers it is exactly a < b, for strings and numbers alike', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (a, b) => {
        expect(compareLessThan(a, b)).toBe(a < b);
        expect(compareLessThan(String(a), String(b))).toBe(a < b);
      }),
    );
  });

  it('property: never both a < b and b < a', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.string()), fc.oneof(fc.integer(), fc.string()), (a, b) => {
        if (a === '' || b === '') return;
        expect(compareLessThan(a, b) && compareLessThan(b, a)).toBe(false);
      }),
    );
  });
});
