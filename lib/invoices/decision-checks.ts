import Big from 'big.js';
import type { Fees, Invoice } from '@/lib/annuity/schemas';
import { DEFAULT_LOCALE, formatDate } from '@/lib/format/dates';
import { decisionLabel, feeComponentLabel } from '@/lib/renewals/labels';
import { type CheckResult, fail, money, pass, warning } from './check-types';
import { type KnownDecision, knownDecision, type LineEvidence } from './evidence';

/**
 * A line against the decision behind it: there must be one (no line for an
 * event nobody instructed), what a skip or drop is billed beyond the service fee is named (the spec does not
 * say what it carries), and a grace surcharge needs a payment inside the grace period (spec: Fees
 * rule 2).
 */
const SERVICE_ONLY_DECISIONS = new Set(['SKIP_THIS_TIME', 'DROP']);

const decisionWords = (decision: string) => decisionLabel(decision)?.label ?? decision;

export function checkDecisionRecorded(invoice: Invoice, line: Fees, evidence: LineEvidence): CheckResult {
  const id = 'decision-recorded';
  if (!line.eventId) return warning(id, 'Cannot check: the line names no event.');
  const known = knownDecision(invoice, evidence);
  const service = evidence.event.state === 'found' ? evidence.event.appliedDecision : null;
  if (known && evidence.recorded && service && service !== evidence.recorded.decision) {
    return fail(
      id,
      `Our batch record says ${decisionWords(evidence.recorded.decision)} but the service applied ${decisionWords(service)} to this event.`,
    );
  }
  if (known) {
    return pass(
      id,
      known.source === 'batch-record'
        ? `${decisionWords(known.decision)}, sent from this dashboard${evidence.recorded?.executedAt ? ` and executed ${evidence.recorded.executedAt.slice(0, 10)}` : ''}.`
        : `${decisionWords(known.decision)}, as the service records it for the event (not sent from this dashboard).`,
    );
  }
  if (evidence.event.state === 'unknown') {
    return warning(
      id,
      'Cannot check: the event could not be read from the service, and no batch record names it.',
    );
  }
  return fail(
    id,
    evidence.event.state === 'not-found'
      ? 'No decision found: the service does not know this event, and no batch record names it.'
      : 'No decision recorded: the event has no applied decision and no batch record names it. Nobody instructed this renewal.',
  );
}

/** Amounts a skip or drop should not carry: every non-zero component but SERVICE, unknown types included. */
function beyondServiceFee(line: Fees) {
  return line.components.filter(
    (component) => component.type !== 'SERVICE' && !new Big(component.amount).eq(0),
  );
}

export function checkSkipDropBilling(invoice: Invoice, line: Fees, evidence: LineEvidence): CheckResult {
  const id = 'skip-drop-billing';
  const known = knownDecision(invoice, evidence);
  if (!known) return warning(id, 'Cannot check: no decision is known for this line.');
  if (!SERVICE_ONLY_DECISIONS.has(known.decision)) {
    return pass(id, `Not applicable: the decision is ${decisionWords(known.decision)}.`);
  }
  const extra = beyondServiceFee(line);
  if (extra.length === 0) {
    return pass(id, `${decisionWords(known.decision)}: only the service fee is billed.`);
  }
  const listed = extra
    .map((c) => `${feeComponentLabel(c.type)} ${money(c.amount, line.currency)}`)
    .join(', ');
  // spec: Instruction rules — a skip or drop executes and creates an invoice line like any decision;
  // which fees that line carries is not shown. So more than the service fee is not a fault we can
  // prove: it is named, for finance to compare with the agreement.
  return warning(
    id,
    `Cannot check: the spec does not say which fees a ${decisionWords(known.decision).toLowerCase()} is billed. This line bills ${listed} beyond the service fee; compare it with your agreement with the service.`,
  );
}

function graceDayText(known: KnownDecision, locale: string): string {
  const day = formatDate(known.decidedOn, locale);
  return known.decidedOnSource === 'receipt'
    ? `executed on ${day}`
    : `decided on ${day} (the invoice's issue date: the service creates the line when it executes a decision)`;
}

/** Dates in the explanation are written in `locale`, as the rest of the page writes them. */
export function checkGraceSurcharge(
  invoice: Invoice,
  line: Fees,
  evidence: LineEvidence,
  locale = DEFAULT_LOCALE,
): CheckResult {
  const id = 'grace-surcharge';
  const grace = line.components.filter((component) => component.type === 'GRACE_PERIOD');
  if (grace.length === 0) return pass(id, 'No grace-period surcharge on this line.');
  if (evidence.event.state !== 'found') {
    return warning(id, 'Cannot check: the event, and so its due date, could not be read from the service.');
  }
  const known = knownDecision(invoice, evidence);
  if (!known?.decidedOn) {
    return warning(
      id,
      `Cannot check: the day of the decision is not known${invoice.origin === 'REGULARIZATION' ? ' (a correction is issued after the decision)' : ''}.`,
    );
  }
  const due = evidence.event.dueDate;
  // spec: Fees rule 2 — the surcharge appears only when payment falls inside the grace period,
  // which starts after the due date. Calendar dates compare as text (YYYY-MM-DD).
  if (known.decidedOn <= due) {
    return fail(
      id,
      `A grace-period surcharge is billed, but the renewal was ${graceDayText(known, locale)}, on or before its due date ${formatDate(due, locale)}.`,
    );
  }
  return pass(
    id,
    `The renewal was ${graceDayText(known, locale)}, after its due date ${formatDate(due, locale)}: the surcharge applies.`,
  );
}
