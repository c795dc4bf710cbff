import { defineRoute } from '@/lib/server/http/route';
import { loadSignals } from '@/lib/server/signals/signals';
import { signalsQuerySchema } from '@/lib/signals/signals.schema';

/** The signals beside a renewal, from our own copy: no upstream call. */
export const GET = defineRoute({ access: 'renewals:read', query: signalsQuerySchema }, async ({ query }) => {
  const [signals] = await loadSignals([{ patentId: query.patentId, eventId: query.eventId ?? null }]);
  return { signals };
});
