import { describe, expect, it } from 'vitest';
import { regularizationInvoiceFixture } from '@/lib/annuity/fixtures';
import { checkDecisionRecorded, checkGraceSurcharge, checkSkipDropBilling } from './decision-checks';
import { NO_EVIDENCE } from './evidence';
import {
  asInvoice,
  component,
  EVENT_A,
  eurLine,
  evidence,
  found,
  invoiceOf,
  lineOf,
  recorded,
} from './testing';

const proceedLine = () => eurLine(EVENT_A, [component('OFFICE', '870.00'), component('SERVICE', '95.00')]);

describe('a decision is recorded for the event', () => {
  const invoice = invoiceOf([proceedLine()]);
  const line = lineOf(invoice);

  it('passes on our batch record, saying when it was executed', () => {
    const result = checkDecisionRecorded(invoice, line, evidence(found(), recorded()));
    expect(result.status).toBe('pass');
    expect(result.explanation).toContain('sent from this dashboard and executed 2026-11-03');
  });

  it("falls back on the event's appliedDecision when no batch record names it", () => {
    const result = checkDecisionRecorded(
      invoice,
      line,
      evidence(found({ appliedDecision: 'PROCEED' }), null),
    );
    expect(result.status).toBe('pass');
    expect(result.explanation).toContain('as the service records it');
  });

  it('fails a line for an event nobody instructed', () => {
    const result = checkDecisionRecorded(invoice, line, evidence(found({ appliedDecision: null }), null));
    expect(result.status).toBe('fail');
    expect(result.explanation).toContain('Nobody instructed this renewal');
  });

  it('fails a line for an event the service does not know', () => {
    expect(checkDecisionRecorded(invoice, line, evidence({ state: 'not-found' }, null)).status).toBe('fail');
  });

  it('fails when our record and the service disagree on the decision', () => {
    const result = checkDecisionRecorded(
      invoice,
      line,
      evidence(found({ appliedDecision: 'DROP' }), recorded({ decision: 'PROCEED' })),
    );
    expect(result.status).toBe('fail');
    expect(result.explanation).toContain('Proceed');
    expect(result.explanation).toContain('Drop');
  });

  it('cannot check when the event could not be read, or the line names no event', () => {
    expect(checkDecisionRecorded(invoice, line, NO_EVIDENCE).status).toBe('warning');
    const anonymous = lineOf(invoiceOf([{ ...proceedLine(), eventId: null }]));
    expect(checkDecisionRecorded(invoice, anonymous, NO_EVIDENCE).explanation).toContain('names no event');
  });
});

describe('a skip or drop bills at most the service fee', () => {
  it('is not applicable to a PROCEED', () => {
    const invoice = invoiceOf([proceedLine()]);
    const result = checkSkipDropBilling(invoice, lineOf(invoice), evidence());
    expect(result.status).toBe('pass');
    expect(result.explanation).toContain('Not applicable');
  });

  it('passes a skip billed the service fee only', () => {
    const invoice = invoiceOf([eurLine(EVENT_A, [component('SERVICE', '95.00')])]);
    const result = checkSkipDropBilling(
      invoice,
      lineOf(invoice),
      evidence(found({ appliedDecision: 'SKIP_THIS_TIME' }), null),
    );
    expect(result.status).toBe('pass');
  });

  it('cannot check a drop billed an office fee (the spec is silent on it), and names the fee', () => {
    const invoice = invoiceOf([proceedLine()]);
    const result = checkSkipDropBilling(
      invoice,
      lineOf(invoice),
      evidence(found({ appliedDecision: 'DROP' }), recorded({ decision: 'DROP' })),
    );
    expect(result.status).toBe('warning');
    expect(result.explanation).toBe(
      'Cannot check: the spec does not say which fees a drop is billed. This line bills Office fee 870.00 EUR beyond the service fee; compare it with your agreement with the service.',
    );
  });

  it('counts a component of an unknown type as beyond the service fee, and ignores zero amounts', () => {
    const invoice = invoiceOf([
      eurLine(EVENT_A, [
        component('SERVICE', '95.00'),
        component('OFFICE', '0.00'),
        component('HANDLING', '10.00'),
      ]),
    ]);
    const result = checkSkipDropBilling(
      invoice,
      lineOf(invoice),
      evidence(found({ appliedDecision: 'SKIP_THIS_TIME' }), null),
    );
    expect(result.status).toBe('warning');
    expect(result.explanation).toContain('Other (HANDLING) 10.00 EUR');
    expect(result.explanation).not.toContain('Office fee');
  });

  it('cannot check without a decision', () => {
    const invoice = invoiceOf([proceedLine()]);
    expect(checkSkipDropBilling(invoice, lineOf(invoice), NO_EVIDENCE).status).toBe('warning');
  });
});

describe('a grace surcharge only after the due date', () => {
  const graceLine = () =>
    eurLine(EVENT_A, [
      component('OFFICE', '870.00'),
      component('GRACE_PERIOD', '150.00'),
      component('SERVICE', '95.00'),
    ]);

  it('passes a line without surcharge', () => {
    const invoice = invoiceOf([proceedLine()]);
    expect(checkGraceSurcharge(invoice, lineOf(invoice), NO_EVIDENCE).status).toBe('pass');
  });

  it('fails a surcharge on a renewal executed before its due date (receipt time)', () => {
    const invoice = invoiceOf([graceLine()]);
    const result = checkGraceSurcharge(
      invoice,
      lineOf(invoice),
      evidence(found({ dueDate: '2026-12-15' }), recorded({ executedAt: '2026-11-03T09:00:00.000Z' })),
    );
    expect(result.status).toBe('fail');
    expect(result.explanation).toContain('executed on 3 Nov 2026, on or before its due date 15 Dec 2026');
  });

  it('writes the dates of its explanation in the reader’s format', () => {
    const invoice = invoiceOf([graceLine()]);
    const result = checkGraceSurcharge(
      invoice,
      lineOf(invoice),
      evidence(found({ dueDate: '2026-12-15' }), recorded({ executedAt: '2026-11-03T09:00:00.000Z' })),
      'en-US',
    );
    expect(result.explanation).toContain('executed on Nov 3, 2026, on or before its due date Dec 15, 2026');
  });

  it('fails on the due date itself: payment on time is not in grace', () => {
    const invoice = invoiceOf([graceLine()], { issueDate: '2026-12-15' });
    const result = checkGraceSurcharge(
      invoice,
      lineOf(invoice),
      evidence(found({ dueDate: '2026-12-15' }), null),
    );
    expect(result.status).toBe('fail');
    expect(result.explanation).toContain("the invoice's issue date");
  });

  it('passes a surcharge on a renewal decided after its due date', () => {
    const invoice = invoiceOf([graceLine()], { issueDate: '2027-01-10' });
    expect(
      checkGraceSurcharge(invoice, lineOf(invoice), evidence(found({ dueDate: '2026-12-15' }), null)).status,
    ).toBe('pass');
  });

  it('cannot tell the decision day from a correction, nor the due date without the event', () => {
    const correction = asInvoice(regularizationInvoiceFixture());
    expect(checkGraceSurcharge(correction, lineOf(correction), evidence(found(), null)).status).toBe(
      'warning',
    );
    const invoice = invoiceOf([graceLine()]);
    expect(checkGraceSurcharge(invoice, lineOf(invoice), evidence({ state: 'not-found' }, null)).status).toBe(
      'warning',
    );
  });
});
