import type { Fees, Invoice } from '@/lib/annuity/schemas';
import { pluralWord } from '@/lib/format/plural';
import { type CheckResult, fail, pass, warning } from './check-types';
import type { Billing } from './evidence';

/**
 * The same event billed on two invoices. A REGULARIZATION invoice bills an event again by
 * design (it corrects an earlier line, spec: Invoice `origin`), so one ordinary billing plus its
 * corrections is expected; two ordinary billings of one event are not.
 */
export type BillingIndex = ReadonlyMap<string, readonly Billing[]>;

type Billed = Pick<Invoice, 'id' | 'reference' | 'origin'> & { fees: readonly Pick<Fees, 'eventId'>[] };

/** Every line of every invoice, by event. A later copy of an invoice (same id) replaces an earlier one. */
export function billingIndex(invoices: Iterable<Billed>): Map<string, Billing[]> {
  const latest = new Map<string, Billed>();
  for (const invoice of invoices) latest.set(invoice.id, invoice);
  const index = new Map<string, Billing[]>();
  for (const invoice of latest.values()) {
    invoice.fees.forEach((line, lineIndex) => {
      if (!line.eventId) return;
      const billing = {
        invoiceId: invoice.id,
        reference: invoice.reference,
        origin: invoice.origin,
        lineIndex,
      };
      const list = index.get(line.eventId);
      if (list) list.push(billing);
      else index.set(line.eventId, [billing]);
    });
  }
  return index;
}

const isCorrection = (billing: Pick<Billing, 'origin'>) => billing.origin === 'REGULARIZATION';
const names = (billings: readonly Billing[]) => [...new Set(billings.map((b) => b.reference))].join(', ');

export function checkBilledOnce(
  invoice: Pick<Invoice, 'id' | 'origin'>,
  lineIndex: number,
  line: Pick<Fees, 'eventId'>,
  index: BillingIndex,
): CheckResult {
  const id = 'billed-once';
  if (!line.eventId) return warning(id, 'Cannot check: the line names no event.');
  const all = index.get(line.eventId) ?? [];
  const others = all.filter((b) => !(b.invoiceId === invoice.id && b.lineIndex === lineIndex));
  const sameInvoice = others.filter((b) => b.invoiceId === invoice.id);
  if (sameInvoice.length > 0) {
    return fail(
      id,
      `The event is billed ${sameInvoice.length + 1} times on this invoice (lines ${[
        lineIndex,
        ...sameInvoice.map((b) => b.lineIndex),
      ]
        .sort((a, b) => a - b)
        .map((i) => i + 1)
        .join(', ')}).`,
    );
  }
  const ordinary = others.filter((b) => !isCorrection(b));
  const corrections = others.filter(isCorrection);
  if (isCorrection(invoice)) {
    if (ordinary.length > 1) return fail(id, `The event is billed on ${names(ordinary)}, more than once.`);
    if (ordinary.length === 0) {
      return warning(
        id,
        `This correction bills an event no ordinary invoice bills${corrections.length > 0 ? ` (other corrections: ${names(corrections)})` : ''}: find what it corrects.`,
      );
    }
    return pass(id, `This correction adjusts the billing on ${names(ordinary)}, as corrections do.`);
  }
  if (ordinary.length > 0) return fail(id, `The event is also billed on ${names(ordinary)}.`);
  if (corrections.length === 0) return pass(id, 'The event is billed on this invoice only.');
  return pass(
    id,
    `Also billed on ${pluralWord(corrections.length, 'correction')} ${names(corrections)}, which ${pluralWord(corrections.length, 'adjusts', 'adjust')} this line by design.`,
  );
}
