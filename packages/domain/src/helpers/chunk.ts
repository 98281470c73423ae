/**
 * §9 "A page-splitting helper for printing makes chunks of a given size": splits `items` into
 * consecutive pages of `size` items, the last page holding the rest. Empty input gives [].
 *
 * @throws RangeError when `size` is not a positive integer.
 */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size <= 0) {
    throw new RangeError(`chunk size must be a positive integer, got ${size}`);
  }
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    pages.push(items.slice(start, start + size));
  }
  return pages;
}
