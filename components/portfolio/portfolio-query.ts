import { queryOptions } from '@tanstack/react-query';
import type { Page, Patent } from '@/lib/annuity/schemas';
import { apiFetch } from '@/lib/http/api-client';
import { type PortfolioQuery, portfolioApiQuery } from '@/lib/portfolio/url-state';

/** One page of the portfolio: the server page fills this key, the table refetches it on change. */
export function portfolioQuery(query: PortfolioQuery) {
  return queryOptions({
    queryKey: ['portfolio', query.page, query.size, query.sort ?? null, query.providerId ?? null],
    queryFn: ({ signal }) => apiFetch<Page<Patent>>(`/api/portfolio?${portfolioApiQuery(query)}`, { signal }),
  });
}
