import { describe, expect, it } from 'vitest';
import { explainMonthState } from './explain';
import { NOTHING_LEARNED } from './horizon';

describe('explainMonthState', () => {
  it('names the month and what its state means', () => {
    const base = { month: '2027-03', monthsAhead: 4, horizon: NOTHING_LEARNED };
    expect(explainMonthState({ ...base, state: 'frozen' }, 'en-GB')).toMatch(
      /^March 2027 is frozen.*change nothing/,
    );
    expect(explainMonthState({ ...base, state: 'freezable' }, 'en-GB')).toContain('move with exchange rates');
    expect(explainMonthState({ ...base, state: 'past' }, 'en-GB')).toContain('Past months cannot be frozen');
  });

  it('says where a beyond-the-horizon verdict comes from, and that the service may still accept', () => {
    const text = explainMonthState(
      {
        month: '2027-05',
        monthsAhead: 6,
        state: 'beyond-horizon',
        horizon: {
          refused: { month: '2027-03', monthsAhead: 4, at: '2026-11-05T10:00:00.000Z' },
          accepted: null,
        },
      },
      'en-GB',
    );
    expect(text).toContain('refused March 2027 (4 months ahead)');
    expect(text).toContain('May 2027 is 6 months ahead');
    expect(text).toContain('not published');
  });
});
