import { describe, expect, it } from 'vitest';
import { type ScenarioRenewal, type ScenarioRule, scenarioLines, stoppedRenewals } from './scenario';

const renewal = (
  eventId: string,
  patentId: string,
  dueDate: string,
  annuityYear: number,
  total: string | null,
  extra: Partial<ScenarioRenewal> = {},
): ScenarioRenewal => ({
  eventId,
  patentId,
  dueDate,
  annuityYear,
  office: 'DE',
  family: 'F1',
  caseReference: `C-${patentId}`,
  currency: 'EUR',
  total,
  appliedDecision: null,
  ...extra,
});
const rule = (extra: Partial<ScenarioRule>): ScenarioRule => ({
  offices: [],
  families: [],
  tags: [],
  minAnnuityYear: null,
  scoreBelow: null,
  ...extra,
});

const forecast = [
  renewal('a9', 'a', '2027-03-31', 9, '410.00'),
  renewal('a10', 'a', '2028-03-31', 10, '470.00'),
  renewal('a11', 'a', '2029-03-31', 11, '520.00'),
  renewal('b10', 'b', '2027-06-30', 10, '1000.10', { office: 'US', currency: 'USD', family: 'F2' }),
  renewal('c12', 'c', '2027-09-30', 12, '300.05', { family: 'F2' }),
  renewal('c13', 'c', '2028-09-30', 13, null, { family: 'F2' }),
  renewal('d10', 'd', '2027-01-31', 10, '99.99', { appliedDecision: 'PAY' }),
  renewal('d11', 'd', '2028-01-31', 11, '120.00'),
];

describe('a what-if scenario', () => {
  it('stops a patent from the first renewal of the annuity year named, and every later one', () => {
    const stopped = stoppedRenewals(forecast, rule({ offices: ['DE'], minAnnuityYear: 10 }), new Set());
    expect(stopped.map((item) => item.eventId)).toEqual(['c12', 'd11', 'a10', 'c13', 'a11']);
  });

  it('saves exactly the sum of the stopped renewals’ estimates, per year and currency', () => {
    const stopped = stoppedRenewals(forecast, rule({ families: ['F2'] }), new Set());
    expect(stopped.map((item) => item.eventId)).toEqual(['b10', 'c12', 'c13']);
    const { lines, stoppedWithoutEstimate } = scenarioLines(
      forecast,
      stopped,
      new Map([['2027 EUR', '1000.00']]),
    );
    expect(stoppedWithoutEstimate).toBe(1);
    expect(lines).toEqual([
      {
        year: 2027,
        currency: 'EUR',
        forecast: '810.04',
        saved: '300.05',
        after: '509.99',
        stopped: 1,
        budget: '1000.00',
      },
      {
        year: 2027,
        currency: 'USD',
        forecast: '1000.10',
        saved: '1000.10',
        after: '0.00',
        stopped: 1,
        budget: null,
      },
      {
        year: 2028,
        currency: 'EUR',
        forecast: '590.00',
        saved: '0.00',
        after: '590.00',
        stopped: 0,
        budget: null,
      },
      {
        year: 2029,
        currency: 'EUR',
        forecast: '520.00',
        saved: '0.00',
        after: '520.00',
        stopped: 0,
        budget: null,
      },
    ]);
  });

  it('stops only patents whose keep score is below the one named, and none without a score', () => {
    const scores = new Map([
      ['a', 30],
      ['b', 70],
    ]);
    const stopped = stoppedRenewals(forecast, rule({ scoreBelow: 50 }), new Set(), scores);
    expect(stopped.map((item) => item.eventId)).toEqual(['a9', 'a10', 'a11']);
  });

  it('keeps what is already instructed at the service, and stops nothing without a rule', () => {
    const stopped = stoppedRenewals(forecast, rule({ tags: ['expensive'] }), new Set(['d']));
    expect(stopped.map((item) => item.eventId)).toEqual(['d11']);
    expect(stoppedRenewals(forecast, rule({}), new Set(['a', 'b']))).toEqual([]);
  });
});
