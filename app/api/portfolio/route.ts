import { portfolioQuerySchema } from '@/lib/portfolio/query';
import { defineRoute } from '@/lib/server/http/route';
import { loadPatentPage } from '@/lib/server/portfolio/patents';

/** One page of the portfolio of the request's clients, for the portfolio table's client queries. */
export const GET = defineRoute(
  { access: 'portfolio:read', query: portfolioQuerySchema },
  async ({ query, requestId, clients }) => loadPatentPage(query, requestId, await clients()),
);
