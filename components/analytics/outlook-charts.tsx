import { BarChart } from '@/components/charts/bar-chart';
import { LineChart } from '@/components/charts/line-chart';
import { monthCategories, monthRange } from '@/components/charts/months';
import type { BudgetComparison } from '@/lib/analytics/budget';
import { addAmounts } from '@/lib/annuity/money';
import type { MonthCurrencyPoint } from '@/lib/forecast/data';

/**
 * The pictures of the forecast and the budget pages, drawn on the server
 * (components/charts: no JS). One chart per currency, never two currencies on one axis; each has
 * its summary and its table view, and the page's tables below keep every figure.
 */

/** Estimated renewal fees by due month, one bar chart per invoice currency. */
export function ForecastByMonthCharts({
  points,
  locale,
}: {
  points: readonly MonthCurrencyPoint[];
  locale: string;
}) {
  const months = monthRange(points.map((point) => point.month));
  if (months.length === 0) return null;
  const categories = monthCategories(months, locale);
  const currencies = [...new Set(points.map((point) => point.currency))].sort();
  return (
    <div className="grid gap-4 xl:grid-cols-2" data-testid="forecast-charts">
      {currencies.map((currency) => {
        const byMonth = new Map(
          points.filter((point) => point.currency === currency).map((point) => [point.month, point.total]),
        );
        return (
          <BarChart
            key={currency}
            title={`Estimated renewal fees in ${currency} by due month`}
            subject="Estimated"
            currency={currency}
            locale={locale}
            categories={categories}
            series={[
              { key: 'forecast', label: 'Estimated', values: months.map((m) => byMonth.get(m) ?? null) },
            ]}
            testId={`forecast-chart-${currency}`}
          />
        );
      })}
    </div>
  );
}

/** Running totals of the year: what was budgeted against what is expected (invoiced, then forecast). */
function cumulative(values: readonly (string | null)[], currency: string): (string | null)[] {
  let sum: string | null = null;
  return values.map((value) => {
    if (value === null) return sum;
    sum = sum === null ? value : addAmounts([sum, value], currency);
    return sum;
  });
}

/** The budget page's picture: the year's budget and the expected spend, cumulative by month. */
export function BudgetCumulativeChart({
  comparison,
  locale,
}: {
  comparison: BudgetComparison;
  locale: string;
}) {
  const { currency, rows } = comparison;
  if (rows.length === 0) return null;
  const series = [
    {
      key: 'expected',
      label: 'Expected (invoiced, then forecast)',
      values: cumulative(
        rows.map((row) => row.outturn),
        currency,
      ),
    },
  ];
  if (comparison.totals.budget !== null) {
    series.unshift({
      key: 'budget',
      label: 'Budget',
      values: cumulative(
        rows.map((row) => row.budget),
        currency,
      ),
    });
  }
  return (
    <LineChart
      title={`Budget and expected spend in ${currency}, ${comparison.year}, cumulative`}
      currency={currency}
      locale={locale}
      categories={monthCategories(
        rows.map((row) => row.month),
        locale,
      )}
      series={series}
      categoryHeader="Month"
      testId="budget-chart"
    />
  );
}
