import { describe, expect, it } from 'vitest';
import { waitingState } from './cost-of-waiting';
import { waitingFactsOfDraft } from './draft-grace';

describe('waitingFactsOfDraft', () => {
  it('gives the review the grace end and surcharge the user saw', () => {
    const facts = waitingFactsOfDraft({
      dueDate: '2026-06-01',
      grace: { periodEnd: '2026-12-01', duePeriod: 'GRACE_PERIOD', surcharge: '10000' },
      estimate: { currency: 'JPY' },
    });
    expect(facts && waitingState(facts)).toEqual({
      kind: 'in-grace',
      graceEnds: '2026-12-01',
      surcharge: { amount: '10000', currency: 'JPY' },
    });
  });

  it('labels a lapsed renewal, and shows nothing for drafts saved before grace was kept', () => {
    const lapsed = waitingFactsOfDraft({
      dueDate: '2026-01-01',
      grace: { periodEnd: '2026-07-01', duePeriod: 'LAPSED', surcharge: null },
      estimate: null,
    });
    expect(lapsed && waitingState(lapsed).kind).toBe('lapsed');
    expect(waitingFactsOfDraft({ dueDate: '2026-01-01', estimate: null })).toBeNull();
  });
});
