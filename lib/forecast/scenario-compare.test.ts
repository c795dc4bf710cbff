import { describe, expect, it } from 'vitest';
import type { ScenarioRenewal } from './scenario';
import { comparisonLines, onlyIn } from './scenario-compare';

describe('comparing two scenarios', () => {
  it('gives per year and currency each saving and the exact difference, never across currencies', () => {
    const lines = comparisonLines(
      [
        { year: 2027, currency: 'EUR', saved: '1000000000000.10' },
        { year: 2027, currency: 'JPY', saved: '120000' },
        { year: 2028, currency: 'EUR', saved: '0.00' },
      ],
      [
        { year: 2027, currency: 'EUR', saved: '0.20' },
        { year: 2027, currency: 'USD', saved: '800.00' },
        { year: 2028, currency: 'EUR', saved: '0.00' },
      ],
    );
    expect(lines).toEqual([
      // A float would give 999999999999.9; the decimal strings keep every cent.
      {
        year: 2027,
        currency: 'EUR',
        left: '1000000000000.10',
        right: '0.20',
        difference: '-999999999999.90',
      },
      { year: 2027, currency: 'JPY', left: '120000', right: '0', difference: '-120000' },
      { year: 2027, currency: 'USD', left: '0.00', right: '800.00', difference: '800.00' },
    ]);
  });

  it('lists the renewals one stops and the other does not, by due date, counting them all', () => {
    const renewal = (eventId: string, dueDate: string): ScenarioRenewal => ({
      eventId,
      patentId: `p-${eventId}`,
      dueDate,
      annuityYear: 10,
      office: 'DE',
      family: null,
      caseReference: null,
      currency: 'EUR',
      total: '100.00',
      appliedDecision: null,
    });
    const one = [renewal('c', '2027-09-30'), renewal('a', '2027-01-31'), renewal('b', '2027-03-31')];
    const other = [renewal('b', '2027-03-31')];
    expect(onlyIn(one, other, 1)).toEqual({ count: 2, renewals: [renewal('a', '2027-01-31')] });
    expect(onlyIn(other, one)).toEqual({ count: 0, renewals: [] });
  });
});
