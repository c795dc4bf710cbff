/**
 * The facts put beside a renewal so that keeping or dropping it is decided on them: what keeping
 * costs to the end of the forecast, how long the term still runs, where the family is still kept,
 * the annuity year, the late surcharge, the last decisions on the family and the patent's tags.
 * Browser-safe and pure: the server gathers the inputs from our own copy (lib/server/signals), the
 * pages only draw the result. Money stays a decimal string with its currency (lib/annuity/money.ts).
 */
import { isDecimal } from '../annuity/money';
import { costToExpiry as forecastCostToExpiry, isExcluded } from '../forecast/aggregate';
import type { ForecastEvent } from '../forecast/data';
import { wholeMonthsUntil } from '../format/dates';
import type { KeepScore } from './keep-score';

/** A remaining renewal's estimate, per currency, over the forecast's window. */
export interface CostToExpiry {
  currency: string;
  total: string;
  renewals: number;
  /** Due date of the last renewal counted. */
  lastDue: string;
}

export interface TermLeft {
  /** The date the term ends: the extended expiration when the office granted one. */
  expiry: string;
  extended: boolean;
  /** Whole months from today to the expiry; 0 once it has passed. */
  months: number;
}

interface FamilyOffice {
  office: string;
  patentId: string;
  kept: boolean;
}

export interface FamilySignal {
  reference: string;
  /** Patents sharing the family reference, this one included. */
  members: number;
  kept: number;
  offices: FamilyOffice[];
}

export interface FamilyDecision {
  patentId: string;
  office: string | null;
  caseReference: string | null;
  annuityYear: number | null;
  dueDate: string;
  /** PROCEED, SKIP_THIS_TIME, DROP (spec: Patent event, an open enum). */
  decision: string;
}

export interface RenewalSignals {
  patentId: string;
  /** The renewal the signals stand beside; null when the patent has none left. */
  eventId: string | null;
  annuityYear: number | null;
  dueDate: string | null;
  costToExpiry: CostToExpiry[];
  /** Remaining renewals the service gave no estimate for (counted, never priced). */
  unpricedRenewals: number;
  /** The last day the forecast covers; null without a forecast. */
  forecastTo: string | null;
  /** The term runs past the forecast: the cost shown is what the forecast knows, not all of it. */
  beyondForecast: boolean;
  term: TermLeft | null;
  family: FamilySignal | null;
  /** The GRACE_PERIOD component: known only once payment falls in grace (spec: Fees rule 2). */
  surcharge: { amount: string; currency: string } | null;
  inGrace: boolean;
  decisions: FamilyDecision[];
  tags: string[];
  /** The keep score over these signals and its reasons (./keep-score.ts). */
  keep: KeepScore;
}

/** The date the term ends: the extension where there is one (spec: Patent, extendedExpirationDate). */
function termEnd(patent: {
  expirationDate: string | null;
  extendedExpirationDate: string | null;
}): { expiry: string; extended: boolean } | null {
  if (patent.extendedExpirationDate) return { expiry: patent.extendedExpirationDate, extended: true };
  if (patent.expirationDate) return { expiry: patent.expirationDate, extended: false };
  return null;
}

export function termLeft(
  patent: { expirationDate: string | null; extendedExpirationDate: string | null },
  today: string,
): TermLeft | null {
  const end = termEnd(patent);
  return end ? { ...end, months: wholeMonthsUntil(today, end.expiry) } : null;
}

/** "7 years 3 months", "11 months", "expired". */
export function termLeftLabel(term: TermLeft): string {
  if (term.months === 0) return 'expired';
  const years = Math.floor(term.months / 12);
  const months = term.months % 12;
  const parts: string[] = [];
  if (years > 0) parts.push(`${years} year${years === 1 ? '' : 's'}`);
  if (months > 0) parts.push(`${months} month${months === 1 ? '' : 's'}`);
  return parts.join(' ');
}

export interface MemberFacts {
  id: string;
  office: string | null;
  status: string | null;
  lapseDate: string | null;
  expirationDate: string | null;
  extendedExpirationDate: string | null;
}

/**
 * Whether a patent is still kept: not LAPSED (spec: Patent status), no lapse date reached, term not
 * over, and no DROP taken on any of its renewals (spec: Instruction rules, DROP lets the right lapse).
 */
export function isKept(member: MemberFacts, dropped: ReadonlySet<string>, today: string): boolean {
  if (dropped.has(member.id)) return false;
  if (member.status === 'LAPSED') return false;
  if (member.lapseDate && member.lapseDate <= today) return false;
  const end = termEnd(member);
  return !(end && end.expiry < today);
}

/** The family of a patent (patents sharing `clientFamilyReference`), its offices and how many are kept. */
export function familySignal(
  reference: string | null,
  members: readonly MemberFacts[],
  dropped: ReadonlySet<string>,
  today: string,
): FamilySignal | null {
  if (!reference) return null;
  const offices = members
    .map((member) => ({
      office: member.office ?? '?',
      patentId: member.id,
      kept: isKept(member, dropped, today),
    }))
    .sort((a, b) => a.office.localeCompare(b.office) || a.patentId.localeCompare(b.patentId));
  return {
    reference,
    members: offices.length,
    kept: offices.filter((office) => office.kept).length,
    offices,
  };
}

/** The most recent decisions first (by due date), at most `limit`. */
export function lastDecisions(decisions: readonly FamilyDecision[], limit = 3): FamilyDecision[] {
  return [...decisions]
    .sort((a, b) => b.dueDate.localeCompare(a.dueDate) || a.patentId.localeCompare(b.patentId))
    .slice(0, limit);
}

const DECISION_WORDS: Record<string, string> = {
  PROCEED: 'renewed',
  SKIP_THIS_TIME: 'skipped',
  DROP: 'dropped',
};

/** "renewed", "dropped"…; an unknown decision is shown as sent (spec: Versioning, open enums). */
export function decisionWord(decision: string): string {
  return DECISION_WORDS[decision] ?? decision.toLowerCase().replaceAll('_', ' ');
}

/**
 * What keeping the patent costs from `from` on: its forecast renewals not yet decided against
 * (a SKIP or DROP pays none of it, as the forecast counts), summed per currency, never across.
 */
export function remainingCost(
  events: readonly ForecastEvent[],
  from: string,
): { costs: CostToExpiry[]; unpriced: number } {
  const remaining = events.filter((event) => event.dueDate >= from);
  const rows = forecastCostToExpiry(remaining);
  return {
    costs: rows
      .map((row) => ({
        currency: row.currency,
        total: row.total,
        renewals: row.renewals,
        lastDue: row.lastDue,
      }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    unpriced: remaining.filter((event) => !isExcluded(event) && !(event.currency && isDecimal(event.total)))
      .length,
  };
}
