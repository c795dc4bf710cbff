import { requestSchema } from '@/lib/http/url-state-schema';
import { portfolioExportFields, portfolioUrlState } from './url-state';

export type { PortfolioQuery } from './url-state';

/**
 * The portfolio's requests as zod schemas for the route handlers, derived from its URL state
 * (./url-state.ts: add a filter there, not here).
 */

/** /api/portfolio: page, page size (cap 100, spec: Limits 1), sort, providerId. */
export const portfolioQuerySchema = requestSchema(portfolioUrlState, 'api');

/** /api/portfolio/export: the sort and providerId on screen, the format and the visible columns. */
export const portfolioExportSchema = requestSchema(portfolioExportFields, 'export');
