import { describe, expect, it } from 'vitest';
import { formatMoney } from '../annuity/money';
import { costToKeepClause, costToKeepText } from './cost-to-keep';
import { type KeepLine, keepLineText } from './keep-line';

const money = (amount: string, currency: string) => formatMoney(amount, currency, 'en-GB');

describe('the cost to keep, as every page words it', () => {
  it('names the year of the last renewal the sum covers, not the expiry', () => {
    const costs = [
      { currency: 'EUR', total: '1200.00', renewals: 3, lastDue: '2028-06-30' },
      { currency: 'USD', total: '300.00', renewals: 1, lastDue: '2027-02-28' },
    ];
    expect(costToKeepText(costs, money)).toBe('€1,200.00 + US$300.00 to keep to 2028');
    expect(
      costToKeepClause({ costToExpiry: costs, unpricedRenewals: 0, forecastTo: '2028-11-30' }, money),
    ).toBe('€1,200.00 + US$300.00 to keep to 2028');
  });

  it('says the forecast is being built when there is none', () => {
    expect(costToKeepClause({ costToExpiry: [], unpricedRenewals: 0, forecastTo: null }, money)).toBe(
      'cost to keep not known yet: the forecast is being built',
    );
  });

  it("labels Today's keep line with the horizon of the sum and the year the term runs to", () => {
    const line: KeepLine = {
      score: 61,
      sentence: '',
      costs: [{ currency: 'EUR', total: '1200.00', lastDue: '2028-04-30' }],
      forecast: true,
      termTo: '2038-06-01',
      termMonths: 138,
      family: null,
    };
    expect(keepLineText(line, 'en-GB')).toBe('€1,200.00 to keep to 2028 · term to 2038');
    expect(keepLineText({ ...line, costs: [], forecast: false }, 'en-GB')).toBe(
      'cost to keep not known yet: the forecast is being built · term to 2038',
    );
  });
});
