import { defineRoute } from '@/lib/server/http/route';
import { loadDataQuality } from '@/lib/server/portfolio/data-quality';

/** What looks wrong in the request's clients' portfolio, from our copy of the service (no upstream call). */
export const GET = defineRoute({ access: 'portfolio:read' }, async ({ clients }) =>
  loadDataQuality(new Date(), (await clients()).connections),
);
