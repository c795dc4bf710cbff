import { holdParamsSchema } from '@/lib/reviews/review-hold.schema';
import { defineRoute } from '@/lib/server/http/route';
import { releaseHold } from '@/lib/server/reviews/holds';

/** Releases an open hold: the renewal is no longer under review (no decision is taken). */
export const DELETE = defineRoute(
  { access: 'reviews:write', audit: 'reviews.release', params: holdParamsSchema },
  async ({ viewer, params, requestId, clients }) =>
    releaseHold(viewer, params.id, requestId, (await clients()).connections),
);
