import { describe, expect, it } from 'vitest';
import { compareTotals, countEvents, freezeTotals } from './totals';

const event = (amount: string, currency: string, isFxRateFrozen = false, hasInstruction = false) => ({
  amount,
  currency,
  isFxRateFrozen,
  hasInstruction,
});

describe('freezeTotals', () => {
  it('adds per currency in decimals, never across currencies', () => {
    const totals = freezeTotals([
      event('0.10', 'EUR'),
      event('0.20', 'EUR'),
      event('1200', 'JPY'),
      event('99999999999999.99', 'USD'),
      event('0.01', 'USD'),
    ]);
    expect(totals).toEqual([
      { currency: 'EUR', total: '0.30', count: 2, missing: 0 },
      { currency: 'JPY', total: '1200', count: 1, missing: 0 },
      { currency: 'USD', total: '100000000000000.00', count: 2, missing: 0 },
    ]);
  });

  it('has no totals for a month without renewals', () => {
    expect(freezeTotals([])).toEqual([]);
  });
});

describe('countEvents', () => {
  it('counts renewals, frozen ones and instructed ones', () => {
    expect(
      countEvents([event('1.00', 'EUR', true, true), event('1.00', 'EUR', true), event('1', 'JPY')]),
    ).toEqual({ events: 3, frozen: 2, instructed: 1 });
  });
});

describe('compareTotals', () => {
  it('sets the preview beside the frozen totals per currency, with the difference', () => {
    const before = freezeTotals([event('100.00', 'EUR'), event('1000', 'JPY')]);
    const after = freezeTotals([event('100.00', 'EUR'), event('1010', 'JPY'), event('5.50', 'USD')]);
    expect(compareTotals(before, after)).toEqual([
      { currency: 'EUR', before: '100.00', after: '100.00', difference: '0.00' },
      { currency: 'JPY', before: '1000', after: '1010', difference: '10' },
      { currency: 'USD', before: null, after: '5.50', difference: null },
    ]);
  });
});
