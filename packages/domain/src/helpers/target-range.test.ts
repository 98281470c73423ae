import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkLowHigh, checkTargetRange } from './target-range';

describe('checkTargetRange', () => {
  it('requires both bounds', () => {
    expect(checkTargetRange(null, 10)).toBe('required');
    expect(checkTargetRange(4, undefined)).toBe('required');
    expect(checkTargetRange('', '10')).toBe('required');
    expect(checkTargetRange('4', '  ')).toBe('required');
    expect(checkTargetRange('abc', 10)).toBe('required');
    expect(checkTargetRange(4, Number.NaN)).toBe('required');
  });

  it('requires both bounds greater than 0', () => {
    expect(checkTargetRange(0, 10)).toBe('positive');
    expect(checkTargetRange(4, 0)).toBe('positive');
    expect(checkTargetRange(-1, 10)).toBe('positive');
    expect(checkTargetRange('0', '0')).toBe('positive');
    expect(checkTargetRange(0.1, 10)).toBeNull();
  });

  it('requires min strictly below max', () => {
    expect(checkTargetRange(10, 4)).toBe('order');
    expect(checkTargetRange(4, 4)).toBe('order');
    expect(checkTargetRange('4.4', '4.4')).toBe('order');
    expect(checkTargetRange(4, 4.01)).toBeNull();
    expect(checkTargetRange('3.9', '10')).toBeNull(); // numeric, not text order
  });

  it('property: valid exactly when 0 < min < max', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        (a, b) => {
          expect(checkTargetRange(a, b) === null).toBe(a > 0 && b > 0 && a < b);
          expect(checkTargetRange(String(a), String(b))).toBe(checkTargetRange(a, b));
        },
      ),
    );
  });
});

describe('checkLowHigh', () => {
  it('requires at least one side', () => {
    expect(checkLowHigh(null, undefined)).toBe('required');
    expect(checkLowHigh('', ' ')).toBe('required');
    expect(checkLowHigh('abc', null)).toBe('required');
  });

  it('accepts one side alone', () => {
    expect(checkLowHigh(3.9, null)).toBeNull();
    expect(checkLowHigh('', '10')).toBeNull();
    expect(checkLowHigh(0, undefined)).toBeNull();
  });

  it('requires low strictly below high when both are given', () => {
    expect(checkLowHigh(3.9, 10)).toBeNull();
    expect(checkLowHigh(10, 10)).toBe('order');
    expect(checkLowHigh('10', '3.9')).toBe('order');
    expect(checkLowHigh(9.99, 10)).toBeNull();
  });

  it('property: with both numbers it is low < high', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (a, b) => {
        expect(checkLowHigh(a, b)).toBe(a < b ? null : 'order');
      }),
    );
  });
});
