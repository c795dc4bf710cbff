import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '@/lib/http/api-client';
import type { PortfolioPage } from '@/lib/portfolio/search-key';
import { type PortfolioQuery, portfolioApiQuery } from '@/lib/portfolio/url-state';

/** One page of the portfolio: the server page fills this key, the table refetches it on change. */
export function portfolioQuery(query: PortfolioQuery) {
  return queryOptions({
    queryKey: [
      'portfolio',
      query.page,
      query.size,
      query.sort ?? null,
      query.providerId ?? null,
      query.q ?? null,
      query.tag ?? null,
      query.client ?? null,
    ],
    queryFn: ({ signal }) =>
      apiFetch<PortfolioPage>(`/api/portfolio?${portfolioApiQuery(query)}`, { signal }),
  });
}
