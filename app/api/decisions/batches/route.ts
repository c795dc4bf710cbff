import { z } from 'zod';
import { MAX_DRAFT_ENTRIES } from '@/lib/decisions/draft';
import { BATCH_PAGE_SIZE, listBatches } from '@/lib/server/decisions/batch-records';
import { batchResponse } from '@/lib/server/decisions/respond';
import { sendDraft } from '@/lib/server/decisions/send';
import { defineRoute } from '@/lib/server/http/route';
import { refreshAfterBatch } from '@/lib/server/sync/after-write';

/** Issue 18: why a decision is taken, kept with the batch and shown in its history. */
const rationale = z.string().trim().max(2_000);

const sendSchema = z.object({
  batchKey: z.uuid({ error: 'expected the batch key of the reviewed draft' }),
  dropConfirmations: z
    .array(
      z.object({
        eventId: z.string().min(1).max(64),
        patentName: z.string().min(1).max(200),
        // Every DROP is confirmed here (lib/server/decisions/send.ts refuses one that is not), so
        // requiring the rationale on the confirmation requires it for every DROP (issue 18).
        rationale: rationale.min(1, { error: 'give the reason for dropping this patent' }),
      }),
    )
    .max(1_000)
    .default([]),
  notes: z
    .array(z.object({ eventId: z.string().min(1).max(64), note: rationale }))
    .max(1_000)
    .default([]),
  // Issue 18: the preparer asks for a manager's approval; a batch that needs one is refused without.
  requestApproval: z.boolean().default(false),
  // A part of the draft, after the service refused it whole for its size (spec: Limits 4).
  limit: z.number().int().min(1).max(MAX_DRAFT_ENTRIES).optional(),
});

/**
 * Sends the reviewed draft as one batch. The batch key is the idempotency key: the same key
 * always yields the first attempt's outcome, whoever sends it and however often. A batch the
 * approval policy holds is refused (403 approval_required) unless `requestApproval`, and then
 * waits (202, awaiting approval) for a manager (issue 18).
 */
export const POST = defineRoute(
  { access: 'decisions:write', audit: 'decisions.send', body: sendSchema },
  async ({ viewer, body, requestId }) =>
    batchResponse(await refreshAfterBatch(await sendDraft(viewer, body, requestId), requestId), requestId),
);

/** The batch history, newest first. */
export const GET = defineRoute(
  {
    access: 'tracking:read',
    query: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
  },
  async ({ query }) => ({ ...(await listBatches(query.page)), pageSize: BATCH_PAGE_SIZE }),
);
