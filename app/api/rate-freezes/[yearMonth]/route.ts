import { z } from 'zod';
import { dueMonthSchema } from '@/lib/http/query';
import { defineRoute } from '@/lib/server/http/route';
import { freezeMonth, loadFreezeMonth } from '@/lib/server/rate-freezes/freezes';
import { refreshAfterFreeze } from '@/lib/server/sync/after-write';

const params = z.object({ yearMonth: dueMonthSchema });

/** A month's renewals with their potential frozen fees; readable before the month is frozen. */
export const GET = defineRoute({ access: 'rate-freezes:read', params }, async ({ params, requestId }) =>
  loadFreezeMonth(params.yearMonth, requestId),
);

/** Freezes the month's exchange rates (idempotent upstream); the attempt is audited in freezeMonth. */
export const PUT = defineRoute(
  { access: 'rate-freezes:write', params },
  async ({ params, viewer, requestId }) => {
    const frozen = await freezeMonth(params.yearMonth, viewer, requestId);
    // The month's estimates now use the frozen rates (spec: Endpoint 15): the copy shows them at once.
    await refreshAfterFreeze(params.yearMonth, requestId);
    return frozen;
  },
);
