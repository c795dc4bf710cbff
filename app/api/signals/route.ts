import { defineRoute } from '@/lib/server/http/route';
import { eventConnection, patentConnection } from '@/lib/server/portfolio/owner';
import { listHolds } from '@/lib/server/reviews/holds';
import { loadSignals } from '@/lib/server/signals/signals';
import { signalsQuerySchema } from '@/lib/signals/signals.schema';

/**
 * The signals beside a renewal, and its review hold if it is under review: from our own copy, no
 * upstream call. The patent (and the renewal) must be of the request's clients, else 404.
 */
export const GET = defineRoute(
  { access: 'renewals:read', query: signalsQuerySchema },
  async ({ query, clients }) => {
    const { connections } = await clients();
    await (query.eventId
      ? eventConnection(query.patentId, query.eventId, connections)
      : patentConnection(query.patentId, connections));
    const [signals] = await loadSignals([{ patentId: query.patentId, eventId: query.eventId ?? null }]);
    const [hold] = signals?.eventId ? await listHolds({ eventIds: [signals.eventId] }) : [];
    return { signals, hold: hold ?? null };
  },
);
