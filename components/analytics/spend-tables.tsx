import type { ReactNode } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import type { AnalyticsTable, SpendAnalyticsData } from '@/lib/analytics/data';
import { FEE_KIND_LABELS, FEE_KINDS, type SpendRow, SURCHARGE_CAUSE_LABELS } from '@/lib/analytics/spend';
import { SURCHARGES_STEP, surchargesHref } from '@/lib/analytics/spend-address';
import { formatMoney } from '@/lib/annuity/money';
import { formatDate, formatYearMonth } from '@/lib/format/dates';
import { plural, pluralWord } from '@/lib/format/plural';
import { patentName } from '@/lib/portfolio/patent-name';
import type { TableColumn } from '@/lib/table/columns';
import { InvoicedByMonthCharts, SurchargesByMonthCharts } from './spend-charts';
import { TableSection, type TableSectionProps } from './table-section';

/**
 * The analytics tables, each with its CSV and XLSX export and, for the monthly ones, a
 * chart per currency above it (spend-charts.tsx). Every amount is shown with its own currency and
 * every total is per currency. Server-rendered: no browser code.
 */
const AMOUNT = 'font-mono';

type SurchargeTotal = SpendAnalyticsData['surchargeTotals'][number];
type SurchargeLine = SpendAnalyticsData['surcharges'][number];
type VarianceRow = SpendAnalyticsData['variance'][number];

type SpendGrouping = 'month' | 'office';

/** Each spend grouping's section: its heading, the line on what it shows and its table's caption. */
const SPEND_GROUPS: Record<SpendGrouping, { title: string; description: string; caption: string }> = {
  month: {
    title: 'Spend by month',
    description:
      "Invoiced amounts by the invoice's issue month, split by fee component. Component kinds the service adds later are counted under “Other”.",
    caption: 'Invoiced per issue month and currency',
  },
  office: {
    title: 'Spend by office',
    description: "Invoiced amounts by the patent's office (from the portfolio), split by fee component.",
    caption: 'Invoiced per office and currency',
  },
};

function spendColumns(by: SpendGrouping, locale: string): TableColumn<SpendRow>[] {
  return [
    {
      id: by,
      header: by === 'month' ? 'Issue month' : 'Office',
      rowHeader: true,
      cell: (row) =>
        by === 'month'
          ? row.month
            ? formatYearMonth(row.month, locale)
            : 'No issue date'
          : (row.office ?? 'Unknown office'),
    },
    { id: 'currency', header: 'Currency', cell: (row) => row.currency },
    ...FEE_KINDS.map(
      (kind): TableColumn<SpendRow> => ({
        id: kind,
        header: FEE_KIND_LABELS[kind],
        align: 'end',
        className: AMOUNT,
        cell: (row) => formatMoney(row.byKind[kind], row.currency, locale),
      }),
    ),
    {
      id: 'total',
      header: 'Total',
      align: 'end',
      className: AMOUNT,
      cell: (row) => (
        <>
          {formatMoney(row.total, row.currency, locale)}
          {row.missingTotals > 0 ? (
            <span className="block text-xs text-muted-foreground">
              {plural(row.missingTotals, 'line')} without a total
            </span>
          ) : null}
        </>
      ),
    },
    { id: 'lines', header: 'Lines', align: 'end', cell: (row) => row.lines },
  ];
}

function surchargeTotalColumns(locale: string): TableColumn<SurchargeTotal>[] {
  return [
    { id: 'currency', header: 'Currency', rowHeader: true, cell: (row) => row.currency },
    { id: 'cause', header: 'Cause', cell: (row) => SURCHARGE_CAUSE_LABELS[row.cause] },
    {
      id: 'amount',
      header: 'Surcharges',
      align: 'end',
      className: AMOUNT,
      cell: (row) => formatMoney(row.amount, row.currency, locale),
    },
    { id: 'lines', header: 'Lines', align: 'end', cell: (row) => row.lines },
  ];
}

function surchargeLineColumns(locale: string, labelled: boolean): TableColumn<SurchargeLine>[] {
  return [
    // The client, when the user works for several.
    ...(labelled
      ? [{ id: 'client', header: 'Client', cell: (line: SurchargeLine) => line.client?.name ?? '—' }]
      : []),
    {
      id: 'invoice',
      header: 'Invoice',
      rowHeader: true,
      cell: (line) => (
        <>
          <a href={`/invoices/${line.invoiceId}`} className="text-primary underline-offset-2 hover:underline">
            {line.invoiceReference}
          </a>{' '}
          <span className="text-xs text-muted-foreground">line {line.lineIndex + 1}</span>
        </>
      ),
    },
    // The case reference, else the provider id, as on every other page.
    {
      id: 'case',
      header: 'Case',
      cell: (line) => (line.patentId || line.providerId ? patentName(line) : '—'),
    },
    { id: 'office', header: 'Office', cell: (line) => line.office ?? '—' },
    {
      id: 'surcharge',
      header: 'Surcharge',
      align: 'end',
      className: AMOUNT,
      cell: (line) => formatMoney(line.surcharge, line.currency, locale),
    },
    { id: 'due', header: 'Due', cell: (line) => formatDate(line.dueDate, locale) },
    { id: 'graceEnds', header: 'Grace ends', cell: (line) => formatDate(line.gracePeriodEndDate, locale) },
    {
      id: 'decided',
      header: 'Decided',
      cell: (line) =>
        `${line.decision ?? '—'}${line.decidedOn ? ` on ${formatDate(line.decidedOn, locale)}` : ''}`,
    },
    { id: 'cause', header: 'Cause', cell: (line) => SURCHARGE_CAUSE_LABELS[line.cause] },
  ];
}

function varianceColumns(locale: string): TableColumn<VarianceRow>[] {
  const signed = (amount: string, currency: string) =>
    `${amount.startsWith('-') ? '' : '+'}${formatMoney(amount, currency, locale)}`;
  return [
    {
      id: 'month',
      header: 'Issue month',
      rowHeader: true,
      cell: (row) => (row.month ? formatYearMonth(row.month, locale) : 'No issue date'),
    },
    { id: 'currency', header: 'Currency', cell: (row) => row.currency },
    { id: 'rates', header: 'Rates', cell: (row) => (row.frozen ? 'Frozen' : 'Market') },
    {
      id: 'invoiced',
      header: 'Invoiced',
      align: 'end',
      className: AMOUNT,
      cell: (row) => formatMoney(row.invoiced, row.currency, locale),
    },
    {
      id: 'estimated',
      header: 'Estimated',
      align: 'end',
      className: AMOUNT,
      cell: (row) => formatMoney(row.estimated, row.currency, locale),
    },
    {
      id: 'difference',
      header: 'Difference',
      align: 'end',
      className: AMOUNT,
      cell: (row) =>
        `${signed(row.difference, row.currency)}${row.percent !== null ? ` (${row.percent}%)` : ''}`,
    },
    { id: 'lines', header: 'Lines', align: 'end', cell: (row) => row.lines },
  ];
}

/**
 * The renewals billed with a grace surcharge, the first `shown` of them (in the order of their
 * invoices' issue dates), with links to show more or all: a tenant can have hundreds, and the
 * whole list in one table was tens of thousands of pixels tall. The download has every line.
 */
function SurchargeLines({
  lines,
  shown,
  locale,
  client,
}: {
  lines: readonly SurchargeLine[];
  shown: number;
  locale: string;
  client: string | undefined;
}) {
  const drawn = lines.slice(0, shown);
  const rest = lines.length - drawn.length;
  return (
    <>
      <DataTable
        data-testid="surcharge-lines"
        caption="Renewals billed with a grace surcharge, by invoice issue date"
        columns={surchargeLineColumns(
          locale,
          lines.some((line) => line.client !== undefined),
        )}
        rows={drawn}
        rowKey={(line) => `${line.invoiceId}|${line.lineIndex}`}
      />
      <nav aria-label="More grace surcharges" className="flex flex-wrap items-center gap-3 text-sm">
        <p className="text-muted-foreground">
          {rest > 0
            ? `Showing ${drawn.length} of ${lines.length} renewals billed with a grace surcharge.`
            : `Showing all ${plural(lines.length, 'renewal')} billed with a grace surcharge.`}
        </p>
        {rest > 0 ? (
          <>
            <Button asChild variant="outline" size="sm">
              <a href={surchargesHref(shown + Math.min(SURCHARGES_STEP, rest), client)}>
                Show {Math.min(SURCHARGES_STEP, rest)} more
              </a>
            </Button>
            <Button asChild variant="outline" size="sm">
              <a href={surchargesHref(lines.length, client)}>Show all {lines.length}</a>
            </Button>
          </>
        ) : null}
      </nav>
    </>
  );
}

/** A table's section, its downloads from /api/analytics/export. */
function Section(props: TableSectionProps<AnalyticsTable>) {
  return <TableSection {...props} exportPath="/api/analytics/export" />;
}

/**
 * Spend grouped by month or office in its section: the heading's id, the export's table and the
 * table's test id all follow the grouping. `children` stand above the table (the month charts).
 */
function SpendSection({
  by,
  rows,
  locale,
  client,
  children,
}: {
  by: SpendGrouping;
  rows: readonly SpendRow[];
  locale: string;
  client: string | undefined;
  children?: ReactNode;
}) {
  const { title, description, caption } = SPEND_GROUPS[by];
  return (
    <Section client={client} id={`spend-${by}-heading`} title={title} table={by} description={description}>
      {children}
      {rows.length === 0 ? (
        <p className="text-sm">No invoice lines yet.</p>
      ) : (
        <DataTable
          data-testid={`spend-by-${by}`}
          caption={caption}
          columns={spendColumns(by, locale)}
          rows={rows}
          rowKey={(row) => `${row.month}|${row.office}|${row.currency}`}
        />
      )}
    </Section>
  );
}

export function SpendAnalytics({
  data,
  locale,
  client,
  surchargesShown = SURCHARGES_STEP,
}: {
  data: SpendAnalyticsData;
  locale: string;
  /** The client chosen in the filter, which the exports keep. */
  client?: string;
  /** How many grace surcharges the address asks to list. */
  surchargesShown?: number;
}) {
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="spend-totals-heading" className="flex flex-col gap-2">
        <h2 id="spend-totals-heading" className="text-lg font-semibold">
          Invoiced in total
        </h2>
        <p className="text-sm text-muted-foreground">
          {plural(data.invoices, 'invoice')}, {plural(data.lines, 'line')}. Amounts are in each invoice's
          currency and are never added across currencies.
        </p>
        <ul className="flex flex-wrap gap-4 text-sm" data-testid="spend-totals">
          {data.totals.length === 0 ? <li>Nothing invoiced yet.</li> : null}
          {data.totals.map((row) => (
            <li key={row.currency} className="font-mono tabular-nums">
              {formatMoney(row.total, row.currency, locale)}
            </li>
          ))}
        </ul>
      </section>

      <SpendSection by="month" rows={data.byMonth} locale={locale} client={client}>
        <InvoicedByMonthCharts data={data} locale={locale} />
      </SpendSection>
      <SpendSection by="office" rows={data.byOffice} locale={locale} client={client} />

      <Section
        client={client}
        id="surcharges-heading"
        title="Grace surcharges"
        table="surcharges"
        description="Late surcharges (GRACE_PERIOD components) and what caused them: when the renewal was decided, against its due date and grace period end."
      >
        {data.surchargeTotals.length === 0 ? (
          <p className="text-sm">No invoice line carries a grace surcharge.</p>
        ) : (
          <>
            <SurchargesByMonthCharts data={data} locale={locale} />
            <DataTable
              data-testid="surcharge-totals"
              caption="Surcharges per currency and cause"
              columns={surchargeTotalColumns(locale)}
              rows={data.surchargeTotals}
              rowKey={(row) => `${row.currency}|${row.cause}`}
            />
            <SurchargeLines lines={data.surcharges} shown={surchargesShown} locale={locale} client={client} />
          </>
        )}
      </Section>

      <Section
        client={client}
        id="variance-heading"
        title="Invoiced against estimates"
        table="variance"
        description={
          <>
            <p>
              Each renewal decided from this dashboard (PROCEED) against the estimate recorded when it was
              sent, per issue month and currency. At market rates the difference is mostly exchange-rate
              movement; at frozen rates only a fee-schedule change can move an amount, so frozen lines are
              shown apart.
            </p>
            {data.varianceNotCompared > 0 ? (
              <p>
                {plural(data.varianceNotCompared, 'renewal line')} had no recorded estimate and{' '}
                {pluralWord(data.varianceNotCompared, 'is', 'are')} left out.
              </p>
            ) : null}
          </>
        }
      >
        {data.variance.length === 0 ? (
          <p className="text-sm">No invoiced renewal has a recorded estimate to compare with yet.</p>
        ) : (
          <DataTable
            data-testid="variance"
            caption="Invoiced against recorded estimates per month and currency"
            columns={varianceColumns(locale)}
            rows={data.variance}
            rowKey={(row) => `${row.month}|${row.currency}|${row.frozen}`}
          />
        )}
      </Section>
    </div>
  );
}
