import 'server-only';
import { logger } from '../../log';
import { recordAudit } from '../audit';
import { removeFromDraft } from '../decision-drafts';
import { upstreamClient } from '../upstream';
import { type BatchView, batchCreator, batchView, openBatches, updateBatch, updateItem } from './batch-store';
import { rereadEvents } from './reread';

/**
 * Settles a batch whose outcome is not known (no answer to the POST, or a restart mid-send) by
 * reading its events: a renewal that now carries our decision was executed; one that does not
 * was not, and stays in its author's draft (spec: Errors — a 409 after a timeout means done).
 */
export async function reconcileBatch(batchId: string, requestId: string): Promise<BatchView> {
  const view = await batchView(batchId);
  if (!view) throw new Error(`no batch ${batchId}`);
  if (view.state === 'preparing') {
    // Never posted (the record is written before posting, the state moves to 'posting' first).
    await updateBatch(batchId, {
      state: 'rejected',
      settledAt: new Date(),
      problem: {
        status: 409,
        code: 'not_sent',
        title: 'Not sent',
        detail:
          'The dashboard stopped before sending this batch; nothing was sent. The decisions are still in the draft.',
        events: [],
      },
    });
    await Promise.all(
      view.items.map((item) => updateItem(batchId, item.eventId, { outcome: 'not_executed' })),
    );
    return (await batchView(batchId)) as BatchView;
  }
  if (view.state !== 'posting' && view.state !== 'outcome_unknown') return view;

  const reread = await rereadEvents(
    upstreamClient(requestId),
    view.items.map((item) => ({
      eventId: item.eventId,
      patentId: item.patentId,
      dueDate: item.dueDate ?? '',
    })),
    requestId,
  );
  const executed = new Set<string>();
  for (const item of view.items) {
    const event = reread.events.get(item.eventId);
    const done = Boolean(event && event.appliedDecision === item.decision);
    if (done) executed.add(item.eventId);
    await updateItem(batchId, item.eventId, {
      outcome: done ? 'executed' : 'not_executed',
      problemCode: done ? null : 'not_executed_after_unknown_outcome',
    });
  }
  const upstreamRequestIds = [
    ...view.upstreamRequestIds,
    ...reread.metas.flatMap((meta) => (meta.requestId ? [meta.requestId] : [])),
  ];
  await updateBatch(batchId, {
    state: 'reconciled',
    settledAt: new Date(),
    upstreamRequestIds,
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
  const creator = await batchCreator(batchId);
  if (creator) await removeFromDraft(creator, executed);
  await recordAudit({
    actor: null,
    action: 'decisions.reconcile',
    target: batchId,
    outcome: 'success',
    requestId,
    upstreamRequestIds,
    details: { executed: executed.size, notExecuted: view.items.length - executed.size },
  });
  return (await batchView(batchId)) as BatchView;
}

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
