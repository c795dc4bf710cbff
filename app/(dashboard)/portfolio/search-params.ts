import { createLoader, parseAsInteger, parseAsNativeArrayOf, parseAsString } from 'nuqs/server';
import { MAX_PAGE_SIZE } from '@/lib/annuity/pagination';
import { DEFAULT_HIDDEN_PATENT_COLUMNS, parsePatentSort } from '@/lib/portfolio/columns';
import { type PortfolioQuery, portfolioQuerySchema } from '@/lib/portfolio/query';

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
 * for that value (page 1, size within the cap of 100, no sort), never an error page.
 */
export function portfolioQueryFromParams(params: {
  page: number;
  size: number;
  sort: string | null;
  providerId: string | null;
}): PortfolioQuery {
  return portfolioQuerySchema.parse({
    page: Math.max(params.page, 1),
    size: Math.min(Math.max(params.size, 1), MAX_PAGE_SIZE),
    sort: parsePatentSort(params.sort) ? params.sort : undefined,
    providerId: params.providerId?.trim() || undefined,
  });
}
