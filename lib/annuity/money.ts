/**
 * Money as the service sends it: a decimal string in the major unit, scaled per ISO 4217, with its
 * currency beside it (spec: Conventions). Arithmetic is exact decimal (integers of the smallest
 * digit, in BigInt), never JS numbers, and amounts of different currencies are never added. Pure:
 * used by the browser, the server and the stand-in service alike. It needs no decimal library:
 * adding, comparing and rounding amounts are a few lines on BigInt, and the month view, which sums a
 * window's fees in the browser, then loads none (bench: JS per route). Code that multiplies or
 * divides in many steps (rates, shares) uses big.js and hands its result to `scale`.
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

/** An exact decimal number: `units` × 10^-`places`. */
interface Exact {
  units: bigint;
  places: number;
}

// What a decimal may look like: big.js's own syntax (a sign, digits with a point, an exponent), so
// a value from String(number) such as "1e-7" is read as well.
const NUMERIC = /^(-?)(\d+(?:\.\d*)?|\.\d+)(?:e([+-]?\d+))?$/i;

function exact(value: string): Exact {
  const match = NUMERIC.exec(value);
  if (!match) throw new TypeError(`not a decimal number: ${JSON.stringify(value)}`);
  const [, sign, digitsWithPoint = '', exponent = '0'] = match;
  const [whole = '', fraction = ''] = digitsWithPoint.split('.');
  let places = fraction.length - Number(exponent);
  let digits = `${whole}${fraction}`;
  if (places < 0) {
    digits += '0'.repeat(-places);
    places = 0;
  }
  const units = BigInt(digits);
  return { units: sign === '-' ? -units : units, places };
}

const ZERO: Exact = { units: 0n, places: 0 };
const tenTo = (power: number) => 10n ** BigInt(power);

/** Both numbers' units at the larger number of places. */
function aligned(a: Exact, b: Exact): [bigint, bigint, number] {
  const places = Math.max(a.places, b.places);
  return [a.units * tenTo(places - a.places), b.units * tenTo(places - b.places), places];
}

function plus(a: Exact, b: Exact): Exact {
  const [x, y, places] = aligned(a, b);
  return { units: x + y, places };
}

function compare(a: Exact, b: Exact): -1 | 0 | 1 {
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Rounded to `places` decimals, a half away from zero (big.js's roundHalfUp), written with exactly that many. */
function toFixed(value: Exact, places: number): string {
  let units = value.units * tenTo(Math.max(0, places - value.places));
  if (value.places > places) {
    const divisor = tenTo(value.places - places);
    const remainder = value.units % divisor;
    units = value.units / divisor;
    if ((remainder < 0n ? -remainder : remainder) * 2n >= divisor) units += value.units < 0n ? -1n : 1n;
  }
  const digits = (units < 0n ? -units : units).toString().padStart(places + 1, '0');
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return units < 0n ? `-${text}` : text;
}

/**
 * Rounds half-up to the currency's minor unit and writes it with exactly that many decimals. Takes
 * a decimal string, or a big.js result (anything whose toFixed() writes it out in full).
 */
export function scale(amount: string | { toFixed(): string }, currency: string): string {
  const text = typeof amount === 'string' ? amount : amount.toFixed();
  return toFixed(exact(text), minorUnits(currency));
}

export function addAmounts(amounts: readonly string[], currency: string): string {
  return toFixed(
    amounts.reduce((sum, amount) => plus(sum, exact(amount)), ZERO),
    minorUnits(currency),
  );
}

export function subtract(a: string, b: string, currency: string): string {
  const negated = exact(b);
  return toFixed(plus(exact(a), { ...negated, units: -negated.units }), minorUnits(currency));
}

/** Exact product, rounded to the currency (VAT: subtotal × (1 + rate)). `factor` may be a number
 * only because the spec sends `vatRate` as a JSON number; it is converted through its decimal text. */
export function multiply(amount: string, factor: string | number, currency: string): string {
  const a = exact(amount);
  const b = exact(String(factor));
  return toFixed({ units: a.units * b.units, places: a.places + b.places }, minorUnits(currency));
}

export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  return compare(exact(a), exact(b));
}

export function amountsEqual(a: string, b: string): boolean {
  return compare(exact(a), exact(b)) === 0;
}

export function isZero(amount: string): boolean {
  return exact(amount).units === 0n;
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
  const totals = new Map<string, { sum: Exact; count: number; missing: number }>();
  for (const item of items) {
    const entry = totals.get(item.currency) ?? { sum: ZERO, count: 0, missing: 0 };
    if (item.amount === null || item.amount === undefined || !isDecimal(item.amount)) entry.missing += 1;
    else {
      entry.sum = plus(entry.sum, exact(item.amount));
      entry.count += 1;
    }
    totals.set(item.currency, entry);
  }
  return [...totals.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, entry]) => ({
      currency,
      total: toFixed(entry.sum, minorUnits(currency)),
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
  const sum = fees.components.reduce((acc, component) => plus(acc, exact(component.amount)), ZERO);
  return compare(sum, exact(fees.total)) === 0;
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
