import Link from 'next/link';
import { DataTable } from '@/components/data-table/data-table';
import { formatMoney } from '@/lib/annuity/money';
import { topPerCurrency } from '@/lib/forecast/aggregate';
import type { PatentCost } from '@/lib/forecast/data';
import { formatDate } from '@/lib/format/dates';
import { patentHref } from '@/lib/portfolio/links';
import { amountColumn, type TableColumn } from '@/lib/table/columns';

/**
 * Cost to keep per patent: each currency's costliest patents over the window (to the last renewal
 * in it, not to the patent's expiry), with a link to the patent, to support pruning; the export
 * has every patent. Server-rendered.
 */
const TOP_PATENTS = 10;

function patentCostColumns(locale: string): TableColumn<PatentCost>[] {
  return [
    {
      id: 'patent',
      header: 'Patent',
      rowHeader: true,
      cell: (row) => (
        <Link href={patentHref(row.patentId)} className="underline underline-offset-4">
          {row.caseReference ?? row.patentId}
        </Link>
      ),
    },
    { id: 'office', header: 'Office', cell: (row) => row.office ?? 'Unknown office' },
    { id: 'family', header: 'Family', cell: (row) => row.family ?? '—' },
    amountColumn('total', 'Cost to keep', (row) => (
      <>
        {formatMoney(row.total, row.currency, locale)}
        {row.noEstimate > 0 ? (
          <span className="block text-xs text-muted-foreground">+ {row.noEstimate} without estimate</span>
        ) : null}
      </>
    )),
    { id: 'renewals', header: 'Renewals', align: 'end', cell: (row) => row.renewals },
    { id: 'lastDue', header: 'Last due in window', cell: (row) => formatDate(row.lastDue, locale) },
  ];
}

function PatentCosts({
  rows,
  currency,
  patents,
  locale,
}: {
  rows: PatentCost[];
  currency: string;
  patents: number;
  locale: string;
}) {
  return (
    <DataTable
      data-testid={`forecast-patents-${currency}`}
      caption={`The ${rows.length} patents of ${patents} billed in ${currency} that cost most until the window’s end.`}
      columns={patentCostColumns(locale)}
      rows={rows}
      rowKey={(row) => row.patentId}
    />
  );
}

export function ForecastPatentCosts({ patents, locale }: { patents: readonly PatentCost[]; locale: string }) {
  if (patents.length === 0) return <p className="text-sm">No estimated renewal in the window.</p>;
  return (
    <>
      {topPerCurrency(patents, TOP_PATENTS).map((entry) => (
        <PatentCosts key={entry.currency} {...entry} locale={locale} />
      ))}
    </>
  );
}
