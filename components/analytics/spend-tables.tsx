import type { ComponentProps } from 'react';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import type { AnalyticsTable, SpendAnalyticsData } from '@/lib/analytics/data';
import { FEE_KIND_LABELS, FEE_KINDS, type SpendRow, SURCHARGE_CAUSE_LABELS } from '@/lib/analytics/spend';
import { formatMoney } from '@/lib/annuity/money';
import { formatDate, formatYearMonth } from '@/lib/format/dates';
import { patentName } from '@/lib/portfolio/patent-name';
import { InvoicedByMonthCharts, SurchargesByMonthCharts } from './spend-charts';
import { TableSection } from './table-section';

/**
 * The analytics tables, each with its CSV and XLSX export and, for the monthly ones, a
 * chart per currency above it (spend-charts.tsx). Every amount is shown with its own currency and
 * every total is per currency. Server-rendered: no browser code.
 */
const AMOUNT = 'text-right font-mono tabular-nums';

/** A table's section, its downloads from /api/analytics/export. */
function Section({
  table,
  ...section
}: Omit<ComponentProps<typeof TableSection>, 'exportHref'> & { table: AnalyticsTable }) {
  return (
    <TableSection
      {...section}
      exportHref={(format) => `/api/analytics/export?table=${table}&format=${format}`}
    />
  );
}

function SpendTable({
  rows,
  by,
  caption,
  locale,
}: {
  rows: readonly SpendRow[];
  by: 'month' | 'office';
  caption: string;
  locale: string;
}) {
  if (rows.length === 0) return <p className="text-sm">No invoice lines yet.</p>;
  return (
    <Table data-testid={`spend-by-${by}`}>
      <TableCaption>{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{by === 'month' ? 'Issue month' : 'Office'}</TableHead>
          <TableHead scope="col">Currency</TableHead>
          {FEE_KINDS.map((kind) => (
            <TableHead key={kind} scope="col" className="text-right">
              {FEE_KIND_LABELS[kind]}
            </TableHead>
          ))}
          <TableHead scope="col" className="text-right">
            Total
          </TableHead>
          <TableHead scope="col" className="text-right">
            Lines
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={`${row.month}|${row.office}|${row.currency}`}>
            <TableHead scope="row" className="text-foreground">
              {by === 'month'
                ? row.month
                  ? formatYearMonth(row.month, locale)
                  : 'No issue date'
                : (row.office ?? 'Unknown office')}
            </TableHead>
            <TableCell>{row.currency}</TableCell>
            {FEE_KINDS.map((kind) => (
              <TableCell key={kind} className={AMOUNT}>
                {formatMoney(row.byKind[kind], row.currency, locale)}
              </TableCell>
            ))}
            <TableCell className={AMOUNT}>
              {formatMoney(row.total, row.currency, locale)}
              {row.missingTotals > 0 ? (
                <span className="block text-xs text-muted-foreground">
                  {row.missingTotals} line(s) without a total
                </span>
              ) : null}
            </TableCell>
            <TableCell className="text-right tabular-nums">{row.lines}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

export function SpendAnalytics({ data, locale }: { data: SpendAnalyticsData; locale: string }) {
  const signed = (amount: string, currency: string) =>
    `${amount.startsWith('-') ? '' : '+'}${formatMoney(amount, currency, locale)}`;
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="spend-totals-heading" className="flex flex-col gap-2">
        <h2 id="spend-totals-heading" className="text-lg font-semibold">
          Invoiced in total
        </h2>
        <p className="text-sm text-muted-foreground">
          {data.invoices} invoice(s), {data.lines} line(s). Amounts are in each invoice's currency and are
          never added across currencies.
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

      <Section
        id="spend-month-heading"
        title="Spend by month"
        table="month"
        description="Invoiced amounts by the invoice's issue month, split by fee component. Component kinds the service adds later are counted under “Other”."
      >
        <InvoicedByMonthCharts data={data} locale={locale} />
        <SpendTable
          rows={data.byMonth}
          by="month"
          caption="Invoiced per issue month and currency"
          locale={locale}
        />
      </Section>

      <Section
        id="spend-office-heading"
        title="Spend by office"
        table="office"
        description="Invoiced amounts by the patent's office (from the portfolio), split by fee component."
      >
        <SpendTable
          rows={data.byOffice}
          by="office"
          caption="Invoiced per office and currency"
          locale={locale}
        />
      </Section>

      <Section
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
            <Table data-testid="surcharge-totals">
              <TableCaption>Surcharges per currency and cause</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Currency</TableHead>
                  <TableHead scope="col">Cause</TableHead>
                  <TableHead scope="col" className="text-right">
                    Surcharges
                  </TableHead>
                  <TableHead scope="col" className="text-right">
                    Lines
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.surchargeTotals.map((row) => (
                  <TableRow key={`${row.currency}|${row.cause}`}>
                    <TableHead scope="row" className="text-foreground">
                      {row.currency}
                    </TableHead>
                    <TableCell>{SURCHARGE_CAUSE_LABELS[row.cause]}</TableCell>
                    <TableCell className={AMOUNT}>{formatMoney(row.amount, row.currency, locale)}</TableCell>
                    <TableCell className="text-right tabular-nums">{row.lines}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Table data-testid="surcharge-lines">
              <TableCaption>Renewals billed with a grace surcharge</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Invoice</TableHead>
                  <TableHead scope="col">Case</TableHead>
                  <TableHead scope="col">Office</TableHead>
                  <TableHead scope="col" className="text-right">
                    Surcharge
                  </TableHead>
                  <TableHead scope="col">Due</TableHead>
                  <TableHead scope="col">Grace ends</TableHead>
                  <TableHead scope="col">Decided</TableHead>
                  <TableHead scope="col">Cause</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.surcharges.map((line) => (
                  <TableRow key={`${line.invoiceId}|${line.lineIndex}`}>
                    <TableHead scope="row" className="text-foreground">
                      <a
                        href={`/invoices/${line.invoiceId}`}
                        className="text-primary underline-offset-2 hover:underline"
                      >
                        {line.invoiceReference}
                      </a>{' '}
                      <span className="text-xs text-muted-foreground">line {line.lineIndex + 1}</span>
                    </TableHead>
                    {/* The case reference, else the provider id, as on every other page. */}
                    <TableCell>{line.patentId || line.providerId ? patentName(line) : '—'}</TableCell>
                    <TableCell>{line.office ?? '—'}</TableCell>
                    <TableCell className={AMOUNT}>
                      {formatMoney(line.surcharge, line.currency, locale)}
                    </TableCell>
                    <TableCell>{formatDate(line.dueDate, locale)}</TableCell>
                    <TableCell>{formatDate(line.gracePeriodEndDate, locale)}</TableCell>
                    <TableCell>
                      {line.decision ?? '—'}
                      {line.decidedOn ? ` on ${formatDate(line.decidedOn, locale)}` : ''}
                    </TableCell>
                    <TableCell>{SURCHARGE_CAUSE_LABELS[line.cause]}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </Section>

      <Section
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
              <p>{data.varianceNotCompared} renewal line(s) had no recorded estimate and are left out.</p>
            ) : null}
          </>
        }
      >
        {data.variance.length === 0 ? (
          <p className="text-sm">No invoiced renewal has a recorded estimate to compare with yet.</p>
        ) : (
          <Table data-testid="variance">
            <TableCaption>Invoiced against recorded estimates per month and currency</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Issue month</TableHead>
                <TableHead scope="col">Currency</TableHead>
                <TableHead scope="col">Rates</TableHead>
                <TableHead scope="col" className="text-right">
                  Invoiced
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Estimated
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Difference
                </TableHead>
                <TableHead scope="col" className="text-right">
                  Lines
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.variance.map((row) => (
                <TableRow key={`${row.month}|${row.currency}|${row.frozen}`}>
                  <TableHead scope="row" className="text-foreground">
                    {row.month ? formatYearMonth(row.month, locale) : 'No issue date'}
                  </TableHead>
                  <TableCell>{row.currency}</TableCell>
                  <TableCell>{row.frozen ? 'Frozen' : 'Market'}</TableCell>
                  <TableCell className={AMOUNT}>{formatMoney(row.invoiced, row.currency, locale)}</TableCell>
                  <TableCell className={AMOUNT}>{formatMoney(row.estimated, row.currency, locale)}</TableCell>
                  <TableCell className={AMOUNT}>
                    {signed(row.difference, row.currency)}
                    {row.percent !== null ? ` (${row.percent}%)` : ''}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{row.lines}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
    </div>
  );
}
