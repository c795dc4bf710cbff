import 'server-only';
import { and, asc, count, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { InstructionReceipt } from '../../annuity/schemas';
import { getDb } from '../../db';
import { instructionBatch, instructionBatchItem } from '../../db/schema';
import type { BatchView } from '../../decisions/batch';
import { BATCH_STATE, OPEN_BATCH_STATES } from '../../decisions/batch-states';
import { type ScheduledDecision, scheduledDateOf } from '../../decisions/scheduled';
import { NotFoundError } from '../errors/not-found';
import { storedBatchJson, storedReceipt } from './stored-json';

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
    connection: row.connection,
    idempotencyKey: row.idempotencyKey,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    createdByEmail: row.createdByEmail,
    createdByUserId: row.createdByUserId,
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
        paymentSequence: item.paymentSequenceNumber,
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
        scheduledFor: scheduledForOf(row.state, json.receipt, item),
        rationale: item.rationale,
      })),
    approval: json.approvalReasons
      ? {
          reasons: json.approvalReasons,
          decidedByEmail: row.decidedByEmail,
          decidedAt: row.decidedAt?.toISOString() ?? null,
          returnReason: row.returnReason,
        }
      : null,
  };
}

/**
 * spec: Instruction — a renewal still pending with the receipt of an open batch is scheduled when
 * that receipt says so (`scheduledForExecutionAt`, not EXECUTED); nothing else is shown as such.
 */
function scheduledForOf(
  state: BatchRow['state'],
  receipt: InstructionReceipt | null,
  item: Pick<ItemRow, 'outcome' | 'problemCode' | 'instructionId' | 'decision'>,
): string | null {
  if (state !== BATCH_STATE.outcomeUnknown) return null;
  if (item.outcome !== 'pending' || item.problemCode !== 'awaiting_execution') return null;
  return scheduledDateOf(receipt, item);
}

/**
 * The renewals our open batches hold as scheduled by the service (../../decisions/scheduled.ts),
 * by event id. Read by the pages from our own records, never from the service: few rows (only
 * batches still open with a receipt), so the pages join them to what they list in memory.
 */
export async function scheduledDecisions(): Promise<Map<string, ScheduledDecision>> {
  const db = await getDb();
  const rows = await db
    .select({
      batchId: instructionBatch.id,
      state: instructionBatch.state,
      receipt: instructionBatch.receipt,
      eventId: instructionBatchItem.eventId,
      decision: instructionBatchItem.decision,
      instructionId: instructionBatchItem.instructionId,
      outcome: instructionBatchItem.outcome,
      problemCode: instructionBatchItem.problemCode,
    })
    .from(instructionBatchItem)
    .innerJoin(instructionBatch, eq(instructionBatch.id, instructionBatchItem.batchId))
    .where(
      and(
        eq(instructionBatch.state, BATCH_STATE.outcomeUnknown),
        isNotNull(instructionBatch.receipt),
        eq(instructionBatchItem.outcome, 'pending'),
        eq(instructionBatchItem.problemCode, 'awaiting_execution'),
      ),
    );
  const scheduled = new Map<string, ScheduledDecision>();
  for (const row of rows) {
    const receipt = storedReceipt(row.receipt, row.batchId);
    const scheduledFor = scheduledForOf(row.state, receipt, row);
    if (scheduledFor) {
      scheduled.set(row.eventId, {
        eventId: row.eventId,
        batchId: row.batchId,
        decision: row.decision,
        scheduledFor,
      });
    }
  }
  return scheduled;
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

export async function listBatches(
  page: number,
  connections: readonly string[],
): Promise<{ batches: BatchView[]; total: number }> {
  if (connections.length === 0) return { batches: [], total: 0 };
  const db = await getDb();
  const ofClients = inArray(instructionBatch.connection, [...connections]);
  const rows = await db
    .select()
    .from(instructionBatch)
    .where(ofClients)
    .orderBy(desc(instructionBatch.createdAt))
    .limit(BATCH_PAGE_SIZE)
    .offset((page - 1) * BATCH_PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(instructionBatch).where(ofClients);
  return { batches: rows.map((row) => toView(row, [])), total: total?.n ?? 0 };
}

/**
 * Batches whose outcome is open and old enough that no live request is still working on them: a
 * restart or a lost answer left them there; the next start reconciles them.
 */
export async function openBatches(olderThan: Date): Promise<{ id: string }[]> {
  const db = await getDb();
  return db
    .select({ id: instructionBatch.id })
    .from(instructionBatch)
    .where(
      and(
        inArray(instructionBatch.state, [...OPEN_BATCH_STATES]),
        // decidedAt: an approved batch starts its way when approved, not when submitted.
        lt(
          sql`coalesce(${instructionBatch.postedAt}, ${instructionBatch.decidedAt}, ${instructionBatch.createdAt})`,
          olderThan,
        ),
      ),
    )
    .orderBy(asc(instructionBatch.createdAt));
}

/** States of a batch that still holds its renewals: not settled, or waiting for a manager. */
const HOLDING_STATES = [...OPEN_BATCH_STATES, 'awaiting_approval' as const];

/**
 * Which of these renewals sit in a batch that is not settled, by batch id: one renewal, one open
 * batch, so none of them may go into another batch (a second POST of a renewal whose first one
 * may have been executed would instruct it twice).
 */
export async function heldByOpenBatches(eventIds: readonly string[]): Promise<Record<string, string>> {
  if (eventIds.length === 0) return {};
  const db = await getDb();
  const rows = await db
    .select({ eventId: instructionBatchItem.eventId, batchId: instructionBatchItem.batchId })
    .from(instructionBatchItem)
    .innerJoin(instructionBatch, eq(instructionBatch.id, instructionBatchItem.batchId))
    .where(
      and(
        inArray(instructionBatchItem.eventId, [...eventIds]),
        inArray(instructionBatch.state, HOLDING_STATES),
      ),
    );
  return Object.fromEntries(rows.map((row) => [row.eventId, row.batchId]));
}

/** The estimates recorded when decisions were sent, for invoice reconciliation. */
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

/** One decision about a patent as its timeline shows it, with the reason given. */
export interface PatentDecisionRecord {
  batchId: string;
  eventId: string;
  decision: string;
  dueDate: string | null;
  annuityYear: number | null;
  outcome: string;
  rationale: string | null;
  state: BatchView['state'];
  createdAt: string;
  createdByEmail: string | null;
  decidedByEmail: string | null;
  returnReason: string | null;
}

/**
 * A batch of one of the request's clients (spec: rule 2): another client's batch is answered as
 * one that does not exist (404).
 */
export async function batchInScope(batchId: string, connections: readonly string[]): Promise<BatchView> {
  const batch = await batchView(batchId);
  if (!batch || !connections.includes(batch.connection)) throw new NotFoundError('batch');
  return batch;
}

/** Every decision prepared for a patent in our batches, newest first (its timeline). */
export async function decisionsForPatent(patentId: string, limit = 100): Promise<PatentDecisionRecord[]> {
  const db = await getDb();
  const rows = await db
    .select({
      batchId: instructionBatchItem.batchId,
      eventId: instructionBatchItem.eventId,
      decision: instructionBatchItem.decision,
      dueDate: instructionBatchItem.dueDate,
      annuityYear: instructionBatchItem.annuityYear,
      outcome: instructionBatchItem.outcome,
      rationale: instructionBatchItem.rationale,
      state: instructionBatch.state,
      createdAt: instructionBatch.createdAt,
      createdByEmail: instructionBatch.createdByEmail,
      decidedByEmail: instructionBatch.decidedByEmail,
      returnReason: instructionBatch.returnReason,
    })
    .from(instructionBatchItem)
    .innerJoin(instructionBatch, eq(instructionBatch.id, instructionBatchItem.batchId))
    .where(eq(instructionBatchItem.patentId, patentId))
    .orderBy(desc(instructionBatch.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
