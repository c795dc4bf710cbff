import type { Instructability } from '@/lib/annuity/schemas';
import { formatDate } from '@/lib/format/dates';

/**
 * What to tell the user about one renewal of a refused batch, by problem code: the service's
 * instruction codes (spec: Errors) and the same situations found by our re-read before sending.
 * One table, read by the server that attributes problems and by the pages that show them.
 */
export interface EventProblem {
  eventId: string;
  code: string;
  title: string;
  detail: string;
  /** instruction_skipped: the due dates of the earlier renewals to decide first. */
  missingPreviousRenewalDates?: string[];
  /** instruction_too_early: when the renewal opens. */
  opensAt?: string | null;
}

export function eventProblem(
  eventId: string,
  code: string,
  context: {
    opensAt?: string | null;
    missingPreviousRenewalDates?: string[];
    serviceDetail?: string;
    locale?: string;
  } = {},
): EventProblem {
  const date = (value: string) => formatDate(value, context.locale);
  switch (code) {
    case 'instruction_skipped': {
      const dates = context.missingPreviousRenewalDates ?? [];
      return {
        eventId,
        code,
        title: 'An earlier renewal comes first',
        detail:
          dates.length > 0
            ? `The renewal${dates.length > 1 ? 's' : ''} due ${dates.map(date).join(', ')} of this patent must be decided first (only the earliest open renewal of a patent can be instructed).`
            : 'An earlier renewal of this patent must be decided first, and a batch takes one renewal per patent.',
        missingPreviousRenewalDates: dates,
      };
    }
    case 'instruction_too_early':
      return {
        eventId,
        code,
        title: 'Too early',
        detail: context.opensAt
          ? `This renewal opens for instruction on ${date(context.opensAt)}.`
          : 'This renewal is not open for instruction yet.',
        opensAt: context.opensAt ?? null,
      };
    case 'instruction_lapsed':
      return {
        eventId,
        code,
        title: 'Decision no longer offered',
        detail:
          'The service no longer offers this decision: after the grace period a renewal cannot be paid (PROCEED), only skipped or dropped.',
      };
    case 'instruction_already_set':
      return {
        eventId,
        code,
        title: 'Already decided',
        detail: 'A decision was already executed for this renewal; it cannot be changed through the service.',
      };
    case 'already_applied':
      return {
        eventId,
        code,
        title: 'Already done',
        detail:
          'This renewal already carries this decision at the service (an earlier attempt or a colleague sent it); it counts as done and leaves your draft.',
      };
    case 'event_not_found':
      return {
        eventId,
        code,
        title: 'Renewal no longer listed',
        detail: 'The service no longer lists this renewal (for example, its patent was dropped).',
      };
    default:
      return {
        eventId,
        code,
        title: 'Refused by the service',
        detail: context.serviceDetail ?? 'The service refused this renewal.',
      };
  }
}

/**
 * The problem our re-read finds before sending, or null when the service would accept the
 * decision now. Read only from the service's instructability (never inferred from duePeriod).
 */
export function problemFromInstructability(
  eventId: string,
  decision: string,
  instructability: Instructability | undefined,
  appliedDecision: string | null,
): EventProblem | null {
  if (!instructability) return null;
  if (instructability.isAllowed) {
    return instructability.allowedDecisions.includes(decision)
      ? null
      : eventProblem(eventId, 'instruction_lapsed');
  }
  switch (instructability.blockedReason) {
    case 'TOO_EARLY':
      return eventProblem(eventId, 'instruction_too_early', { opensAt: instructability.opensAt });
    case 'EARLIER_EVENT_PENDING':
      return eventProblem(eventId, 'instruction_skipped');
    case 'ALREADY_INSTRUCTED':
      return eventProblem(eventId, 'instruction_already_set');
    default:
      return eventProblem(eventId, appliedDecision ? 'instruction_already_set' : 'not_open', {
        serviceDetail: `The service does not accept a decision now (${instructability.blockedReason ?? 'no reason given'}).`,
      });
  }
}
