import { BarChart } from '@/components/charts/bar-chart';
import type { ChartSeries } from '@/components/charts/model';
import { monthCategories, monthRange } from '@/components/charts/months';
import type { SpendAnalyticsData, SurchargeLine } from '@/lib/analytics/data';
import {
  FEE_KIND_LABELS,
  FEE_KINDS,
  type SpendRow,
  SURCHARGE_CAUSE_LABELS,
  type SurchargeCause,
} from '@/lib/analytics/spend';
import { addAmounts, isZero } from '@/lib/annuity/money';
import { monthOf } from '@/lib/format/dates';

/**
 * The spend page's charts: per currency (never two on one axis), invoiced by issue month
 * stacked by fee component, and grace surcharges by month stacked by cause. Undated invoices have
 * no place on a month axis; the tables below the charts still count them.
 */
const currenciesOf = (items: readonly { currency: string }[]) =>
  [...new Set(items.map((item) => item.currency))].sort();

function invoicedSeries(rows: readonly SpendRow[], months: readonly string[]): ChartSeries[] {
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return FEE_KINDS.map((kind) => ({
    key: kind,
    label: FEE_KIND_LABELS[kind],
    values: months.map((month) => byMonth.get(month)?.byKind[kind] ?? null),
  })).filter((series) => series.values.some((value) => value !== null && !isZero(value)));
}

const CAUSES = Object.keys(SURCHARGE_CAUSE_LABELS) as SurchargeCause[];

/** Short cause names for a legend; the long ones stay in the surcharge tables. */
const CAUSE_LEGEND: Record<SurchargeCause, string> = {
  'decided-in-grace': 'Decided in grace',
  'decided-before-due': 'Decided by the due date',
  'decided-after-grace': 'Decided after grace',
  unknown: 'Cause not known',
};

function surchargeSeries(lines: readonly SurchargeLine[], currency: string, months: readonly string[]) {
  return CAUSES.map((cause) => ({
    key: cause,
    label: CAUSE_LEGEND[cause],
    values: months.map((month) => {
      const amounts = lines
        .filter((line) => line.cause === cause && line.issueDate && monthOf(line.issueDate) === month)
        .map((line) => line.surcharge);
      return amounts.length === 0 ? null : addAmounts(amounts, currency);
    }),
  })).filter((series) => series.values.some((value) => value !== null));
}

/**
 * One bar chart per currency (`name`-chart-CUR), all over the same months: every month from the
 * first to the last dated row. Each chart draws only its currency's dated rows; nothing when no
 * row has a month.
 */
function ChartsPerCurrency<Row extends { currency: string }>({
  name,
  rows,
  month,
  locale,
  chartOf,
}: {
  name: 'invoiced' | 'surcharge';
  rows: readonly Row[];
  /** The row's month on the axis (YYYY-MM), null for an undated row. */
  month: (row: Row) => string | null;
  locale: string;
  chartOf: (
    currency: string,
    rows: Row[],
    months: readonly string[],
  ) => { title: string; subject: string; series: ChartSeries[] };
}) {
  const dated = rows.filter((row) => month(row) !== null);
  const months = monthRange(dated.flatMap((row) => month(row) ?? []));
  if (months.length === 0) return null;
  const categories = monthCategories(months, locale);
  return (
    <div className="grid gap-4 xl:grid-cols-2" data-testid={`${name}-charts`}>
      {currenciesOf(dated).map((currency) => (
        <BarChart
          key={currency}
          {...chartOf(
            currency,
            dated.filter((row) => row.currency === currency),
            months,
          )}
          currency={currency}
          locale={locale}
          categories={categories}
          testId={`${name}-chart-${currency}`}
        />
      ))}
    </div>
  );
}

export function InvoicedByMonthCharts({ data, locale }: { data: SpendAnalyticsData; locale: string }) {
  return (
    <ChartsPerCurrency
      name="invoiced"
      rows={data.byMonth}
      month={(row) => row.month}
      locale={locale}
      chartOf={(currency, rows, months) => ({
        title: `Invoiced in ${currency} by month and fee component`,
        subject: 'Invoiced',
        series: invoicedSeries(rows, months),
      })}
    />
  );
}

export function SurchargesByMonthCharts({ data, locale }: { data: SpendAnalyticsData; locale: string }) {
  return (
    <ChartsPerCurrency
      name="surcharge"
      rows={data.surcharges}
      month={(line) => (line.issueDate === null ? null : monthOf(line.issueDate))}
      locale={locale}
      chartOf={(currency, lines, months) => ({
        title: `Grace surcharges in ${currency} by month and cause`,
        subject: 'Grace surcharges',
        series: surchargeSeries(lines, currency, months),
      })}
    />
  );
}
