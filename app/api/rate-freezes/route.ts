import { z } from 'zod';
import { loadFreezeOverview } from '@/lib/server/rate-freezes';
import { defineRoute } from '@/lib/server/route';

/** Frozen months and the months ahead with their state, for the overview's client queries. */
export const GET = defineRoute(
  // No parameters: an unknown one is a 400 naming it rather than silently ignored.
  { access: 'rate-freezes:read', query: z.strictObject({}) },
  async ({ requestId }) => loadFreezeOverview(requestId),
);
