import { z } from 'zod';
import { batchView } from '@/lib/server/decisions/batch-records';
import { problemResponse } from '@/lib/server/errors/problem';
import { defineRoute } from '@/lib/server/http/route';

const paramsSchema = z.object({ batchId: z.uuid({ error: 'expected a batch id' }) });

/** One batch with its decisions, outcome and receipt. */
export const GET = defineRoute(
  { access: 'tracking:read', params: paramsSchema },
  async ({ params, requestId }) => {
    const batch = await batchView(params.batchId);
    if (!batch) {
      return problemResponse({
        status: 404,
        code: 'not_found',
        title: 'Not found',
        detail: 'No such batch.',
        requestId,
      });
    }
    return { batch };
  },
);
