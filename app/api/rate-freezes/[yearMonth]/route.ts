import { z } from 'zod';
import { dueMonthSchema } from '@/lib/http/query';
import { freezeBodySchema, freezeClientSchema } from '@/lib/rate-freezes/query';
import { clientToWrite } from '@/lib/server/clients/client-filter';
import { defineRoute } from '@/lib/server/http/route';
import { freezeMonth, loadFreezeMonth } from '@/lib/server/rate-freezes/freezes';
import { refreshAfterFreeze } from '@/lib/server/sync/after-write';

const params = z.object({ yearMonth: dueMonthSchema });

/** One client's renewals of a month with their potential frozen fees; readable before the freeze. */
export const GET = defineRoute(
  { access: 'rate-freezes:read', params, query: freezeClientSchema },
  async ({ params, query, requestId, clients }) =>
    loadFreezeMonth(params.yearMonth, requestId, clientToWrite(await clients(), query.client)),
);

/**
 * Freezes the month's exchange rates for the client the body names (checked in the user's scope;
 * left out only by a user with one client), with that client's key (idempotent upstream); the
 * attempt is audited in freezeMonth.
 */
export const PUT = defineRoute(
  { access: 'rate-freezes:write', params, body: freezeBodySchema },
  async ({ params, body, viewer, requestId, clients }) => {
    const connection = clientToWrite(await clients(), body?.client);
    const frozen = await freezeMonth(params.yearMonth, viewer, connection, requestId);
    // The month's estimates now use the frozen rates (spec: Endpoint 15): the copy shows them at once.
    await refreshAfterFreeze(params.yearMonth, requestId, connection);
    return frozen;
  },
);
