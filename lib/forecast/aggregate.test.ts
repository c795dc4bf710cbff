import { describe, expect, it } from 'vitest';
import {
  costToExpiry,
  forecastBy,
  forecastSummary,
  forecastTotals,
  isExcluded,
  monthCurrencyPoints,
  topPerCurrency,
} from './aggregate';
import type { ForecastEvent } from './data';

let sequence = 0;
function event(overrides: Partial<ForecastEvent>): ForecastEvent {
  sequence += 1;
  const dueDate = overrides.dueDate ?? '2027-01-31';
  return {
    eventId: `event-${sequence}`,
    patentId: `patent-${sequence}`,
    dueDate,
    month: dueDate.slice(0, 7),
    annuityYear: 5,
    office: 'EP',
    owner: 'Acme',
    family: 'F-1',
    caseReference: `C-${sequence}`,
    currency: 'EUR',
    total: '100.00',
    components: [{ type: 'OFFICE', amount: overrides.total ?? '100.00' }],
    appliedDecision: null,
    isFxRateFrozen: false,
    feesStatus: 'ESTIMATED',
    ...overrides,
  };
}

describe('forecast totals', () => {
  it('adds per currency and never across currencies, JPY without decimals', () => {
    const events = [
      event({ currency: 'EUR', total: '1200.50' }),
      event({ currency: 'EUR', total: '99.55' }),
      event({ currency: 'JPY', total: '45000', office: 'JP' }),
      event({ currency: 'JPY', total: '12345', office: 'JP' }),
      event({ currency: 'USD', total: '0.10', office: 'US' }),
      event({ currency: 'USD', total: '0.20', office: 'US' }),
    ];
    expect(forecastTotals(events)).toEqual([
      { key: null, currency: 'EUR', total: '1300.05', renewals: 2 },
      { key: null, currency: 'JPY', total: '57345', renewals: 2 },
      // 0.1 + 0.2 in decimals, not floats.
      { key: null, currency: 'USD', total: '0.30', renewals: 2 },
    ]);
  });

  it('groups by month, office, owner and family, each group in each of its currencies', () => {
    const events = [
      event({ dueDate: '2027-02-28', currency: 'EUR', total: '10.00', office: 'DE', owner: 'B' }),
      event({ dueDate: '2027-01-31', currency: 'JPY', total: '500', office: 'JP', owner: 'A' }),
      event({ dueDate: '2027-01-15', currency: 'EUR', total: '5.25', office: 'DE', owner: 'A' }),
      event({ dueDate: '2027-01-20', currency: 'EUR', total: '1.00', office: null, owner: null }),
    ];
    expect(forecastBy(events, 'month')).toEqual([
      { key: '2027-01', currency: 'EUR', total: '6.25', renewals: 2 },
      { key: '2027-01', currency: 'JPY', total: '500', renewals: 1 },
      { key: '2027-02', currency: 'EUR', total: '10.00', renewals: 1 },
    ]);
    // An unknown office (the snapshot did not know the patent) is a group of its own, last.
    expect(forecastBy(events, 'office')).toEqual([
      { key: 'DE', currency: 'EUR', total: '15.25', renewals: 2 },
      { key: 'JP', currency: 'JPY', total: '500', renewals: 1 },
      { key: null, currency: 'EUR', total: '1.00', renewals: 1 },
    ]);
    expect(forecastBy(events, 'owner').map((row) => [row.key, row.currency, row.total])).toEqual([
      ['A', 'EUR', '5.25'],
      ['A', 'JPY', '500'],
      ['B', 'EUR', '10.00'],
      [null, 'EUR', '1.00'],
    ]);
    expect(monthCurrencyPoints(forecastBy(events, 'month'))).toEqual([
      { month: '2027-01', currency: 'EUR', total: '6.25' },
      { month: '2027-01', currency: 'JPY', total: '500' },
      { month: '2027-02', currency: 'EUR', total: '10.00' },
    ]);
  });

  it('counts renewals without an estimate apart and never prices them', () => {
    const events = [
      event({ dueDate: '2027-03-31', currency: 'USD', total: '250.00' }),
      event({ dueDate: '2027-03-31', currency: null, total: null, components: [] }),
      // A fees object with a null total: its currency is known, its amount is not.
      event({ dueDate: '2027-03-31', currency: 'USD', total: null }),
    ];
    expect(forecastBy(events, 'month')).toEqual([
      { key: '2027-03', currency: 'USD', total: '250.00', renewals: 1 },
      { key: '2027-03', currency: null, total: null, renewals: 2 },
    ]);
    const summary = forecastSummary(events);
    expect(summary.totals).toEqual([{ key: null, currency: 'USD', total: '250.00', renewals: 1 }]);
    expect(summary.noEstimate).toBe(2);
    expect(summary.renewals).toBe(3);
  });

  it('keeps unknown component types without letting them change a total', () => {
    const events = [
      event({
        currency: 'EUR',
        total: '110.01',
        components: [
          { type: 'OFFICE', amount: '100.00' },
          { type: 'SERVICE', amount: '10.00' },
          { type: 'FX_MARGIN', amount: '0.01' },
        ],
      }),
      // Components that do not add up: the service's total is authoritative (spec: Fees).
      event({ currency: 'EUR', total: '50.00', components: [{ type: 'SOMETHING_NEW', amount: '999.99' }] }),
    ];
    expect(forecastTotals(events)).toEqual([{ key: null, currency: 'EUR', total: '160.01', renewals: 2 }]);
  });

  it('leaves dropped and skipped renewals out of every total but counts them', () => {
    const events = [
      event({ currency: 'EUR', total: '300.00', appliedDecision: 'PROCEED' }),
      event({ currency: 'EUR', total: '700.00', appliedDecision: 'DROP' }),
      event({ currency: 'JPY', total: '9000', appliedDecision: 'SKIP_THIS_TIME' }),
      // A decision added later to the open enum is not assumed to end the renewal.
      event({ currency: 'EUR', total: '1.00', appliedDecision: 'SOMETHING_LATER' }),
    ];
    expect(isExcluded(events[1] as ForecastEvent)).toBe(true);
    expect(forecastTotals(events)).toEqual([{ key: null, currency: 'EUR', total: '301.00', renewals: 2 }]);
    expect(costToExpiry(events).map((row) => row.total)).toEqual(['300.00', '1.00']);
    const summary = forecastSummary(events);
    expect(summary.excluded).toBe(2);
    expect(summary.renewals).toBe(2);
  });
});

describe('cost to expiry', () => {
  it('sums each patent’s remaining renewals per currency, largest first within each currency', () => {
    const events = [
      event({ patentId: 'small', dueDate: '2027-01-31', currency: 'EUR', total: '100.00' }),
      event({ patentId: 'big', dueDate: '2027-05-31', currency: 'EUR', total: '900.00' }),
      event({ patentId: 'big', dueDate: '2028-05-31', currency: 'EUR', total: '950.50' }),
      event({ patentId: 'jp', dueDate: '2027-07-01', currency: 'JPY', total: '30000' }),
      event({ patentId: 'jp', dueDate: '2028-07-01', currency: 'JPY', total: '31000' }),
      event({ patentId: 'jp', dueDate: '2029-07-01', currency: null, total: null }),
      event({ patentId: 'mid', dueDate: '2027-02-28', currency: 'EUR', total: '1000.00' }),
    ];
    const costs = costToExpiry(events);
    expect(costs.map((row) => [row.patentId, row.currency, row.total, row.renewals])).toEqual([
      ['big', 'EUR', '1850.50', 2],
      ['mid', 'EUR', '1000.00', 1],
      ['small', 'EUR', '100.00', 1],
      ['jp', 'JPY', '61000', 2],
    ]);
    expect(costs[0]).toMatchObject({ firstDue: '2027-05-31', lastDue: '2028-05-31', noEstimate: 0 });
    expect(costs[3]).toMatchObject({ noEstimate: 1, lastDue: '2028-07-01' });

    const top = topPerCurrency(costs, 2);
    expect(
      top.map((entry) => [entry.currency, entry.rows.map((row) => row.patentId), entry.patents]),
    ).toEqual([
      ['EUR', ['big', 'mid'], 3],
      ['JPY', ['jp'], 1],
    ]);
  });
});
