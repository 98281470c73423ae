import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunk } from './chunk';

describe('chunk', () => {
  it('splits into pages of the given size with the rest on the last page', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([1, 2, 3, 4], 2)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(chunk([1, 2, 3], 1)).toEqual([[1], [2], [3]]);
    expect(chunk([1, 2, 3], 3)).toEqual([[1, 2, 3]]);
    expect(chunk([1, 2, 3], 10)).toEqual([[1, 2, 3]]);
  });

  it('gives [] for empty input', () => {
    expect(chunk([], 3)).toEqual([]);
  });

  it('does not modify the input and returns fresh arrays', () => {
    const items = Object.freeze([1, 2, 3]);
    const pages = chunk(items, 3);
    expect(pages[0]).not.toBe(items);
    expect(items).toEqual([1, 2, 3]);
  });

  it('rejects sizes that are not positive integers', () => {
    for (const size of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => chunk([1], size), String(size)).toThrow(RangeError);
    }
    expect(() => chunk([], 0)).toThrow(RangeError);
  });

  it('property: pages flatten back to the input, all full but the last', () => {
    fc.assert(
      fc.property(fc.array(fc.anything()), fc.integer({ min: 1, max: 20 }), (items, size) => {
        const pages = chunk(items, size);
        expect(pages.flat(1)).toEqual(items);
        expect(pages.length).toBe(Math.ceil(items.length / size));
        pages.forEach((page, index) => {
          if (index < pages.length - 1) expect(page.length).toBe(size);
          else expect(page.length).toBeGreaterThanOrEqual(1);
          expect(page.length).toBeLessThanOrEqual(size);
        });
      }),
    );
  });
});
