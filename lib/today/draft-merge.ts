import { type DraftEntry, MAX_DRAFT_ENTRIES } from '@/lib/decisions/draft';
import { conflictsWith } from '@/lib/decisions/rules';

/**
 * Adding a bucket (or a selection of it) to the decision draft in one action, under the month
 * view's rules: a decision the renewal's allowedDecisions do not hold is refused (spec:
 * Instruction rules), one renewal per patent per batch (spec: Limits 4), at most
 * MAX_DRAFT_ENTRIES decisions. A renewal already in the draft takes the new decision.
 */
export interface RefusedEntry {
  eventId: string;
  reason: string;
}

export interface DraftMerge {
  entries: DraftEntry[];
  added: number;
  changed: number;
  refused: RefusedEntry[];
}

export function mergeIntoDraft(current: readonly DraftEntry[], incoming: readonly DraftEntry[]): DraftMerge {
  const entries = [...current];
  const refused: RefusedEntry[] = [];
  let added = 0;
  let changed = 0;
  // Earliest first, so of two renewals of one patent the one the service would accept goes in.
  const ordered = [...incoming].sort(
    (a, b) => a.dueDate.localeCompare(b.dueDate) || a.eventId.localeCompare(b.eventId),
  );
  for (const entry of ordered) {
    if (!entry.allowedDecisions.includes(entry.decision)) {
      refused.push({
        eventId: entry.eventId,
        reason:
          entry.allowedDecisions.length === 0
            ? 'The service does not accept a decision for this renewal now.'
            : `The service offers only ${entry.allowedDecisions.join(', ')} for this renewal.`,
      });
      continue;
    }
    const at = entries.findIndex((known) => known.eventId === entry.eventId);
    if (at >= 0) {
      if (entries[at]?.decision !== entry.decision) changed += 1;
      entries[at] = entry;
      continue;
    }
    const other = conflictsWith(entries, entry);
    if (other) {
      refused.push({
        eventId: entry.eventId,
        reason: `Another renewal of this patent (due ${other.dueDate}) is already in the draft; a batch takes one renewal per patent.`,
      });
      continue;
    }
    if (entries.length >= MAX_DRAFT_ENTRIES) {
      refused.push({
        eventId: entry.eventId,
        reason: `A batch holds at most ${MAX_DRAFT_ENTRIES} decisions: send or clear the draft first.`,
      });
      continue;
    }
    entries.push(entry);
    added += 1;
  }
  return { entries, added, changed, refused };
}
