import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeNumericInput } from './numeric-input';

describe('sanitizeNumericInput', () => {
  it('keeps empty input empty', () => {
    expect(sanitizeNumericInput('')).toBe('');
    expect(sanitizeNumericInput('', { min: 1, max: 5 })).toBe('');
  });

  it('strips everything but digits and dots', () => {
    expect(sanitizeNumericInput('a1b2c')).toBe('12');
    expect(sanitizeNumericInput(' 1 2 ')).toBe('12');
    expect(sanitizeNumericInput('-5')).toBe('5');
    expect(sanitizeNumericInput('1,5')).toBe('15');
    expect(sanitizeNumericInput('1e3')).toBe('13');
    expect(sanitizeNumericInput('５')).toBe('');
    expect(sanitizeNumericInput('abc')).toBe('');
  });

  it('keeps only the first dot', () => {
    expect(sanitizeNumericInput('1.2.3')).toBe('1.23');
    expect(sanitizeNumericInput('1..5')).toBe('1.5');
    expect(sanitizeNumericInput('1...')).toBe('1.');
  });

  it('strips leading zeros but keeps a single 0 and 0.x', () => {
    expect(sanitizeNumericInput('007')).toBe('7');
    expect(sanitizeNumericInput('0')).toBe('0');
    expect(sanitizeNumericInput('000')).toBe('0');
    expect(sanitizeNumericInput('0.5')).toBe('0.5');
    expect(sanitizeNumericInput('00.5')).toBe('0.5');
    expect(sanitizeNumericInput('100')).toBe('100');
    expect(sanitizeNumericInput('10.05')).toBe('10.05');
  });

  it('turns a leading dot into 0. instead of dropping it (no tenfold value)', () => {
    expect(sanitizeNumericInput('.5')).toBe('0.5');
    expect(sanitizeNumericInput('.')).toBe('0.');
  });

  it('keeps a trailing dot while the user is typing', () => {
    expect(sanitizeNumericInput('5.')).toBe('5.');
  });

  it('truncates (does not round) to 2 decimals by default', () => {
    expect(sanitizeNumericInput('1.23')).toBe('1.23');
    expect(sanitizeNumericInput('1.239')).toBe('1.23');
    expect(sanitizeNumericInput('1.999')).toBe('1.99');
  });

  it('honours a custom number of decimals', () => {
    expect(sanitizeNumericInput('1.239', { decimals: 1 })).toBe('1.2');
    expect(sanitizeNumericInput('1.239', { decimals: 3 })).toBe('1.239');
    expect(sanitizeNumericInput('12.7', { decimals: 0 })).toBe('12');
    expect(sanitizeNumericInput('12.', { decimals: 0 })).toBe('12');
    expect(sanitizeNumericInput('.7', { decimals: 0 })).toBe('0');
  });

  it('clamps to min and max and returns the bound as a string', () => {
    expect(sanitizeNumericInput('0.5', { min: 1 })).toBe('1');
    expect(sanitizeNumericInput('1', { min: 1 })).toBe('1');
    expect(sanitizeNumericInput('1.01', { min: 1 })).toBe('1.01');
    expect(sanitizeNumericInput('33.4', { max: 33.3 })).toBe('33.3');
    expect(sanitizeNumericInput('33.3', { max: 33.3 })).toBe('33.3');
    expect(sanitizeNumericInput('33.29', { max: 33.3 })).toBe('33.29');
    expect(sanitizeNumericInput('500', { min: 0, max: 100 })).toBe('100');
    expect(sanitizeNumericInput('0', { min: 0.5, max: 100 })).toBe('0.5');
  });

  it('keeps the spelling of a value equal to a bound', () => {
    expect(sanitizeNumericInput('5.0', { max: 5 })).toBe('5.0');
    expect(sanitizeNumericInput('5.', { min: 5 })).toBe('5.');
  });

  it('clamps after truncating the decimals', () => {
    // 5.009 is cut to 5.00 first, which is not above max 5.
    expect(sanitizeNumericInput('5.009', { max: 5 })).toBe('5.00');
  });

  it('rejects bad options', () => {
    expect(() => sanitizeNumericInput('1', { decimals: -1 })).toThrow(RangeError);
    expect(() => sanitizeNumericInput('1', { decimals: 1.5 })).toThrow(RangeError);
    expect(() => sanitizeNumericInput('1', { min: 5, max: 1 })).toThrow(RangeError);
    expect(sanitizeNumericInput('3', { min: 3, max: 3 })).toBe('3');
  });

  // Bounds with at most 2 decimals, min ≤ max.
  const bounds = fc
    .tuple(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }))
    .map(([a, b]) => ({ min: Math.min(a, b) / 100, max: Math.max(a, b) / 100 }));
  const typed = fc.string({ unit: fc.constantFrom('0', '1', '5', '9', '.', '.', 'a', '-', ' ', 'e') });

  it('property: output is empty or parses to a number with ≤ 2 decimals within [min, max]', () => {
    fc.assert(
      fc.property(typed, bounds, (raw, { min, max }) => {
        const out = sanitizeNumericInput(raw, { min, max });
        if (out === '') return;
        expect(out).toMatch(/^\d+(\.\d{0,2})?$/);
        const value = Number(out);
        expect(Number.isNaN(value)).toBe(false);
        expect(value).toBeGreaterThanOrEqual(min);
        expect(value).toBeLessThanOrEqual(max);
      }),
    );
  });

  it('property: output never has a superfluous leading zero and is empty only without digits or dots', () => {
    fc.assert(
      fc.property(typed, (raw) => {
        const out = sanitizeNumericInput(raw);
        expect(out).not.toMatch(/^0\d/);
        expect(out === '').toBe(!/[\d.]/.test(raw));
      }),
    );
  });

  it('property: sanitizing is idempotent', () => {
    fc.assert(
      fc.property(typed, bounds, (raw, opts) => {
        const once = sanitizeNumericInput(raw, opts);
        expect(sanitizeNumericInput(once, opts)).toBe(once);
      }),
    );
  });

  it('property: a clean number within bounds passes unchanged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (cents) => {
        const text = (cents / 100).toString();
        expect(sanitizeNumericInput(text)).toBe(text);
      }),
    );
  });
});
