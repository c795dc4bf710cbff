import type { Decision } from '@/lib/annuity/enums';
import type { Instructability } from '@/lib/annuity/schemas';
import { familyReferenceText } from '@/lib/portfolio/family';

/**
 * Standing instructions: a team's lasting answer for a patent or a whole family ("renew
 * every year", "handled elsewhere", "review each time"). They only ever SUGGEST: a suggestion is
 * shown beside the renewal and enters the draft when the user accepts it; nothing is sent without
 * the user, and the approval policy still applies when the draft is sent. Pure and browser-safe:
 * the month view computes suggestions from the same rules the server's tests use.
 */
export const STANDING_INSTRUCTIONS = ['renew', 'skip', 'review'] as const;
export type StandingInstructionKind = (typeof STANDING_INSTRUCTIONS)[number];

/** The month view's query of all instructions; the server page fills it (no fetch on load). */
export const STANDING_INSTRUCTIONS_QUERY_KEY = ['standing-instructions'] as const;

export const STANDING_SCOPES = ['patent', 'family'] as const;
export type StandingScope = (typeof STANDING_SCOPES)[number];

export const STANDING_INSTRUCTION_LABELS: Record<StandingInstructionKind, string> = {
  renew: 'Renew every year',
  skip: 'Handled elsewhere (skip)',
  review: 'Review each time',
};

/** The decision each instruction suggests; "review each time" suggests none, and DROP never is. */
const SUGGESTED: Record<StandingInstructionKind, Decision | null> = {
  renew: 'PROCEED',
  skip: 'SKIP_THIS_TIME',
  review: null,
};

/** The decision an instruction suggests; null for "review each time" and for kinds not known here. */
export function suggestedDecision(instruction: Pick<StandingInstruction, 'instruction'>): Decision | null {
  return Object.hasOwn(SUGGESTED, instruction.instruction) ? SUGGESTED[instruction.instruction] : null;
}

export interface StandingInstruction {
  id: string;
  /**
   * The client the patent or family is of: a family reference is the client's own, so two clients
   * may use the same one, and an instruction applies to its own client's renewals only.
   */
  connection: string;
  scope: StandingScope;
  /** The patent id, or the family reference. */
  target: string;
  instruction: StandingInstructionKind;
  reason: string | null;
  setByEmail: string | null;
  /** ISO timestamp. */
  setAt: string;
}

/** A renewal as far as standing instructions need it (a month-view row has these fields). */
export interface InstructableRenewal {
  eventId: string;
  patentId: string;
  family: string | null;
  instructability: Instructability | null;
  /** The renewal's client; absent where the rows are of one client. */
  client?: { id: string } | undefined;
}

export interface StandingLookup {
  byPatent: ReadonlyMap<string, StandingInstruction>;
  /** Per family reference, one instruction per client using that reference. */
  byFamily: ReadonlyMap<string, readonly StandingInstruction[]>;
}

/** Indexes a list once, so a month of 2,000 rows looks each up in constant time. */
export function standingLookup(instructions: readonly StandingInstruction[]): StandingLookup {
  const byPatent = new Map<string, StandingInstruction>();
  const byFamily = new Map<string, StandingInstruction[]>();
  for (const instruction of instructions) {
    if (instruction.scope === 'patent') byPatent.set(instruction.target, instruction);
    else if (instruction.scope === 'family')
      byFamily.set(instruction.target, [...(byFamily.get(instruction.target) ?? []), instruction]);
  }
  return { byPatent, byFamily };
}

/** The instruction that applies to a renewal: the patent's own wins over its family's. */
export function applicableInstruction(
  lookup: StandingLookup,
  renewal: Pick<InstructableRenewal, 'patentId' | 'family' | 'client'>,
): StandingInstruction | null {
  const ofClient = (instruction: StandingInstruction) =>
    renewal.client === undefined || instruction.connection === renewal.client.id;
  const own = lookup.byPatent.get(renewal.patentId);
  if (own && ofClient(own)) return own;
  if (!renewal.family) return null;
  return lookup.byFamily.get(renewal.family)?.find(ofClient) ?? null;
}

export interface StandingSuggestion {
  eventId: string;
  /** The decision suggested, or null for "review each time" (a marker, no decision). */
  decision: Decision | null;
  instruction: StandingInstruction;
}

/** What is already in the draft, as far as suggestions must respect it. */
export interface DecidedIndex {
  events: ReadonlySet<string>;
  patents: ReadonlySet<string>;
}

export function decidedIndex(draft: readonly { eventId: string; patentId: string }[]): DecidedIndex {
  return {
    events: new Set(draft.map((entry) => entry.eventId)),
    patents: new Set(draft.map((entry) => entry.patentId)),
  };
}

/**
 * The suggestion for one renewal, or null. A decision is suggested only when the service offers
 * it now (spec: Instruction rules — the event is allowed and the decision is in
 * `instructability.allowedDecisions`; never inferred from `duePeriod`), never over a decision the
 * user already put in the draft, and never for a second renewal of a patent already in it (spec:
 * Endpoints 10, one event per patent per batch). "Review each time" is always shown. Per row, so
 * the month view works it out for the rows it draws, not again for all on every sort.
 */
export function standingSuggestion(
  lookup: StandingLookup,
  renewal: InstructableRenewal,
  decided: DecidedIndex,
): StandingSuggestion | null {
  const instruction = applicableInstruction(lookup, renewal);
  if (!instruction) return null;
  const decision = suggestedDecision(instruction);
  if (decision === null) return { eventId: renewal.eventId, decision: null, instruction };
  if (decided.events.has(renewal.eventId) || decided.patents.has(renewal.patentId)) return null;
  const offered = renewal.instructability?.isAllowed ? renewal.instructability.allowedDecisions : [];
  return offered.includes(decision) ? { eventId: renewal.eventId, decision, instruction } : null;
}

/** The suggestions of many renewals, by event id. */
export function standingSuggestions(
  lookup: StandingLookup,
  renewals: readonly InstructableRenewal[],
  draft: readonly { eventId: string; patentId: string }[],
): Map<string, StandingSuggestion> {
  const suggestions = new Map<string, StandingSuggestion>();
  if (lookup.byPatent.size === 0 && lookup.byFamily.size === 0) return suggestions;
  const decided = decidedIndex(draft);
  for (const renewal of renewals) {
    const suggestion = standingSuggestion(lookup, renewal, decided);
    if (suggestion) suggestions.set(renewal.eventId, suggestion);
  }
  return suggestions;
}

/** "Renew every year, set by anna@example.com": who decided it, shown wherever it is. */
export function standingSummary(instruction: StandingInstruction): string {
  const label = STANDING_INSTRUCTION_LABELS[instruction.instruction] ?? instruction.instruction;
  return `${label}${instruction.scope === 'family' ? `, for ${familyReferenceText(instruction.target)}` : ''}, set by ${
    instruction.setByEmail ?? 'a former user'
  }`;
}
