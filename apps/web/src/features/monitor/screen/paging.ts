/**
 * Paging of the wall screens' lists: a list longer than its panel holds shows page by page, the next
 * page every `rotateSeconds` (the screen strategy), back to the first after the last. Nobody scrolls a
 * wall display.
 */

/** How many pages `count` rows make at `perPage` a page (at least one, so an empty list has a page). */
export function pageCount(count: number, perPage: number): number {
  if (perPage <= 0) return 1;
  return Math.max(1, Math.ceil(count / perPage));
}

/** The rows of page `page` (0-based; a page past the end — the list shrank — shows the last page). */
export function pageSlice<T>(rows: readonly T[], perPage: number, page: number): T[] {
  if (perPage <= 0) return [];
  const last = pageCount(rows.length, perPage) - 1;
  const start = Math.min(Math.max(0, page), last) * perPage;
  return rows.slice(start, start + perPage);
}

/** The page after `page` of `pages` (wrapping to the first). */
export function nextPage(page: number, pages: number): number {
  return pages <= 1 ? 0 : (page + 1) % pages;
}

/**
 * How many rows of `rowHeight` fit a box of `boxHeight` (design pixels of the 1920×1080 stage); at
 * least one so a tiny panel still shows something.
 */
export function rowsThatFit(boxHeight: number, rowHeight: number): number {
  if (rowHeight <= 0) return 1;
  return Math.max(1, Math.floor(boxHeight / rowHeight));
}

/**
 * The ward-by-ward variant's steps: each ward shows as many steps as its longest list needs pages, so
 * every abnormal bed and every critical value of every ward is shown once per round.
 */
export function wardSteps(
  wards: readonly { code: string; lists: readonly { count: number; perPage: number }[] }[],
): { code: string; page: number; pages: number }[] {
  const steps: { code: string; page: number; pages: number }[] = [];
  for (const ward of wards) {
    const pages = Math.max(1, ...ward.lists.map((list) => pageCount(list.count, list.perPage)));
    for (let page = 0; page < pages; page++) steps.push({ code: ward.code, page, pages });
  }
  return steps;
}
