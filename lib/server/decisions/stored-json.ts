import 'server-only';
import { z } from 'zod';
import { tolerant } from '../../annuity/schemas';
import type { ApprovalReason } from '../../decisions/approval-policy';
import type { BatchProblem } from '../../decisions/batch';
import { draftEntriesSchema } from '../../decisions/draft.schema';

/**
 * The jsonb columns of the decision tables, checked on every read. Their types in lib/db/schema.ts
 * ($type<>()) are only a promise: a row another version wrote, or someone edited by hand, fails
 * here with the table, the row and what is wrong, rather than reaching a page or a send.
 */
export class StoredRowError extends Error {
  override name = 'StoredRowError';
  constructor(where: string, issues: string) {
    super(`${where} does not hold what the dashboard expects:\n${issues}`);
  }
}

function parseStored<S extends z.ZodType>(schema: S, value: unknown, where: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new StoredRowError(where, z.prettifyError(parsed.error));
  return parsed.data;
}

const eventProblemSchema = z.object({
  eventId: z.string(),
  code: z.string(),
  title: z.string(),
  detail: z.string(),
  missingPreviousRenewalDates: z.array(z.string()).optional(),
  opensAt: z.string().nullable().optional(),
});

const batchProblemSchema = z.object({
  status: z.number().int(),
  code: z.string(),
  title: z.string(),
  detail: z.string(),
  requiredScope: z.string().optional(),
  retryAfterSeconds: z.number().optional(),
  maxBatchSize: z.number().int().optional(),
  events: z.array(eventProblemSchema),
}) satisfies z.ZodType<BatchProblem>;

const requestIdsSchema = z.array(z.string());

/** Why a batch waits for approval. Unknown kinds are kept out rather than failing a read. */
const approvalReasonSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('drop'), eventId: z.string() }),
  z.object({
    kind: z.literal('proceed_over'),
    eventId: z.string(),
    amount: z.string().nullable(),
    currency: z.string(),
    // null: a currency without a threshold that the policy's default holds.
    threshold: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('batch_over'),
    currency: z.string(),
    total: z.string(),
    threshold: z.string().nullable(),
  }),
]) satisfies z.ZodType<ApprovalReason>;

const thresholdsSchema = z.array(z.object({ currency: z.string(), amount: z.string() }));

/** approval_policy.proceed_above and .batch_above */
export const storedThresholds = (value: unknown, column: string) =>
  parseStored(thresholdsSchema, value, `approval_policy.${column}`);

/** decision_draft.entries */
export const storedDraftEntries = (value: unknown, userId: string) =>
  parseStored(draftEntriesSchema, value, `decision_draft.entries of user ${userId}`);

/** instruction_batch.receipt alone */
export const storedReceipt = (value: unknown, batchId: string) =>
  parseStored(tolerant.instructionReceipt.nullable(), value, `instruction_batch.receipt of batch ${batchId}`);

/** instruction_batch.problem, .receipt and .upstream_request_ids */
export function storedBatchJson(row: {
  id: string;
  problem: unknown;
  receipt: unknown;
  upstreamRequestIds: unknown;
  approvalReasons?: unknown;
}) {
  const where = (column: string) => `instruction_batch.${column} of batch ${row.id}`;
  return {
    problem: parseStored(batchProblemSchema.nullable(), row.problem, where('problem')),
    receipt: parseStored(tolerant.instructionReceipt.nullable(), row.receipt, where('receipt')),
    upstreamRequestIds: parseStored(requestIdsSchema, row.upstreamRequestIds, where('upstream_request_ids')),
    approvalReasons: parseStored(
      z.array(approvalReasonSchema).nullable(),
      row.approvalReasons ?? null,
      where('approval_reasons'),
    ),
  };
}
