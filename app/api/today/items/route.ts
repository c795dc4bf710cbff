import { z } from 'zod';
import { clientFilterSchema } from '@/lib/clients/client-filter.schema';
import { defineRoute } from '@/lib/server/http/route';
import { readHandoff } from '@/lib/server/renewals/handoff';
import { windowClients } from '@/lib/server/renewals/window';
import { restOfToday } from '@/lib/server/today/first-screen';
import { loadToday } from '@/lib/server/today/load';
import type { TodayRest } from '@/lib/today/first-screen';

/**
 * Every item of Today's buckets with their links, for a card's "show all" or "add all to the
 * draft": what the page read and kept (lib/server/today/first-screen.ts), else Today read again
 * (an expired id, another instance: dearer in calls, never wrong).
 */
export const GET = defineRoute(
  {
    access: 'today:read',
    query: z.object({ handoff: z.uuid({ error: 'expected a handoff id' }), client: clientFilterSchema }),
  },
  async ({ viewer, query, requestId, clients }) =>
    readHandoff<TodayRest>('today', viewer.userId, query.handoff) ??
    restOfToday(
      await loadToday(
        { userId: viewer.userId, role: viewer.role },
        requestId,
        new Date(),
        windowClients(await clients(), query.client),
      ),
    ),
);
