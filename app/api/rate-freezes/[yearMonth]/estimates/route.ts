import { z } from 'zod';
import { dueMonthSchema } from '@/lib/http/query';
import { defineRoute } from '@/lib/server/http/route';
import { loadFreezeEstimates } from '@/lib/server/rate-freezes/estimates';

const params = z.object({ yearMonth: dueMonthSchema });

/** What freezing the month would lock, in the invoice currency, and how its estimate moved. */
export const GET = defineRoute({ access: 'rate-freezes:read', params }, async ({ params, requestId }) =>
  loadFreezeEstimates(params.yearMonth, requestId),
);
