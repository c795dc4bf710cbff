import 'server-only';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { InstructionReceipt, PatentEvent } from '../../annuity/schemas';
import { type Database, getDb } from '../../db';
import { instructionBatch, instructionBatchItem } from '../../db/schema';
import type { ApprovalReason } from '../../decisions/approval-policy';
import type { BatchProblem } from '../../decisions/batch';
import { type BatchPhase, type BatchState, canMove, BATCH_STATE as S } from '../../decisions/batch-states';
import type { DraftEntry } from '../../decisions/draft';
import { removeFromDraft, renewBatchKey } from './drafts';

/**
 * Every write to a batch record and its items, each one a move of lib/decisions/batch-states.ts.
 * A move is a compare-and-set on the state: of two processes settling one batch (the sender and a
 * reconciliation, say) exactly one wins and the other writes nothing. The record and its items
 * change in one transaction, so no settled record is left with pending items. A move the table
 * does not list throws.
 */
class IllegalBatchMove extends Error {
  override name = 'IllegalBatchMove';
  constructor(from: BatchPhase, to: BatchState) {
    super(`A batch cannot move from ${from} to ${to} (lib/decisions/batch-states.ts).`);
  }
}

function assertMoves(from: readonly BatchPhase[], to: BatchState): void {
  for (const state of from) if (!canMove(state, to)) throw new IllegalBatchMove(state, to);
}

type BatchChange = Partial<
  Pick<
    typeof instructionBatch.$inferInsert,
    | 'postedAt'
    | 'settledAt'
    | 'problem'
    | 'receipt'
    | 'receiptNumber'
    | 'receiptReference'
    | 'receiptIssueDate'
    | 'upstreamRequestIds'
    | 'decidedByUserId'
    | 'decidedByEmail'
    | 'decidedAt'
    | 'returnReason'
  >
>;
type ItemChange = Partial<
  Pick<typeof instructionBatchItem.$inferInsert, 'outcome' | 'instructionId' | 'executedAt' | 'problemCode'>
>;
/** One change for some items of the batch; later writes win over earlier ones. */
interface ItemWrite {
  eventIds: readonly string[];
  change: ItemChange;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The items' changes, in the transaction that moves or keeps their batch. */
async function writeItems(tx: Transaction, batchId: string, items: readonly ItemWrite[]): Promise<void> {
  for (const write of items) {
    if (write.eventIds.length === 0) continue;
    await tx
      .update(instructionBatchItem)
      .set(write.change)
      .where(
        and(
          eq(instructionBatchItem.batchId, batchId),
          inArray(instructionBatchItem.eventId, [...write.eventIds]),
        ),
      );
  }
}

/** Moves the batch from one of `from` to `to`; null when it was not in one of them (lost the race). */
async function move(
  batchId: string,
  from: readonly BatchState[],
  to: BatchState,
  change: BatchChange,
  items: readonly ItemWrite[] = [],
): Promise<{ createdByUserId: string | null; idempotencyKey: string } | null> {
  assertMoves(from, to);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(instructionBatch)
      .set({ ...change, state: to })
      .where(and(eq(instructionBatch.id, batchId), inArray(instructionBatch.state, [...from])))
      .returning({
        createdByUserId: instructionBatch.createdByUserId,
        idempotencyKey: instructionBatch.idempotencyKey,
      });
    if (!moved) return null;
    await writeItems(tx, batchId, items);
    return moved;
  });
}

/**
 * Settles the batch (a move to a final state), then its author's draft follows: the decisions now
 * in place at the service leave it; when none are, the same decisions stay under a new key, to be
 * sent again as a new batch (a failed batch leaves no partial effect, spec: Errors). A draft
 * changed meanwhile already has a new key and keeps it.
 */
async function settle(
  batchId: string,
  from: readonly BatchState[],
  to: BatchState,
  change: BatchChange,
  items: readonly ItemWrite[],
  executed: ReadonlySet<string>,
): Promise<boolean> {
  const moved = await move(batchId, from, to, { settledAt: new Date(), ...change }, items);
  if (!moved) return false;
  if (moved.createdByUserId) {
    if (executed.size > 0) await removeFromDraft(moved.createdByUserId, executed);
    else await renewBatchKey(moved.createdByUserId, moved.idempotencyKey);
  }
  return true;
}

/** Renewals that already carried the decision chosen: executed, by an earlier attempt or a colleague. */
const alreadyAppliedItems = (eventIds: Iterable<string>): ItemWrite => ({
  eventIds: [...eventIds],
  change: { outcome: 'executed', problemCode: 'already_applied' },
});

/**
 * draft → preparing (or → awaiting approval, when the policy wants a manager first).
 * Claims the idempotency key: the record is written before anything is posted. Null when the key
 * is taken (a double click, a retry, a second tab): that batch is the one.
 */
export async function claimBatch(input: {
  idempotencyKey: string;
  /** The client the batch is sent for: every call for it uses that client's key. */
  connection: string;
  actor: { userId: string; email: string };
  entries: readonly DraftEntry[];
  requestId: string;
  /** Each decision's rationale, by event id. */
  rationales?: ReadonlyMap<string, string>;
  /** Why the batch waits for approval; absent: it is sent now. */
  awaitingApproval?: readonly ApprovalReason[];
}): Promise<string | null> {
  const state = input.awaitingApproval ? S.awaitingApproval : S.preparing;
  assertMoves([S.draft], state);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(instructionBatch)
      .values({
        idempotencyKey: input.idempotencyKey,
        connection: input.connection,
        state,
        createdByUserId: input.actor.userId,
        createdByEmail: input.actor.email,
        eventCount: input.entries.length,
        requestId: input.requestId,
        approvalReasons: input.awaitingApproval ? [...input.awaitingApproval] : null,
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
        // spec: Patent event — renewal.paymentSequenceNumber, sent only when it differs from the
        // annuity year; kept so the batch and receipt show the number the office uses.
        paymentSequenceNumber: entry.paymentSequence ?? null,
        estimateAmount: entry.estimate?.amount ?? null,
        estimateCurrency: entry.estimate?.currency ?? null,
        estimateFxFrozen: entry.estimate?.fxFrozen ?? null,
        outcome: 'pending' as const,
        rationale: input.rationales?.get(entry.eventId) ?? null,
      })),
    );
    return row.id;
  });
}

/**
 * awaiting approval → preparing: a manager approved, and the batch goes the way of any other from
 * here (re-read, post once, record). A compare-and-set: of two managers approving at the same
 * moment exactly one moves it and sends; the other gets null and waits for that outcome. The
 * author is excluded in the same statement, so no path approves one's own batch.
 */
export async function approveBatch(
  batchId: string,
  approver: { userId: string; email: string },
  at = new Date(),
): Promise<boolean> {
  assertMoves([S.awaitingApproval], S.preparing);
  const db = await getDb();
  const moved = await db
    .update(instructionBatch)
    .set({
      state: S.preparing,
      decidedByUserId: approver.userId,
      decidedByEmail: approver.email,
      decidedAt: at,
    })
    .where(
      and(
        eq(instructionBatch.id, batchId),
        eq(instructionBatch.state, S.awaitingApproval),
        ne(instructionBatch.createdByUserId, approver.userId),
      ),
    )
    .returning({ id: instructionBatch.id });
  return moved.length > 0;
}

/**
 * awaiting approval → returned: sent back with a reason; nothing was sent. The author's draft gets
 * a new key with the same decisions (when it still holds this batch's key), ready to change and
 * submit again; a draft changed meanwhile is left as its author made it.
 */
export async function returnBatch(
  batchId: string,
  approver: { userId: string; email: string },
  input: { reason: string; eventIds: readonly string[] },
  at = new Date(),
): Promise<boolean> {
  return settle(
    batchId,
    [S.awaitingApproval],
    S.returned,
    {
      decidedByUserId: approver.userId,
      decidedByEmail: approver.email,
      decidedAt: at,
      returnReason: input.reason,
    },
    [{ eventIds: input.eventIds, change: { outcome: 'not_executed', problemCode: 'sent_back' } }],
    new Set(),
  );
}

/**
 * While preparing: the estimate each decision is sent with, as the service computes it now (spec:
 * Fees rule 3), in place of the one the draft saw. Changes no state.
 */
export async function recordEstimates(
  batchId: string,
  current: ReadonlyMap<string, PatentEvent | null>,
): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    for (const [eventId, event] of current) {
      if (!event?.fees) continue;
      await tx
        .update(instructionBatchItem)
        .set({
          estimateAmount: event.fees.total,
          estimateCurrency: event.fees.currency,
          estimateFxFrozen: event.fees.isFxRateFrozen,
        })
        .where(and(eq(instructionBatchItem.batchId, batchId), eq(instructionBatchItem.eventId, eventId)));
    }
  });
}

/**
 * preparing → posting, just before the POST leaves: from here on the service may have acted.
 * False when a reconciliation settled the record first; nothing may be posted then.
 */
export async function startPosting(
  batchId: string,
  { upstreamRequestIds, at = new Date() }: { upstreamRequestIds?: readonly string[]; at?: Date } = {},
): Promise<boolean> {
  const change: BatchChange = { postedAt: at };
  if (upstreamRequestIds) change.upstreamRequestIds = [...upstreamRequestIds];
  return (await move(batchId, [S.preparing], S.posting, change)) !== null;
}

/** posting → outcome unknown: no usable answer came, so the events will tell (./reconcile.ts). */
export async function markOutcomeUnknown(
  batchId: string,
  upstreamRequestIds: readonly string[],
): Promise<boolean> {
  return (
    (await move(batchId, [S.posting], S.outcomeUnknown, { upstreamRequestIds: [...upstreamRequestIds] })) !==
    null
  );
}

/**
 * posting → executed, with the receipt. spec: Instruction receipt — one instruction per submitted
 * instruction, but an instruction names no event and the order is not promised: an instruction is
 * tied to a decision only by what identifies it, its `decision` when no other decision of the batch
 * shares it; never by its position. The renewals left out because they already carried their
 * decision count as executed.
 *
 * Executed means `executed` lists every posted renewal (an EXECUTED instruction, or the decision
 * seen applied at the service). Otherwise the receipt is kept and the batch moves posting →
 * outcome unknown: the renewals not yet executed stay pending (a deferred mode, spec: Instruction,
 * `scheduledForExecutionAt`), in their author's draft, until the events settle them (./reconcile.ts).
 */
export async function recordExecuted(
  batchId: string,
  input: {
    receipt: InstructionReceipt;
    posted: readonly Pick<DraftEntry, 'eventId' | 'decision'>[];
    alreadyApplied: ReadonlySet<string>;
    upstreamRequestIds: readonly string[];
    /** Posted renewals known to be executed; all of them when omitted. */
    executed?: ReadonlySet<string>;
  },
): Promise<boolean> {
  const { receipt } = input;
  const executed = input.executed ?? new Set(input.posted.map((entry) => entry.eventId));
  const instructionOf = instructionsByIdentity(receipt, input.posted);
  const posted: ItemWrite[] = input.posted.map((entry) => {
    const instruction = instructionOf.get(entry.eventId);
    const done = executed.has(entry.eventId);
    return {
      eventIds: [entry.eventId],
      change: {
        outcome: done ? 'executed' : 'pending',
        instructionId: instruction?.id ?? null,
        executedAt: instruction ? executedAtOf([instruction]) : executedAtOf(sameDecision(receipt, entry)),
        problemCode: done ? null : 'awaiting_execution',
      },
    };
  });
  const receiptChange: BatchChange = {
    receipt,
    receiptNumber: receipt.number,
    receiptReference: receipt.reference,
    receiptIssueDate: receipt.issueDate,
    upstreamRequestIds: [...input.upstreamRequestIds],
  };
  const items = [...posted, alreadyAppliedItems(input.alreadyApplied)];
  if (input.posted.some((entry) => !executed.has(entry.eventId))) {
    return (await move(batchId, [S.posting], S.outcomeUnknown, receiptChange, items)) !== null;
  }
  return settle(
    batchId,
    [S.posting],
    S.executed,
    receiptChange,
    items,
    new Set([...input.posted.map((entry) => entry.eventId), ...input.alreadyApplied]),
  );
}

const sameDecision = (receipt: InstructionReceipt, entry: Pick<DraftEntry, 'decision'>) =>
  receipt.instructions.filter((instruction) => instruction.decision === entry.decision);

/**
 * The execution time these instructions agree on: `executedAt` is "set when EXECUTED" (spec:
 * Instruction), so none unless every one is EXECUTED at the same instant (one synchronous batch).
 */
function executedAtOf(instructions: InstructionReceipt['instructions']): string | null {
  const times = new Set(
    instructions.map((instruction) => (instruction.status === 'EXECUTED' ? instruction.executedAt : null)),
  );
  const [only] = times;
  return times.size === 1 && only ? only : null;
}

/** Each posted renewal's instruction, where the receipt identifies it (see recordExecuted). */
function instructionsByIdentity(
  receipt: InstructionReceipt,
  posted: readonly Pick<DraftEntry, 'eventId' | 'decision'>[],
): Map<string, InstructionReceipt['instructions'][number]> {
  const matched = new Map<string, InstructionReceipt['instructions'][number]>();
  for (const entry of posted) {
    const sharing = posted.filter((other) => other.decision === entry.decision);
    const candidates = sameDecision(receipt, entry);
    if (sharing.length === 1 && candidates.length === 1 && candidates[0]) {
      matched.set(entry.eventId, candidates[0]);
    }
  }
  return matched;
}

/**
 * preparing or posting → rejected: nothing of the batch was executed (spec: Errors, a failed batch
 * leaves no partial effect). Each decision keeps the problem naming its renewal; those found
 * already in place count as executed.
 */
export async function recordRejected(
  batchId: string,
  input: {
    eventIds: readonly string[];
    problem: BatchProblem;
    alreadyApplied: ReadonlySet<string>;
    upstreamRequestIds: readonly string[];
  },
): Promise<boolean> {
  const codes = new Map(input.problem.events.map((event) => [event.eventId, event.code]));
  const notExecuted = new Map<string | null, string[]>();
  for (const eventId of input.eventIds) {
    if (input.alreadyApplied.has(eventId)) continue;
    const problemCode = codes.get(eventId) ?? null;
    notExecuted.set(problemCode, [...(notExecuted.get(problemCode) ?? []), eventId]);
  }
  return settle(
    batchId,
    [S.preparing, S.posting],
    S.rejected,
    { problem: input.problem, upstreamRequestIds: [...input.upstreamRequestIds] },
    [
      ...[...notExecuted].map(([problemCode, eventIds]) => ({
        eventIds,
        change: { outcome: 'not_executed' as const, problemCode },
      })),
      alreadyAppliedItems(input.alreadyApplied),
    ],
    input.alreadyApplied,
  );
}

/** preparing or posting → settled: every decision was already in place, so nothing is sent again. */
export async function recordAllAlreadyApplied(
  batchId: string,
  input: { eventIds: readonly string[]; problem: BatchProblem; upstreamRequestIds: readonly string[] },
): Promise<boolean> {
  return settle(
    batchId,
    [S.preparing, S.posting],
    S.settled,
    { problem: input.problem, upstreamRequestIds: [...input.upstreamRequestIds] },
    [alreadyAppliedItems(input.eventIds)],
    new Set(input.eventIds),
  );
}

/** preparing → rejected: the process stopped before posting, so nothing was sent. */
export async function recordNeverPosted(
  batchId: string,
  input: { eventIds: readonly string[]; problem: BatchProblem; at: Date },
): Promise<boolean> {
  return settle(
    batchId,
    [S.preparing],
    S.rejected,
    { settledAt: input.at, problem: input.problem },
    [{ eventIds: input.eventIds, change: { outcome: 'not_executed' } }],
    new Set(),
  );
}

/**
 * What the events read again say of each renewal of a batch whose answer was lost (./reconcile.ts).
 * `executed`: our decision applied, or the service took it and processing moved on. `settledOtherwise`:
 * the service shows it will never be executed as sent (instructed with another decision, the
 * event gone), with the reason. `notConfirmed`: the service still shows it undecided.
 */
export interface CheckedItems {
  executed: ReadonlySet<string>;
  settledOtherwise: ReadonlyMap<string, string>;
  notConfirmed: ReadonlySet<string>;
  /** Taken by the service but not applied yet (a deferred mode): never sent again, never back to the draft. */
  awaitingExecution: ReadonlySet<string>;
}

function checkedItemWrites(checked: CheckedItems, notConfirmedCode: string): ItemWrite[] {
  const otherwise = new Map<string, string[]>();
  for (const [eventId, code] of checked.settledOtherwise)
    otherwise.set(code, [...(otherwise.get(code) ?? []), eventId]);
  return [
    { eventIds: [...checked.executed], change: { outcome: 'executed', problemCode: null } },
    {
      eventIds: [...checked.awaitingExecution],
      change: { outcome: 'pending', problemCode: 'awaiting_execution' },
    },
    ...[...otherwise].map(([problemCode, eventIds]) => ({
      eventIds,
      change: { outcome: 'not_executed' as const, problemCode },
    })),
    {
      eventIds: [...checked.notConfirmed],
      change:
        notConfirmedCode === 'not_confirmed'
          ? { outcome: 'pending' as const, problemCode: notConfirmedCode }
          : { outcome: 'not_executed' as const, problemCode: notConfirmedCode },
    },
  ];
}

/**
 * posting → outcome unknown, or outcome unknown as it was: what the events showed is written per
 * renewal while the batch stays open ("checking with the service"). Nothing leaves the draft yet,
 * and a renewal still shown undecided stays "not confirmed" (spec: Errors, 5xx "not shown": a
 * lost answer is never read as "not executed").
 */
export async function recordChecked(
  batchId: string,
  input: { checked: CheckedItems; upstreamRequestIds: readonly string[] },
): Promise<boolean> {
  const change = { upstreamRequestIds: [...input.upstreamRequestIds] };
  const items = checkedItemWrites(input.checked, 'not_confirmed');
  if (await move(batchId, [S.posting], S.outcomeUnknown, change, items)) return true;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [kept] = await tx
      .update(instructionBatch)
      .set(change)
      .where(and(eq(instructionBatch.id, batchId), eq(instructionBatch.state, S.outcomeUnknown)))
      .returning({ id: instructionBatch.id });
    if (!kept) return false;
    await writeItems(tx, batchId, items);
    return true;
  });
}

/**
 * outcome unknown → posting: the same batch is sent again, by its own record (a compare-and-set,
 * so of two clicks one sends). The waiting time counts from this send.
 */
export async function resumePosting(
  batchId: string,
  { upstreamRequestIds, at = new Date() }: { upstreamRequestIds: readonly string[]; at?: Date },
): Promise<boolean> {
  return (
    (await move(batchId, [S.outcomeUnknown], S.posting, {
      postedAt: at,
      upstreamRequestIds: [...upstreamRequestIds],
    })) !== null
  );
}

/**
 * posting or outcome unknown → settled, from the events read again: every renewal is settled as
 * the service shows it, and those it still showed undecided when the waiting time was over go back
 * to the draft with that reason (`notConfirmed`). The renewals done (ours executed, or instructed
 * otherwise) leave the draft.
 */
export async function recordReconciled(
  batchId: string,
  input: {
    checked: CheckedItems;
    problem: BatchProblem;
    upstreamRequestIds: readonly string[];
    at: Date;
  },
): Promise<boolean> {
  const { checked } = input;
  // Every decision shown applied: the batch it was sent in is executed, whatever answer was lost.
  const allExecuted = checked.settledOtherwise.size === 0 && checked.notConfirmed.size === 0;
  return settle(
    batchId,
    [S.posting, S.outcomeUnknown],
    allExecuted ? S.executed : S.settled,
    { settledAt: input.at, problem: input.problem, upstreamRequestIds: [...input.upstreamRequestIds] },
    checkedItemWrites(checked, 'not_confirmed_in_time'),
    new Set([...checked.executed, ...checked.settledOtherwise.keys()]),
  );
}
