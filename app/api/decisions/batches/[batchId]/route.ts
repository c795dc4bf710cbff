import { batchParamsSchema } from '@/lib/decisions/send.schema';
import { batchView } from '@/lib/server/decisions/batch-records';
import { noSuchBatch } from '@/lib/server/decisions/respond';
import { defineRoute } from '@/lib/server/http/route';

/** One batch with its decisions, outcome and receipt. */
export const GET = defineRoute(
  { access: 'tracking:read', params: batchParamsSchema },
  async ({ params, requestId }) => {
    const batch = await batchView(params.batchId);
    if (!batch) {
      return noSuchBatch(requestId);
    }
    return { batch };
  },
);
