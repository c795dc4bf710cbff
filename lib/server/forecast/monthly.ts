import 'server-only';
import Big from 'big.js';
import { and, eq, gte, inArray, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import { isDecimal, scale } from '../../annuity/money';
import { type Database, getDb } from '../../db';
import { forecastEvent } from '../../db/schema';
import { isExcluded } from '../../forecast/aggregate';

/**
 * The one reader of `forecast_event` summed by month and currency: the forecast page
 * and the budget comparison both read it, so they can never disagree.
 *
 * - Amounts are decimal strings summed with big.js, per currency, never across currencies.
 * - An event without an estimate (null total: fees absent or not yet known, spec: Fees) is counted
 *   as "without estimate", never summed as zero.
 * - An event whose applied decision is DROP or SKIP_THIS_TIME will not be paid: it leaves the
 *   forecast and is reported apart as "dropped or skipped" (money not spent, for the variance).
 *   Any other decision (PROCEED, none, or an unknown value: enums are open, spec: Versioning)
 *   stays in the forecast.
 */
export interface MonthCurrencyTotal {
  /** YYYY-MM of the due date. */
  month: string;
  currency: string;
  /** Decimal string scaled to the currency (JPY 0 decimals). */
  total: string;
  /** Events summed into `total`. */
  events: number;
}

interface MonthWithoutEstimate {
  month: string;
  /** Events still to be paid whose estimate is unknown. */
  events: number;
  /** Dropped or skipped events whose estimate is unknown. */
  droppedOrSkipped: number;
}

export interface MonthlyForecast {
  /** Sorted by month, then currency. */
  forecast: MonthCurrencyTotal[];
  droppedOrSkipped: MonthCurrencyTotal[];
  /** Only months that have such events, sorted. */
  withoutEstimate: MonthWithoutEstimate[];
}

export interface MonthlyForecastFilter {
  /** The clients whose forecast is summed (spec: rule 2, each client's rows are its own). */
  connections: readonly string[];
  /** Inclusive YYYY-MM bounds. */
  from?: string;
  to?: string;
  /** Office code (e.g. EP); omitted or '' for all offices. */
  office?: string;
  /** Family reference; omitted or '' for all families. */
  family?: string;
  /** With a currency, events whose currency is unknown (no estimate at all) are left out. */
  currency?: string;
  /**
   * Leave out renewals already invoiced (feesStatus INVOICED, spec: Fees rule 3): the budget
   * counts them in the actuals by invoice month, and must not count them twice.
   */
  notInvoiced?: boolean;
}

interface ForecastRowForSum {
  month: string;
  currency: string | null;
  total: string | null;
  appliedDecision: string | null;
}

type Sums = Map<string, { month: string; currency: string; sum: Big; events: number }>;

function add(sums: Sums, month: string, currency: string, total: string) {
  const key = `${month}|${currency}`;
  const entry = sums.get(key) ?? { month, currency, sum: new Big(0), events: 0 };
  entry.sum = entry.sum.plus(total);
  entry.events += 1;
  sums.set(key, entry);
}

function sorted(sums: Sums): MonthCurrencyTotal[] {
  return [...sums.values()]
    .sort((a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency))
    .map((entry) => ({
      month: entry.month,
      currency: entry.currency,
      total: scale(entry.sum, entry.currency),
      events: entry.events,
    }));
}

/** The pure summing step: no float anywhere, one big.js sum per month and currency. */
function sumForecastRows(rows: Iterable<ForecastRowForSum>): MonthlyForecast {
  const forecast: Sums = new Map();
  const dropped: Sums = new Map();
  const without = new Map<string, MonthWithoutEstimate>();
  for (const row of rows) {
    const notPaid = isExcluded(row);
    if (row.currency === null || row.total === null || !isDecimal(row.total)) {
      const entry = without.get(row.month) ?? { month: row.month, events: 0, droppedOrSkipped: 0 };
      if (notPaid) entry.droppedOrSkipped += 1;
      else entry.events += 1;
      without.set(row.month, entry);
      continue;
    }
    add(notPaid ? dropped : forecast, row.month, row.currency.toUpperCase(), row.total);
  }
  return {
    forecast: sorted(forecast),
    droppedOrSkipped: sorted(dropped),
    withoutEstimate: [...without.values()].sort((a, b) => a.month.localeCompare(b.month)),
  };
}

/**
 * Reads the cached forecast (filled by the worker) and sums it. Only the four columns summed are
 * read; the filters run in SQL on the month index.
 */
export async function loadMonthlyForecast(
  filter: MonthlyForecastFilter,
  database?: Database,
): Promise<MonthlyForecast> {
  const db = database ?? (await getDb());
  const conditions: SQL[] = [inArray(forecastEvent.connection, [...filter.connections])];
  if (filter.from) conditions.push(gte(forecastEvent.month, filter.from));
  if (filter.to) conditions.push(lte(forecastEvent.month, filter.to));
  if (filter.office) conditions.push(eq(forecastEvent.office, filter.office));
  if (filter.family) conditions.push(eq(forecastEvent.family, filter.family));
  if (filter.currency) conditions.push(eq(forecastEvent.currency, filter.currency));
  if (filter.notInvoiced)
    conditions.push(or(isNull(forecastEvent.feesStatus), ne(forecastEvent.feesStatus, 'INVOICED')) as SQL);
  const rows = await db
    .select({
      month: forecastEvent.month,
      currency: forecastEvent.currency,
      total: forecastEvent.total,
      appliedDecision: forecastEvent.appliedDecision,
    })
    .from(forecastEvent)
    .where(and(...conditions));
  return sumForecastRows(rows);
}
