import { describe, expect, it } from 'vitest';
import { decisionCost, describeDecisionCost, expectedBilling } from './decision-cost';
import { summarizeDraft } from './summary';
import { draftEntry } from './testing';

const estimate = { amount: '1234.50', serviceFee: '50.00', currency: 'EUR' };

describe('the cost of a decision (one rule for review, receipt and invoice)', () => {
  it('a PROCEED costs the renewal estimate, and is expected to be billed it', () => {
    const cost = decisionCost('PROCEED', estimate);
    expect(cost).toEqual({ kind: 'pays', amount: '1234.50', currency: 'EUR' });
    expect(expectedBilling(cost)).toEqual({ amount: '1234.50', currency: 'EUR' });
    expect(describeDecisionCost(cost, 'en-GB')).toEqual({ text: '€1,234.50', note: null });
  });

  it.each(['SKIP_THIS_TIME', 'DROP'])(
    'a %s pays none of the renewal: "Not paid", with the service fee apart',
    (decision) => {
      const cost = decisionCost(decision, estimate);
      expect(expectedBilling(cost)).toEqual({ amount: '50.00', currency: 'EUR' });
      expect(describeDecisionCost(cost, 'en-GB')).toEqual({
        text: 'Not paid: renewal estimated at €1,234.50',
        note: 'Service fee of €50.00 expected',
      });
    },
  );

  it('the batch receipt, which records no service fee, shows the same label and bills nothing it cannot know', () => {
    // What a batch item or an invoice line's recorded estimate holds: the total, no service fee.
    const cost = decisionCost('SKIP_THIS_TIME', { amount: '1234.50', currency: 'EUR' });
    expect(describeDecisionCost(cost, 'en-GB')).toEqual({
      text: 'Not paid: renewal estimated at €1,234.50',
      note: null,
    });
    expect(expectedBilling(cost)).toBeNull();
  });

  it('no estimate, or a decision the dashboard does not know, is shown as unknown, never as zero', () => {
    expect(describeDecisionCost(decisionCost('PROCEED', null)).text).toBe('—');
    expect(describeDecisionCost(decisionCost('PROCEED', { amount: null, currency: 'EUR' })).text).toBe('—');
    expect(describeDecisionCost(decisionCost('DROP', null)).text).toBe('Not paid');
    expect(decisionCost('DEFER_LATER', estimate)).toEqual({ kind: 'unknown' });
  });

  it('keeps JPY whole and the currency of the estimate', () => {
    const cost = decisionCost('DROP', { amount: '98000', serviceFee: '7000', currency: 'JPY' });
    expect(describeDecisionCost(cost, 'en-GB').text).toBe('Not paid: renewal estimated at JP¥98,000');
  });

  it('the review summary adds what each decision is expected to be billed, per currency', () => {
    const summary = summarizeDraft([
      draftEntry({ eventId: 'a', decision: 'PROCEED', estimate: { ...estimate, fxFrozen: false } }),
      draftEntry({ eventId: 'b', decision: 'SKIP_THIS_TIME', estimate: { ...estimate, fxFrozen: false } }),
    ]);
    expect(summary.totals.map((total) => [total.currency, total.total])).toEqual([['EUR', '1284.50']]);
  });
});
