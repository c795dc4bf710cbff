import Big from 'big.js';
import { minorUnits, scale } from '@/lib/annuity/money';
import type { ClientRef } from '@/lib/clients/chosen-client';
import { monthsFromTo } from '@/lib/format/dates';

/**
 * Budget against forecast against actual, one year and one currency at a time: amounts
 * of two currencies are never added (spec: Conventions). Pure and browser-safe, big.js only.
 *
 * - Budget: a year's amount phased by the manager's 12 months, or spread evenly in the currency's
 *   minor unit (JPY yen, EUR cents) with the remainder going one minor unit at a time to the
 *   earliest months, so the months always add up to the year exactly.
 * - Actual: invoiced amounts by invoice issue month (spend analytics).
 * - Forecast: estimated renewals by due month (the worker's forecast), without dropped or skipped
 *   events, which are reported apart.
 * - Outturn, what the year is expected to cost: actual for past months, forecast for future ones,
 *   and both for the current month (what was invoiced so far plus what falls due this month).
 */
export interface BudgetRecord {
  id: string;
  year: number;
  currency: string;
  /** '' for all offices. */
  office: string;
  /** '' for all families. */
  family: string;
  amount: string;
  months: string[] | null;
  note: string | null;
  updatedAt: string;
  updatedByEmail: string | null;
  /** The budget's client, only when the user works for several (each client has its own budgets). */
  client?: ClientRef;
}

export type MonthPhase = 'past' | 'current' | 'future';

function monthPhase(month: string, currentMonth: string): MonthPhase {
  if (month < currentMonth) return 'past';
  return month === currentMonth ? 'current' : 'future';
}

/**
 * The year spread over 12 months in minor units: each month gets floor(total / 12) and the
 * remainder goes one minor unit to each of the earliest months (1000.00 EUR: 83.34 × 4, 83.33 × 8;
 * 100 JPY: 9 × 4, 8 × 8).
 */
export function spreadEvenly(amount: string, currency: string): string[] {
  const digits = minorUnits(currency);
  const minor = new Big(scale(amount, currency)).times(new Big(10).pow(digits));
  const base = minor.div(12).round(0, Big.roundDown);
  const remainder = minor.minus(base.times(12)).toNumber();
  return Array.from({ length: 12 }, (_, index) =>
    scale(base.plus(index < remainder ? 1 : 0).div(new Big(10).pow(digits)), currency),
  );
}

/** The budget's 12 months: the manager's phasing when given, else an even spread. */
export function budgetMonths(budget: Pick<BudgetRecord, 'amount' | 'currency' | 'months'>): string[] {
  if (budget.months && budget.months.length === 12) {
    return budget.months.map((month) => scale(month, budget.currency));
  }
  return spreadEvenly(budget.amount, budget.currency);
}

/** A per-month, per-currency amount from any source (forecast, dropped, invoiced). */
interface MonthAmount {
  month: string | null;
  currency: string;
  total: string;
}

/** A spend-analytics month row: only the total and its grace surcharges are read here. */
interface ActualMonth extends MonthAmount {
  byKind: { GRACE_PERIOD: string };
}

/** An FX-variance row of spend analytics (invoiced against the estimate recorded at decision). */
interface VarianceMonth {
  month: string | null;
  currency: string;
  frozen: boolean;
  difference: string;
}

interface ComparisonRow {
  month: string;
  phase: MonthPhase;
  budget: string | null;
  /** Null for past months (the forecast covers what is still to come). */
  forecast: string | null;
  /** Null for future months. */
  actual: string | null;
  outturn: string;
  /** outturn − budget; null without a budget. */
  difference: string | null;
  droppedOrSkipped: string;
}

export interface VarianceExplained {
  /** outturn − budget for the year. Positive: over budget. */
  total: string;
  /** Invoiced against the estimates recorded at decision time, at floating exchange rates. */
  fx: string;
  /** Grace-period surcharges invoiced (spec: Fees rule 2). */
  surcharges: string;
  /** Estimates of events dropped or skipped in the remaining months: money not spent (≤ 0). */
  droppedPatents: string;
  /** The rest: fee schedule changes (including any difference at frozen rates), volume, and the budget's own assumptions. */
  feeScheduleOther: string;
}

export interface BudgetComparison {
  year: number;
  currency: string;
  currentMonth: string;
  /** Whether invoiced amounts apply to this scope (they are known for all offices and families only). */
  actualAvailable: boolean;
  rows: ComparisonRow[];
  totals: Omit<ComparisonRow, 'month' | 'phase'>;
  /** Null without a budget: there is nothing to explain a variance against. */
  variance: VarianceExplained | null;
  /** The months the forecast covers; null when no forecast has been built yet. */
  forecastMonths: { from: string; to: string } | null;
}

export interface ComparisonInput {
  year: number;
  currency: string;
  /** YYYY-MM of today. */
  currentMonth: string;
  budget: Pick<BudgetRecord, 'amount' | 'currency' | 'months'> | null;
  forecast: readonly MonthAmount[];
  droppedOrSkipped: readonly MonthAmount[];
  /** Null when invoiced amounts are not known for the scope (an office or a family). */
  actual: readonly ActualMonth[] | null;
  variance: readonly VarianceMonth[] | null;
  /**
   * The months (YYYY-MM, inclusive) the last completed forecast refresh read; null when none has
   * completed. A month outside them has no forecast: shown as none, never as zero. Omitted: every
   * month is covered.
   */
  forecastMonths?: { from: string; to: string } | null;
}

function monthSums(items: readonly MonthAmount[], currency: string, months: Set<string>) {
  const sums = new Map<string, Big>();
  for (const item of items) {
    if (item.currency !== currency || item.month === null || !months.has(item.month)) continue;
    sums.set(item.month, (sums.get(item.month) ?? new Big(0)).plus(item.total));
  }
  return sums;
}

const sumOf = (values: readonly (string | null)[]) =>
  values.reduce<Big>((acc, value) => (value === null ? acc : acc.plus(value)), new Big(0));

export function compareBudget(input: ComparisonInput): BudgetComparison {
  const { currency, currentMonth } = input;
  const months = monthsFromTo(`${input.year}-01`, `${input.year}-12`);
  const inYear = new Set(months);
  const budget = input.budget ? budgetMonths({ ...input.budget, currency }) : null;
  const forecast = monthSums(input.forecast, currency, inYear);
  const dropped = monthSums(input.droppedOrSkipped, currency, inYear);
  const actual = input.actual ? monthSums(input.actual, currency, inYear) : null;
  const zero = new Big(0);
  const fmt = (value: Big) => scale(value, currency);
  const forecastMonths =
    input.forecastMonths === undefined ? { from: '0000-01', to: '9999-12' } : input.forecastMonths;
  // A month no forecast refresh read has no forecast, which is not a forecast of zero.
  const covered = (month: string) =>
    forecastMonths !== null && month >= forecastMonths.from && month <= forecastMonths.to;

  const rows: ComparisonRow[] = months.map((month, index) => {
    const phase = monthPhase(month, currentMonth);
    const forecastValue = phase === 'past' || !covered(month) ? null : (forecast.get(month) ?? zero);
    const actualValue = phase === 'future' || !actual ? null : (actual.get(month) ?? zero);
    const outturn = (forecastValue ?? zero).plus(actualValue ?? zero);
    const budgetValue = budget ? budget[index] : null;
    return {
      month,
      phase,
      budget: budgetValue ?? null,
      forecast: forecastValue === null ? null : fmt(forecastValue),
      actual: actualValue === null ? null : fmt(actualValue),
      outturn: fmt(outturn),
      difference: budgetValue ? fmt(outturn.minus(budgetValue)) : null,
      // Dropped or skipped events of past months were never billed as renewals: only the
      // remaining months' are money the forecast no longer expects.
      droppedOrSkipped: fmt(phase === 'past' ? zero : (dropped.get(month) ?? zero)),
    };
  });

  const anyForecast = rows.some((row) => row.forecast !== null);
  const anyActual = rows.some((row) => row.actual !== null);
  const outturnTotal = sumOf(rows.map((row) => row.outturn));
  const budgetTotal = budget ? sumOf(budget) : null;
  const droppedTotal = sumOf(rows.map((row) => row.droppedOrSkipped));
  const totals = {
    budget: budgetTotal === null ? null : fmt(budgetTotal),
    forecast: anyForecast ? fmt(sumOf(rows.map((row) => row.forecast))) : null,
    actual: anyActual ? fmt(sumOf(rows.map((row) => row.actual))) : null,
    outturn: fmt(outturnTotal),
    difference: budgetTotal === null ? null : fmt(outturnTotal.minus(budgetTotal)),
    droppedOrSkipped: fmt(droppedTotal),
  };

  let variance: VarianceExplained | null = null;
  if (budgetTotal !== null) {
    const invoicedMonths = new Set(rows.filter((row) => row.actual !== null).map((row) => row.month));
    const fx = sumOf(
      (input.variance ?? [])
        .filter(
          (row) =>
            // At frozen rates only a fee schedule can move an amount (spec: Endpoints 15).
            !row.frozen && row.currency === currency && row.month !== null && invoicedMonths.has(row.month),
        )
        .map((row) => row.difference),
    );
    const surcharges = sumOf(
      (input.actual ?? [])
        .filter((row) => row.currency === currency && row.month !== null && invoicedMonths.has(row.month))
        .map((row) => row.byKind.GRACE_PERIOD),
    );
    const total = outturnTotal.minus(budgetTotal);
    const droppedPatents = droppedTotal.times(-1);
    variance = {
      total: fmt(total),
      fx: fmt(fx),
      surcharges: fmt(surcharges),
      droppedPatents: fmt(droppedPatents),
      // The remainder, so the four parts always add up to the total variance exactly.
      feeScheduleOther: fmt(total.minus(fx).minus(surcharges).minus(droppedPatents)),
    };
  }
  return {
    year: input.year,
    currency,
    currentMonth,
    actualAvailable: input.actual !== null,
    rows,
    totals,
    variance,
    forecastMonths: input.forecastMonths === undefined ? null : input.forecastMonths,
  };
}

/** The budget that applies to a scope: the exact (year, currency, office, family) match. */
export function budgetFor(
  budgets: readonly BudgetRecord[],
  scope: { year: number; currency: string; office: string; family: string },
): BudgetRecord | null {
  return (
    budgets.find(
      (budget) =>
        budget.year === scope.year &&
        budget.currency === scope.currency &&
        budget.office === scope.office &&
        budget.family === scope.family,
    ) ?? null
  );
}

export const PHASE_LABELS: Record<MonthPhase, string> = {
  past: 'Invoiced',
  current: 'This month',
  future: 'Forecast',
};

/** The variance's parts in the order they are shown, with what each means. */
export const VARIANCE_PARTS = [
  {
    key: 'fx',
    label: 'FX',
    help: 'Invoiced against the estimate recorded when the decision was sent, at floating exchange rates.',
  },
  {
    key: 'surcharges',
    label: 'Surcharges',
    help: 'Grace-period surcharges invoiced: renewals paid late.',
  },
  {
    key: 'droppedPatents',
    label: 'Dropped patents',
    help: 'Estimates of renewals dropped or skipped in the remaining months: money not spent.',
  },
  {
    key: 'feeScheduleOther',
    label: 'Fee schedule and other',
    help: 'The rest: official fee changes (also any difference at frozen rates), the number of renewals, and the budget’s own assumptions.',
  },
] as const satisfies readonly { key: keyof VarianceExplained; label: string; help: string }[];
