import { holdsQuerySchema, placeHoldsSchema } from '@/lib/reviews/review-hold.schema';
import { defineRoute } from '@/lib/server/http/route';
import { listHolds, placeHolds } from '@/lib/server/reviews/holds';

/**
 * The open review holds of the request's clients, of one owner (?owner=me or a user id) and/or
 * only the overdue ones.
 */
export const GET = defineRoute(
  { access: 'renewals:read', query: holdsQuerySchema },
  async ({ viewer, query, clients }) => ({
    holds: await listHolds({
      ...(query.owner ? { ownerUserId: query.owner === 'me' ? viewer.userId : query.owner } : {}),
      overdue: query.overdue === 'true',
      connections: (await clients()).connections,
    }),
  }),
);

/** Puts one renewal, or a selection, under review with one owner, review-by date and decision asked for. */
export const POST = defineRoute(
  { access: 'reviews:write', audit: 'reviews.place', body: placeHoldsSchema },
  async ({ viewer, body, requestId, clients }) => ({
    holds: await placeHolds(viewer, body, requestId, new Date(), (await clients()).connections),
  }),
);
