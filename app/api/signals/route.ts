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
    const connection = await (query.eventId
      ? eventConnection(query.patentId, query.eventId, connections)
      : patentConnection(query.patentId, connections));
    // Read from the patent's own client's copy and snapshot (spec: rule 2).
    const [signals] = await loadSignals([{ patentId: query.patentId, eventId: query.eventId ?? null }], {
      connection,
    });
    const [hold] = signals?.eventId
      ? await listHolds({ eventIds: [signals.eventId], connections: [connection] })
      : [];
    return { signals, hold: hold ?? null };
  },
);
