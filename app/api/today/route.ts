import { z } from 'zod';
import { clientFilterSchema } from '@/lib/clients/client-filter.schema';
import { defineRoute } from '@/lib/server/http/route';
import { windowClients } from '@/lib/server/renewals/window';
import { loadToday } from '@/lib/server/today/load';

/**
 * Today for the signed-in user, per role: the renewals of all their clients, or of the one the
 * `client` parameter names (another client's id is a 404). Always 200 otherwise: each section
 * carries its own problem when it could not be loaded, so one failing part never hides the rest.
 */
export const GET = defineRoute(
  { access: 'today:read', query: z.object({ client: clientFilterSchema }) },
  async ({ viewer, requestId, query, clients }) =>
    loadToday(
      { userId: viewer.userId, role: viewer.role },
      requestId,
      new Date(),
      windowClients(await clients(), query.client),
    ),
);
