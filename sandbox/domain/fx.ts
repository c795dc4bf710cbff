import Big from 'big.js';

/**
 * Exchange rates, quoted like reference rates: units of each currency for one euro. Converting
 * from A to B uses rate(B) / rate(A). The service's own fee is priced in EUR; office and agent fees
 * in the office currency (spec: Fees, "computed live from fee schedules and current exchange rates").
 */
export const BASE_CURRENCY = 'EUR';

export type RateTable = Readonly<Record<string, string>>;

/** The rates a fresh store starts from; generated history is always priced with these. */
export const DEFAULT_RATES: RateTable = {
  EUR: '1',
  USD: '1.0850',
  JPY: '162.40',
  GBP: '0.8540',
  CNY: '7.8200',
  KRW: '1452.00',
  CHF: '0.9560',
  SEK: '11.4200',
  DKK: '7.4600',
  CAD: '1.4710',
  AUD: '1.6380',
};

export const SUPPORTED_CURRENCIES = Object.keys(DEFAULT_RATES);

/** Decimals kept on a cross rate: enough that no 2-decimal or 0-decimal amount depends on the cut. */
const CROSS_RATE_DECIMALS = 10;

export function crossRate(rates: RateTable, from: string, to: string): string {
  if (from === to) return '1';
  const fromRate = rates[from];
  const toRate = rates[to];
  if (fromRate === undefined || toRate === undefined) throw new Error(`no exchange rate for ${from}/${to}`);
  return new Big(toRate).div(fromRate).round(CROSS_RATE_DECIMALS, Big.roundHalfUp).toFixed();
}

export function pairKey(from: string, to: string): string {
  return `${from}/${to}`;
}

/** A positive decimal with at most 10 decimals, as accepted from the operator API. */
export function isRate(value: unknown): value is string {
  return typeof value === 'string' && /^\d+(\.\d{1,10})?$/.test(value) && new Big(value).gt(0);
}

/** The current table after an operator move: explicit rates first, then a multiplier on all. */
export function movedRates(
  current: RateTable,
  change: { rates?: Record<string, string>; multiplyAllBy?: string },
): RateTable {
  const next: Record<string, string> = { ...current, ...(change.rates ?? {}) };
  if (change.multiplyAllBy !== undefined) {
    for (const currency of Object.keys(next)) {
      if (currency === BASE_CURRENCY) continue;
      next[currency] = new Big(next[currency] as string)
        .times(change.multiplyAllBy)
        .round(6, Big.roundHalfUp)
        .toFixed();
    }
  }
  next[BASE_CURRENCY] = '1';
  return next;
}
