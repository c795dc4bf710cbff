import { z } from 'zod';
import type { BatchView } from '@/lib/decisions/batch';
import { BATCH_STATE } from '@/lib/decisions/batch-states';
import { sendDraftSchema } from '@/lib/decisions/send.schema';
import { afterSend } from '@/lib/server/decisions/after-send';
import { BATCH_PAGE_SIZE, listBatches } from '@/lib/server/decisions/batch-records';
import { sendDraftPerClient } from '@/lib/server/decisions/client-send';
import { batchResponse } from '@/lib/server/decisions/respond';
import { defineRoute } from '@/lib/server/http/route';

/**
 * Sends the reviewed draft: one batch per client (each with its client's key, atomic by itself),
 * so a draft of one client is one batch. The batch key is the idempotency key: the same key always
 * yields the first attempt's outcome, whoever sends it and however often. A batch the approval
 * policy holds is refused (403 approval_required) unless `requestApproval`, and then waits (202,
 * awaiting approval) for a manager. One batch is answered as always; several as `batches` (with
 * the first as `batch`), 201 when every one was executed, else 202.
 */
export const POST = defineRoute(
  { access: 'decisions:write', audit: 'decisions.send', body: sendDraftSchema },
  async ({ viewer, body, requestId, clients }) => {
    const sent = await sendDraftPerClient(viewer, body, requestId, await clients());
    const batches: BatchView[] = [];
    for (const batch of sent) batches.push(await afterSend(batch, requestId));
    const [first] = batches;
    if (!first) throw new Error('a send answered no batch');
    if (batches.length === 1) return batchResponse(first, requestId);
    const status = batches.every((batch) => batch.state === BATCH_STATE.executed) ? 201 : 202;
    return Response.json({ batch: first, batches }, { status, headers: { 'cache-control': 'no-store' } });
  },
);

/** The batch history, newest first. */
export const GET = defineRoute(
  {
    access: 'tracking:read',
    query: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
  },
  async ({ query, clients }) => ({
    ...(await listBatches(query.page, (await clients()).connections)),
    pageSize: BATCH_PAGE_SIZE,
  }),
);
