import { z } from 'zod';
import { problemResponse } from '@/lib/server/errors/problem';
import { defineRoute } from '@/lib/server/http/route';
import { takeHandoff } from '@/lib/server/renewals/handoff';

/**
 * The whole window a month page read and sent the first screen of (lib/renewals/window-head.ts),
 * fetched once by that page's browser right after hydration: no second read of the service. An
 * id this process does not hold (expired, taken, another instance) is a 404, and the browser then
 * reads the window from /api/renewals.
 */
export const GET = defineRoute(
  { access: 'renewals:read', query: z.object({ handoff: z.uuid({ error: 'expected a handoff id' }) }) },
  async ({ viewer, query, requestId }) => {
    const data = takeHandoff('renewals', viewer.userId, query.handoff);
    if (!data) {
      return problemResponse({
        title: 'Nothing kept under this id',
        status: 404,
        detail: 'The rest of this page is no longer kept here: read the window from /api/renewals.',
        code: 'handoff_not_found',
        requestId,
      });
    }
    return new Response(JSON.stringify(data), {
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    });
  },
);
