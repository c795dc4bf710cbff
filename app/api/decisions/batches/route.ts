import { z } from 'zod';
import { MAX_DRAFT_ENTRIES } from '@/lib/decisions/draft';
import { BATCH_PAGE_SIZE, listBatches } from '@/lib/server/decisions/batch-records';
import { batchResponse } from '@/lib/server/decisions/respond';
import { sendDraft } from '@/lib/server/decisions/send';
import { defineRoute } from '@/lib/server/http/route';

const sendSchema = z.object({
  batchKey: z.uuid({ error: 'expected the batch key of the reviewed draft' }),
  dropConfirmations: z
    .array(z.object({ eventId: z.string().min(1).max(64), patentName: z.string().min(1).max(200) }))
    .max(1_000)
    .default([]),
  // A part of the draft, after the service refused it whole for its size (spec: Limits 4).
  limit: z.number().int().min(1).max(MAX_DRAFT_ENTRIES).optional(),
});

/**
 * Sends the reviewed draft as one batch. The batch key is the idempotency key: the same key
 * always yields the first attempt's outcome, whoever sends it and however often.
 */
export const POST = defineRoute(
  { access: 'decisions:write', audit: 'decisions.send', body: sendSchema },
  async ({ viewer, body, requestId }) => batchResponse(await sendDraft(viewer, body, requestId), requestId),
);

/** The batch history, newest first. */
export const GET = defineRoute(
  {
    access: 'tracking:read',
    query: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
  },
  async ({ query }) => ({ ...(await listBatches(query.page)), pageSize: BATCH_PAGE_SIZE }),
);
