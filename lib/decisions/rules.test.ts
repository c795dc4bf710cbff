import { describe, expect, it } from 'vitest';
import { decisionFormSchema } from './form';
import { conflictsWith, selectionProblems } from './rules';
import { estimatedCost, proceedEstimate, summarizeDraft } from './summary';
import { draftEntry } from './testing';

describe('selection rules', () => {
  it('accept one allowed decision per patent', () => {
    expect(
      selectionProblems([draftEntry(), draftEntry({ eventId: 'e-2', patentId: 'p-2', decision: 'DROP' })]),
    ).toEqual([]);
  });

  it('refuse a decision the service does not offer, saying which it offers', () => {
    const problems = selectionProblems([
      draftEntry({ decision: 'PROCEED', allowedDecisions: ['SKIP_THIS_TIME', 'DROP'] }),
    ]);
    expect(problems).toEqual([
      expect.objectContaining({
        eventId: 'e-1',
        code: 'decision_not_offered',
        message: expect.stringContaining('SKIP_THIS_TIME, DROP'),
      }),
    ]);
  });

  it('refuse the later of two renewals of one patent, whatever their order in the draft', () => {
    const later = draftEntry({ eventId: 'late', dueDate: '2027-12-15' });
    const earlier = draftEntry({ eventId: 'early', dueDate: '2026-12-15' });
    const problems = selectionProblems([later, earlier]);
    expect(problems.map((p) => [p.eventId, p.code])).toEqual([['late', 'second_event_of_patent']]);
    expect(problems[0]?.message).toContain('2026-12-15');
  });

  it('find the entry a new choice would conflict with', () => {
    expect(conflictsWith([draftEntry()], { eventId: 'e-9', patentId: 'p-1' })?.eventId).toBe('e-1');
    expect(conflictsWith([draftEntry()], { eventId: 'e-1', patentId: 'p-1' })).toBeNull();
  });

  it('put each problem on its row of the form', () => {
    const result = decisionFormSchema.safeParse({
      entries: [draftEntry(), draftEntry({ eventId: 'e-2', dueDate: '2027-01-01' })],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['entries', 1, 'decision']]);
  });
});

describe('review summary', () => {
  it('costs a PROCEED at the whole estimate and a SKIP or DROP at the service fee', () => {
    expect(estimatedCost(draftEntry({ decision: 'PROCEED' }))).toBe('500.00');
    expect(estimatedCost(draftEntry({ decision: 'SKIP_THIS_TIME' }))).toBe('50.00');
    expect(estimatedCost(draftEntry({ decision: 'DROP', estimate: null }))).toBeNull();
  });

  it('groups by decision with totals per currency and lists the patents to drop', () => {
    const summary = summarizeDraft([
      draftEntry({ eventId: 'a' }),
      draftEntry({
        eventId: 'b',
        patentId: 'p-2',
        estimate: { amount: '12000', serviceFee: '3000', currency: 'JPY', fxFrozen: false },
      }),
      draftEntry({ eventId: 'c', patentId: 'p-3', decision: 'DROP', caseReference: 'GONE-1' }),
    ]);
    expect(summary.groups).toEqual([
      {
        decision: 'PROCEED',
        count: 2,
        totals: [
          { currency: 'EUR', total: '500.00', count: 1, missing: 0 },
          { currency: 'JPY', total: '12000', count: 1, missing: 0 },
        ],
      },
      { decision: 'DROP', count: 1, totals: [{ currency: 'EUR', total: '50.00', count: 1, missing: 0 }] },
    ]);
    expect(summary.totals).toEqual([
      { currency: 'EUR', total: '550.00', count: 2, missing: 0 },
      { currency: 'JPY', total: '12000', count: 1, missing: 0 },
    ]);
    expect(summary.drops.map((entry) => entry.caseReference)).toEqual(['GONE-1']);
  });
});

describe('the draft’s PROCEED estimate while choosing', () => {
  it('adds the PROCEED estimates per currency, never across currencies, and leaves SKIP and DROP out', () => {
    const estimate = proceedEstimate([
      draftEntry({
        eventId: 'a',
        estimate: { amount: '100.10', serviceFee: '10.00', currency: 'EUR', fxFrozen: false },
      }),
      draftEntry({
        eventId: 'b',
        estimate: { amount: '0.20', serviceFee: '10.00', currency: 'EUR', fxFrozen: false },
      }),
      draftEntry({
        eventId: 'c',
        estimate: { amount: '300', serviceFee: '5', currency: 'JPY', fxFrozen: false },
      }),
      draftEntry({ eventId: 'd', decision: 'DROP' }),
      draftEntry({ eventId: 'e', decision: 'SKIP_THIS_TIME' }),
    ]);
    expect(estimate.totals.map(({ currency, total, count }) => ({ currency, total, count }))).toEqual([
      { currency: 'EUR', total: '100.30', count: 2 },
      { currency: 'JPY', total: '300', count: 1 },
    ]);
    expect(estimate.unestimated).toBe(0);
  });

  it('counts a PROCEED without an estimate apart, never as zero', () => {
    const estimate = proceedEstimate([
      draftEntry({ eventId: 'a', estimate: null }),
      draftEntry({
        eventId: 'b',
        estimate: { amount: null, serviceFee: null, currency: 'USD', fxFrozen: false },
      }),
    ]);
    expect(estimate).toEqual({ totals: [], unestimated: 2 });
  });
});
