import 'server-only';
import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { InstructionReceipt } from '../../annuity/schemas';
import { getDb } from '../../db';
import { instructionBatch, instructionBatchItem } from '../../db/schema';
import type { BatchProblem, BatchState, BatchView } from '../../decisions/batch';
import type { DraftEntry } from '../../decisions/draft';

/**
 * The batch records: written before a batch is posted, updated as its outcome becomes known.
 * Every read goes through `batchView`, the one shape pages, routes and reconciliation share.
 */
export type { BatchItemView, BatchProblem, BatchState, BatchView, ItemOutcome } from '../../decisions/batch';

type BatchRow = typeof instructionBatch.$inferSelect;
type ItemRow = typeof instructionBatchItem.$inferSelect;

function toView(row: BatchRow, items: ItemRow[]): BatchView {
  return {
    id: row.id,
    idempotencyKey: row.idempotencyKey,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    createdByEmail: row.createdByEmail,
    postedAt: row.postedAt?.toISOString() ?? null,
    settledAt: row.settledAt?.toISOString() ?? null,
    eventCount: row.eventCount,
    receipt:
      row.receiptNumber !== null && row.receiptReference !== null && row.receiptIssueDate !== null
        ? { number: row.receiptNumber, reference: row.receiptReference, issueDate: row.receiptIssueDate }
        : null,
    problem: (row.problem as BatchProblem | null) ?? null,
    requestId: row.requestId,
    upstreamRequestIds: row.upstreamRequestIds,
    items: items
      .sort((a, b) => a.position - b.position)
      .map((item) => ({
        eventId: item.eventId,
        patentId: item.patentId,
        decision: item.decision,
        caseReference: item.caseReference,
        providerId: item.providerId,
        office: item.office,
        dueDate: item.dueDate,
        annuityYear: item.annuityYear,
        estimate: item.estimateCurrency
          ? {
              amount: item.estimateAmount,
              currency: item.estimateCurrency,
              fxFrozen: Boolean(item.estimateFxFrozen),
            }
          : null,
        outcome: item.outcome,
        instructionId: item.instructionId,
        executedAt: item.executedAt,
        problemCode: item.problemCode,
      })),
  };
}

export async function batchView(batchId: string): Promise<BatchView | null> {
  const db = await getDb();
  const [row] = await db.select().from(instructionBatch).where(eq(instructionBatch.id, batchId));
  if (!row) return null;
  const items = await db.select().from(instructionBatchItem).where(eq(instructionBatchItem.batchId, batchId));
  return toView(row, items);
}

/** Who sent a batch: their draft is the one the outcome updates. */
export async function batchCreator(batchId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ userId: instructionBatch.createdByUserId })
    .from(instructionBatch)
    .where(eq(instructionBatch.id, batchId));
  return row?.userId ?? null;
}

export async function batchIdByKey(idempotencyKey: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: instructionBatch.id })
    .from(instructionBatch)
    .where(eq(instructionBatch.idempotencyKey, idempotencyKey));
  return row?.id ?? null;
}

/**
 * Claims the idempotency key: the record is written before anything is posted. Returns null when
 * the key is taken (a double click, a retry, a second tab): the caller then waits for that batch.
 */
export async function claimBatch(input: {
  idempotencyKey: string;
  actor: { userId: string; email: string };
  entries: readonly DraftEntry[];
  requestId: string;
}): Promise<string | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(instructionBatch)
      .values({
        idempotencyKey: input.idempotencyKey,
        state: 'preparing',
        createdByUserId: input.actor.userId,
        createdByEmail: input.actor.email,
        eventCount: input.entries.length,
        requestId: input.requestId,
      })
      .onConflictDoNothing({ target: instructionBatch.idempotencyKey })
      .returning({ id: instructionBatch.id });
    if (!row) return null;
    await tx.insert(instructionBatchItem).values(
      input.entries.map((entry, position) => ({
        batchId: row.id,
        position,
        eventId: entry.eventId,
        patentId: entry.patentId,
        decision: entry.decision,
        caseReference: entry.caseReference,
        providerId: entry.providerId,
        office: entry.office,
        dueDate: entry.dueDate,
        annuityYear: entry.annuityYear,
        estimateAmount: entry.estimate?.amount ?? null,
        estimateCurrency: entry.estimate?.currency ?? null,
        estimateFxFrozen: entry.estimate?.fxFrozen ?? null,
        outcome: 'pending' as const,
      })),
    );
    return row.id;
  });
}

/**
 * Changes a batch record. With `from`, only while the batch is in one of those states (a
 * compare-and-set): two processes settling one batch cannot both win. Returns whether it changed.
 */
export async function updateBatch(
  batchId: string,
  change: Partial<Pick<BatchRow, 'state' | 'postedAt' | 'settledAt' | 'problem' | 'upstreamRequestIds'>> & {
    receipt?: InstructionReceipt;
  },
  from?: readonly BatchState[],
): Promise<boolean> {
  const db = await getDb();
  const { receipt, ...rest } = change;
  const changed = await db
    .update(instructionBatch)
    .set({
      ...rest,
      ...(receipt
        ? {
            receipt: receipt as unknown as Record<string, unknown>,
            receiptNumber: receipt.number,
            receiptReference: receipt.reference,
            receiptIssueDate: receipt.issueDate,
          }
        : {}),
    })
    .where(
      from
        ? and(eq(instructionBatch.id, batchId), inArray(instructionBatch.state, [...from]))
        : eq(instructionBatch.id, batchId),
    )
    .returning({ id: instructionBatch.id });
  return changed.length > 0;
}

export async function updateItem(
  batchId: string,
  eventId: string,
  change: Partial<
    Pick<
      ItemRow,
      | 'outcome'
      | 'instructionId'
      | 'executedAt'
      | 'problemCode'
      | 'estimateAmount'
      | 'estimateCurrency'
      | 'estimateFxFrozen'
    >
  >,
): Promise<void> {
  const db = await getDb();
  await db
    .update(instructionBatchItem)
    .set(change)
    .where(and(eq(instructionBatchItem.batchId, batchId), eq(instructionBatchItem.eventId, eventId)));
}

export const BATCH_PAGE_SIZE = 50;

export async function listBatches(page: number): Promise<{ batches: BatchView[]; total: number }> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(instructionBatch)
    .orderBy(desc(instructionBatch.createdAt))
    .limit(BATCH_PAGE_SIZE)
    .offset((page - 1) * BATCH_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(instructionBatch);
  return { batches: rows.map((row) => toView(row, [])), total: total?.n ?? 0 };
}

/**
 * Batches whose outcome is open and old enough that no live request is still working on them: a
 * restart or a lost answer left them there (issue 7: the next start reconciles them).
 */
export async function openBatches(olderThan: Date): Promise<BatchRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(instructionBatch)
    .where(
      and(
        inArray(instructionBatch.state, ['preparing', 'posting', 'outcome_unknown']),
        lt(sql`coalesce(${instructionBatch.postedAt}, ${instructionBatch.createdAt})`, olderThan),
      ),
    )
    .orderBy(asc(instructionBatch.createdAt));
}

/** The estimates recorded when decisions were sent, for invoice reconciliation (issue 8). */
export async function executedItemsForEvents(eventIds: readonly string[]) {
  if (eventIds.length === 0) return [];
  const db = await getDb();
  return db
    .select({
      eventId: instructionBatchItem.eventId,
      decision: instructionBatchItem.decision,
      estimateAmount: instructionBatchItem.estimateAmount,
      estimateCurrency: instructionBatchItem.estimateCurrency,
      estimateFxFrozen: instructionBatchItem.estimateFxFrozen,
      executedAt: instructionBatchItem.executedAt,
      batchId: instructionBatchItem.batchId,
    })
    .from(instructionBatchItem)
    .where(
      and(inArray(instructionBatchItem.eventId, [...eventIds]), eq(instructionBatchItem.outcome, 'executed')),
    );
}
