import type { ApiResult, ResponseMeta } from './client';
import type { Page, Pagination } from './schemas';

/** spec: Limits 1 — the page-size cap. Walking at the cap costs the fewest calls. */
export const MAX_PAGE_SIZE = 100;

export type PageFetcher<T> = (currentPage: number, itemsPerPage: number) => Promise<ApiResult<Page<T>>>;

export interface WalkOptions {
  itemsPerPage?: number;
  /** A hard stop whatever the service says, so a misbehaving server cannot loop us forever. */
  maxPages?: number;
  onPage?: (page: Page<unknown>, meta: ResponseMeta) => void;
  /**
   * listAll and forEachPage: after the first page (which tells how many there are), fetch this
   * many pages at once. Same calls, less waiting; results keep page order.
   */
  concurrency?: number;
  /**
   * forEachPage: pages the caller knows exist (a lower bound from an earlier read). They are asked
   * for together with the first, saving the round trip that would wait for its page count. Never
   * more than truly exist, or a call is wasted.
   */
  knownPages?: number;
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

/** Pages past the count the first page announced that a walk follows `hasMore` for. */
const EXTRA_PAGES = 20;

/**
 * Yields every page of a list that may move while it is walked (spec: Pagination envelope, pages
 * are offsets into the list as it is at each read), with the items not yielded before: it follows
 * `hasMore`, not the page count the first page announced (items added meanwhile make more pages;
 * EXTRA_PAGES more at most, so a runaway `hasMore` still ends it), and drops an item listed again
 * (one pushed onto the next page comes twice). `onCall` is told of every call as it is made, a
 * failed one's too: the service counted it (spec: Limits 2).
 */
export async function* walkDistinctPages<T extends { id: string }>(
  fetchPage: PageFetcher<T>,
  options: { itemsPerPage?: number; maxPages?: number; onCall?: () => void } = {},
): AsyncGenerator<{ items: T[]; result: ApiResult<Page<T>> }> {
  const itemsPerPage = options.itemsPerPage ?? MAX_PAGE_SIZE;
  const maxPages = options.maxPages ?? 10_000;
  const seen = new Set<string>();
  let bound = maxPages;
  for (let current = 1; current <= bound; current++) {
    let result: ApiResult<Page<T>>;
    try {
      result = await fetchPage(current, itemsPerPage);
    } finally {
      options.onCall?.();
    }
    const { pagination, data } = result.data;
    if (current === 1) bound = Math.min(maxPages, Math.max(1, pagination.totalPages) + EXTRA_PAGES);
    const items = data.filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
    yield { items, result };
    if (!pagination.hasMore || data.length === 0) return;
  }
}

export interface ListAllResult<T> {
  items: T[];
  /** Pages read: the calls the walk made. */
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

/** What forEachPage walked. */
export interface PageWalk {
  /** Pages read: the calls the walk made. */
  pages: number;
  /** The last page that counts: a visited page after it is to be ignored (see forEachPage). */
  lastPage: number;
  totalItems: number;
  /** The answers' metadata, in page order, up to lastPage. */
  metas: ResponseMeta[];
}

/** What the walk needs to know of a page, whatever form the caller reads it in. */
export interface PageInfo {
  pagination: Pagination;
  items: number;
  meta: ResponseMeta;
}

/**
 * Hands each page to `visit` the moment it arrives, with its page number: the first page alone
 * (it tells how many there are), then the rest through a sliding window of `concurrency`
 * requests, a page starting as soon as one arrives, so the service always has work queued while
 * we read what came back. A caller can turn each page into its result while later pages are
 * still on their way, and let the page go. Bounded by the page count the first page announced
 * (and maxPages) like walkPages; a page that comes back empty or says `hasMore: false` ends the
 * walk at `lastPage`, and a page after it that was already visited must be ignored (only a
 * service that contradicts itself causes that). A failure stops the walk.
 */
export async function forEachPage<R>(
  fetchPage: (currentPage: number, itemsPerPage: number) => Promise<R>,
  infoOf: (result: R) => PageInfo,
  options: WalkOptions,
  visit: (result: R, pageNumber: number) => void,
): Promise<PageWalk> {
  const itemsPerPage = options.itemsPerPage ?? MAX_PAGE_SIZE;
  const maxPages = options.maxPages ?? 10_000;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const ends = (info: PageInfo) => !info.pagination.hasMore || info.items === 0;
  // Only what the walk reports is kept per page: the page itself is the visitor's to keep or drop.
  const arrived: (PageInfo | undefined)[] = [];
  const receive = (result: R, page: number) => {
    const info = infoOf(result);
    arrived[page - 1] = info;
    visit(result, page);
    return info;
  };

  // Until the first page answers, only the pages the caller vouches for may be asked for.
  let last = Math.max(1, Math.min(maxPages, options.knownPages ?? 1));
  let next = 1;
  let fetched = 0;
  let failed = false;
  const running: Promise<void>[] = [];
  const worker = async () => {
    while (!failed && next <= last) {
      const page = next++;
      fetched += 1;
      try {
        const result = await fetchPage(page, itemsPerPage);
        const info = infoOf(result);
        if (page === 1) last = ends(info) ? 1 : Math.min(maxPages, Math.max(1, info.pagination.totalPages));
        else if (ends(info)) last = Math.min(last, page);
        receive(result, page);
        // The first page may have opened the window: fill it.
        startWorkers();
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  let active = 0;
  const startWorkers = () => {
    while (!failed && active < concurrency && next <= last) {
      active += 1;
      running.push(
        worker().finally(() => {
          active -= 1;
        }),
      );
    }
  };
  startWorkers();
  // Workers started later join the list; wait until none is left running.
  for (let awaited = 0; awaited < running.length; ) {
    const batch = running.slice(awaited);
    awaited = running.length;
    await Promise.all(batch);
  }

  const kept = arrived.slice(0, last).filter((info) => info !== undefined);
  return {
    pages: fetched,
    lastPage: last,
    totalItems: kept[kept.length - 1]?.pagination.totalItems ?? 0,
    metas: kept.map((info) => info.meta),
  };
}

async function listAllConcurrently<T>(
  fetchPage: PageFetcher<T>,
  options: WalkOptions,
): Promise<ListAllResult<T>> {
  const byPage: T[][] = [];
  const walk = await forEachPage(
    fetchPage,
    (result) => ({ pagination: result.data.pagination, items: result.data.data.length, meta: result.meta }),
    options,
    (result, page) => {
      options.onPage?.(result.data, result.meta);
      byPage[page - 1] = result.data.data;
    },
  );
  return {
    items: byPage.slice(0, walk.lastPage).flatMap((items) => items ?? []),
    pages: walk.pages,
    totalItems: walk.totalItems,
    metas: walk.metas,
  };
}
