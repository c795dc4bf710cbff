import type { EventProblem } from '../../decisions/event-problems';
import { DomainError } from '../errors/domain-error';

type DecisionInputCode =
  | 'draft_changed'
  | 'draft_empty'
  | 'selection_refused'
  | 'drop_not_confirmed'
  /** The approval policy wants a manager first (see ./approval-policy.ts). */
  | 'approval_required'
  /** A renewal already in a batch that is not settled (one renewal, one open batch). */
  | 'being_sent'
  /** Sending a batch again: it is not checking with the service, or the service took it. */
  | 'not_checking'
  | 'accepted_by_service'
  /** A single-batch send of renewals of several clients (one batch per client instead). */
  | 'several_clients'
  | 'not_found';

/** A send refused before anything reaches the service: the draft changed, or a rule is not met. */
export class DecisionInputError extends DomainError<DecisionInputCode> {
  override name = 'DecisionInputError';
  constructor(
    status: number,
    code: DecisionInputCode,
    message: string,
    readonly events: EventProblem[] = [],
    /** More members for the problem+json (RFC 9457 §3.2), e.g. why approval is required. */
    extensions: Record<string, unknown> = {},
  ) {
    super({
      status,
      code,
      title: code === 'approval_required' ? 'Approval required' : 'The decisions cannot be sent',
      detail: message,
      // The review marks each renewal a refusal names, so the events always ride along.
      extensions: { ...extensions, events },
    });
  }
}

type ApprovalCode =
  | 'not_found'
  | 'own_batch'
  | 'already_returned'
  | 'already_decided'
  | 'not_awaiting_approval';

/** An approver's approve or send-back that cannot be done as asked. */
export class ApprovalError extends DomainError<ApprovalCode> {
  override name = 'ApprovalError';
  constructor(status: 403 | 404 | 409, code: ApprovalCode, message: string) {
    super({
      status,
      code,
      title: status === 404 ? 'Not found' : 'The approval cannot be done',
      detail: message,
    });
  }
}
