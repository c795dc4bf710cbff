import { defineRoute } from '@/lib/server/http/route';
import { listHolds } from '@/lib/server/reviews/holds';
import { loadSignals } from '@/lib/server/signals/signals';
import { signalsQuerySchema } from '@/lib/signals/signals.schema';

/** The signals beside a renewal, and its review hold if it is under review: from our own copy, no upstream call. */
export const GET = defineRoute({ access: 'renewals:read', query: signalsQuerySchema }, async ({ query }) => {
  const [signals] = await loadSignals([{ patentId: query.patentId, eventId: query.eventId ?? null }]);
  const [hold] = signals?.eventId ? await listHolds({ eventIds: [signals.eventId] }) : [];
  return { signals, hold: hold ?? null };
});
