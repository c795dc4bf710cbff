import { batchParamsSchema } from '@/lib/decisions/send.schema';
import { batchActionResponse } from '@/lib/server/decisions/respond';
import { sendApproved } from '@/lib/server/decisions/send';
import { defineRoute } from '@/lib/server/http/route';

/**
 * Approves a batch awaiting approval and sends it, once, under the key it was submitted with
 * (spec: Endpoints 10, Idempotency-Key). A second approver gets the first one's outcome; the
 * preparer gets 403 own_batch.
 */
export const POST = defineRoute(
  { access: 'approvals:decide', audit: 'approvals.approve', params: batchParamsSchema },
  async ({ viewer, params, requestId, clients }) =>
    batchActionResponse(params.batchId, (await clients()).connections, requestId, () =>
      sendApproved(viewer, params.batchId, requestId),
    ),
);
