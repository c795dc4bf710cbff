import { z } from 'zod';
import { defineRoute } from '@/lib/server/http/route';
import { loadFreezeOverview } from '@/lib/server/rate-freezes/freezes';

/** Frozen months and the months ahead with their state, for the overview's client queries. */
export const GET = defineRoute(
  // No parameters: an unknown one is a 400 naming it rather than silently ignored.
  { access: 'rate-freezes:read', query: z.strictObject({}) },
  async ({ requestId }) => loadFreezeOverview(requestId),
);
