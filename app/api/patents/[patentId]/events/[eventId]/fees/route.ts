import { z } from 'zod';
import { upstreamClient } from '@/lib/server/connection/upstream';
import { defineRoute } from '@/lib/server/http/route';

const paramsSchema = z.object({
  patentId: z.uuid({ error: 'expected a patent id' }),
  eventId: z.uuid({ error: 'expected an event id' }),
});

/** An event's fees, read on demand where the event came without them (spec: Endpoints 5). */
export const GET = defineRoute(
  { access: 'portfolio:read', params: paramsSchema },
  async ({ params, requestId }) =>
    (await upstreamClient(requestId).getPatentEventFees(params.patentId, params.eventId, { requestId })).data,
);
