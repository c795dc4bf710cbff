import { describe, expect, it } from 'vitest';
import { invoicedFeesFixture, invoiceFixture, regularizationInvoiceFixture } from '@/lib/annuity/fixtures';
import { billingIndex, checkBilledOnce } from './duplicate-billing';
import { asInvoice, EVENT_A, EVENT_B, invoiceOf, lineOf } from './testing';

const OTHER_ID = '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9';
const first = invoiceOf([invoicedFeesFixture({ eventId: EVENT_A })]);
const second = asInvoice(
  invoiceFixture({
    id: OTHER_ID,
    reference: 'INV-2026-000200',
    fees: [invoicedFeesFixture({ eventId: EVENT_A, invoiceId: OTHER_ID })],
  }),
);
const correction = asInvoice(regularizationInvoiceFixture());

describe('the same event billed on two invoices', () => {
  it('passes an event billed once', () => {
    const index = billingIndex([first]);
    expect(checkBilledOnce(first, 0, lineOf(first), index).status).toBe('pass');
  });

  it('fails an event billed on two ordinary invoices, naming the other', () => {
    const index = billingIndex([first, second]);
    const result = checkBilledOnce(first, 0, lineOf(first), index);
    expect(result.status).toBe('fail');
    expect(result.explanation).toBe('The event is also billed on INV-2026-000200.');
  });

  it('expects a correction to bill the event again, from either side', () => {
    const index = billingIndex([first, correction]);
    const original = checkBilledOnce(first, 0, lineOf(first), index);
    expect(original.status).toBe('pass');
    expect(original.explanation).toContain('REG-2026-000007');
    const corrective = checkBilledOnce(correction, 0, lineOf(correction), index);
    expect(corrective.status).toBe('pass');
    expect(corrective.explanation).toContain('adjusts the billing on INV-2026-000123');
  });

  it('warns about a correction of an event no ordinary invoice bills', () => {
    const index = billingIndex([correction]);
    expect(checkBilledOnce(correction, 0, lineOf(correction), index).status).toBe('warning');
  });

  it('fails an event billed twice on the same invoice', () => {
    const twice = invoiceOf([
      invoicedFeesFixture({ eventId: EVENT_B }),
      invoicedFeesFixture({ eventId: EVENT_B }),
    ]);
    const index = billingIndex([twice]);
    const result = checkBilledOnce(twice, 1, lineOf(twice, 1), index);
    expect(result.status).toBe('fail');
    expect(result.explanation).toContain('lines 1, 2');
  });

  it('keeps the latest copy of an invoice read twice (the page re-reads the one it shows)', () => {
    const index = billingIndex([first, first]);
    expect(index.get(EVENT_A)).toHaveLength(1);
  });
});
