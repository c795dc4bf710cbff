/**
 * What the forecast page, /api/analytics/forecast and its exports share. Browser-safe:
 * plain data, amounts as decimal strings with their currency (lib/annuity/money.ts).
 */

/** One renewal of the forecast, as stored by the worker in `forecast_event`. */
export interface ForecastEvent {
  eventId: string;
  patentId: string;
  dueDate: string;
  /** YYYY-MM of the due date. */
  month: string;
  annuityYear: number | null;
  /** From the portfolio snapshot; null when the snapshot did not know the patent. */
  office: string | null;
  owner: string | null;
  family: string | null;
  caseReference: string | null;
  /** Null with `total` when the service gave no estimate (fees absent or a null total). */
  currency: string | null;
  total: string | null;
  /** The fee components as the service sent them, unknown types included (spec: Fees). */
  components: readonly { type: string; amount: string }[];
  appliedDecision: string | null;
  isFxRateFrozen: boolean;
  /** ESTIMATED or INVOICED (spec: Fees; an open enum); null without fees. */
  feesStatus: string | null;
}

/**
 * One line of a grouped table: a group (a month, an office…) in one currency. `currency` null is
 * the group's renewals without an estimate, counted but never priced.
 */
export interface ForecastRow {
  key: string | null;
  currency: string | null;
  total: string | null;
  renewals: number;
}

/** The chart's shape (the lead places a chart on the page): one point per month and currency. */
export interface MonthCurrencyPoint {
  month: string;
  currency: string;
  total: string;
}

/** A patent's remaining estimated renewals in the window, in one currency. */
export interface PatentCost {
  patentId: string;
  caseReference: string | null;
  office: string | null;
  owner: string | null;
  family: string | null;
  currency: string;
  total: string;
  renewals: number;
  firstDue: string;
  lastDue: string;
  /** Renewals of this patent in the window without an estimate (not in `total`). */
  noEstimate: number;
}

export interface ForecastRunView {
  id: string;
  status: 'running' | 'done' | 'failed' | 'skipped';
  windowFrom: string;
  windowTo: string;
  calls: number;
  events: number;
  detail: string | null;
  startedAt: string;
  finishedAt: string | null;
}

export interface ForecastSummary {
  /** Totals per currency over the window (dropped and skipped renewals left out). */
  totals: ForecastRow[];
  renewals: number;
  patents: number;
  /** Renewals without an estimate (counted, not priced). */
  noEstimate: number;
  /** Renewals already dropped or skipped: stored, shown, but not in any total. */
  excluded: number;
  /** The last month the service listed a renewal in ("as far as the service lists events"). */
  lastListedMonth: string | null;
}

export interface ForecastData {
  /** The window shown: the last refresh's, from the current month on. Null before any refresh. */
  window: { from: string; to: string; months: number } | null;
  configuredMonths: number;
  lastRefresh: ForecastRunView | null;
  lastAttempt: ForecastRunView | null;
  running: ForecastRunView | null;
  /** The clients shown whose refresh is running now (each client's refresh is its own). */
  runningClients: string[];
  /** Calls the next refresh should cost; `known` false before any refresh (a lower bound then). */
  /**
   * The next refresh's calls, estimated from the renewals expected in each window it reads: from
   * reads of each month (`read`), the portfolio's size where a month was never read (`portfolio`),
   * or one call a window, a lower bound, without either (`minimum`).
   */
  nextRefresh: { calls: number; known: boolean; basis: 'read' | 'portfolio' | 'minimum'; windows: number };
  budget: { spent: number; budget: number | null; sharePercent: number };
  summary: ForecastSummary;
  byMonth: ForecastRow[];
  byOffice: ForecastRow[];
  byOwner: ForecastRow[];
  byFamily: ForecastRow[];
  monthCurrency: MonthCurrencyPoint[];
  patents: PatentCost[];
  computedAt: string;
}

export const FORECAST_TABLES = ['month', 'office', 'owner', 'family', 'patents'] as const;
export type ForecastTable = (typeof FORECAST_TABLES)[number];

/** "1 renewal", "3 renewals": the count the page writes beside every figure. */
export function renewalCount(count: number): string {
  return `${count} renewal${count === 1 ? '' : 's'}`;
}
