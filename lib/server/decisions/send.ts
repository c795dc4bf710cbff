import 'server-only';
import type { AnnuityClient } from '../../annuity/client';
import {
  AnnuityApiError,
  AnnuityContractError,
  AnnuityNetworkError,
  AnnuityOutcomeUnknownError,
} from '../../annuity/errors';
import type { InstructionReceipt, PatentEvent } from '../../annuity/schemas';
import { type DraftEntry, patentName } from '../../decisions/draft';
import { type EventProblem, eventProblem, problemFromInstructability } from '../../decisions/event-problems';
import { selectionProblems } from '../../decisions/rules';
import { logger } from '../../log';
import { recordAudit } from '../audit/audit';
import type { Viewer } from '../auth/session';
import { noteScopeFromSend } from '../connection/connection';
import { upstreamClient } from '../connection/upstream';
import { errorToProblem } from '../http/error-mapping';
import {
  type BatchProblem,
  type BatchView,
  batchIdByKey,
  batchView,
  claimBatch,
  updateBatch,
  updateItem,
} from './batch-store';
import { readDraft, removeFromDraft, renewBatchKey } from './drafts';
import { DecisionInputError } from './errors';
import { reconcileBatch } from './reconcile';
import { rereadEvents } from './reread';

/**
 * Sending a user's draft as one atomic batch (spec: Endpoints 10, Instruction rules). In order:
 * the idempotency key is claimed by a record written before anything is posted; the events are
 * re-read and the batch is refused early when the service already says no; the batch is posted
 * once, never retried; the outcome is recorded per event, and an unknown outcome is reconciled
 * by reading the events again.
 */
export interface SendInput {
  batchKey: string;
  /** One per DROP, repeating the patent's name: no single "OK" can drop several patents. */
  dropConfirmations: { eventId: string; patentName: string }[];
}

const SETTLE_POLL_MS = 200;
const SETTLE_WAIT_MS = 45_000;

/** The outcome of a batch someone else (a double click, another tab) is already sending. */
async function awaitSettled(batchId: string): Promise<BatchView> {
  const deadline = Date.now() + SETTLE_WAIT_MS;
  for (;;) {
    const view = await batchView(batchId);
    if (!view) throw new Error(`batch ${batchId} vanished`);
    if ((view.state !== 'preparing' && view.state !== 'posting') || Date.now() > deadline) return view;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
}

/** DROP is irreversible (spec: Instruction rules): each one needs its own, specific confirmation. */
function unconfirmedDrops(
  entries: readonly DraftEntry[],
  confirmations: SendInput['dropConfirmations'],
): DraftEntry[] {
  const confirmed = new Map(confirmations.map((c) => [c.eventId, c.patentName.trim()]));
  return entries.filter(
    (entry) => entry.decision === 'DROP' && confirmed.get(entry.eventId) !== patentName(entry),
  );
}

export async function sendDraft(actor: Viewer, input: SendInput, requestId: string): Promise<BatchView> {
  const earlier = await batchIdByKey(input.batchKey);
  if (earlier) return awaitSettled(earlier);

  const draft = await readDraft(actor.userId);
  if (draft.batchKey !== input.batchKey) {
    throw new DecisionInputError(
      409,
      'draft_changed',
      'The decisions changed since this review was opened (here or in another tab). Review them again before sending.',
    );
  }
  if (draft.entries.length === 0) {
    throw new DecisionInputError(409, 'draft_empty', 'There are no decisions to send.');
  }
  const refused = selectionProblems(draft.entries);
  if (refused.length > 0) {
    throw new DecisionInputError(
      422,
      'selection_refused',
      'Some decisions cannot be sent as they are; see the renewals marked.',
      refused.map((problem) => ({
        eventId: problem.eventId,
        code: problem.code,
        title: 'Not possible',
        detail: problem.message,
      })),
    );
  }
  const unconfirmed = unconfirmedDrops(draft.entries, input.dropConfirmations);
  if (unconfirmed.length > 0) {
    throw new DecisionInputError(
      400,
      'drop_not_confirmed',
      `Confirm each patent to drop: ${unconfirmed.map(patentName).join(', ')}.`,
      unconfirmed.map((entry) => ({
        eventId: entry.eventId,
        code: 'drop_not_confirmed',
        title: 'Drop not confirmed',
        detail: `Dropping ${patentName(entry)} needs its own confirmation.`,
      })),
    );
  }

  const batchId = await claimBatch({
    idempotencyKey: input.batchKey,
    actor,
    entries: draft.entries,
    requestId,
  });
  if (!batchId) {
    const winner = await batchIdByKey(input.batchKey);
    if (!winner) throw new Error('batch key claimed but not found');
    return awaitSettled(winner);
  }
  return runBatch(batchId, actor, draft.entries, input.batchKey, requestId);
}

async function runBatch(
  batchId: string,
  actor: Viewer,
  entries: readonly DraftEntry[],
  batchKey: string,
  requestId: string,
): Promise<BatchView> {
  const client = upstreamClient(requestId);
  const upstreamRequestIds: string[] = [];
  const view = async () => (await batchView(batchId)) as BatchView;
  const audit = (outcome: 'success' | 'failure', details: Record<string, unknown>) =>
    recordAudit({
      actor: { userId: actor.userId, email: actor.email },
      action: 'decisions.send',
      target: batchId,
      outcome,
      requestId,
      upstreamRequestIds,
      details: { events: entries.length, decisions: countDecisions(entries), ...details },
    });

  // 1. Before posting. Nothing of this batch can have been executed, so any failure refuses it.
  let toPost: DraftEntry[];
  let done: Set<string>;
  try {
    const reread = await rereadEvents(client, entries, requestId);
    upstreamRequestIds.push(...reread.metas.flatMap((meta) => (meta.requestId ? [meta.requestId] : [])));
    await recordEstimates(batchId, entries, reread.events);
    done = alreadyApplied(entries, reread.events);
    const early = entries
      .filter((entry) => !done.has(entry.eventId))
      .flatMap((entry) => {
        const event = reread.events.get(entry.eventId);
        if (event === null) return [eventProblem(entry.eventId, 'event_not_found')];
        if (!event) return [];
        const problem = problemFromInstructability(
          entry.eventId,
          entry.decision,
          event.instructability,
          event.appliedDecision,
        );
        return problem ? [problem] : [];
      });
    if (early.length > 0) {
      const problem: BatchProblem = {
        status: 409,
        code: 'refused_before_sending',
        title: 'The service would refuse this batch',
        detail: `${early.length} of ${entries.length} decision(s) are no longer possible as chosen, so nothing was sent. The renewals concerned are marked; the rest of your decisions are kept.`,
        events: [...early, ...[...done].map((eventId) => eventProblem(eventId, 'already_applied'))],
      };
      await finishRejected(batchId, actor, entries, batchKey, problem, upstreamRequestIds, done);
      await audit('failure', { stage: 'reread', code: problem.code, refusedEvents: early.length });
      return view();
    }
    toPost = entries.filter((entry) => !done.has(entry.eventId));
  } catch (error) {
    const problem = batchLevelProblem(error, requestId, []);
    if (problem.code === 'internal_error')
      logger.error({ err: error, batchId, requestId }, 'batch preparation failed');
    await finishRejected(batchId, actor, entries, batchKey, problem, upstreamRequestIds, new Set());
    await audit('failure', { stage: 'reread', code: problem.code });
    return view();
  }
  if (toPost.length === 0) {
    await settleAsAlreadyApplied(batchId, actor, entries, upstreamRequestIds);
    await audit('success', { alreadyApplied: entries.length });
    return view();
  }

  // 2. Post, once. A start-up reconciliation that settled this record meanwhile wins.
  const posting = await updateBatch(batchId, { state: 'posting', postedAt: new Date(), upstreamRequestIds }, [
    'preparing',
  ]);
  if (!posting) return view();
  let receipt: InstructionReceipt;
  try {
    const answer = await client.postPatentInstructions(
      { instructions: toPost.map((entry) => ({ eventId: entry.eventId, decision: entry.decision })) },
      { requestId },
    );
    receipt = answer.data;
    if (answer.meta.requestId) upstreamRequestIds.push(answer.meta.requestId);
    noteScopeFromSend('patents:instructions:write', 'granted');
  } catch (error) {
    if (error instanceof AnnuityApiError && error.requestId) upstreamRequestIds.push(error.requestId);
    if (outcomeIsUnknown(error)) {
      await updateBatch(batchId, { state: 'outcome_unknown', upstreamRequestIds }, ['posting']);
      await audit('failure', { stage: 'post', code: 'outcome_unknown' });
      try {
        return await reconcileBatch(batchId, requestId);
      } catch {
        // The service is still not answering: the batch stays open and is reconciled later.
        return view();
      }
    }
    // The service checks the scope before judging the batch (spec: Authentication 4).
    if (error instanceof AnnuityApiError && error.code === 'insufficient_scope') {
      noteScopeFromSend('patents:instructions:write', 'missing');
    } else if (error instanceof AnnuityApiError && INSTRUCTION_CODES.has(error.code)) {
      noteScopeFromSend('patents:instructions:write', 'granted');
    }
    const refusal = await attributeRefusal(error, toPost, client, requestId);
    for (const eventId of refusal.done) done.add(eventId);
    if (done.size === entries.length) {
      await settleAsAlreadyApplied(batchId, actor, entries, upstreamRequestIds);
      await audit('success', { stage: 'post', alreadyApplied: entries.length });
      return view();
    }
    await finishRejected(batchId, actor, entries, batchKey, refusal.problem, upstreamRequestIds, done);
    await audit('failure', { stage: 'post', code: refusal.problem.code });
    return view();
  }

  // 3. Record. Should this fail, the batch stays 'posting': the service has acted, and the
  // reconciliation (at start-up, or from the batch page) settles it from the events' state.
  // One instruction per submitted entry, in the order sent (spec: Endpoints 10, Response).
  await Promise.all(
    toPost.map((entry, index) => {
      const instruction = receipt.instructions[index];
      return updateItem(batchId, entry.eventId, {
        outcome: 'executed',
        instructionId: instruction?.id ?? null,
        executedAt: instruction?.executedAt ?? null,
      });
    }),
  );
  await markAlreadyApplied(batchId, done);
  await updateBatch(batchId, { state: 'executed', settledAt: new Date(), receipt, upstreamRequestIds }, [
    'posting',
  ]);
  await removeFromDraft(actor.userId, new Set(entries.map((entry) => entry.eventId)));
  await audit('success', { receiptNumber: receipt.number, receiptReference: receipt.reference });
  return view();
}

/**
 * Renewals that already carry the very decision chosen: done, by an earlier attempt whose answer
 * was lost or by a colleague (spec: Errors — a 409 after a timeout means the work is done). They
 * are not sent again, and count as executed.
 */
function alreadyApplied(
  entries: readonly DraftEntry[],
  current: Map<string, PatentEvent | null>,
): Set<string> {
  return new Set(
    entries
      .filter((entry) => current.get(entry.eventId)?.appliedDecision === entry.decision)
      .map((e) => e.eventId),
  );
}

async function markAlreadyApplied(batchId: string, done: ReadonlySet<string>): Promise<void> {
  await Promise.all(
    [...done].map((eventId) =>
      updateItem(batchId, eventId, { outcome: 'executed', problemCode: 'already_applied' }),
    ),
  );
}

/** Every decision of the batch was already in place at the service: nothing is sent again. */
async function settleAsAlreadyApplied(
  batchId: string,
  actor: Viewer,
  entries: readonly DraftEntry[],
  upstreamRequestIds: string[],
): Promise<void> {
  await markAlreadyApplied(batchId, new Set(entries.map((entry) => entry.eventId)));
  await updateBatch(
    batchId,
    {
      state: 'reconciled',
      settledAt: new Date(),
      upstreamRequestIds,
      problem: {
        status: 200,
        code: 'already_applied',
        title: 'Already done',
        detail:
          'Every renewal of this batch already carried its decision at the service (an earlier attempt or a colleague sent it), so nothing was sent again.',
        events: [],
      },
    },
    ['preparing', 'posting'],
  );
  await removeFromDraft(actor.userId, new Set(entries.map((entry) => entry.eventId)));
}

/** No answer, a gateway error, or a 2xx we could not read: the service may have acted. */
function outcomeIsUnknown(error: unknown): boolean {
  return (
    error instanceof AnnuityOutcomeUnknownError ||
    error instanceof AnnuityNetworkError ||
    error instanceof AnnuityContractError ||
    (error instanceof AnnuityApiError && error.status >= 500)
  );
}

function countDecisions(entries: readonly DraftEntry[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of entries) counts[entry.decision] = (counts[entry.decision] ?? 0) + 1;
  return counts;
}

/** The estimate each decision is sent with, as the service computes it now (spec: Fees rule 3). */
async function recordEstimates(
  batchId: string,
  entries: readonly DraftEntry[],
  current: Map<string, PatentEvent | null>,
) {
  await Promise.all(
    entries.map((entry) => {
      const fees = current.get(entry.eventId)?.fees;
      if (!fees) return Promise.resolve();
      return updateItem(batchId, entry.eventId, {
        estimateAmount: fees.total,
        estimateCurrency: fees.currency,
        estimateFxFrozen: fees.isFxRateFrozen,
      });
    }),
  );
}

function batchLevelProblem(error: unknown, requestId: string, events: EventProblem[]): BatchProblem {
  const mapped = errorToProblem(error, requestId);
  return {
    status: mapped.status,
    code: mapped.code,
    title: mapped.title,
    detail: mapped.detail,
    requiredScope:
      typeof mapped.extensions?.requiredScope === 'string' ? mapped.extensions.requiredScope : undefined,
    retryAfterSeconds: mapped.retryAfterSeconds,
    events,
  };
}

const INSTRUCTION_CODES = new Set([
  'instruction_skipped',
  'instruction_too_early',
  'instruction_lapsed',
  'instruction_already_set',
  'not_found',
  'validation_failed',
]);

/**
 * Ties a refusal to the renewals it concerns. The spec's problem names no event, so: the
 * instruction_skipped extensions name the patent (clientCaseReference), validation pointers name
 * the position in the batch, and otherwise the events are read again to see which now disagree.
 */
async function attributeRefusal(
  error: unknown,
  entries: readonly DraftEntry[],
  client: AnnuityClient,
  requestId: string,
): Promise<{ problem: BatchProblem; done: Set<string> }> {
  const done = new Set<string>();
  const refused = (events: EventProblem[]) => ({
    problem: batchLevelProblem(error, requestId, events),
    done,
  });
  if (!(error instanceof AnnuityApiError) || !INSTRUCTION_CODES.has(error.code)) return refused([]);
  const events: EventProblem[] = [];
  const serviceDetail = error.problem?.detail;
  if (error.code === 'validation_failed') {
    for (const entry of error.validationErrors) {
      const index = /^\/instructions\/(\d+)/.exec(entry.pointer)?.[1];
      const target = index === undefined ? undefined : entries[Number(index)];
      if (target)
        events.push(eventProblem(target.eventId, 'validation_failed', { serviceDetail: entry.detail }));
    }
    return refused(events);
  }
  if (error.code === 'instruction_skipped' && error.clientCaseReference) {
    const ofPatent = entries
      .filter((entry) => entry.caseReference === error.clientCaseReference)
      .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
    // With two renewals of one patent in the batch, the later one is the one refused.
    const skipped = ofPatent.length > 1 ? ofPatent.slice(1) : ofPatent;
    for (const entry of skipped) {
      events.push(
        eventProblem(entry.eventId, 'instruction_skipped', {
          missingPreviousRenewalDates: error.missingPreviousRenewalDates,
          serviceDetail,
        }),
      );
    }
    if (events.length > 0) return refused(events);
  }
  try {
    const reread = await rereadEvents(client, entries, requestId);
    for (const eventId of alreadyApplied(entries, reread.events)) {
      done.add(eventId);
      events.push(eventProblem(eventId, 'already_applied'));
    }
    for (const entry of entries) {
      const event = reread.events.get(entry.eventId);
      if (event === null) events.push(eventProblem(entry.eventId, 'event_not_found'));
      else if (event && !done.has(entry.eventId)) {
        const problem = problemFromInstructability(
          entry.eventId,
          entry.decision,
          event.instructability,
          event.appliedDecision,
        );
        if (problem)
          events.push(
            problem.code === error.code ? { ...problem, ...withServiceContext(error, problem) } : problem,
          );
      }
    }
  } catch {
    // The refusal stands without per-event detail; the batch-level message still says why.
  }
  return refused(events);
}

function withServiceContext(error: AnnuityApiError, problem: EventProblem): Partial<EventProblem> {
  if (error.code === 'instruction_skipped' && error.missingPreviousRenewalDates.length > 0) {
    return eventProblem(problem.eventId, 'instruction_skipped', {
      missingPreviousRenewalDates: error.missingPreviousRenewalDates,
    });
  }
  return {};
}

async function finishRejected(
  batchId: string,
  actor: Viewer,
  entries: readonly DraftEntry[],
  batchKey: string,
  problem: BatchProblem,
  upstreamRequestIds: string[],
  done: ReadonlySet<string>,
): Promise<void> {
  const codes = new Map(problem.events.map((event) => [event.eventId, event.code]));
  await Promise.all(
    entries
      .filter((entry) => !done.has(entry.eventId))
      .map((entry) =>
        updateItem(batchId, entry.eventId, {
          outcome: 'not_executed',
          problemCode: codes.get(entry.eventId) ?? null,
        }),
      ),
  );
  await markAlreadyApplied(batchId, done);
  await updateBatch(
    batchId,
    {
      state: 'rejected',
      settledAt: new Date(),
      problem: problem as unknown as Record<string, unknown>,
      upstreamRequestIds,
    },
    ['preparing', 'posting'],
  );
  // Nothing of this batch was executed (spec: a failed batch leaves no partial effect): its
  // decisions stay in the draft under a new key, so they can be sent again as a new batch; those
  // already in place at the service leave it.
  if (done.size > 0) await removeFromDraft(actor.userId, done);
  else await renewBatchKey(actor.userId, batchKey);
}
