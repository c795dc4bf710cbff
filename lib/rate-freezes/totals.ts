import { type CurrencyTotal, subtract, sumByCurrency } from '@/lib/annuity/money';

/**
 * A month's fees as the freeze resource reports them: each event's amount in its own currency
 * (spec: frozenRateEvent), so totals are per currency and two currencies are never added.
 */
export interface FreezeEventAmount {
  amount: string;
  currency: string;
  isFxRateFrozen: boolean;
  hasInstruction: boolean;
}

export function freezeTotals(events: readonly FreezeEventAmount[]): CurrencyTotal[] {
  return sumByCurrency(events);
}

export interface EventCounts {
  events: number;
  frozen: number;
  instructed: number;
}

export function countEvents(events: readonly FreezeEventAmount[]): EventCounts {
  return {
    events: events.length,
    frozen: events.filter((event) => event.isFxRateFrozen).length,
    instructed: events.filter((event) => event.hasInstruction).length,
  };
}

export interface TotalsComparison {
  currency: string;
  before: string | null;
  after: string | null;
  /** after − before, in the currency's minor unit; null when one side has no total. */
  difference: string | null;
}

/**
 * The month's totals as previewed and as frozen, side by side per currency. They differ only when
 * rates or the month's events moved between the preview and the freeze.
 */
export function compareTotals(
  before: readonly CurrencyTotal[],
  after: readonly CurrencyTotal[],
): TotalsComparison[] {
  const currencies = [...new Set([...before, ...after].map((entry) => entry.currency))].sort();
  return currencies.map((currency) => {
    const was = before.find((entry) => entry.currency === currency)?.total ?? null;
    const is = after.find((entry) => entry.currency === currency)?.total ?? null;
    return {
      currency,
      before: was,
      after: is,
      difference: was !== null && is !== null ? subtract(is, was, currency) : null,
    };
  });
}
