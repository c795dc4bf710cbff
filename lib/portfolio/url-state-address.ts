import { readUrlValues, type SearchParams } from '@/lib/http/url-parsers';
import { portfolioParams } from './url-state';

/**
 * The portfolio's whole address, read by its server page with the parsers of ./url-state.ts and
 * the one reader of addresses (lib/http/url-parsers.ts).
 */
export const loadPortfolioParams = (search: URLSearchParams | SearchParams) =>
  readUrlValues(portfolioParams, search);
