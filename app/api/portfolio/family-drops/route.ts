import { z } from 'zod';
import { draftDrops } from '@/lib/server/decisions/draft-drops';
import { defineRoute } from '@/lib/server/http/route';
import { assertEventsInScope } from '@/lib/server/portfolio/owner';

/**
 * "Drop these countries" on a family page: the chosen renewals go into the user's draft as DROPs
 * where the service offers DROP now; nothing is sent (lib/server/decisions/draft-drops.ts). A
 * renewal of a client outside the request's is not found (404) and nothing is drafted.
 */
export const POST = defineRoute(
  {
    access: 'decisions:write',
    body: z.object({
      eventIds: z
        .array(z.string().min(1).max(100))
        .min(1, { error: 'choose at least one renewal to drop' })
        .max(500, { error: 'at most 500 renewals at once' }),
    }),
  },
  async ({ viewer, body, clients }) => {
    await assertEventsInScope(body.eventIds, (await clients()).connections);
    return draftDrops(viewer.userId, body.eventIds);
  },
);
