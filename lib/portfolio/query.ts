import { z } from 'zod';
import { MAX_PAGE_SIZE } from '@/lib/annuity/pagination';
import { MAX_PAGE } from '@/lib/http/limits';
import { PATENT_SORT_FIELDS } from './columns';
import { MAX_PROVIDER_ID_LENGTH } from './query-string';

export { portfolioQueryString } from './query-string';

const sortValues = PATENT_SORT_FIELDS.flatMap((field) => [field, `-${field}`]) as [string, ...string[]];

/** The portfolio's server-side state: page, page size (cap 100, spec: Limits 1), sort, providerId. */
export const portfolioQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
  sort: z.enum(sortValues).optional(),
  providerId: z.string().trim().min(1).max(MAX_PROVIDER_ID_LENGTH).optional(),
});
export type PortfolioQuery = z.output<typeof portfolioQuerySchema>;
