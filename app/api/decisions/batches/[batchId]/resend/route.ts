import { batchParamsSchema } from '@/lib/decisions/send.schema';
import { batchActionResponse } from '@/lib/server/decisions/respond';
import { resendBatch } from '@/lib/server/decisions/send';
import { defineRoute } from '@/lib/server/http/route';

/**
 * Sends the same batch again after its answer was lost: its renewals the service still shows
 * undecided are posted once more under this batch's record (spec: Errors, 409 after a retry means
 * the work is done). Never a second batch.
 */
export const POST = defineRoute(
  { access: 'decisions:write', audit: 'decisions.send', params: batchParamsSchema },
  async ({ viewer, params, requestId, clients }) =>
    batchActionResponse(params.batchId, (await clients()).connections, requestId, () =>
      resendBatch(viewer, params.batchId, requestId),
    ),
);
