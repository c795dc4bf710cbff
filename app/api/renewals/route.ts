import { renewalsQuerySchema } from '@/lib/renewals/query';
import { defineRoute } from '@/lib/server/http/route';
import { renewalWindowJson, windowClients } from '@/lib/server/renewals/window';

/** The renewals due in a window, joined to the portfolio, for the month view's client queries. */
export const GET = defineRoute(
  { access: 'renewals:read', query: renewalsQuerySchema },
  async ({ query, requestId, clients }) => {
    const scope = await clients();
    const body = await renewalWindowJson(query.window, query, requestId, windowClients(scope, query.client));
    return new Response(body, {
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    });
  },
);
