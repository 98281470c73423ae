/** One page of a list as the API answers it (`dataContent` of a paged route). */
export interface ListPageResult<T> {
  records: T[];
  total: number;
}

/** The request of a list: the filter plus the 1-based page and its size. */
export type PageQuery<F> = F & { page: number; size: number };

export type PageRequest<T, F> = (query: PageQuery<F>, signal?: AbortSignal) => Promise<ListPageResult<T>>;

/** Largest page the list routes answer; "all matching rows" are read in pages of this size. */
export const ALL_ROWS_PAGE_SIZE = 500;

/**
 * Every record matching a filter, page after page (the Excel export and the print of a list).
 * `onProgress` hears how many were loaded out of how many. Stops at the total, or at the first empty
 * page when rows vanish while it reads.
 */
export async function fetchAllPages<T, F>(
  request: PageRequest<T, F>,
  filter: F,
  options: {
    onProgress?: (loaded: number, total: number) => void;
    signal?: AbortSignal;
    pageSize?: number;
    /** stop once this many are in (a print); the rows beyond it are not read */
    limit?: number;
  } = {},
): Promise<T[]> {
  const size = options.pageSize ?? ALL_ROWS_PAGE_SIZE;
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const result = await request({ ...filter, page, size }, options.signal);
    rows.push(...result.records);
    options.onProgress?.(rows.length, result.total);
    if (result.records.length === 0 || rows.length >= result.total) return rows;
    if (options.limit !== undefined && rows.length >= options.limit) return rows.slice(0, options.limit);
  }
}
