import { batchParamsSchema } from '@/lib/decisions/send.schema';
import { reconcileBatch } from '@/lib/server/decisions/reconcile';
import { batchActionResponse } from '@/lib/server/decisions/respond';
import { defineRoute } from '@/lib/server/http/route';

/** Checks again, against the service, a batch whose outcome is not known yet. */
export const POST = defineRoute(
  { access: 'decisions:write', audit: 'decisions.reconcile', params: batchParamsSchema },
  async ({ params, requestId, clients }) =>
    batchActionResponse(params.batchId, (await clients()).connections, requestId, () =>
      reconcileBatch(params.batchId, requestId),
    ),
);
