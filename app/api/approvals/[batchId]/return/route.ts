import { z } from 'zod';
import { batchParamsSchema } from '@/lib/decisions/send.schema';
import { sendBack } from '@/lib/server/decisions/approvals';
import { batchInScope } from '@/lib/server/decisions/batch-records';
import { defineRoute } from '@/lib/server/http/route';

/** Sends a waiting batch back to its preparer with a reason; nothing is sent. */
export const POST = defineRoute(
  {
    access: 'approvals:decide',
    audit: 'approvals.return',
    params: batchParamsSchema,
    body: z.object({
      reason: z
        .string()
        .trim()
        .min(1, { error: 'say why the batch goes back' })
        .max(2_000, { error: 'keep the reason under 2,000 characters' }),
    }),
  },
  async ({ viewer, params, body, requestId, clients }) => {
    await batchInScope(params.batchId, (await clients()).connections);
    return { batch: await sendBack(viewer, params.batchId, body.reason, requestId) };
  },
);
