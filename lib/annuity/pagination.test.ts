import { describe, expect, it, vi } from 'vitest';
import type { ApiResult, ResponseMeta } from './client';
import { forEachPage, listAll, MAX_PAGE_SIZE, type PageFetcher, walkPages } from './pagination';
import type { Page, Pagination } from './schemas';

const meta = (page: number): ResponseMeta => ({
  operation: 'getPatents',
  status: 200,
  requestId: `req-${page}`,
  rateLimit: { limit: 1000, remaining: 1000 - page, resetSeconds: 3600 },
});

/** A well-behaved service holding `total` items (numbered 1..total). */
function honest(total: number): PageFetcher<number> {
  return async (currentPage, itemsPerPage) => {
    const first = (currentPage - 1) * itemsPerPage;
    const data = Array.from(
      { length: Math.max(0, Math.min(itemsPerPage, total - first)) },
      (_, i) => first + i + 1,
    );
    const totalPages = Math.ceil(total / itemsPerPage);
    return {
      data: {
        pagination: {
          totalItems: total,
          currentPage,
          itemsPerPage,
          totalPages,
          hasMore: currentPage < totalPages,
        },
        data,
      },
      meta: meta(currentPage),
    };
  };
}

/** A service answering each page with `answer(page)`: items and pagination fields. */
function scripted(
  answer: (page: number) => { items?: number; pagination?: Partial<Pagination> },
): PageFetcher<number> {
  return async (currentPage, itemsPerPage): Promise<ApiResult<Page<number>>> => {
    const { items = itemsPerPage, pagination = {} } = answer(currentPage);
    return {
      data: {
        pagination: {
          totalItems: 1000,
          currentPage,
          itemsPerPage,
          totalPages: 10,
          hasMore: true,
          ...pagination,
        },
        data: Array.from({ length: items }, (_, i) => (currentPage - 1) * itemsPerPage + i + 1),
      },
      meta: meta(currentPage),
    };
  };
}

describe('walkPages / listAll', () => {
  it('walks every page at the cap of 100 items and stops on hasMore false', async () => {
    const fetchPage = vi.fn(honest(250));
    const result = await listAll(fetchPage);
    expect(MAX_PAGE_SIZE).toBe(100);
    expect(fetchPage.mock.calls).toEqual([
      [1, 100],
      [2, 100],
      [3, 100],
    ]);
    expect(result.items).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(result.pages).toBe(3);
    expect(result.totalItems).toBe(250);
    expect(result.metas.map((m) => m.requestId)).toEqual(['req-1', 'req-2', 'req-3']);
  });

  it.each([
    [0, 1],
    [1, 1],
    [100, 1],
    [101, 2],
    [1000, 10],
  ])('%i items take %i call(s)', async (total, calls) => {
    const fetchPage = vi.fn(honest(total));
    const result = await listAll(fetchPage);
    expect(fetchPage).toHaveBeenCalledTimes(calls);
    expect(result.items).toHaveLength(total);
  });

  it('honours a smaller itemsPerPage', async () => {
    const fetchPage = vi.fn(honest(25));
    const result = await listAll(fetchPage, { itemsPerPage: 10 });
    expect(fetchPage.mock.calls.map(([page, size]) => `${page}/${size}`)).toEqual(['1/10', '2/10', '3/10']);
    expect(result.items).toHaveLength(25);
  });

  it('stops on hasMore false even if totalPages announced more', async () => {
    const fetchPage = vi.fn(scripted((page) => ({ pagination: { hasMore: page < 2 } })));
    const result = await listAll(fetchPage);
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(result.items).toHaveLength(200);
  });

  it('stops on an empty page even if hasMore stays true', async () => {
    const fetchPage = vi.fn(scripted((page) => ({ items: page < 3 ? 100 : 0 })));
    const result = await listAll(fetchPage);
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(result.items).toHaveLength(200);
  });

  it.each([
    ['the totalPages of the first page', { totalPages: 4 }, {}, 4],
    ['totalPages 0 with hasMore true', { totalPages: 0 }, {}, 1],
    ['maxPages below totalPages', { totalPages: 50 }, { maxPages: 3 }, 3],
    ['maxPages 1', {}, { maxPages: 1 }, 1],
  ])('a runaway hasMore: true stops at %s', async (_name, first: Partial<Pagination>, options, calls) => {
    // Later pages claim ever more pages; only the first page's count (or maxPages) bounds the walk.
    const fetchPage = vi.fn(
      scripted((page) => ({ pagination: page === 1 ? first : { totalPages: 10_000, hasMore: true } })),
    );
    const result = await listAll(fetchPage, options);
    expect(fetchPage).toHaveBeenCalledTimes(calls);
    expect(result.pages).toBe(calls);
  });

  it('is lazy: breaking out of the walk stops fetching', async () => {
    const fetchPage = vi.fn(honest(1000));
    for await (const { data } of walkPages(fetchPage)) {
      expect(data.pagination.currentPage).toBe(1);
      break;
    }
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('reports each page and its meta through onPage, in order', async () => {
    const onPage = vi.fn();
    await listAll(honest(150), { onPage });
    expect(onPage.mock.calls.map(([page, m]) => [page.pagination.currentPage, m.requestId])).toEqual([
      [1, 'req-1'],
      [2, 'req-2'],
    ]);
  });

  it('passes a failure of any page through and stops', async () => {
    const boom = new Error('page 2 failed');
    const fetchPage = vi.fn(async (page: number, size: number) => {
      if (page === 2) throw boom;
      return honest(300)(page, size);
    });
    await expect(listAll(fetchPage)).rejects.toBe(boom);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});

/** Page `current` of `total` items numbered from 0, `perPage` a page, as the client answers it. */
const pageOf = (current: number, total: number, perPage: number) => ({
  data: {
    pagination: {
      totalItems: total,
      currentPage: current,
      itemsPerPage: perPage,
      totalPages: Math.ceil(total / perPage),
      hasMore: current < Math.ceil(total / perPage),
    },
    data: Array.from(
      { length: Math.max(0, Math.min(perPage, total - (current - 1) * perPage)) },
      (_, i) => (current - 1) * perPage + i,
    ),
  },
  meta: { operation: 'test', status: 200, requestId: `r${current}`, rateLimit: null },
});

describe('listAll with concurrency', () => {
  it('fetches every page once, in order, with at most the given number at a time', async () => {
    let inFlight = 0;
    let peak = 0;
    const asked: number[] = [];
    const result = await listAll(
      async (current, perPage) => {
        asked.push(current);
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight -= 1;
        return pageOf(current, 950, perPage);
      },
      { concurrency: 4 },
    );
    expect(result.pages).toBe(10);
    expect([...asked].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(result.items).toEqual(Array.from({ length: 950 }, (_, i) => i));
    expect(result.metas.map((meta) => meta.requestId)).toEqual(asked.map((_, i) => `r${i + 1}`));
    expect(peak).toBeLessThanOrEqual(4);
    expect(peak).toBeGreaterThan(1);
  });

  it('never goes past the page count of the first page, whatever later pages claim', async () => {
    const asked: number[] = [];
    const result = await listAll(
      async (current, perPage) => {
        asked.push(current);
        const page = pageOf(current, 250, perPage);
        page.data.pagination.hasMore = true;
        return page;
      },
      { concurrency: 4 },
    );
    expect(Math.max(...asked)).toBe(3);
    expect(result.items).toHaveLength(250);
  });
});

describe('forEachPage', () => {
  const infoOf = (result: ReturnType<typeof pageOf>) => ({
    pagination: result.data.pagination,
    items: result.data.data.length,
    meta: result.meta,
  });

  it('asks for the pages it is told exist together with the first, and each page once', async () => {
    const asked: number[] = [];
    let firstAnswered = false;
    const beforeFirst: number[] = [];
    const visited: number[] = [];
    const walk = await forEachPage(
      async (current, perPage) => {
        asked.push(current);
        if (!firstAnswered) beforeFirst.push(current);
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (current === 1) firstAnswered = true;
        return pageOf(current, 950, perPage);
      },
      infoOf,
      { concurrency: 4, knownPages: 3 },
      (_, page) => visited.push(page),
    );
    expect(beforeFirst).toEqual([1, 2, 3]);
    expect([...asked].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect([...visited].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(walk).toMatchObject({ pages: 10, lastPage: 10, totalItems: 950 });
    expect(walk.metas.map((meta) => meta.requestId)).toEqual(asked.map((_, i) => `r${i + 1}`));
  });

  it('stops at the first failure', async () => {
    const asked: number[] = [];
    await expect(
      forEachPage(
        async (current, perPage) => {
          asked.push(current);
          if (current === 3) throw new Error('lost');
          return pageOf(current, 2_000, perPage);
        },
        infoOf,
        { concurrency: 2 },
        () => undefined,
      ),
    ).rejects.toThrow('lost');
    expect(Math.max(...asked)).toBeLessThan(6);
  });
});
