import { describe, expect, it } from 'vitest';
import { DEFAULT_KEEP_SCORE_WEIGHTS, keepScore, keepSentence } from './keep-score';
import { keepScoreWeightsSchema } from './keep-score.schema';
import type { RenewalSignals } from './signals';

type Facts = Pick<
  RenewalSignals,
  'costToExpiry' | 'unpricedRenewals' | 'forecastTo' | 'term' | 'family' | 'tags'
>;

const facts = (over: Partial<Facts> = {}): Facts => ({
  costToExpiry: [{ currency: 'EUR', total: '14200.00', renewals: 8, lastDue: '2028-04-30' }],
  unpricedRenewals: 0,
  forecastTo: '2028-12-31',
  term: { expiry: '2034-05-01', extended: false, months: 89 },
  family: { reference: 'F1', members: 7, kept: 4, offices: [] },
  tags: [],
  ...over,
});

describe('the keep score', () => {
  it('is 50 plus the points of each reason, shown one by one', () => {
    const keep = keepScore(facts());
    // term: 20 × 89/120 = 14.8 → +15; cost: 14,200 / 8 = 1,775 of 2,000 → −18; family: 20 × 3/7 → −9.
    expect(keep.reasons).toEqual([
      { factor: 'term', points: 15 },
      { factor: 'cost', points: -18 },
      { factor: 'family', points: -9 },
      { factor: 'tags', points: 0 },
    ]);
    expect(keep.score).toBe(50 + 15 - 18 - 9);
  });

  it('explains itself in one sentence', () => {
    const signals = facts();
    expect(keepSentence(signals, keepScore(signals), 'en-GB')).toBe(
      '€14,200.00 to keep to 2028; term to 2034; 3 of 7 family members already dropped; no protecting tag',
    );
  });

  it('rises with a protecting tag and falls with an exposing one, as the administrator weighs them', () => {
    const plain = keepScore(facts()).score;
    const core = keepScore(facts({ tags: ['core'] }));
    expect(core.score).toBe(plain + 30);
    expect(keepSentence(facts(), core)).toContain('protected by core');
    expect(keepScore(facts({ tags: ['expendable'] })).score).toBe(plain - 30);
    const heavier = { ...DEFAULT_KEEP_SCORE_WEIGHTS, protectingTag: 50, protectingTags: ['product a'] };
    expect(keepScore(facts({ tags: ['product a'] }), heavier).score).toBe(Math.min(100, plain + 50));
    expect(keepScore(facts({ tags: ['core'] }), heavier).score).toBe(plain);
  });

  it('never compares amounts of two currencies: a currency without a threshold costs no points', () => {
    const keep = keepScore(
      facts({ costToExpiry: [{ currency: 'SEK', total: '999999.00', renewals: 1, lastDue: '2027-01-01' }] }),
    );
    expect(keep.reasons.find((reason) => reason.factor === 'cost')?.points).toBe(0);
    // The most expensive currency against its own threshold counts; capped at the whole weight.
    const mixed = keepScore(
      facts({
        costToExpiry: [
          { currency: 'EUR', total: '100.00', renewals: 1, lastDue: '2027-01-01' },
          { currency: 'JPY', total: '900000', renewals: 1, lastDue: '2027-01-01' },
        ],
      }),
    );
    expect(mixed.reasons.find((reason) => reason.factor === 'cost')?.points).toBe(-20);
  });

  it('stays between 0 and 100 and says when nothing is left to pay', () => {
    const low = keepScore(
      facts({
        term: { expiry: '2026-01-01', extended: false, months: 0 },
        family: { reference: 'F', members: 2, kept: 0, offices: [] },
        tags: ['expendable'],
      }),
    );
    expect(low.score).toBeGreaterThanOrEqual(0);
    expect(keepSentence(facts({ costToExpiry: [] }), low)).toMatch(
      /^nothing left to pay in the forecast; term to 2034/,
    );
  });

  it('says the forecast is being built while the client has none, never that nothing is left to pay', () => {
    const none = facts({ costToExpiry: [], forecastTo: null });
    const sentence = keepSentence(none, keepScore(none), 'en-GB');
    expect(sentence).toMatch(/^cost to keep not known yet: the forecast is being built; term to 2034/);
    expect(sentence).not.toContain('nothing left to pay');
  });
});

describe('the weights an administrator sets', () => {
  it('take the defaults and refuse amounts not scaled to their currency, repeated currencies and clashing tags', () => {
    expect(keepScoreWeightsSchema.parse(DEFAULT_KEEP_SCORE_WEIGHTS)).toEqual(DEFAULT_KEEP_SCORE_WEIGHTS);
    const result = keepScoreWeightsSchema.safeParse({
      ...DEFAULT_KEEP_SCORE_WEIGHTS,
      exposingTags: ['Core'],
      expensiveRenewal: [
        { currency: 'EUR', amount: '2000' },
        { currency: 'EUR', amount: '10.00' },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'expensiveRenewal.0.amount',
      'expensiveRenewal.1.currency',
      'exposingTags',
    ]);
  });
});
