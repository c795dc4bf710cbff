/**
 * LineChart: one or more series of ONE currency over the same categories, e.g. budget against
 * forecast, cumulative, by month.
 *
 *   <LineChart
 *     title="Budget against forecast, EUR, cumulative"   // visible title and accessible name
 *     currency="EUR"
 *     locale={locale}
 *     categories={monthCategories(['2027-01', …], locale)}
 *     series={[
 *       { key: 'budget', label: 'Budget', values: ['1000.00', '2000.00', …] },
 *       { key: 'forecast', label: 'Forecast', values: ['800.00', null, …] },  // null: a gap
 *     ]}
 *     categoryHeader="Month"
 *   />
 *
 * Values are decimal strings (or null), one per category; they become numbers only for pixel
 * positions. The summary says where each line starts, ends and peaks; the table view shows every
 * value. A server component (d3-shape draws the path on the server): it ships no JS.
 */
import { line } from 'd3-shape';
import { useId } from 'react';
import { formatMoney } from '@/lib/annuity/money';
import { bandScale, CategoryAxis, ValueAxis, valueScale } from './axis';
import { ChartFrame } from './chart-frame';
import { type ChartCategory, type ChartSeries, lineSummary, toPixelNumber } from './model';
import { seriesColour } from './palette';

export interface LineChartProps {
  title: string;
  currency: string;
  locale: string;
  categories: readonly ChartCategory[];
  series: readonly ChartSeries[];
  categoryHeader?: string;
  testId?: string;
}

/** Dash patterns tell lines apart without colour. */
const DASHES = [undefined, '6 4', '2 3', '10 3 2 3'] as const;

export function LineChart(props: LineChartProps) {
  const id = useId();
  const { title, currency, locale, categories, series } = props;
  const data = { currency, categories, series };
  const numbers = series.map((s) => s.values.map((value) => (value == null ? null : toPixelNumber(value))));
  const present = numbers.flat().filter((value): value is number => value !== null);
  const y = valueScale(Math.min(0, ...present), Math.max(0, ...present));
  const x = bandScale(categories, 0);
  const centre = (key: string) => (x(key) ?? 0) + x.bandwidth() / 2;
  return (
    <ChartFrame
      id={id}
      title={title}
      summary={lineSummary(data, locale)}
      data={data}
      locale={locale}
      categoryHeader={props.categoryHeader ?? 'Month'}
      withTotal={false}
      testId={props.testId}
    >
      <ValueAxis y={y} currency={currency} locale={locale} />
      {series.map((s, seriesIndex) => {
        const points = categories.map((category, index) => ({
          x: centre(category.key),
          value: numbers[seriesIndex]?.[index] ?? null,
          amount: s.values[index] ?? null,
          label: category.label,
        }));
        const path = line<(typeof points)[number]>()
          .defined((point) => point.value !== null)
          .x((point) => point.x)
          .y((point) => y(point.value ?? 0))(points);
        const colour = seriesColour(seriesIndex);
        return (
          <g key={s.key}>
            <path
              d={path ?? undefined}
              fill="none"
              stroke={colour}
              strokeWidth={2}
              strokeDasharray={DASHES[seriesIndex % DASHES.length]}
            />
            {points.map((point) =>
              point.value === null || point.amount === null ? null : (
                <circle key={point.label} cx={point.x} cy={y(point.value)} r={3} fill={colour}>
                  <title>{`${point.label}, ${s.label}: ${formatMoney(point.amount, currency, locale)}`}</title>
                </circle>
              ),
            )}
          </g>
        );
      })}
      <CategoryAxis categories={categories} x={centre} />
    </ChartFrame>
  );
}
