import { analyticsQuerySchema } from '@/lib/analytics/query';
import { loadSpendAnalytics } from '@/lib/server/analytics/spend';
import { defineRoute } from '@/lib/server/http/route';

/**
 * Spend by month, office and fee component, surcharges and FX variance, per currency, over the
 * user's clients or the one the `client` filter names.
 */
export const GET = defineRoute(
  { access: 'analytics:read', query: analyticsQuerySchema },
  async ({ query, requestId, clients }) => loadSpendAnalytics(requestId, await clients(), query.client),
);
