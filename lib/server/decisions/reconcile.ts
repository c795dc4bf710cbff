import 'server-only';
import type { BatchProblem, BatchView } from '../../decisions/batch';
import { BATCH_STATE as S } from '../../decisions/batch-states';
import { logger } from '../../log';
import { recordAudit } from '../audit/audit';
import { upstreamClient } from '../connection/upstream';
import { recordNeverPosted, recordReconciled } from './batch-machine';
import { batchView, openBatches } from './batch-records';
import { rereadDecisions } from './reread';

/**
 * Settles a batch whose outcome is not known (no answer to the POST, or a restart mid-send) by
 * reading its events: a renewal that now carries our decision was executed; one that does not
 * was not, and stays in its author's draft (spec: Errors — a 409 after a timeout means done).
 * The moves and their writes are those of ./batch-machine.ts.
 */

/**
 * A record still 'preparing' this long after it was written belongs to a stopped process (a live
 * one re-reads and posts within seconds, even for a large batch).
 */
const PREPARING_ABANDONED_MS = 10 * 60_000;
/** A POST still 'posting' this long after it left is not in flight any more (its timeout is 20 s). */
const POSTING_ABANDONED_MS = 2 * 60_000;

export async function reconcileBatch(
  batchId: string,
  requestId: string,
  now = new Date(),
): Promise<BatchView> {
  const view = await batchView(batchId);
  if (!view) throw new Error(`no batch ${batchId}`);
  const current = async () => (await batchView(batchId)) as BatchView;
  const age = (since: string | null) => now.getTime() - new Date(since ?? view.createdAt).getTime();
  const eventIds = view.items.map((item) => item.eventId);

  if (view.state === S.preparing) {
    // An approved batch (issue 18) starts preparing when approved, not when it was submitted.
    if (age(view.approval?.decidedAt ?? view.createdAt) < PREPARING_ABANDONED_MS) return view;
    // Never posted (the state moves to 'posting' before the POST leaves); the same decisions can
    // be sent again, as a new batch.
    await recordNeverPosted(batchId, { eventIds, problem: NOT_SENT, at: now });
    return current();
  }
  // A POST may still be on its way: settling it now could call executed work "not executed".
  if (view.state === S.posting && age(view.postedAt) < POSTING_ABANDONED_MS) return view;
  if (view.state !== S.posting && view.state !== S.outcomeUnknown) return view;

  const reread = await rereadDecisions(
    upstreamClient(requestId),
    view.items.map((item) => ({
      eventId: item.eventId,
      patentId: item.patentId,
      dueDate: item.dueDate ?? '',
      decision: item.decision,
    })),
    requestId,
  );
  const executed = reread.applied;
  // spec: Instruction — a receipt means the service took the batch; in a mode other than DIRECT
  // its instructions execute later (`scheduledForExecutionAt`). Such renewals are never put back
  // in the draft as "not executed" (sending them again could instruct them twice): the batch stays
  // open, awaiting execution, until the service shows every decision applied.
  if (view.receipt && executed.size < view.items.length) return view;
  const upstreamRequestIds = [
    ...view.upstreamRequestIds,
    ...reread.metas.flatMap((meta) => (meta.requestId ? [meta.requestId] : [])),
  ];
  // The batch is settled once: a second process (or a double click) finding it settled stops here.
  const settled = await recordReconciled(batchId, {
    eventIds,
    executed,
    upstreamRequestIds,
    at: now,
    problem: {
      status: 200,
      code: 'outcome_reconciled',
      title: 'The service did not answer; the outcome was checked',
      detail: `No answer came for this batch, so each renewal was read again: ${executed.size} of ${view.items.length} carry the decision and count as done${
        executed.size < view.items.length ? '; the others were not executed and are still in the draft' : ''
      }.`,
      events: [],
    },
  });
  if (settled) {
    await recordAudit({
      actor: null,
      action: 'decisions.reconcile',
      target: batchId,
      outcome: 'success',
      requestId,
      upstreamRequestIds,
      details: { executed: executed.size, notExecuted: view.items.length - executed.size },
    });
  }
  return current();
}

const NOT_SENT: BatchProblem = {
  status: 409,
  code: 'not_sent',
  title: 'Not sent',
  detail:
    'The dashboard stopped before sending this batch; nothing was sent. The decisions are still in the draft.',
  events: [],
};

/** At start-up: batches left open by a stopped process are settled against the service. */
export async function reconcileOpenBatches(requestId: string, now = new Date()): Promise<number> {
  const open = await openBatches(new Date(now.getTime() - 60_000));
  let settled = 0;
  for (const batch of open) {
    try {
      await reconcileBatch(batch.id, requestId);
      settled += 1;
    } catch (error) {
      logger.warn({ err: error, batchId: batch.id }, 'open batch could not be reconciled yet');
    }
  }
  return settled;
}
