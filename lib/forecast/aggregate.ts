import Big from 'big.js';
import { groupByCurrency, isDecimal, scale } from '@/lib/annuity/money';
import type {
  ForecastData,
  ForecastEvent,
  ForecastRow,
  ForecastSummary,
  MonthCurrencyPoint,
  PatentCost,
} from './data';

/**
 * The forecast's arithmetic: estimated renewal costs grouped by month, office, owner or
 * family, always per currency and never added across currencies (spec: Conventions, money; a fees
 * object's amounts are all in its `currency`, spec: Fees). Totals come from each estimate's
 * authoritative `total`, never from its components, so a component type added later (an open
 * enum, spec: Versioning 3) is kept for display but cannot change a total. Pure, big.js only.
 */

/** Decisions that end a renewal without paying it (spec: Patent event, `appliedDecision`). */
const NOT_PAID = new Set(['DROP', 'SKIP_THIS_TIME']);

/** A renewal already dropped or skipped: stored and listed, but in no forecast total. */
export function isExcluded(event: Pick<ForecastEvent, 'appliedDecision'>): boolean {
  return event.appliedDecision !== null && NOT_PAID.has(event.appliedDecision);
}

/** The renewal's estimate, or null when the service gave none (or gave something unreadable). */
function estimateOf(
  event: Pick<ForecastEvent, 'currency' | 'total'>,
): { currency: string; total: string } | null {
  return event.currency && isDecimal(event.total) ? { currency: event.currency, total: event.total } : null;
}

export type ForecastDimension = 'month' | 'office' | 'owner' | 'family';

interface Bucket {
  sum: Big;
  renewals: number;
}

/** Groups first by key, then by currency (null: no estimate), in first-seen order. */
function group(
  events: readonly ForecastEvent[],
  keyOf: (event: ForecastEvent) => string | null,
): Map<string | null, Map<string | null, Bucket>> {
  const groups = new Map<string | null, Map<string | null, Bucket>>();
  for (const event of events) {
    if (isExcluded(event)) continue;
    const key = keyOf(event);
    const estimate = estimateOf(event);
    const currency = estimate?.currency ?? null;
    let byCurrency = groups.get(key);
    if (!byCurrency) {
      byCurrency = new Map();
      groups.set(key, byCurrency);
    }
    const bucket = byCurrency.get(currency) ?? { sum: new Big(0), renewals: 0 };
    if (estimate) bucket.sum = bucket.sum.plus(estimate.total);
    bucket.renewals += 1;
    byCurrency.set(currency, bucket);
  }
  return groups;
}

/** Null (unknown office, no owner, no estimate) sorts last; the rest by text. */
function compareNullable(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a.localeCompare(b);
}

function rowsOf(groups: Map<string | null, Map<string | null, Bucket>>): ForecastRow[] {
  const rows: ForecastRow[] = [];
  for (const key of [...groups.keys()].sort(compareNullable)) {
    const byCurrency = groups.get(key) ?? new Map<string | null, Bucket>();
    for (const currency of [...byCurrency.keys()].sort(compareNullable)) {
      const bucket = byCurrency.get(currency) as Bucket;
      rows.push({
        key,
        currency,
        total: currency === null ? null : scale(bucket.sum, currency),
        renewals: bucket.renewals,
      });
    }
  }
  return rows;
}

/**
 * One row per group and currency, plus one row (currency null) per group for its renewals
 * without an estimate. Dropped and skipped renewals are left out.
 */
export function forecastBy(events: readonly ForecastEvent[], by: ForecastDimension): ForecastRow[] {
  return rowsOf(group(events, (event) => event[by]));
}

/** The whole window's totals per currency (key null). */
export function forecastTotals(events: readonly ForecastEvent[]): ForecastRow[] {
  return rowsOf(group(events, () => null));
}

/** The month table's priced rows in the chart's shape: {month, currency, total}. */
export function monthCurrencyPoints(byMonth: readonly ForecastRow[]): MonthCurrencyPoint[] {
  return byMonth.flatMap((row) =>
    row.key !== null && row.currency !== null && row.total !== null
      ? [{ month: row.key, currency: row.currency, total: row.total }]
      : [],
  );
}

/**
 * Each patent's remaining estimated renewals in the window, per currency, largest first within
 * each currency (to support pruning: what keeping the patent costs until the window's end).
 */
export function costToExpiry(events: readonly ForecastEvent[]): PatentCost[] {
  interface Entry {
    first: ForecastEvent;
    byCurrency: Map<string, { sum: Big; renewals: number; firstDue: string; lastDue: string }>;
    noEstimate: number;
  }
  const patents = new Map<string, Entry>();
  for (const event of events) {
    if (isExcluded(event)) continue;
    const entry = patents.get(event.patentId) ?? { first: event, byCurrency: new Map(), noEstimate: 0 };
    patents.set(event.patentId, entry);
    const estimate = estimateOf(event);
    if (!estimate) {
      entry.noEstimate += 1;
      continue;
    }
    const bucket = entry.byCurrency.get(estimate.currency) ?? {
      sum: new Big(0),
      renewals: 0,
      firstDue: event.dueDate,
      lastDue: event.dueDate,
    };
    bucket.sum = bucket.sum.plus(estimate.total);
    bucket.renewals += 1;
    if (event.dueDate < bucket.firstDue) bucket.firstDue = event.dueDate;
    if (event.dueDate > bucket.lastDue) bucket.lastDue = event.dueDate;
    entry.byCurrency.set(estimate.currency, bucket);
  }
  const rows: (PatentCost & { sum: Big })[] = [];
  for (const [patentId, entry] of patents) {
    for (const [currency, bucket] of entry.byCurrency) {
      rows.push({
        patentId,
        caseReference: entry.first.caseReference,
        office: entry.first.office,
        owner: entry.first.owner,
        family: entry.first.family,
        currency,
        total: scale(bucket.sum, currency),
        renewals: bucket.renewals,
        firstDue: bucket.firstDue,
        lastDue: bucket.lastDue,
        noEstimate: entry.noEstimate,
        sum: bucket.sum,
      });
    }
  }
  rows.sort(
    (a, b) =>
      a.currency.localeCompare(b.currency) ||
      b.sum.cmp(a.sum) ||
      compareNullable(a.caseReference, b.caseReference) ||
      a.patentId.localeCompare(b.patentId),
  );
  return rows.map(({ sum: _sum, ...row }) => row);
}

/** The first `limit` patents of each currency, currencies in code order. */
export function topPerCurrency(
  costs: readonly PatentCost[],
  limit: number,
): { currency: string; rows: PatentCost[]; patents: number }[] {
  return groupByCurrency(costs).map(([currency, rows]) => ({
    currency,
    rows: rows.slice(0, limit),
    patents: rows.length,
  }));
}

export function forecastSummary(events: readonly ForecastEvent[]): ForecastSummary {
  const counted = events.filter((event) => !isExcluded(event));
  const months = events.map((event) => event.month).sort();
  return {
    totals: forecastTotals(events).filter((row) => row.currency !== null),
    renewals: counted.length,
    patents: new Set(counted.map((event) => event.patentId)).size,
    noEstimate: counted.filter((event) => estimateOf(event) === null).length,
    excluded: events.length - counted.length,
    lastListedMonth: months[months.length - 1] ?? null,
  };
}

/**
 * What the forecast page shows of `events`: the summary, the tables by month, office, owner and
 * family, the chart's points and each patent's cost to expiry.
 */
export function forecastTables(
  events: readonly ForecastEvent[],
): Pick<
  ForecastData,
  'summary' | 'byMonth' | 'byOffice' | 'byOwner' | 'byFamily' | 'monthCurrency' | 'patents'
> {
  const byMonth = forecastBy(events, 'month');
  return {
    summary: forecastSummary(events),
    byMonth,
    byOffice: forecastBy(events, 'office'),
    byOwner: forecastBy(events, 'owner'),
    byFamily: forecastBy(events, 'family'),
    monthCurrency: monthCurrencyPoints(byMonth),
    patents: costToExpiry(events),
  };
}
