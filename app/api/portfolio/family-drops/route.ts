import { z } from 'zod';
import { draftDrops } from '@/lib/server/decisions/draft-drops';
import { defineRoute } from '@/lib/server/http/route';

/**
 * "Drop these countries" on a family page: the chosen renewals go into the user's draft as DROPs
 * where the service offers DROP now; nothing is sent (lib/server/decisions/draft-drops.ts).
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
  async ({ viewer, body }) => draftDrops(viewer.userId, body.eventIds),
);
