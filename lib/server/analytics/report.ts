import 'server-only';
import type { SurchargeLine } from '../../analytics/data';
import { type SpendRow, type SurchargeTotal, surchargeTotals, type VarianceRow } from '../../analytics/spend';
import { addAmounts } from '../../annuity/money';
import { addMonths, currentYearMonth, monthOf } from '../../format/dates';
import type { ClientScope } from '../clients/scope';
import { loadMonthlyForecast, type MonthCurrencyTotal } from '../forecast/monthly';
import { clientBudgets, loadBudgetComparison } from './budget';
import { loadSpendAnalytics } from './spend';

/**
 * The monthly management report: what one issue month cost, per currency and fee
 * component, its grace surcharges and their causes, invoiced against estimates, and the outlook.
 * Built from the spend analytics (no upstream read of its own) and the cached forecast; drawn as
 * a PDF by report-pdf.ts. Totals stay per currency, never converted.
 */
interface ReportOutlook {
  /** The next 12 months' estimated renewals by month and currency (forecast_event), or null. */
  forecast: { from: string; to: string; totals: MonthCurrencyTotal[]; withoutEstimate: number } | null;
  /** Budget against forecast per month and currency over the same 12 months, or null. */
  budget: { month: string; currency: string; budget: string; forecast: string | null }[] | null;
}

export interface MonthlyReport {
  month: string;
  generatedAt: string;
  catalogReadAt: string;
  invoiced: SpendRow[];
  surcharges: SurchargeLine[];
  surchargeTotals: SurchargeTotal[];
  variance: VarianceRow[];
  outlook: ReportOutlook;
}

/** The default report month: the last one that is over (UTC). */
export function lastCompleteMonth(now = new Date()): string {
  return addMonths(currentYearMonth(now), -1);
}

/**
 * Budget against forecast for the report's months: each client's company-wide budgets (all offices
 * and families) of the years the months fall in, compared as the budget page compares them
 * (lib/server/analytics/budget.ts), then added up per month and currency across the clients (one
 * currency at a time, never converted); null when no such budget is set.
 */
async function budgetAgainstForecast(
  from: string,
  to: string,
  requestId: string,
  scope: ClientScope,
): Promise<ReportOutlook['budget']> {
  const years = new Set([Number(from.slice(0, 4)), Number(to.slice(0, 4))]);
  const perClient = await Promise.all(
    scope.connections.map(async (connection) =>
      (await clientBudgets(connection))
        .filter((budget) => budget.office === '' && budget.family === '' && years.has(budget.year))
        .map((budget) => ({ connection, budget })),
    ),
  );
  const budgets = perClient.flat();
  if (budgets.length === 0) return null;
  const comparisons = await Promise.all(
    budgets.map(({ connection, budget }) =>
      loadBudgetComparison(
        { year: budget.year, currency: budget.currency, office: '', family: '' },
        connection,
        scope,
        requestId,
      ),
    ),
  );
  const rows = new Map<string, { month: string; currency: string; budgets: string[]; forecasts: string[] }>();
  for (const { comparison } of comparisons) {
    for (const row of comparison.rows) {
      if (row.month < from || row.month > to || row.budget === null) continue;
      const key = `${row.month} ${comparison.currency}`;
      const entry = rows.get(key) ?? {
        month: row.month,
        currency: comparison.currency,
        budgets: [],
        forecasts: [],
      };
      entry.budgets.push(row.budget);
      if (row.forecast !== null) entry.forecasts.push(row.forecast);
      rows.set(key, entry);
    }
  }
  return [...rows.values()]
    .map((entry) => ({
      month: entry.month,
      currency: entry.currency,
      budget: addAmounts(entry.budgets, entry.currency),
      forecast: entry.forecasts.length > 0 ? addAmounts(entry.forecasts, entry.currency) : null,
    }))
    .sort((a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency));
}

/** The forward-looking part of the report: the one place the forecast and the budget join it. */
async function reportOutlook(month: string, requestId: string, scope: ClientScope): Promise<ReportOutlook> {
  const from = addMonths(month, 1);
  const to = addMonths(month, 12);
  const [monthly, budget] = await Promise.all([
    loadMonthlyForecast({ connections: scope.connections, from, to }),
    budgetAgainstForecast(from, to, requestId, scope),
  ]);
  return {
    forecast: {
      from,
      to,
      totals: monthly.forecast,
      withoutEstimate: monthly.withoutEstimate.reduce((sum, entry) => sum + entry.events, 0),
    },
    budget,
  };
}

/** The report over the request's clients (each client's invoices, forecast and budgets its own). */
export async function loadMonthlyReport(
  month: string,
  requestId: string,
  scope: ClientScope,
  now = new Date(),
): Promise<MonthlyReport> {
  const [spend, outlook] = await Promise.all([
    loadSpendAnalytics(requestId, scope),
    reportOutlook(month, requestId, scope),
  ]);
  const surcharges = spend.surcharges.filter((line) => line.issueDate && monthOf(line.issueDate) === month);
  return {
    month,
    generatedAt: now.toISOString(),
    catalogReadAt: spend.catalogReadAt,
    invoiced: spend.byMonth.filter((row) => row.month === month),
    surcharges,
    surchargeTotals: surchargeTotals(surcharges.map((line) => ({ ...line, amount: line.surcharge }))),
    variance: spend.variance.filter((row) => row.month === month),
    outlook,
  };
}
