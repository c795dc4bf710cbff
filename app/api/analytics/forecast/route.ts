import { forecastQuerySchema } from '@/lib/forecast/query';
import { connectionsToRead } from '@/lib/server/clients/client-filter';
import { loadForecast } from '@/lib/server/forecast/load';
import { defineRoute } from '@/lib/server/http/route';

/**
 * The stored forecast by month, office, owner and family, per currency, and its quota cost: the
 * user's clients together, or the one the `client` filter names.
 */
export const GET = defineRoute(
  { access: 'analytics:read', query: forecastQuerySchema },
  async ({ query, clients }) => loadForecast(connectionsToRead(await clients(), query.client)),
);
