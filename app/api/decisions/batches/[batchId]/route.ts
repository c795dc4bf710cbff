import { batchParamsSchema } from '@/lib/decisions/send.schema';
import { batchView } from '@/lib/server/decisions/batch-records';
import { problemResponse } from '@/lib/server/errors/problem';
import { defineRoute } from '@/lib/server/http/route';

/** One batch with its decisions, outcome and receipt. */
export const GET = defineRoute(
  { access: 'tracking:read', params: batchParamsSchema },
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
