import { BATCH_STATE } from '@/lib/decisions/batch-states';
import { reviewedDraftSchema } from '@/lib/decisions/send.schema';
import { afterSend } from '@/lib/server/decisions/after-send';
import { batchResponse } from '@/lib/server/decisions/respond';
import { sendSplit } from '@/lib/server/decisions/split-send';
import { defineRoute } from '@/lib/server/http/route';

/**
 * Sends the reviewed draft in two: what the approval policy does not hold goes to the
 * service now, the rest is submitted for a manager's approval. A refusal of the first batch is
 * answered as /api/decisions/batches answers it (the held decisions are back in the draft);
 * otherwise `batch` is the batch sent now and `held` the one awaiting approval (null when the
 * first did not go through whole, so nothing was submitted).
 */
export const POST = defineRoute(
  { access: 'decisions:write', audit: 'decisions.send', body: reviewedDraftSchema },
  async ({ viewer, body, requestId, clients }) => {
    const { sent, held } = await sendSplit(viewer, body, requestId, await clients());
    const batch = await afterSend(sent, requestId);
    if (batch.state === BATCH_STATE.rejected) return batchResponse(batch, requestId);
    return Response.json(
      { batch, held },
      { status: batch.state === BATCH_STATE.executed ? 201 : 202, headers: { 'cache-control': 'no-store' } },
    );
  },
);
