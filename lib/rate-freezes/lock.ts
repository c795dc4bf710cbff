import Big from 'big.js';
import { type CurrencyTotal, groupByCurrency, subtract, sumByCurrency } from '@/lib/annuity/money';

/**
 * What freezing a month would lock, in the currency the account is invoiced in.
 *
 * The freeze resource reports each renewal in its office's currency (spec: frozenRateEvent
 * `amount`, "in the event currency"), which says nothing about what the account will pay. The
 * period list with `include=fees` (spec: Endpoints 9) gives each renewal's estimate in the invoice
 * currency (spec: Fees, `currency`: "ISO 4217 invoice currency; all amounts are in it"). Freezing
 * pins the exchange rates behind those estimates (spec: Endpoints 15), so they are what it locks.
 * Totals are per invoice currency, never summed across currencies. Pure and browser-safe.
 */
export interface EstimatedEvent {
  fees?: {
    currency: string;
    total: string | null;
    feesStatus: string;
    isFxRateFrozen: boolean;
  } | null;
}

export interface LockedAmounts {
  /** ESTIMATED at market rates: what a freeze would pin now. */
  wouldLock: CurrencyTotal[];
  /** ESTIMATED at rates already frozen: a freeze changes nothing for them (spec: Endpoints 15). */
  alreadyFrozen: CurrencyTotal[];
  /** INVOICED: read from the invoice line and stable (spec: Fees rule 3), nothing to lock. */
  invoiced: number;
  /** Renewals the service listed without a fees object. */
  withoutFees: number;
}

export function lockedAmounts(events: readonly EstimatedEvent[]): LockedAmounts {
  const open: { amount: string | null; currency: string }[] = [];
  const frozen: { amount: string | null; currency: string }[] = [];
  let invoiced = 0;
  let withoutFees = 0;
  for (const event of events) {
    const fees = event.fees;
    if (!fees) withoutFees += 1;
    // feesStatus is ESTIMATED or INVOICED today; anything else is treated as not estimated.
    else if (fees.feesStatus !== 'ESTIMATED') invoiced += 1;
    else (fees.isFxRateFrozen ? frozen : open).push({ amount: fees.total, currency: fees.currency });
  }
  return { wouldLock: sumByCurrency(open), alreadyFrozen: sumByCurrency(frozen), invoiced, withoutFees };
}

/** Every ESTIMATED amount of the month, frozen or not: the month's estimate the worker records daily. */
export function estimatedTotals(events: readonly EstimatedEvent[]): CurrencyTotal[] {
  return sumByCurrency(
    events.flatMap((event) =>
      event.fees && event.fees.feesStatus === 'ESTIMATED'
        ? [{ amount: event.fees.total, currency: event.fees.currency }]
        : [],
    ),
  );
}

/** One recorded day of a month's estimate in one currency. */
export interface EstimatePoint {
  day: string;
  currency: string;
  total: string;
  events: number;
}

export interface EstimateMovement {
  currency: string;
  points: { day: string; total: string; events: number }[];
  first: string;
  last: string;
  /** last − first, in the currency's minor unit. */
  change: string;
  /** Of the first, two decimals, signed; null when the first is zero. */
  percent: string | null;
}

/**
 * How the month's estimate moved, per currency, over the recorded days (oldest first). A change
 * comes from exchange rates, fee schedules or renewals joining or leaving the month: the events
 * count beside each day tells the last apart.
 */
export function estimateMovement(points: readonly EstimatePoint[]): EstimateMovement[] {
  return groupByCurrency(points).map(([currency, list]) => {
    const sorted = [...list].sort((a, b) => a.day.localeCompare(b.day));
    const first = (sorted[0] as EstimatePoint).total;
    const last = (sorted[sorted.length - 1] as EstimatePoint).total;
    const change = subtract(last, first, currency);
    const percent = new Big(first).eq(0)
      ? null
      : new Big(change).times(100).div(first).round(2, Big.roundHalfUp).toFixed(2);
    return {
      currency,
      points: sorted.map(({ day, total, events }) => ({ day, total, events })),
      first,
      last,
      change,
      percent,
    };
  });
}
