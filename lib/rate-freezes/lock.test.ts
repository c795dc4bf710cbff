import { describe, expect, it } from 'vitest';
import { estimatedTotals, estimateMovement, lockedAmounts } from './lock';

const fees = (currency: string, total: string | null, status = 'ESTIMATED', frozen = false) => ({
  fees: { currency, total, feesStatus: status, isFxRateFrozen: frozen },
});

describe('what a freeze would lock, in the invoice currency', () => {
  const events = [
    fees('EUR', '100.10'),
    fees('EUR', '200.00'),
    fees('JPY', '15001'),
    fees('JPY', null),
    fees('EUR', '50.00', 'ESTIMATED', true),
    fees('EUR', '999.00', 'INVOICED'),
    { fees: null },
  ];

  it('totals the estimates at market rates per currency, JPY without decimals', () => {
    const locked = lockedAmounts(events);
    expect(locked.wouldLock).toEqual([
      { currency: 'EUR', total: '300.10', count: 2, missing: 0 },
      { currency: 'JPY', total: '15001', count: 1, missing: 1 },
    ]);
  });

  it('keeps already frozen and invoiced renewals out of what would be locked', () => {
    const locked = lockedAmounts(events);
    expect(locked.alreadyFrozen).toEqual([{ currency: 'EUR', total: '50.00', count: 1, missing: 0 }]);
    expect(locked.invoiced).toBe(1);
    expect(locked.withoutFees).toBe(1);
  });

  it('records every estimate of the month, frozen or not, but not invoiced amounts', () => {
    expect(estimatedTotals(events)).toEqual([
      { currency: 'EUR', total: '350.10', count: 3, missing: 0 },
      { currency: 'JPY', total: '15001', count: 1, missing: 1 },
    ]);
  });
});

describe('how the estimate moved', () => {
  it('orders the days and gives the change per currency, never across currencies', () => {
    const moved = estimateMovement([
      { day: '2026-03-03', currency: 'EUR', total: '103.00', events: 3 },
      { day: '2026-03-01', currency: 'EUR', total: '100.00', events: 3 },
      { day: '2026-03-01', currency: 'JPY', total: '20000', events: 2 },
      { day: '2026-03-02', currency: 'JPY', total: '19500', events: 2 },
    ]);
    expect(moved.map((m) => [m.currency, m.first, m.last, m.change, m.percent])).toEqual([
      ['EUR', '100.00', '103.00', '3.00', '3.00'],
      ['JPY', '20000', '19500', '-500', '-2.50'],
    ]);
    expect(moved[0]?.points.map((p) => p.day)).toEqual(['2026-03-01', '2026-03-03']);
  });

  it('has no percentage when the first day was zero', () => {
    const [only] = estimateMovement([
      { day: '2026-03-01', currency: 'USD', total: '0.00', events: 0 },
      { day: '2026-03-02', currency: 'USD', total: '10.00', events: 1 },
    ]);
    expect(only?.percent).toBeNull();
    expect(only?.change).toBe('10.00');
  });
});
