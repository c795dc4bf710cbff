import { z } from 'zod';
import { yearMonthSchema } from '@/lib/rate-freezes/months';
import { defineRoute } from '@/lib/server/http/route';
import { loadFreezeEstimates } from '@/lib/server/rate-freezes/estimates';

const params = z.object({ yearMonth: yearMonthSchema });

/** What freezing the month would lock, in the invoice currency, and how its estimate moved (issue 19). */
export const GET = defineRoute({ access: 'rate-freezes:read', params }, async ({ params, requestId }) =>
  loadFreezeEstimates(params.yearMonth, requestId),
);
