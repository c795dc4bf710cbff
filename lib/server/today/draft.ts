import 'server-only';
import type { Draft, DraftEntry } from '../../decisions/draft';
import { type DraftMerge, mergeIntoDraft } from '../../today/draft-merge';
import { DraftConflictError, readDraft, writeDraft } from '../decisions/drafts';

/**
 * Today's "add this bucket (or these renewals) to the draft": merged into the user's one draft
 * through the draft store, as a new version of the draft it read (lib/server/decisions/drafts.ts),
 * so a tab editing the same draft meanwhile is never overwritten: on a conflict the merge is
 * redone on the newer draft.
 */
const ATTEMPTS = 3;

export interface DraftAddition extends Omit<DraftMerge, 'entries'> {
  draft: Draft;
}

export async function addToDraft(userId: string, entries: readonly DraftEntry[]): Promise<DraftAddition> {
  let current = await readDraft(userId);
  for (let attempt = 1; ; attempt++) {
    const { entries: merged, ...outcome } = mergeIntoDraft(current.entries, entries);
    // Nothing new: the draft keeps its version (and the batch key it would be sent with).
    if (outcome.added === 0 && outcome.changed === 0) return { ...outcome, draft: current };
    try {
      return { ...outcome, draft: await writeDraft(userId, merged, current.batchKey) };
    } catch (error) {
      if (!(error instanceof DraftConflictError) || attempt >= ATTEMPTS) throw error;
      current = error.current;
    }
  }
}
