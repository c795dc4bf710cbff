import { batchParamsSchema } from '@/lib/decisions/send.schema';
import { afterSend } from '@/lib/server/decisions/after-send';
import { batchInScope } from '@/lib/server/decisions/batch-records';
import { reconcileBatch } from '@/lib/server/decisions/reconcile';
import { batchResponse } from '@/lib/server/decisions/respond';
import { defineRoute } from '@/lib/server/http/route';

/** Checks again, against the service, a batch whose outcome is not known yet. */
export const POST = defineRoute(
  { access: 'decisions:write', audit: 'decisions.reconcile', params: batchParamsSchema },
  async ({ params, requestId, clients }) => {
    await batchInScope(params.batchId, (await clients()).connections);
    return batchResponse(
      await afterSend(await reconcileBatch(params.batchId, requestId), requestId),
      requestId,
    );
  },
);
