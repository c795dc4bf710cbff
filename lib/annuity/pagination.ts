import type { ApiResult, ResponseMeta } from './client';
import type { Page } from './schemas';

/** spec: Limits 1 — the page-size cap. Walking at the cap costs the fewest calls. */
export const MAX_PAGE_SIZE = 100;

export type PageFetcher<T> = (currentPage: number, itemsPerPage: number) => Promise<ApiResult<Page<T>>>;

export interface WalkOptions {
  itemsPerPage?: number;
  /** A hard stop whatever the service says, so a misbehaving server cannot loop us forever. */
  maxPages?: number;
  onPage?: (page: Page<unknown>, meta: ResponseMeta) => void;
  /**
   * listAll only: after the first page (which tells how many there are), fetch this many pages
   * at once. Same calls, less waiting; results keep page order.
   */
  concurrency?: number;
}

/**
 * Yields every page in order. It stops on `hasMore: false`, and never goes past the page count the
 * first page announced (nor past `maxPages`), so a runaway `hasMore: true` ends the walk.
 */
export async function* walkPages<T>(
  fetchPage: PageFetcher<T>,
  options: WalkOptions = {},
): AsyncGenerator<ApiResult<Page<T>>> {
  const itemsPerPage = options.itemsPerPage ?? MAX_PAGE_SIZE;
  const maxPages = options.maxPages ?? 10_000;
  let bound = maxPages;
  for (let current = 1; current <= bound; current++) {
    const result = await fetchPage(current, itemsPerPage);
    options.onPage?.(result.data, result.meta);
    yield result;
    const { pagination, data } = result.data;
    if (current === 1) bound = Math.min(maxPages, Math.max(1, pagination.totalPages));
    if (!pagination.hasMore || data.length === 0) return;
  }
}

export interface ListAllResult<T> {
  items: T[];
  pages: number;
  totalItems: number;
  metas: ResponseMeta[];
}

export async function listAll<T>(
  fetchPage: PageFetcher<T>,
  options: WalkOptions = {},
): Promise<ListAllResult<T>> {
  if ((options.concurrency ?? 1) > 1) return listAllConcurrently(fetchPage, options);
  const items: T[] = [];
  const metas: ResponseMeta[] = [];
  let totalItems = 0;
  for await (const { data, meta } of walkPages(fetchPage, options)) {
    items.push(...data.data);
    metas.push(meta);
    totalItems = data.pagination.totalItems;
  }
  return { items, pages: metas.length, totalItems, metas };
}

/**
 * The first page alone, then the rest in groups of `concurrency`, bounded by the page count the
 * first page announced (and maxPages) like walkPages. A page that comes back empty or says
 * `hasMore: false` ends the walk after its group.
 */
async function listAllConcurrently<T>(
  fetchPage: PageFetcher<T>,
  options: WalkOptions,
): Promise<ListAllResult<T>> {
  const itemsPerPage = options.itemsPerPage ?? MAX_PAGE_SIZE;
  const maxPages = options.maxPages ?? 10_000;
  const concurrency = options.concurrency ?? 1;
  const first = await fetchPage(1, itemsPerPage);
  options.onPage?.(first.data, first.meta);
  const results = [first];
  const bound = Math.min(maxPages, Math.max(1, first.data.pagination.totalPages));
  let more = first.data.pagination.hasMore && first.data.data.length > 0;
  for (let start = 2; more && start <= bound; start += concurrency) {
    const numbers = Array.from({ length: Math.min(concurrency, bound - start + 1) }, (_, i) => start + i);
    const group = await Promise.all(numbers.map((page) => fetchPage(page, itemsPerPage)));
    for (const result of group) {
      options.onPage?.(result.data, result.meta);
      results.push(result);
      if (!result.data.pagination.hasMore || result.data.data.length === 0) more = false;
    }
  }
  return {
    items: results.flatMap((result) => result.data.data),
    pages: results.length,
    totalItems: results[results.length - 1]?.data.pagination.totalItems ?? 0,
    metas: results.map((result) => result.meta),
  };
}
