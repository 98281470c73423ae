import { MAX_PAGE_SIZE } from './query';

/** A 1-based page request (ARCHITECTURE §3 "Pages"). */
export interface PageQuery {
  page: number;
  size: number;
}
/** A page of rows as every list answers it. */
export interface Page<R> {
  records: R[];
  total: number;
  page: number;
  size: number;
}

/**
 * The one way a list is paged: the rows of the requested page (at most {@link MAX_PAGE_SIZE}) and the
 * total of all matching rows, read together.
 */
export async function paginate<R>(
  query: PageQuery,
  rows: (limit: number, offset: number) => Promise<R[]>,
  total: () => Promise<number>,
): Promise<Page<R>> {
  const size = Math.min(query.size, MAX_PAGE_SIZE);
  const [records, count] = await Promise.all([rows(size, (query.page - 1) * size), total()]);
  return { records, total: count, page: query.page, size };
}

/** The same page with each row turned into its response shape. */
export function mapPage<R, V>(page: Page<R>, view: (row: R) => V): Page<V> {
  return { ...page, records: page.records.map(view) };
}
