import { addAmounts } from '../../lib/annuity/money';
import type { Decision } from '../../lib/annuity/schemas';
import { type EventRates, quoteFees } from './fees';
import type { EventRecord, FeeComponentRecord, InvoiceLineData } from './model';

/**
 * Every invoice line the service makes (spec: Invoice, `fees`: one Fees object per event) comes
 * from here: the line an instruction raises, the one generated history raised, a regularization's
 * correction of an earlier line, and the estimate an undecided event shows (the line it would get
 * if instructed now). A line's total is the sum of its components, each already rounded to the
 * currency's minor unit, so components always add up to the total exactly (spec: Fees).
 */
export function pricedInvoiceLine(
  event: EventRecord,
  decision: Decision | null,
  paymentDate: string,
  rates: EventRates,
): InvoiceLineData {
  const fees = quoteFees(event, decision, paymentDate, rates);
  return invoiceLine(
    { eventId: event.id, patentId: event.patent.id, providerId: event.patent.providerId },
    fees.currency,
    fees.components,
    fees.isFxRateFrozen,
  );
}

/** A correction of one component of an earlier line, billed to the same event (REGULARIZATION). */
export function correctionLine(line: InvoiceLineData, component: FeeComponentRecord): InvoiceLineData {
  return invoiceLine(line, line.currency, [component], line.isFxRateFrozen);
}

function invoiceLine(
  subject: Pick<InvoiceLineData, 'eventId' | 'patentId' | 'providerId'>,
  currency: string,
  components: FeeComponentRecord[],
  isFxRateFrozen: boolean,
): InvoiceLineData {
  return {
    eventId: subject.eventId,
    patentId: subject.patentId,
    providerId: subject.providerId,
    currency,
    components,
    total: addAmounts(
      components.map((component) => component.amount),
      currency,
    ),
    isFxRateFrozen,
  };
}
