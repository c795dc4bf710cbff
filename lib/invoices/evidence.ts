import type { Invoice } from '@/lib/annuity/schemas';

/**
 * What the checks know about one invoice line beyond the invoice itself: the decision our batch
 * records hold (with the estimate recorded when it was sent) and the event as the service
 * reports it (its due date and `appliedDecision`). Gathered by lib/server/invoices/evidence.ts;
 * plain data here so the checks stay pure.
 */
export interface RecordedEstimate {
  amount: string | null;
  currency: string;
  fxFrozen: boolean;
}

export interface RecordedDecision {
  decision: string;
  /** When the service executed it (UTC timestamp), from the instruction receipt. */
  executedAt: string | null;
  estimate: RecordedEstimate | null;
}

export type EventLookup =
  | {
      state: 'found';
      dueDate: string;
      gracePeriodEndDate: string | null;
      appliedDecision: string | null;
      annuityYear: number | null;
      /** spec: Patent event — only when it differs from the annuity year. */
      paymentSequence?: number | null;
    }
  /** The service does not know the event (spec: rule 2, 404) or the patent's events lack it. */
  | { state: 'not-found' }
  /** Not looked up: the line names no event, or the lookup failed. */
  | { state: 'unknown' };

export interface LineEvidence {
  recorded: RecordedDecision | null;
  event: EventLookup;
}

export const NO_EVIDENCE: LineEvidence = { recorded: null, event: { state: 'unknown' } };

export interface KnownDecision {
  decision: string;
  source: 'batch-record' | 'service';
  /** The calendar day the decision was executed, when it can be known. */
  decidedOn: string | null;
  /** How decidedOn was learned, for the explanation. */
  decidedOnSource: 'receipt' | 'invoice-issue-date' | null;
}

/**
 * The decision behind a line: our batch record first (it also says when), else the event's
 * `appliedDecision`. Without a receipt time, the day is the invoice's issue date, because the
 * service creates the invoice line when it executes the decision (spec: Instruction rules); a
 * correction (REGULARIZATION) is issued later, so its date says nothing about the decision.
 */
export function knownDecision(
  invoice: Pick<Invoice, 'origin' | 'issueDate'>,
  evidence: LineEvidence,
): KnownDecision | null {
  const fromService = evidence.event.state === 'found' ? evidence.event.appliedDecision : null;
  const decision = evidence.recorded?.decision ?? fromService;
  if (!decision) return null;
  const receiptDay = evidence.recorded?.executedAt?.slice(0, 10) ?? null;
  const issueDay = invoice.origin === 'REGULARIZATION' ? null : invoice.issueDate;
  return {
    decision,
    source: evidence.recorded ? 'batch-record' : 'service',
    decidedOn: receiptDay ?? issueDay,
    decidedOnSource: receiptDay ? 'receipt' : issueDay ? 'invoice-issue-date' : null,
  };
}

/** Who else bills an event: another invoice (or another line of the same one). */
export interface Billing {
  invoiceId: string;
  reference: string;
  origin: string;
  lineIndex: number;
}
