import { z } from 'zod';
import { defineRoute } from '@/lib/server/route';
import { upstreamClient } from '@/lib/server/upstream';

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
