import { createLoader, parseAsInteger, parseAsNativeArrayOf, parseAsString } from 'nuqs/server';
import { MAX_PAGE_SIZE } from '@/lib/annuity/pagination';
import { MAX_PAGE } from '@/lib/http/limits';
import { DEFAULT_HIDDEN_PATENT_COLUMNS, parsePatentSort } from '@/lib/portfolio/columns';
import type { PortfolioQuery } from '@/lib/portfolio/query';
import { MAX_PROVIDER_ID_LENGTH } from '@/lib/portfolio/query-string';

/** The portfolio table's state in the URL (style: the URL is the table state), read on both sides. */
export const portfolioParams = {
  page: parseAsInteger.withDefault(1),
  size: parseAsInteger.withDefault(25),
  sort: parseAsString,
  providerId: parseAsString,
  hide: parseAsNativeArrayOf(parseAsString).withDefault(DEFAULT_HIDDEN_PATENT_COLUMNS),
};

export const loadPortfolioParams = createLoader(portfolioParams);

/**
 * The service query the URL names. A hand-edited URL with a bad value falls back to the default
 * for that value (page 1, size within the cap of 100, no sort, no over-long provider id), never an
 * error page. It runs in the browser on every change, so it keeps to the portfolio schema's rules
 * (lib/portfolio/query.ts) without zod; its test holds its answers against the schema.
 */
export function portfolioQueryFromParams(params: {
  page: number;
  size: number;
  sort: string | null;
  providerId: string | null;
}): PortfolioQuery {
  const providerId = params.providerId?.trim();
  return {
    page: Math.min(Math.max(Math.trunc(params.page), 1), MAX_PAGE),
    size: Math.min(Math.max(Math.trunc(params.size), 1), MAX_PAGE_SIZE),
    sort: params.sort && parsePatentSort(params.sort) ? params.sort : undefined,
    providerId: providerId && providerId.length <= MAX_PROVIDER_ID_LENGTH ? providerId : undefined,
  };
}
