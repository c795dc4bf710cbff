import type { EventProblem } from '../../decisions/event-problems';

/** A send refused before anything reaches the service: the draft changed, or a rule is not met. */
export class DecisionInputError extends Error {
  override name = 'DecisionInputError';
  constructor(
    readonly status: number,
    readonly code: 'draft_changed' | 'draft_empty' | 'selection_refused' | 'drop_not_confirmed',
    message: string,
    readonly events: EventProblem[] = [],
  ) {
    super(message);
  }
}
