import { forecastQuerySchema } from '@/lib/forecast/query';
import { clientToWrite } from '@/lib/server/clients/client-filter';
import { refreshForecastNow } from '@/lib/server/forecast/refresh-now';
import { defineRoute } from '@/lib/server/http/route';

/**
 * Starts one client's forecast refresh now (202), within that client's background budget; audited.
 * The client is the `client` parameter (checked in the scope), left out only with one client.
 */
export const POST = defineRoute(
  { access: 'forecast:refresh', audit: 'forecast.refresh', query: forecastQuerySchema },
  async ({ viewer, requestId, query, clients }) =>
    refreshForecastNow(
      { userId: viewer.userId, email: viewer.email },
      requestId,
      clientToWrite(await clients(), query.client),
    ),
);
