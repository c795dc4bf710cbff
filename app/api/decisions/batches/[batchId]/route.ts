import { batchParamsSchema } from '@/lib/decisions/send.schema';
import { batchInScope } from '@/lib/server/decisions/batch-records';
import { defineRoute } from '@/lib/server/http/route';

/** One batch with its decisions, outcome and receipt. */
export const GET = defineRoute(
  { access: 'tracking:read', params: batchParamsSchema },
  async ({ params, clients }) => ({
    batch: await batchInScope(params.batchId, (await clients()).connections),
  }),
);
