import { type ApprovalPolicy, approvalReasons } from './approval-policy';
import type { DraftEntry } from './draft';

type Decided = Pick<DraftEntry, 'eventId' | 'decision' | 'estimate'>;

export interface ApprovalSplit<E extends Decided> {
  /** The decisions no rule of the policy holds: they can go to the service now. */
  now: E[];
  /** The decisions the policy holds for a manager, each for a reason of its own. */
  held: E[];
}

/**
 * A draft the approval policy holds only in part (one DROP would hold four urgent PROCEEDs):
 * the decisions that need no approval, sent now, and the rest, submitted for approval. Null when
 * there is nothing to split: nothing needs approval, everything does, or the decisions left to
 * send now would themselves need approval (their batch total above a threshold). The review page
 * offers the split from this and the server sends by it (lib/server/decisions/split-send.ts), so
 * the rule is one.
 */
export function splitForApproval<E extends Decided>(
  policy: ApprovalPolicy,
  entries: readonly E[],
): ApprovalSplit<E> | null {
  if (approvalReasons(policy, entries).length === 0) return null;
  const now: E[] = [];
  const held: E[] = [];
  for (const entry of entries) (approvalReasons(policy, [entry]).length > 0 ? held : now).push(entry);
  if (now.length === 0 || held.length === 0) return null;
  if (approvalReasons(policy, now).length > 0) return null;
  return { now, held };
}
