/**
 * BarChart: amounts of ONE currency per category (usually per month), stacked or grouped by series.
 *
 *   <BarChart
 *     title="Invoiced in EUR by month"           // visible title and the image's accessible name
 *     currency="EUR"                              // one chart per currency, never mixed
 *     locale={locale}                             // the viewer's locale (pageLocale())
 *     categories={[{ key: '2026-03', label: 'March 2026', axisLabel: 'Mar 26' }, …]}
 *     series={[{ key: 'OFFICE', label: 'Office fees', values: ['120.00', null, …] }, …]}
 *     layout="stacked"                            // or "grouped"; default "stacked"
 *     categoryHeader="Month"                      // first column of the table view
 *     subject="Invoiced"                          // first word of the generated summary
 *   />
 *
 * `values` holds one decimal string (or null) per category, in the order of `categories`; amounts
 * stay strings (formatted with lib/annuity/money's formatMoney in the viewer's locale) and become
 * numbers only for pixel positions. The summary sentence (total, highest category, first against
 * last) and the table view are made from the same data. A server component: it ships no JS.
 * Helpers for months: monthCategories() in ./months.
 */
import { useId } from 'react';
import { formatMoney } from '@/lib/annuity/money';
import { bandScale, CategoryAxis, ValueAxis, valueScale } from './axis';
import { ChartFrame } from './chart-frame';
import { barSummary, type ChartCategory, type ChartSeries, toPixelNumber } from './model';
import { seriesColour } from './palette';

export interface BarChartProps {
  title: string;
  currency: string;
  locale: string;
  categories: readonly ChartCategory[];
  series: readonly ChartSeries[];
  layout?: 'stacked' | 'grouped';
  categoryHeader?: string;
  subject?: string;
  testId?: string;
}

interface Bar {
  key: string;
  x: number;
  y: number;
  width: number;
  height: number;
  colour: string;
  label: string;
}

function barsOf(props: BarChartProps): { bars: Bar[]; y: ReturnType<typeof valueScale> } {
  const { categories, series, layout = 'stacked' } = props;
  const values = series.map((s) => categories.map((_, index) => toPixelNumber(s.values[index])));
  let min = 0;
  let max = 0;
  categories.forEach((_, index) => {
    if (layout === 'stacked') {
      // Credits (negative components) stack downwards from zero, charges upwards.
      const column = values.map((row) => row[index] ?? 0);
      max = Math.max(
        max,
        column.filter((v) => v > 0).reduce((a, b) => a + b, 0),
      );
      min = Math.min(
        min,
        column.filter((v) => v < 0).reduce((a, b) => a + b, 0),
      );
    } else {
      for (const row of values) {
        max = Math.max(max, row[index] ?? 0);
        min = Math.min(min, row[index] ?? 0);
      }
    }
  });
  const y = valueScale(min, max);
  const x = bandScale(categories);
  const inner = bandScale(
    series.map((s) => ({ key: s.key, label: s.label })),
    0.1,
  ).range([0, x.bandwidth()]);
  const bars: Bar[] = [];
  categories.forEach((category, index) => {
    const left = x(category.key) ?? 0;
    let above = 0;
    let below = 0;
    series.forEach((s, seriesIndex) => {
      const amount = s.values[index];
      const value = values[seriesIndex]?.[index] ?? 0;
      if (amount == null || value === 0) return;
      const from = layout === 'stacked' ? (value > 0 ? above : below) : 0;
      const to = from + value;
      if (layout === 'stacked') {
        if (value > 0) above = to;
        else below = to;
      }
      bars.push({
        key: `${category.key}|${s.key}`,
        x: layout === 'stacked' ? left : left + (inner(s.key) ?? 0),
        y: Math.min(y(from), y(to)),
        width: layout === 'stacked' ? x.bandwidth() : inner.bandwidth(),
        height: Math.abs(y(from) - y(to)),
        colour: seriesColour(seriesIndex),
        label: `${category.label}, ${s.label}: ${formatMoney(amount, props.currency, props.locale)}`,
      });
    });
  });
  return { bars, y };
}

export function BarChart(props: BarChartProps) {
  const id = useId();
  const { title, currency, locale, categories, series } = props;
  const data = { currency, categories, series };
  const { bars, y } = barsOf(props);
  const x = bandScale(categories);
  return (
    <ChartFrame
      id={id}
      title={title}
      summary={barSummary(data, locale, props.subject)}
      data={data}
      locale={locale}
      categoryHeader={props.categoryHeader ?? 'Month'}
      withTotal={(props.layout ?? 'stacked') === 'stacked' && series.length > 1}
      testId={props.testId}
    >
      <ValueAxis y={y} currency={currency} locale={locale} />
      {bars.map((bar) => (
        <rect
          key={bar.key}
          x={bar.x}
          y={bar.y}
          width={Math.max(bar.width, 1)}
          height={Math.max(bar.height, 0.5)}
          fill={bar.colour}
          stroke="#ffffff"
          strokeWidth={0.75}
        >
          <title>{bar.label}</title>
        </rect>
      ))}
      <CategoryAxis categories={categories} x={(key) => (x(key) ?? 0) + x.bandwidth() / 2} />
    </ChartFrame>
  );
}
