import type { ReactNode } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { formatMoney } from '@/lib/annuity/money';
import { amountColumn, type TableColumn } from '@/lib/table/columns';
import { HEIGHT, WIDTH } from './axis';
import { type ChartData, categoryTotals } from './model';
import { seriesColour } from './palette';

/**
 * What every chart has around its picture, so each chart has a table view and a
 * text alternative: a visible title, the SVG as one image named by that title and described by a
 * sentence made from the data, a legend, and the same numbers in a real table behind a
 * keyboard-usable <details> toggle. Server-rendered; no browser code.
 */
export function ChartFrame({
  id,
  title,
  summary,
  data,
  locale,
  categoryHeader,
  withTotal,
  testId,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  data: ChartData;
  locale: string;
  categoryHeader: string;
  withTotal: boolean;
  testId?: string;
  /** The SVG's contents, drawn in the frame's viewBox (axis.tsx WIDTH × HEIGHT). */
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  const summaryId = `${id}-summary`;
  return (
    <figure className="flex flex-col gap-2 rounded-lg border p-4" data-testid={testId}>
      <figcaption id={titleId} className="text-sm font-semibold">
        {title}
      </figcaption>
      <svg
        role="img"
        aria-labelledby={titleId}
        aria-describedby={summaryId}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
      >
        <title>{title}</title>
        {children}
      </svg>
      <p id={summaryId} className="text-sm text-muted-foreground">
        {summary}
      </p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-label={`Legend of ${title}`}>
        {data.series.map((series, index) => (
          <li key={series.key} className="flex items-center gap-1.5">
            <svg width="12" height="12" aria-hidden="true" focusable="false">
              <rect width="12" height="12" rx="2" fill={seriesColour(index)} />
            </svg>
            {series.label}
          </li>
        ))}
      </ul>
      <details className="text-sm">
        <summary className="w-fit cursor-pointer rounded text-primary underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          Show as table<span className="sr-only">: {title}</span>
        </summary>
        <ChartTable
          title={title}
          data={data}
          locale={locale}
          categoryHeader={categoryHeader}
          withTotal={withTotal}
        />
      </details>
    </figure>
  );
}

/** A category of the chart, with its place in each series' values. */
interface ChartRow {
  key: string;
  label: string;
  index: number;
}

function ChartTable({
  title,
  data,
  locale,
  categoryHeader,
  withTotal,
}: {
  title: string;
  data: ChartData;
  locale: string;
  categoryHeader: string;
  withTotal: boolean;
}) {
  const money = (amount: string | null | undefined) =>
    amount == null ? '—' : formatMoney(amount, data.currency, locale);
  const totals = withTotal ? categoryTotals(data) : [];
  const columns: TableColumn<ChartRow>[] = [
    { id: 'category', header: categoryHeader, rowHeader: true, cell: (row) => row.label },
    ...data.series.map((series) =>
      amountColumn<ChartRow>(series.key, series.label, (row) => money(series.values[row.index])),
    ),
    ...(withTotal ? [amountColumn<ChartRow>('total', 'Total', (row) => money(totals[row.index]))] : []),
  ];
  return (
    <div className="mt-2">
      <DataTable
        caption={title}
        captionHidden
        columns={columns}
        rows={data.categories.map((category, index) => ({ key: category.key, label: category.label, index }))}
        rowKey={(row) => row.key}
      />
    </div>
  );
}
