import { formatMoney } from '@/lib/annuity/money';

/**
 * What a decision costs, by one rule for the review, the batch receipt, the approver's review and
 * the invoice, so the estimated cost of a SKIP or DROP is the same on all of them.
 *
 * spec: Fees — an event's estimate, before any decision, is the whole renewal: OFFICE, AGENT,
 * GRACE_PERIOD when payment falls in grace, and the service's own SERVICE fee; `total` is its
 * authoritative sum. spec: Instruction rules — every executed decision creates an invoice line, but
 * SKIP_THIS_TIME hands the annuity to someone else and DROP lets the right lapse: neither pays the
 * renewal. Which fees the line of a skip or drop carries is not shown; the stand-in service bills
 * its SERVICE fee alone (sandbox/domain/fees.ts) and the invoice checks name anything beyond it.
 *
 * So: a PROCEED costs the renewal's estimate; a skip or drop pays none of it (shown as "Not paid",
 * with the renewal's estimate beside it, never as a cost) and is expected to be billed the service
 * fee, where we know it. The renewal's estimate is the same figure on every page (the draft's, or
 * the one recorded when the batch was sent), so the pages agree.
 */
export interface CostEstimate {
  /** The renewal's estimated total (spec: Fees `total`); null when the service sent none. */
  amount: string | null;
  currency: string;
  /** The SERVICE component alone, when known (the draft keeps it; batch records do not). */
  serviceFee?: string | null;
}

export type DecisionCost =
  | { kind: 'pays'; currency: string; amount: string }
  | { kind: 'not-paid'; currency: string; renewalEstimate: string | null; serviceFee: string | null }
  /** No estimate, or a decision this dashboard does not know (enums are open: spec, Versioning). */
  | { kind: 'unknown' };

const NOT_PAYING = new Set(['SKIP_THIS_TIME', 'DROP']);

export function decisionCost(decision: string, estimate: CostEstimate | null | undefined): DecisionCost {
  if (NOT_PAYING.has(decision)) {
    return {
      kind: 'not-paid',
      currency: estimate?.currency ?? '',
      renewalEstimate: estimate?.amount ?? null,
      serviceFee: estimate?.serviceFee ?? null,
    };
  }
  if (decision === 'PROCEED' && estimate?.amount) {
    return { kind: 'pays', currency: estimate.currency, amount: estimate.amount };
  }
  return { kind: 'unknown' };
}

/**
 * What the decision is expected to put on an invoice: the renewal for a PROCEED, the service fee
 * for a skip or drop (null when not known: never counted as zero).
 */
export function expectedBilling(cost: DecisionCost): { amount: string; currency: string } | null {
  if (cost.kind === 'pays') return { amount: cost.amount, currency: cost.currency };
  if (cost.kind === 'not-paid' && cost.serviceFee !== null) {
    return { amount: cost.serviceFee, currency: cost.currency };
  }
  return null;
}

export interface DecisionCostText {
  /** The one label every page shows. */
  text: string;
  /** The service fee a skip or drop is expected to be billed, when known. */
  note: string | null;
}

export function describeDecisionCost(cost: DecisionCost, locale?: string): DecisionCostText {
  switch (cost.kind) {
    case 'pays':
      return { text: formatMoney(cost.amount, cost.currency, locale), note: null };
    case 'not-paid':
      return {
        text:
          cost.renewalEstimate === null
            ? 'Not paid'
            : `Not paid: renewal estimated at ${formatMoney(cost.renewalEstimate, cost.currency, locale)}`,
        note:
          cost.serviceFee === null
            ? null
            : `Service fee of ${formatMoney(cost.serviceFee, cost.currency, locale)} expected`,
      };
    default:
      return { text: '—', note: null };
  }
}
