import { z } from 'zod';
import { BATCH_STATE } from '@/lib/decisions/batch-states';
import { batchResponse } from '@/lib/server/decisions/respond';
import { sendSplit } from '@/lib/server/decisions/split-send';
import { defineRoute } from '@/lib/server/http/route';
import { refreshAfterBatch } from '@/lib/server/sync/after-write';

/** Why a decision is taken, kept with its batch (as on /api/decisions/batches). */
const rationale = z.string().trim().max(2_000);

const splitSchema = z.object({
  batchKey: z.uuid({ error: 'expected the batch key of the reviewed draft' }),
  dropConfirmations: z
    .array(
      z.object({
        eventId: z.string().min(1).max(64),
        patentName: z.string().min(1).max(200),
        rationale: rationale.min(1, { error: 'give the reason for dropping this patent' }),
      }),
    )
    .max(1_000)
    .default([]),
  notes: z
    .array(z.object({ eventId: z.string().min(1).max(64), note: rationale }))
    .max(1_000)
    .default([]),
});

/**
 * Sends the reviewed draft in two: what the approval policy does not hold goes to the
 * service now, the rest is submitted for a manager's approval. A refusal of the first batch is
 * answered as /api/decisions/batches answers it (the held decisions are back in the draft);
 * otherwise `batch` is the batch sent now and `held` the one awaiting approval (null when the
 * first did not go through whole, so nothing was submitted).
 */
export const POST = defineRoute(
  { access: 'decisions:write', audit: 'decisions.send', body: splitSchema },
  async ({ viewer, body, requestId }) => {
    const { sent, held } = await sendSplit(viewer, body, requestId);
    const batch = await refreshAfterBatch(sent, requestId);
    if (batch.state === BATCH_STATE.rejected) return batchResponse(batch, requestId);
    return Response.json(
      { batch, held },
      { status: batch.state === BATCH_STATE.executed ? 201 : 202, headers: { 'cache-control': 'no-store' } },
    );
  },
);
