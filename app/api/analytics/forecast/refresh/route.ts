import { refreshForecastNow } from '@/lib/server/forecast/refresh-now';
import { defineRoute } from '@/lib/server/http/route';

/** Starts a forecast refresh now (202), within the background budget; audited. */
export const POST = defineRoute(
  { access: 'forecast:refresh', audit: 'forecast.refresh' },
  async ({ viewer, requestId }) =>
    refreshForecastNow({ userId: viewer.userId, email: viewer.email }, requestId),
);
