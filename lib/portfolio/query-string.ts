import type { PortfolioQuery } from './query';

/**
 * The portfolio query as URL parameters, without zod: the browser builds it on every click, and
 * the schema library (./query.ts) stays out of the page's first load (bench: JS per route).
 */

/** Longer is no provider id; the schema refuses it too. */
export const MAX_PROVIDER_ID_LENGTH = 200;

export function portfolioQueryString(query: Partial<PortfolioQuery>): string {
  const params = new URLSearchParams();
  if (query.page) params.set('page', String(query.page));
  if (query.size) params.set('size', String(query.size));
  if (query.sort) params.set('sort', query.sort);
  if (query.providerId) params.set('providerId', query.providerId);
  return params.toString();
}
