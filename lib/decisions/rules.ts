import { DECISIONS, type Decision } from '@/lib/annuity/enums';
import type { Instructability } from '@/lib/annuity/schemas';
import type { DraftEntry } from './draft';

/**
 * The dashboard's own checks on a selection, made early so the user learns on the row rather than
 * from a rejected batch (architecture: "the service's answer still wins"). Pure: the form runs
 * them on every change and the server runs them again before sending.
 */
type SelectionProblemCode = 'decision_not_offered' | 'second_event_of_patent';

export interface SelectionProblem {
  eventId: string;
  code: SelectionProblemCode;
  message: string;
}

type Checked = Pick<DraftEntry, 'eventId' | 'patentId' | 'decision' | 'allowedDecisions' | 'dueDate'>;

export function selectionProblems(entries: readonly Checked[]): SelectionProblem[] {
  const problems: SelectionProblem[] = [];
  // spec: Endpoints 10 — one event per patent per batch, the chronologically earliest.
  const firstByPatent = new Map<string, Checked>();
  for (const entry of [...entries].sort((a, b) => a.dueDate.localeCompare(b.dueDate))) {
    const first = firstByPatent.get(entry.patentId);
    if (!first) firstByPatent.set(entry.patentId, entry);
    else {
      problems.push({
        eventId: entry.eventId,
        code: 'second_event_of_patent',
        message: `Another renewal of this patent (due ${first.dueDate}) is already in the batch; a batch takes one renewal per patent.`,
      });
    }
  }
  for (const entry of entries) {
    if (!entry.allowedDecisions.includes(entry.decision)) {
      problems.push({
        eventId: entry.eventId,
        code: 'decision_not_offered',
        message:
          entry.allowedDecisions.length === 0
            ? 'The service does not accept a decision for this renewal now.'
            : `The service offers only ${entry.allowedDecisions.join(', ')} for this renewal.`,
      });
    }
  }
  return problems;
}

/** Whether adding this event keeps the batch to one renewal per patent. */
export function conflictsWith<Entry extends Pick<DraftEntry, 'eventId' | 'patentId'>>(
  entries: readonly Entry[],
  candidate: { eventId: string; patentId: string },
) {
  return (
    entries.find((entry) => entry.patentId === candidate.patentId && entry.eventId !== candidate.eventId) ??
    null
  );
}

/** The decisions the service offers for a row now, among those this version can send. */
export function offeredDecisions(row: { instructability: Instructability | null }): Decision[] {
  const allowed = row.instructability?.isAllowed ? row.instructability.allowedDecisions : [];
  return DECISIONS.filter((decision) => allowed.includes(decision));
}
