import type { EventProblem } from '../../decisions/event-problems';

/** A send refused before anything reaches the service: the draft changed, or a rule is not met. */
export class DecisionInputError extends Error {
  override name = 'DecisionInputError';
  constructor(
    readonly status: number,
    readonly code:
      | 'draft_changed'
      | 'draft_empty'
      | 'selection_refused'
      | 'drop_not_confirmed'
      /** Issue 18: the approval policy wants a manager first (see ./approval-policy.ts). */
      | 'approval_required'
      /** A renewal already in a batch that is not settled (one renewal, one open batch). */
      | 'being_sent'
      /** Sending a batch again: it is not checking with the service, or the service took it. */
      | 'not_checking'
      | 'accepted_by_service'
      | 'not_found',
    message: string,
    readonly events: EventProblem[] = [],
    /** More members for the problem+json (RFC 9457 §3.2), e.g. why approval is required. */
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Issue 18: an approver's approve or send-back that cannot be done as asked. */
export class ApprovalError extends Error {
  override name = 'ApprovalError';
  constructor(
    readonly status: 403 | 404 | 409,
    readonly code:
      | 'not_found'
      | 'own_batch'
      | 'already_returned'
      | 'already_decided'
      | 'not_awaiting_approval',
    message: string,
  ) {
    super(message);
  }
}
