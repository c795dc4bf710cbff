import { freezeClientSchema } from '@/lib/rate-freezes/query';
import { clientToWrite } from '@/lib/server/clients/client-filter';
import { defineRoute } from '@/lib/server/http/route';
import { loadFreezeOverview } from '@/lib/server/rate-freezes/freezes';

/**
 * One client's frozen months and the months ahead with their state, for the overview's client
 * queries. Only `client` is taken: an unknown parameter is a 400 naming it rather than ignored.
 */
export const GET = defineRoute(
  { access: 'rate-freezes:read', query: freezeClientSchema.strict() },
  async ({ query, requestId, clients }) =>
    loadFreezeOverview(requestId, new Date(), clientToWrite(await clients(), query.client)),
);
