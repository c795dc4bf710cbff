import { z } from 'zod';
import { upstreamClient } from '@/lib/server/connection/upstream';
import { defineRoute } from '@/lib/server/http/route';
import { eventConnection } from '@/lib/server/portfolio/owner';

const paramsSchema = z.object({
  patentId: z.uuid({ error: 'expected a patent id' }),
  eventId: z.uuid({ error: 'expected an event id' }),
});

/**
 * An event's fees, read on demand where the event came without them (spec: Endpoints 5), with the
 * key of the event's own client (found in our copy among the request's clients; else 404, no call).
 */
export const GET = defineRoute(
  { access: 'portfolio:read', params: paramsSchema },
  async ({ params, requestId, clients }) => {
    const connection = await eventConnection(params.patentId, params.eventId, (await clients()).connections);
    return (
      await upstreamClient(requestId, connection).getPatentEventFees(params.patentId, params.eventId, {
        requestId,
      })
    ).data;
  },
);
