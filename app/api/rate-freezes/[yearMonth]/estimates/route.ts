import { z } from 'zod';
import { dueMonthSchema } from '@/lib/http/query';
import { freezeClientSchema } from '@/lib/rate-freezes/query';
import { clientToWrite } from '@/lib/server/clients/client-filter';
import { defineRoute } from '@/lib/server/http/route';
import { loadFreezeEstimates } from '@/lib/server/rate-freezes/estimates';

const params = z.object({ yearMonth: dueMonthSchema });

/** What freezing the month would lock for one client, in the invoice currency, and how its estimate moved. */
export const GET = defineRoute(
  { access: 'rate-freezes:read', params, query: freezeClientSchema },
  async ({ params, query, requestId, clients }) =>
    loadFreezeEstimates(params.yearMonth, requestId, clientToWrite(await clients(), query.client)),
);
