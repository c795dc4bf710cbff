import { defineRoute } from '@/lib/server/http/route';
import { loadTrackingMonth } from '@/lib/server/tracking/board';
import { trackingQuerySchema } from '@/lib/tracking/query';

/** The month-close board of a due month, polled by the tracking page: the user's clients, or one. */
export const GET = defineRoute(
  { access: 'tracking:read', query: trackingQuerySchema },
  async ({ query, requestId, clients }) =>
    loadTrackingMonth(query.month, requestId, await clients(), query.client),
);
