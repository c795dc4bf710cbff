import {
  feeComponentFixture,
  fixtureIds,
  invoicedFeesFixture,
  invoiceFixture,
  type StrictFeeComponent,
} from '@/lib/annuity/fixtures';
import { addAmounts } from '@/lib/annuity/money';
import { type Fees, type Invoice, type Strict, tolerant } from '@/lib/annuity/schemas';
import type { EventLookup, LineEvidence, RecordedDecision } from './evidence';

/**
 * Hand-made invoices and evidence for the check tests, built on lib/annuity/fixtures.ts and read
 * through the tolerant schema the app reads the service with. Test data only.
 */
export const asInvoice = (fixture: Strict.Invoice): Invoice => tolerant.invoice.parse(fixture);

export const component = (type: string, amount: string): StrictFeeComponent =>
  feeComponentFixture({ type: type as StrictFeeComponent['type'], amount });

/** A EUR line of `total` made of the given components (OFFICE, AGENT, SERVICE by default). */
export function eurLine(eventId: string, components: StrictFeeComponent[], total?: string): Strict.Fees {
  return invoicedFeesFixture({
    eventId,
    components,
    total:
      total ??
      addAmounts(
        components.map((c) => c.amount),
        'EUR',
      ),
  });
}

/** An invoice whose subtotal and VAT total follow from its lines (built with invoiceFixture). */
export function invoiceOf(lines: Strict.Fees[], overrides: Partial<Strict.Invoice> = {}): Invoice {
  return asInvoice(invoiceFixture({ fees: lines, ...overrides }));
}

export function lineOf(invoice: Invoice, index = 0): Fees {
  const line = invoice.fees[index];
  if (!line) throw new Error(`the invoice has no line ${index}`);
  return line;
}

export const EVENT_A = fixtureIds.event;
export const EVENT_B = '0b1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b';

export function found(overrides: Partial<Extract<EventLookup, { state: 'found' }>> = {}): EventLookup {
  return {
    state: 'found',
    dueDate: '2026-12-15',
    gracePeriodEndDate: '2027-06-15',
    appliedDecision: 'PROCEED',
    annuityYear: 8,
    ...overrides,
  };
}

export function recorded(overrides: Partial<RecordedDecision> = {}): RecordedDecision {
  return {
    decision: 'PROCEED',
    executedAt: '2026-11-03T09:00:00.000Z',
    estimate: { amount: '1234.50', currency: 'EUR', fxFrozen: false },
    ...overrides,
  };
}

export function evidence(
  event: EventLookup = found(),
  record: RecordedDecision | null = recorded(),
): LineEvidence {
  return { recorded: record, event };
}
