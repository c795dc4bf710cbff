import { z } from 'zod';
import { MAX_PAGE_SIZE } from '@/lib/annuity/pagination';
import { PATENT_SORT_FIELDS } from './columns';

const sortValues = PATENT_SORT_FIELDS.flatMap((field) => [field, `-${field}`]) as [string, ...string[]];

/** The portfolio's server-side state: page, page size (cap 100, spec: Limits 1), sort, providerId. */
export const portfolioQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
  sort: z.enum(sortValues).optional(),
  providerId: z.string().trim().min(1).max(200).optional(),
});
export type PortfolioQuery = z.output<typeof portfolioQuerySchema>;

export function portfolioQueryString(query: Partial<PortfolioQuery>): string {
  const params = new URLSearchParams();
  if (query.page) params.set('page', String(query.page));
  if (query.size) params.set('size', String(query.size));
  if (query.sort) params.set('sort', query.sort);
  if (query.providerId) params.set('providerId', query.providerId);
  return params.toString();
}
