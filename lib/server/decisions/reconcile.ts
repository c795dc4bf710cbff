import 'server-only';
import type { PatentEvent } from '../../annuity/schemas';
import type { BatchProblem, BatchView } from '../../decisions/batch';
import { BATCH_STATE as S } from '../../decisions/batch-states';
import { getEnv } from '../../env';
import { logger } from '../../log';
import { recordAudit } from '../audit/audit';
import { upstreamClient } from '../connection/upstream';
import { type CheckedItems, recordChecked, recordNeverPosted, recordReconciled } from './batch-machine';
import { batchView, openBatches } from './batch-records';
import { rereadDecisions } from './reread';

/**
 * Checks with the service a batch whose outcome is not known (no answer to the POST, a 5xx, or a
 * restart mid-send) by reading its events. Each renewal settles when the service shows it (see
 * checkItems); one still shown undecided stays "not confirmed" — never "not executed" seconds
 * after the answer was lost — until the same batch is sent again (./send.ts, resendBatch) or
 * UNKNOWN_OUTCOME_WAIT_HOURS have passed, and then it goes back to the draft with that reason
 * (spec: Errors — 5xx "not shown"; a 409 after a retry means the work is done). The moves and
 * their writes are those of ./batch-machine.ts.
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

  if (view.state === S.preparing) {
    // An approved batch starts preparing when approved, not when it was submitted.
    if (age(view.approval?.decidedAt ?? view.createdAt) < PREPARING_ABANDONED_MS) return view;
    // Never posted (the state moves to 'posting' before the POST leaves); the same decisions can
    // be sent again, as a new batch.
    await recordNeverPosted(batchId, {
      eventIds: view.items.map((item) => item.eventId),
      problem: NOT_SENT,
      at: now,
    });
    return current();
  }
  // A POST may still be on its way: settling it now could call executed work "not executed".
  if (view.state === S.posting && age(view.postedAt) < POSTING_ABANDONED_MS) return view;
  if (view.state !== S.posting && view.state !== S.outcomeUnknown) return view;

  const reread = await rereadDecisions(
    // The batch's own client's key: its renewals are that client's (spec: Authentication 1).
    upstreamClient(requestId, view.connection),
    view.items.map((item) => ({
      eventId: item.eventId,
      patentId: item.patentId,
      dueDate: item.dueDate ?? '',
      decision: item.decision,
    })),
    requestId,
  );
  const checked = checkItems(view, reread.events);
  const upstreamRequestIds = [
    ...view.upstreamRequestIds,
    ...reread.metas.flatMap((meta) => (meta.requestId ? [meta.requestId] : [])),
  ];
  const waitMs = getEnv().UNKNOWN_OUTCOME_WAIT_HOURS * 3_600_000;
  const waitedEnough = age(view.postedAt) >= waitMs;
  // spec: Instruction — a receipt, or a renewal the service took but has not applied yet, is work
  // the service holds: never put back in the draft (sending it again could instruct it twice). A
  // renewal still shown undecided stays "not confirmed" until the waiting time is over.
  if (checked.awaitingExecution.size > 0 || (checked.notConfirmed.size > 0 && !waitedEnough)) {
    await recordChecked(batchId, { checked, upstreamRequestIds });
    return current();
  }
  // The batch is settled once: a second process (or a double click) finding it settled stops here.
  const settled = await recordReconciled(batchId, {
    checked,
    upstreamRequestIds,
    at: now,
    problem: reconciledProblem(view, checked, waitMs),
  });
  if (settled) {
    await recordAudit({
      actor: null,
      action: 'decisions.reconcile',
      target: batchId,
      connection: view.connection,
      outcome: 'success',
      requestId,
      upstreamRequestIds,
      details: {
        executed: checked.executed.size,
        settledOtherwise: checked.settledOtherwise.size,
        notConfirmedInTime: checked.notConfirmed.size,
      },
    });
  }
  return current();
}

/**
 * Each renewal as the service shows it now (spec: Patent event, Instruction rules): our decision
 * applied, or taken and processing moved on, is executed; another decision applied, or the event
 * gone, settles it otherwise; a renewal shown undecided is not confirmed. In a mode other than
 * DIRECT (`instructability.mode`, an open enum) or after a receipt, a renewal taken but not applied
 * yet awaits execution.
 */
function checkItems(view: BatchView, events: ReadonlyMap<string, PatentEvent | null>): CheckedItems {
  const checked = {
    executed: new Set<string>(),
    settledOtherwise: new Map<string, string>(),
    notConfirmed: new Set<string>(),
    awaitingExecution: new Set<string>(),
  };
  for (const item of view.items) {
    // Settled already by an earlier check: kept as it was.
    if (item.outcome === 'executed') {
      checked.executed.add(item.eventId);
      continue;
    }
    if (item.outcome === 'not_executed' && item.problemCode) {
      checked.settledOtherwise.set(item.eventId, item.problemCode);
      continue;
    }
    const event = events.get(item.eventId);
    if (event === null) {
      checked.settledOtherwise.set(item.eventId, 'event_not_found');
      continue;
    }
    const applied = event?.appliedDecision ?? null;
    if (applied === item.decision) checked.executed.add(item.eventId);
    else if (applied !== null) checked.settledOtherwise.set(item.eventId, 'instructed_otherwise');
    else if (event && tookIt(event)) {
      if (view.receipt || (event.instructability?.mode ?? 'DIRECT') !== 'DIRECT') {
        checked.awaitingExecution.add(item.eventId);
      } else checked.executed.add(item.eventId);
    } else if (view.receipt) checked.awaitingExecution.add(item.eventId);
    else checked.notConfirmed.add(item.eventId);
  }
  return checked;
}

/** The service shows the renewal instructed although no decision is applied yet. */
function tookIt(event: PatentEvent): boolean {
  const status = event.processingStatus;
  return (
    (status !== null && status !== undefined && status !== 'NOT_INSTRUCTED') ||
    event.instructability?.blockedReason === 'ALREADY_INSTRUCTED'
  );
}

function reconciledProblem(view: BatchView, checked: CheckedItems, waitMs: number): BatchProblem {
  const total = view.items.length;
  const parts = [`${checked.executed.size} of ${total} carry the decision and count as done`];
  const otherwise = [...checked.settledOtherwise.values()].filter((code) => code !== 'sent_back').length;
  if (otherwise > 0) parts.push(`${otherwise} were decided otherwise at the service and were not executed`);
  if (checked.notConfirmed.size > 0) {
    parts.push(
      `${checked.notConfirmed.size} were still undecided at the service ${formatWait(waitMs)} after sending, so they were not executed and are back in the draft`,
    );
  }
  return {
    status: 200,
    code: 'outcome_reconciled',
    title: 'The service did not answer; the outcome was checked',
    detail: `No answer came for this batch, so each renewal was read again: ${parts.join('; ')}.`,
    events: [],
  };
}

function formatWait(ms: number): string {
  const hours = ms / 3_600_000;
  return hours >= 1
    ? `${Math.round(hours)} hour${Math.round(hours) === 1 ? '' : 's'}`
    : `${Math.round(ms / 60_000)} minutes`;
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
