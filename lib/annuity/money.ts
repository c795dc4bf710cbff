import Big from 'big.js';

/**
 * Money as the service sends it: a decimal string in the major unit, scaled per ISO 4217, with its
 * currency beside it (spec: Conventions). Arithmetic is decimal (big.js), never JS numbers, and
 * amounts of different currencies are never added. Pure: used by the browser, the server and the
 * stand-in service alike.
 * @public a type of the contract, whether or not the dashboard names it yet
 */
export interface Money {
  amount: string;
  currency: string;
}

// ISO 4217 minor units that differ from 2; every other code has 2.
const MINOR_UNITS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
};

export const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

export function minorUnits(currency: string): number {
  return MINOR_UNITS[currency.toUpperCase()] ?? 2;
}

export function isDecimal(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_PATTERN.test(value);
}

/** True when the string has exactly the currency's number of decimals (JPY "1200", EUR "12.50"). */
export function isScaled(amount: string, currency: string): boolean {
  if (!isDecimal(amount)) return false;
  const decimals = amount.split('.')[1]?.length ?? 0;
  return decimals === minorUnits(currency);
}

/** Rounds half-up to the currency's minor unit and writes it with exactly that many decimals. */
export function scale(amount: string | Big, currency: string): string {
  return new Big(amount).round(minorUnits(currency), Big.roundHalfUp).toFixed(minorUnits(currency));
}

export function addAmounts(amounts: readonly string[], currency: string): string {
  return scale(
    amounts.reduce((sum, amount) => sum.plus(amount), new Big(0)),
    currency,
  );
}

export function subtract(a: string, b: string, currency: string): string {
  return scale(new Big(a).minus(b), currency);
}

/** Exact product, rounded to the currency (VAT: subtotal × (1 + rate)). `factor` may be a number
 * only because the spec sends `vatRate` as a JSON number; it is converted through its decimal text. */
export function multiply(amount: string, factor: string | number, currency: string): string {
  return scale(new Big(amount).times(new Big(String(factor))), currency);
}

export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  return new Big(a).cmp(b) as -1 | 0 | 1;
}

export function amountsEqual(a: string, b: string): boolean {
  return new Big(a).eq(b);
}

export function isZero(amount: string): boolean {
  return new Big(amount).eq(0);
}

export interface CurrencyTotal {
  currency: string;
  total: string;
  /** Items with an amount in this currency. */
  count: number;
  /** Items in this currency whose amount was null (not yet known). */
  missing: number;
}

/** Totals per currency, sorted by currency code; a null amount is counted as missing, not as zero. */
export function sumByCurrency(
  items: Iterable<{ amount: string | null | undefined; currency: string }>,
): CurrencyTotal[] {
  const totals = new Map<string, { sum: Big; count: number; missing: number }>();
  for (const item of items) {
    const entry = totals.get(item.currency) ?? { sum: new Big(0), count: 0, missing: 0 };
    if (item.amount === null || item.amount === undefined || !isDecimal(item.amount)) entry.missing += 1;
    else {
      entry.sum = entry.sum.plus(item.amount);
      entry.count += 1;
    }
    totals.set(item.currency, entry);
  }
  return [...totals.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, entry]) => ({
      currency,
      total: scale(entry.sum, currency),
      count: entry.count,
      missing: entry.missing,
    }));
}

/**
 * Items per currency, currencies in code order, each group in the items' order: amounts are only
 * ever added within one currency.
 */
export function groupByCurrency<T extends { currency: string }>(items: Iterable<T>): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(item.currency);
    if (group) group.push(item);
    else groups.set(item.currency, [item]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** Whether a fees object's components add up to its total (spec: Fees, components sum to total). */
export function componentsSumToTotal(fees: {
  total: string | null;
  components: readonly { amount: string }[];
}): boolean {
  if (fees.total === null) return true;
  const sum = fees.components.reduce((acc, component) => acc.plus(component.amount), new Big(0));
  return sum.eq(fees.total);
}

// One formatter per locale and currency, made on first use: building one costs far more than using
// it, and a month view formats an amount per row on every render.
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string, locale: string | undefined): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    const digits = minorUnits(currency);
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    moneyFormats.set(key, format);
  }
  return format;
}

/**
 * Display in the user's locale. Intl.NumberFormat takes the decimal string itself (no float on the
 * way), so a large amount keeps every digit.
 */
export function formatMoney(amount: string, currency: string, locale?: string): string {
  try {
    return moneyFormat(currency, locale).format(amount as unknown as number);
  } catch {
    // An unknown currency code: still show the amount, never crash a page.
    return `${amount} ${currency}`;
  }
}

/** Totals of several currencies on one line, side by side and never added; '—' when there are none. */
export function formatTotals(
  totals: readonly Pick<CurrencyTotal, 'currency' | 'total'>[],
  locale?: string,
): string {
  return totals.map((total) => formatMoney(total.total, total.currency, locale)).join(' · ') || '—';
}
