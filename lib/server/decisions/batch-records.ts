import 'server-only';
import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { getDb } from '../../db';
import { instructionBatch, instructionBatchItem } from '../../db/schema';
import type { BatchView } from '../../decisions/batch';
import { OPEN_BATCH_STATES } from '../../decisions/batch-states';
import { storedBatchJson } from './stored-json';

/**
 * Reading the batch records. Every read of a batch goes through `batchView`, the one shape pages,
 * routes and reconciliation share; every write is a move of ./batch-machine.ts.
 */
type BatchRow = typeof instructionBatch.$inferSelect;
type ItemRow = typeof instructionBatchItem.$inferSelect;

function toView(row: BatchRow, items: ItemRow[]): BatchView {
  const json = storedBatchJson(row);
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
    problem: json.problem,
    requestId: row.requestId,
    upstreamRequestIds: json.upstreamRequestIds,
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

export async function batchIdByKey(idempotencyKey: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: instructionBatch.id })
    .from(instructionBatch)
    .where(eq(instructionBatch.idempotencyKey, idempotencyKey));
  return row?.id ?? null;
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
export async function openBatches(olderThan: Date): Promise<{ id: string }[]> {
  const db = await getDb();
  return db
    .select({ id: instructionBatch.id })
    .from(instructionBatch)
    .where(
      and(
        inArray(instructionBatch.state, [...OPEN_BATCH_STATES]),
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
