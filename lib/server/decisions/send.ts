/**
 * `lib/server/decisions/`: drafts, batches (prepare → post → record), approvals (`approvals.ts`,
 * `approval-policy.ts`), standing instructions (`standing-instructions.ts`), re-reads,
 * reconciliation of unknown outcomes; what DROPs spare (`drop-savings.ts`, table `drop_saving`:
 * recorded when a batch reaches the service, from the forecast of that day; counted once the item
 * is executed), and what follows a batch reaching the service (`after-send.ts`: the savings, then
 * the copy's refresh).
 */
import 'server-only';
import type { AnnuityClient } from '../../annuity/client';
import { AnnuityApiError } from '../../annuity/errors';
import type { InstructionReceipt, PatentEvent } from '../../annuity/schemas';
import {
  type ApprovalReason,
  approvalReasons,
  describeApprovalReason,
} from '../../decisions/approval-policy';
import type { BatchProblem, BatchView } from '../../decisions/batch';
import { BATCH_STATE as S } from '../../decisions/batch-states';
import type { DraftEntry, SendItem } from '../../decisions/draft';
import { eventProblem } from '../../decisions/event-problems';
import { selectionProblems } from '../../decisions/rules';
import { plural, pluralWord } from '../../format/plural';
import { logger } from '../../log';
import { patentName } from '../../portfolio/patent-name';
import { auditSuccess, recordAudit } from '../audit/audit';
import type { Viewer } from '../auth/session';
import type { ClientScope } from '../clients/scope';
import { noteScopeFromSend } from '../connection/connection';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { upstreamClient } from '../connection/upstream';
import { readApprovalPolicy } from './approval-policy';
import { notifyPreparer, submittedForApproval } from './approvals';
import {
  approveBatch,
  claimBatch,
  markOutcomeUnknown,
  recordAllAlreadyApplied,
  recordEstimates,
  recordExecuted,
  recordRejected,
  resumePosting,
  startPosting,
} from './batch-machine';
import { batchIdByKey, batchView, heldByOpenBatches } from './batch-records';
import { entriesByClient, severalClients } from './client-parts';
import { readDraft } from './drafts';
import { ApprovalError, DecisionInputError } from './errors';
import { reconcileBatch } from './reconcile';
import { attributeRefusal, batchLevelProblem, noteScopeFromRefusal, outcomeIsUnknown } from './refusals';
import { type CurrentDecisions, fillMissingFees, rereadDecisions } from './reread';

/**
 * Sending a user's draft as one atomic batch (spec: Endpoints 10, Instruction rules, Errors):
 *
 *   check the draft → claim its key (draft → preparing) → prepare → post → record
 *
 * The key is claimed by a record written before anything is posted, so a double click, a retry or
 * a second tab finds that batch and gets its outcome. Prepare re-reads the events and refuses the
 * batch early when the service already says no; post sends it once, never retried; record writes
 * the outcome per event, and an unknown outcome is settled by reading the events again. The
 * states and every write that moves a batch between them: ./batch-machine.ts.
 */
export interface SendInput {
  batchKey: string;
  /**
   * One per DROP, repeating the patent's name: no single "OK" can drop several patents. Each
   * carries the reason for dropping (required for DROP, by the route's zod schema).
   */
  dropConfirmations: { eventId: string; patentName: string; rationale?: string }[];
  /** An optional reason for any other decision, kept with the batch. */
  notes?: { eventId: string; note: string }[];
  /**
   * The preparer knows the policy wants a manager's approval and asks for it; without
   * this, a batch that needs approval is refused (403 approval_required), never sent.
   */
  requestApproval?: boolean;
  /**
   * Send only this many decisions, the earliest deadlines first: after the service refused the
   * whole draft for its size (spec: Limits 4, the maximum is not shown), the draft goes in parts,
   * each a batch of its own and atomic by itself; the rest stay in the draft under a new key.
   */
  limit?: number;
}

/**
 * Sends a draft whose renewals are all one client's as one batch, with that client's key. A draft
 * holding several clients' renewals is sent by sendDraftPerClient (./client-send.ts), one batch per
 * client; here it is refused (409 several_clients), never sent with one key.
 */
export async function sendDraft(
  actor: Viewer,
  input: SendInput,
  requestId: string,
  scope: ClientScope,
): Promise<BatchView> {
  const earlier = await batchIdByKey(input.batchKey);
  if (earlier) return awaitSettled(earlier);
  let entries: DraftEntry[];
  let connection: string;
  try {
    entries = earliestWithin(await checkDraft(actor.userId, input), input.limit);
    await refuseHeldRenewals(entries);
    const parts = await entriesByClient(entries, scope);
    if (parts.size > 1) throw severalClients(parts, scope);
    connection = [...parts.keys()][0] ?? DEFAULT_CONNECTION;
  } catch (error) {
    // The same draft sent a moment ago through another tab or instance, whose batch claimed its
    // key after the look-up above (its renewals now show as being sent, or it cleared the draft):
    // that batch is this send's answer too.
    const raced = await batchIdByKey(input.batchKey);
    if (raced) return awaitSettled(raced);
    throw error;
  }
  return sendChecked(actor, { ...input, key: input.batchKey, entries, connection }, requestId);
}

/** A draft, or one client's part of it, checked and ready to be claimed and sent. */
export interface CheckedPart extends SendInput {
  /** The idempotency key of this batch (the draft's, or one derived per client). */
  key: string;
  entries: DraftEntry[];
  connection: string;
}

/**
 * The part of a draft a send may be limited to (a batch too large, sent in parts): the renewals
 * with the earliest due dates first, so the nearest deadlines go first.
 */
export function earliestWithin(entries: DraftEntry[], limit: number | undefined): DraftEntry[] {
  if (limit === undefined) return entries;
  return [...entries].sort((a, b) => a.dueDate.localeCompare(b.dueDate)).slice(0, limit);
}

/** The approval policy's verdict on a checked part, and the read it was judged on. */
export interface ApprovalVerdict {
  entries: DraftEntry[];
  reasons: ApprovalReason[];
  preread?: CurrentDecisions;
  upstreamRequestIds: string[];
}

/**
 * The approval policy's verdict on a checked part, read as sendChecked reads it: the client's
 * policy, judged on fees read now when it has amount thresholds.
 */
export async function approvalOf(part: CheckedPart, requestId: string): Promise<ApprovalVerdict> {
  const client = upstreamClient(requestId, part.connection);
  const upstreamRequestIds: string[] = [];
  const policy = await readApprovalPolicy(part.connection);
  let entries = part.entries;
  // Amount thresholds are judged on the fees the server has just read, never on the estimate the
  // browser sent (estimates move with exchange rates, spec: Fees); the read is the one prepare uses.
  let preread: CurrentDecisions | undefined;
  if (policy.proceedAbove.length > 0 || policy.batchAbove.length > 0) {
    preread = await readCurrent(client, entries, requestId, upstreamRequestIds);
    entries = entries.map((entry) => withCurrentEstimate(entry, preread?.events.get(entry.eventId)));
  }
  return {
    entries,
    reasons: approvalReasons(policy, entries),
    upstreamRequestIds,
    ...(preread ? { preread } : {}),
  };
}

/** Claims and sends one checked part as one atomic batch with its client's key. */
export async function sendChecked(
  actor: Viewer,
  part: CheckedPart,
  requestId: string,
  /** The verdict a caller already judged this very part on (its read is the one the batch uses). */
  verdict?: ApprovalVerdict,
): Promise<BatchView> {
  const rationales = rationalesOf(part);
  const client = upstreamClient(requestId, part.connection);
  const judged = verdict ?? (await approvalOf(part, requestId));
  const { reasons, preread, upstreamRequestIds } = judged;
  let entries = judged.entries;
  // Maker-checker: enforced here, on the one path to the service, not only in the page.
  if (reasons.length > 0 && !part.requestApproval) throw approvalRequired(entries, reasons);
  entries = [...entries];
  const batchId = await claimBatch({
    idempotencyKey: part.key,
    connection: part.connection,
    actor,
    entries,
    requestId,
    rationales,
    ...(reasons.length > 0 ? { awaitingApproval: reasons } : {}),
  });
  if (!batchId) {
    const winner = await batchIdByKey(part.key);
    if (!winner) throw new Error('batch key claimed but not found');
    return awaitSettled(winner);
  }
  if (reasons.length > 0) {
    await submittedForApproval({ batchId, connection: part.connection, actor, entries, reasons, requestId });
    return (await batchView(batchId)) as BatchView;
  }
  return run({
    batchId,
    connection: part.connection,
    actor,
    entries,
    requestId,
    client,
    upstreamRequestIds,
    preread,
  });
}

/** The events now, with the fees of those read without them (the one read a batch is judged on). */
async function readCurrent(
  client: AnnuityClient,
  entries: readonly SendItem[],
  requestId: string,
  upstreamRequestIds: string[],
): Promise<CurrentDecisions> {
  const current = await rereadDecisions(client, entries, requestId);
  const feeMetas = await fillMissingFees(client, current.events, requestId);
  upstreamRequestIds.push(
    ...[...current.metas, ...feeMetas].flatMap((meta) => (meta.requestId ? [meta.requestId] : [])),
  );
  return current;
}

/** The decision with the estimate the service gives now (its fees just read), when it gave one. */
function withCurrentEstimate<Item extends SendItem>(
  entry: Item,
  event: PatentEvent | null | undefined,
): Item {
  const fees = event?.fees;
  if (!fees) return entry;
  const service = fees.components.find((component) => component.type === 'SERVICE');
  return {
    ...entry,
    estimate: {
      amount: fees.total,
      currency: fees.currency,
      fxFrozen: fees.isFxRateFrozen,
      serviceFee: service?.amount ?? entry.estimate?.serviceFee ?? null,
    },
  };
}

/**
 * One renewal, one open batch: a renewal in a batch that is not settled (being sent, checking with
 * the service, awaiting approval) is never put in another. Its first POST may have been executed
 * even though no answer came (spec: Errors, 5xx "not shown"), so a second batch could instruct it
 * twice; the batch it is in is sent again instead (resendBatch).
 */
export async function refuseHeldRenewals(entries: readonly SendItem[]): Promise<void> {
  const held = await heldByOpenBatches(entries.map((entry) => entry.eventId));
  const holding = entries.filter((entry) => held[entry.eventId]);
  if (holding.length === 0) return;
  throw new DecisionInputError(
    409,
    'being_sent',
    `${holding.map(patentName).join(', ')} ${holding.length === 1 ? 'is' : 'are'} already being sent in another batch whose outcome is not settled yet, so ${holding.length === 1 ? 'it' : 'they'} cannot go into this one. Open that batch to check with the service or send it again; remove ${holding.length === 1 ? 'it' : 'them'} from this draft to send the rest.`,
    holding.map((entry) => ({
      eventId: entry.eventId,
      code: 'being_sent',
      title: 'Being sent',
      detail: `Already in a batch whose outcome is not settled yet (batch ${held[entry.eventId]}).`,
    })),
    { batches: [...new Set(holding.map((entry) => held[entry.eventId]))] },
  );
}

/**
 * Sends the same batch again after its answer was lost (spec: Errors — "a retry after a timeout
 * commonly yields [409] and means the work is done"). The events are read first, so what the
 * service already shows is settled and never posted again; the renewals it still shows undecided
 * are posted once more under this batch's own record: 201 means executed now, a 409 with the
 * decision applied means the first send had done it. A new lost answer leaves the batch checking.
 * A batch the service took (a receipt) is never sent again.
 */
export async function resendBatch(actor: Viewer, batchId: string, requestId: string): Promise<BatchView> {
  const before = await batchView(batchId);
  if (!before) throw new DecisionInputError(404, 'not_found', 'No such batch.');
  if (before.state === S.preparing || before.state === S.posting) return awaitSettled(batchId);
  if (before.state !== S.outcomeUnknown) {
    throw new DecisionInputError(
      409,
      'not_checking',
      'Only a batch whose outcome is still being checked with the service can be sent again; this one is settled.',
    );
  }
  if (before.receipt) {
    throw new DecisionInputError(
      409,
      'accepted_by_service',
      'The service accepted this batch (its receipt is on file) and executes it on its own schedule; it is never sent again.',
    );
  }
  const checked = await reconcileBatch(batchId, requestId);
  if (checked.state !== S.outcomeUnknown) return checked;
  const toPost = checked.items.filter(
    (item) => item.outcome === 'pending' && item.problemCode === 'not_confirmed',
  );
  if (toPost.length === 0) return checked;
  const done = new Set(
    checked.items.filter((item) => item.outcome === 'executed').map((item) => item.eventId),
  );
  if (!(await resumePosting(batchId, { upstreamRequestIds: checked.upstreamRequestIds }))) {
    return awaitSettled(batchId);
  }
  const send: Send = {
    batchId,
    connection: before.connection,
    actor,
    entries: checked.items.filter((item) => item.outcome !== 'not_executed').map(sendItemOf),
    requestId,
    client: upstreamClient(requestId, before.connection),
    upstreamRequestIds: [...checked.upstreamRequestIds],
    resend: true,
  };
  const outcome = await post(
    send,
    { kind: 'ready', toPost: toPost.map(sendItemOf), alreadyApplied: done },
    {
      alreadyPosting: true,
    },
  );
  return record(send, outcome);
}

/**
 * Sends a batch a manager approved: awaiting approval → preparing by compare-and-set,
 * then the same prepare → post → record as any batch, under the key claimed at submission (spec:
 * Endpoints 10, Idempotency-Key: one key, one batch). Of two managers approving at once, one sends
 * and the other gets that outcome; the author can never approve.
 */
export async function sendApproved(approver: Viewer, batchId: string, requestId: string): Promise<BatchView> {
  const batch = await batchView(batchId);
  if (!batch) throw new ApprovalError(404, 'not_found', 'No such batch.');
  if (batch.createdByUserId === approver.userId) {
    throw new ApprovalError(
      403,
      'own_batch',
      'You prepared this batch, so another manager must approve it (maker-checker).',
    );
  }
  if (batch.state === S.returned) throw alreadyReturned(batch);
  if (batch.state !== S.awaitingApproval || !(await approveBatch(batchId, approver))) {
    // Another manager approved it first (or it was never waiting): theirs is the one send.
    const now = await batchView(batchId);
    if (now?.state === S.returned) throw alreadyReturned(now);
    if (!batch.approval && batch.state !== S.awaitingApproval) {
      throw new ApprovalError(409, 'not_awaiting_approval', 'This batch did not wait for approval.');
    }
    return awaitSettled(batchId);
  }
  await auditSuccess(
    approver,
    'approvals.approve',
    batchId,
    requestId,
    { preparedBy: batch.createdByEmail, events: batch.eventCount },
    batch.connection,
  );
  await notifyPreparer(batch, {
    rule: 'approval_approved',
    title: 'Your batch was approved',
    body: `${approver.email} approved your ${plural(batch.eventCount, 'decision')}; ${pluralWord(batch.eventCount, 'it is', 'they are')} being sent.`,
  });
  return run({
    batchId,
    connection: batch.connection,
    actor: approver,
    preparedBy: batch.createdByEmail,
    entries: batch.items.map(sendItemOf),
    requestId,
    client: upstreamClient(requestId, batch.connection),
    upstreamRequestIds: [],
  });
}

const alreadyReturned = (batch: BatchView) =>
  new ApprovalError(
    409,
    'already_returned',
    `This batch was already sent back${batch.approval?.decidedByEmail ? ` by ${batch.approval.decidedByEmail}` : ''}.`,
  );

/** A decision of a stored batch as the send steps take it. */
function sendItemOf(item: BatchView['items'][number]): SendItem {
  return {
    eventId: item.eventId,
    patentId: item.patentId,
    decision: item.decision as DraftEntry['decision'],
    caseReference: item.caseReference,
    providerId: item.providerId,
    office: item.office,
    dueDate: item.dueDate ?? '',
    annuityYear: item.annuityYear,
    paymentSequence: item.paymentSequence,
    estimate: item.estimate ? { ...item.estimate, serviceFee: null } : null,
  };
}

function rationalesOf(input: SendInput): Map<string, string> {
  const rationales = new Map<string, string>();
  for (const { eventId, note } of input.notes ?? []) if (note.trim()) rationales.set(eventId, note.trim());
  for (const { eventId, rationale } of input.dropConfirmations) {
    if (rationale?.trim()) rationales.set(eventId, rationale.trim());
  }
  return rationales;
}

export function approvalRequired(entries: readonly SendItem[], reasons: readonly ApprovalReason[]) {
  const nameOf = (eventId: string) => {
    const entry = entries.find((candidate) => candidate.eventId === eventId);
    return entry ? patentName(entry) : eventId;
  };
  return new DecisionInputError(
    403,
    'approval_required',
    `These decisions need a manager's approval before they are sent: ${reasons
      .map((reason) => describeApprovalReason(reason, nameOf))
      .join(' ')} Submit them for approval instead.`,
    reasons.flatMap((reason) =>
      reason.kind === 'batch_over'
        ? []
        : [
            {
              eventId: reason.eventId,
              code: 'approval_required',
              title: 'Needs approval',
              detail: describeApprovalReason(reason, nameOf),
            },
          ],
    ),
    { approvalReasons: reasons },
  );
}

async function run(send: Send): Promise<BatchView> {
  const prepared = await prepare(send);
  const outcome = prepared.kind === 'ready' ? await post(send, prepared) : prepared;
  return record(send, outcome);
}

/** One batch on its way, shared by the steps. */
interface Send {
  batchId: string;
  /** The batch's client, whose key `client` carries. */
  connection: string;
  actor: Viewer;
  entries: readonly SendItem[];
  requestId: string;
  client: AnnuityClient;
  /** The service's request id of every call made for this batch, for the record and the audit. */
  upstreamRequestIds: string[];
  /** The preparer's email when `actor` is the manager who approved it. */
  preparedBy?: string | null;
  /** The same batch sent again after its answer was lost (resendBatch). */
  resend?: boolean;
  /** The events as read to judge the approval policy, reused by prepare instead of a second read. */
  preread?: CurrentDecisions;
}

/** Where prepare leaves a batch that is to be posted. */
interface Ready {
  kind: 'ready';
  toPost: SendItem[];
  /** Renewals already carrying their decision: not sent again, counted as executed. */
  alreadyApplied: Set<string>;
}

type Stage = 'reread' | 'post';

/** What is known once prepare or post is over, for record to write. */
type Outcome =
  | {
      kind: 'executed';
      receipt: InstructionReceipt;
      posted: SendItem[];
      alreadyApplied: Set<string>;
      /** The posted renewals known to be executed: the rest await it (see executedByReceipt). */
      executed: Set<string>;
    }
  | {
      kind: 'rejected';
      stage: Stage;
      problem: BatchProblem;
      alreadyApplied: Set<string>;
      refusedEvents?: number;
    }
  | { kind: 'all_already_applied'; stage: Stage }
  | { kind: 'outcome_unknown' }
  /** A reconciliation settled the record before it was posted: nothing is left to do. */
  | { kind: 'superseded' };

// ── draft: the user's own checks, before any record exists ──────────────────────────────────────

export async function checkDraft(userId: string, input: SendInput): Promise<DraftEntry[]> {
  const draft = await readDraft(userId);
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
  return draft.entries;
}

/** DROP is irreversible (spec: Instruction rules): each one needs its own, specific confirmation. */
function unconfirmedDrops(
  entries: readonly SendItem[],
  confirmations: SendInput['dropConfirmations'],
): SendItem[] {
  const confirmed = new Map(confirmations.map((c) => [c.eventId, c.patentName.trim()]));
  return entries.filter(
    (entry) => entry.decision === 'DROP' && confirmed.get(entry.eventId) !== patentName(entry),
  );
}

// ── prepare: re-read the events; nothing can have been executed yet, so any failure refuses ─────

async function prepare(send: Send): Promise<Ready | Outcome> {
  const { entries } = send;
  let current: CurrentDecisions;
  try {
    current =
      send.preread ?? (await readCurrent(send.client, entries, send.requestId, send.upstreamRequestIds));
    await recordEstimates(send.batchId, current.events);
  } catch (error) {
    const problem = batchLevelProblem(error, send.requestId, []);
    if (problem.code === 'internal_error')
      logger.error(
        { err: error, batchId: send.batchId, requestId: send.requestId },
        'batch preparation failed',
      );
    return { kind: 'rejected', stage: 'reread', problem, alreadyApplied: new Set() };
  }
  const { applied, refusals } = current;
  if (refusals.length > 0) {
    return {
      kind: 'rejected',
      stage: 'reread',
      refusedEvents: refusals.length,
      alreadyApplied: applied,
      problem: {
        status: 409,
        code: 'refused_before_sending',
        title: 'The service would refuse this batch',
        detail: `${refusals.length} of ${plural(entries.length, 'decision')} ${pluralWord(refusals.length, 'is', 'are')} no longer possible as chosen, so nothing was sent. The renewals concerned are marked; the rest of your decisions are kept.`,
        events: [...refusals, ...[...applied].map((eventId) => eventProblem(eventId, 'already_applied'))],
      },
    };
  }
  const toPost = entries.filter((entry) => !applied.has(entry.eventId));
  if (toPost.length === 0) return { kind: 'all_already_applied', stage: 'reread' };
  return { kind: 'ready', toPost, alreadyApplied: applied };
}

// ── post: once, never retried ───────────────────────────────────────────────────────────────────

async function post(
  send: Send,
  { toPost, alreadyApplied }: Ready,
  { alreadyPosting = false }: { alreadyPosting?: boolean } = {},
): Promise<Outcome> {
  // A start-up reconciliation that settled this record meanwhile wins: nothing is posted.
  if (
    !alreadyPosting &&
    !(await startPosting(send.batchId, { upstreamRequestIds: send.upstreamRequestIds }))
  ) {
    return { kind: 'superseded' };
  }
  try {
    const answer = await send.client.postPatentInstructions(
      { instructions: toPost.map((entry) => ({ eventId: entry.eventId, decision: entry.decision })) },
      { requestId: send.requestId },
    );
    if (answer.meta.requestId) send.upstreamRequestIds.push(answer.meta.requestId);
    noteScopeFromSend('patents:instructions:write', 'granted');
    const executed = await executedByReceipt(send, toPost, answer.data);
    return { kind: 'executed', receipt: answer.data, posted: toPost, alreadyApplied, executed };
  } catch (error) {
    if (error instanceof AnnuityApiError && error.requestId) send.upstreamRequestIds.push(error.requestId);
    if (outcomeIsUnknown(error)) return { kind: 'outcome_unknown' };
    noteScopeFromRefusal(error);
    const refusal = await attributeRefusal(error, toPost, send.client, send.requestId);
    const done = new Set([...alreadyApplied, ...refusal.applied]);
    if (done.size === send.entries.length) return { kind: 'all_already_applied', stage: 'post' };
    return { kind: 'rejected', stage: 'post', problem: refusal.problem, alreadyApplied: done };
  }
}

/**
 * Which posted renewals the answer shows executed. spec: Instruction — `status` is "EXECUTED in
 * DIRECT mode", other values "not shown", and `scheduledForExecutionAt` exists for other modes: a
 * receipt whose instructions are not all EXECUTED is not taken as execution. The events are read
 * again then, and a renewal counts as executed when the service shows our decision applied
 * (`appliedDecision`, spec: Instruction rules). The others await execution; the batch stays open
 * and is settled from the events later (./reconcile.ts).
 */
async function executedByReceipt(
  send: Send,
  toPost: readonly SendItem[],
  receipt: InstructionReceipt,
): Promise<Set<string>> {
  const all = new Set(toPost.map((entry) => entry.eventId));
  const allExecuted =
    receipt.instructions.length === toPost.length &&
    receipt.instructions.every((instruction) => instruction.status === 'EXECUTED');
  if (allExecuted) return all;
  try {
    const current = await rereadDecisions(send.client, toPost, send.requestId);
    send.upstreamRequestIds.push(
      ...current.metas.flatMap((meta) => (meta.requestId ? [meta.requestId] : [])),
    );
    return current.applied;
  } catch {
    return new Set();
  }
}

// ── record: the outcome, per event; the audit entry ─────────────────────────────────────────────

async function record(send: Send, outcome: Outcome): Promise<BatchView> {
  const eventIds = send.entries.map((entry) => entry.eventId);
  const { upstreamRequestIds } = send;
  switch (outcome.kind) {
    case 'executed':
      // Should this fail, the batch stays 'posting': the service has acted, and the reconciliation
      // (at start-up, or from the batch page) settles it from the events' state.
      await recordExecuted(send.batchId, { ...outcome, upstreamRequestIds });
      await audit(send, 'success', {
        receiptNumber: outcome.receipt.number,
        receiptReference: outcome.receipt.reference,
        ...(outcome.executed.size < outcome.posted.length
          ? { awaitingExecution: outcome.posted.length - outcome.executed.size }
          : {}),
      });
      break;
    case 'all_already_applied':
      await recordAllAlreadyApplied(send.batchId, {
        eventIds,
        problem: ALL_ALREADY_APPLIED,
        upstreamRequestIds,
      });
      await audit(send, 'success', {
        ...(outcome.stage === 'post' ? { stage: 'post' } : {}),
        alreadyApplied: eventIds.length,
      });
      break;
    case 'rejected':
      await recordRejected(send.batchId, { ...outcome, eventIds, upstreamRequestIds });
      await audit(send, 'failure', {
        stage: outcome.stage,
        code: outcome.problem.code,
        ...(outcome.refusedEvents === undefined ? {} : { refusedEvents: outcome.refusedEvents }),
      });
      break;
    case 'outcome_unknown':
      await markOutcomeUnknown(send.batchId, upstreamRequestIds);
      await audit(send, 'failure', { stage: 'post', code: 'outcome_unknown' });
      try {
        return await reconcileBatch(send.batchId, send.requestId);
      } catch {
        // The service is still not answering: the batch stays open and is reconciled later.
      }
      break;
    case 'superseded':
      break;
  }
  return (await batchView(send.batchId)) as BatchView;
}

const ALL_ALREADY_APPLIED: BatchProblem = {
  status: 200,
  code: 'already_applied',
  title: 'Already done',
  detail:
    'Every renewal of this batch already carried its decision at the service (an earlier attempt or a colleague sent it), so nothing was sent again.',
  events: [],
};

function audit(send: Send, outcome: 'success' | 'failure', details: Record<string, unknown>) {
  return recordAudit({
    actor: { userId: send.actor.userId, email: send.actor.email },
    action: 'decisions.send',
    target: send.batchId,
    connection: send.connection,
    outcome,
    requestId: send.requestId,
    upstreamRequestIds: send.upstreamRequestIds,
    details: {
      events: send.entries.length,
      decisions: countDecisions(send.entries),
      ...(send.preparedBy ? { preparedBy: send.preparedBy, approvedBy: send.actor.email } : {}),
      ...(send.resend ? { resend: true } : {}),
      ...details,
    },
  });
}

function countDecisions(entries: readonly SendItem[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of entries) counts[entry.decision] = (counts[entry.decision] ?? 0) + 1;
  return counts;
}

// ── a batch someone else is sending (a double click, another tab) ───────────────────────────────

const SETTLE_POLL_MS = 200;
const SETTLE_WAIT_MS = 45_000;

/** Waits for the outcome while a live request is preparing or posting the batch. */
export async function awaitSettled(batchId: string): Promise<BatchView> {
  const deadline = Date.now() + SETTLE_WAIT_MS;
  for (;;) {
    const view = await batchView(batchId);
    if (!view) throw new Error(`batch ${batchId} vanished`);
    if ((view.state !== S.preparing && view.state !== S.posting) || Date.now() > deadline) return view;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  }
}
