import 'server-only';
import { splitForApproval } from '../../decisions/approval-split';
import type { BatchView } from '../../decisions/batch';
import { BATCH_STATE as S } from '../../decisions/batch-states';
import type { DraftEntry } from '../../decisions/draft';
import type { Viewer } from '../auth/session';
import type { ClientScope } from '../clients/scope';
import { readApprovalPolicy } from './approval-policy';
import { entriesByClient, severalClients } from './client-parts';
import { DraftConflictError, readDraft, writeDraft } from './drafts';
import { DecisionInputError } from './errors';
import { type SendInput, sendDraft } from './send';

export interface SplitInput {
  batchKey: string;
  dropConfirmations: SendInput['dropConfirmations'];
  notes?: SendInput['notes'];
}

export interface SplitOutcome {
  /** The decisions that needed no approval, sent now as one batch. */
  sent: BatchView;
  /**
   * The rest, submitted for a manager's approval; null when the first batch did not go through
   * whole (refused, or its outcome still open): they are back in the draft, unsent, then.
   */
  held: BatchView | null;
}

const only = <T extends { eventId: string }>(
  items: readonly T[] | undefined,
  entries: readonly DraftEntry[],
) => {
  const ids = new Set(entries.map((entry) => entry.eventId));
  return (items ?? []).filter((item) => ids.has(item.eventId));
};

const draftChanged = () =>
  new DecisionInputError(
    409,
    'draft_changed',
    'The decisions changed since this review was opened (here or in another tab). Review them again before sending.',
  );

/**
 * Sends a draft the approval policy holds only in part as two batches: the decisions no
 * rule holds go to the service now, the rest wait for a manager (lib/decisions/approval-split.ts).
 * Each is an ordinary batch through sendDraft, so every rule of sending (the drop confirmations,
 * one renewal in one open batch, the policy itself, re-checked on fresh fees) applies to both.
 *
 * sendDraft sends the whole draft, so the held decisions are set aside while the first batch goes
 * and put back whatever happens to it, before the second is submitted. The second is submitted only
 * when the first was executed whole; otherwise the held decisions stay in the draft with what the
 * first left there, and the review shows why.
 */
export async function sendSplit(
  actor: Viewer,
  input: SplitInput,
  requestId: string,
  scope: ClientScope,
): Promise<SplitOutcome> {
  const draft = await readDraft(actor.userId);
  if (draft.batchKey !== input.batchKey) throw draftChanged();
  // One client's decisions, judged by that client's policy; several clients' are sent per client.
  const parts = await entriesByClient(draft.entries, scope);
  if (parts.size > 1) throw severalClients(parts, scope);
  const split = splitForApproval(await readApprovalPolicy([...parts.keys()][0]), draft.entries);
  if (!split) {
    throw new DecisionInputError(
      409,
      'approval_required',
      'These decisions cannot be split: either none needs approval, all do, or the ones left would need approval too. Send them together.',
    );
  }
  let first: Awaited<ReturnType<typeof writeDraft>>;
  try {
    first = await writeDraft(actor.userId, split.now, draft.batchKey);
  } catch (error) {
    if (error instanceof DraftConflictError) throw draftChanged();
    throw error;
  }
  let sent: BatchView;
  try {
    sent = await sendDraft(
      actor,
      {
        batchKey: first.batchKey,
        dropConfirmations: only(input.dropConfirmations, split.now),
        notes: only(input.notes, split.now),
      },
      requestId,
      scope,
    );
  } finally {
    await putBack(actor.userId, split.held);
  }
  const after = await readDraft(actor.userId);
  const whole =
    sent.state === S.executed &&
    after.entries.every((entry) => split.held.some((h) => h.eventId === entry.eventId));
  if (!whole) return { sent, held: null };
  const held = await sendDraft(
    actor,
    {
      batchKey: after.batchKey,
      dropConfirmations: only(input.dropConfirmations, split.held),
      notes: only(input.notes, split.held),
      requestApproval: true,
    },
    requestId,
    scope,
  );
  return { sent, held };
}

/** The held decisions back into the draft, beside whatever the first batch left there. */
async function putBack(userId: string, held: readonly DraftEntry[]): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const current = await readDraft(userId);
    const kept = current.entries.filter((entry) => !held.some((h) => h.eventId === entry.eventId));
    try {
      await writeDraft(userId, [...kept, ...held], current.batchKey);
      return;
    } catch (error) {
      // Another tab saved between the read and the write: read again and merge once more.
      if (!(error instanceof DraftConflictError)) throw error;
    }
  }
  throw new Error('the held decisions could not be put back into the draft');
}
