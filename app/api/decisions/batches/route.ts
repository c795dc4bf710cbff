import { z } from 'zod';
import { sendDraftSchema } from '@/lib/decisions/send.schema';
import { afterSend } from '@/lib/server/decisions/after-send';
import { BATCH_PAGE_SIZE, listBatches } from '@/lib/server/decisions/batch-records';
import { batchResponse } from '@/lib/server/decisions/respond';
import { sendDraft } from '@/lib/server/decisions/send';
import { defineRoute } from '@/lib/server/http/route';

/**
 * Sends the reviewed draft as one batch. The batch key is the idempotency key: the same key
 * always yields the first attempt's outcome, whoever sends it and however often. A batch the
 * approval policy holds is refused (403 approval_required) unless `requestApproval`, and then
 * waits (202, awaiting approval) for a manager.
 */
export const POST = defineRoute(
  { access: 'decisions:write', audit: 'decisions.send', body: sendDraftSchema },
  async ({ viewer, body, requestId }) =>
    batchResponse(await afterSend(await sendDraft(viewer, body, requestId), requestId), requestId),
);

/** The batch history, newest first. */
export const GET = defineRoute(
  {
    access: 'tracking:read',
    query: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
  },
  async ({ query }) => ({ ...(await listBatches(query.page)), pageSize: BATCH_PAGE_SIZE }),
);
