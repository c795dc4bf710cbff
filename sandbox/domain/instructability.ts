import {
  DECISIONS,
  type Decision,
  type KnownBlockedReason,
  type KnownInstructabilityMode,
} from '../../lib/annuity/schemas';
import { addMonths, startOfMonth } from './calendar';
import { duePeriodOf } from './due-period';
import type { EventRecord } from './model';

export interface InstructabilityResult {
  isAllowed: boolean;
  allowedDecisions: Decision[];
  blockedReason: KnownBlockedReason | null;
  opensAt: string;
  mode: KnownInstructabilityMode;
}

/** spec: Instruction rules — on a LAPSED event the office no longer accepts payment: no PROCEED. */
const WITHOUT_PROCEED: readonly Decision[] = DECISIONS.filter((decision) => decision !== 'PROCEED');

/** spec: Instruction rules — "the first day of the month two months before the due month". */
export function opensAtFor(dueDate: string): string {
  return startOfMonth(addMonths(startOfMonth(dueDate), -2));
}

/** Decided: a decision applied, or one accepted and scheduled (a deferred mode). */
function isDecided(event: EventRecord): boolean {
  return event.appliedDecision !== null || Boolean(event.scheduled);
}

/** The chronologically earliest event of the patent that has no decision yet. */
export function earliestUndecidedEvent(event: EventRecord): EventRecord | null {
  return event.patent.events.find((candidate) => !isDecided(candidate)) ?? null;
}

/** Due dates of the patent's undecided events before this one (instruction_skipped extension). */
export function missingPreviousRenewalDates(event: EventRecord): string[] {
  const dates: string[] = [];
  for (const candidate of event.patent.events) {
    if (candidate === event) break;
    if (!isDecided(candidate)) dates.push(candidate.dueDate);
  }
  return dates;
}

/**
 * The one rule behind both `instructability` on every event and the checks of
 * POST /patent-instructions (spec: Instruction rules, "computed by the same rule the POST
 * enforces"). The reasons are tested in the table's order: already decided, then too early, then
 * an earlier undecided event of the same patent. PROCEED is not offered once the event is LAPSED.
 */
export function instructabilityOf(event: EventRecord, today: string): InstructabilityResult {
  const blocked = (blockedReason: KnownBlockedReason): InstructabilityResult => ({
    isAllowed: false,
    allowedDecisions: [],
    blockedReason,
    opensAt: event.opensAt,
    mode: 'DIRECT',
  });
  // A scheduled instruction counts: it is never instructed twice (spec: Errors, 409).
  if (isDecided(event)) return blocked('ALREADY_INSTRUCTED');
  if (today < event.opensAt) return blocked('TOO_EARLY');
  if (earliestUndecidedEvent(event) !== event) return blocked('EARLIER_EVENT_PENDING');
  const lapsed = duePeriodOf(event, today) === 'LAPSED';
  return {
    isAllowed: true,
    allowedDecisions: [...(lapsed ? WITHOUT_PROCEED : DECISIONS)],
    blockedReason: null,
    opensAt: event.opensAt,
    mode: 'DIRECT',
  };
}
