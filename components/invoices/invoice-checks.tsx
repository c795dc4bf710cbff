import { DataTable } from '@/components/data-table/data-table';
import { formatMoney } from '@/lib/annuity/money';
import type { InvoiceDetailData } from '@/lib/invoices/detail';
import { amountColumn, type TableColumn } from '@/lib/table/columns';
import { CheckCountsText, CheckList } from './check-list';

type CurrencyVariance = InvoiceDetailData['varianceByCurrency'][number];

/** Invoiced against estimated per currency (never added across currencies); money right-aligned. */
function varianceColumns(locale: string): TableColumn<CurrencyVariance>[] {
  const money = (amount: string, currency: string) => formatMoney(amount, currency, locale);
  return [
    { id: 'currency', header: 'Currency', cell: (row) => row.currency },
    { id: 'lines', header: 'Lines compared', align: 'end', cell: (row) => row.lines },
    amountColumn('estimated', 'Estimated', (row) => money(row.estimated, row.currency)),
    amountColumn('invoiced', 'Invoiced', (row) => money(row.invoiced, row.currency)),
    amountColumn(
      'variance',
      'Variance',
      (row) => `${money(row.difference, row.currency)}${row.percent === null ? '' : ` (${row.percent}%)`}`,
    ),
  ];
}

/** The invoice-level checks, the count of every check, and invoiced against estimated per currency. */
export function InvoiceChecks({ detail, locale }: { detail: InvoiceDetailData; locale: string }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        All checks of this invoice and its lines: <CheckCountsText counts={detail.counts} />.
      </p>
      <CheckList checks={detail.invoiceChecks} label="Invoice checks" />
      {detail.varianceByCurrency.length > 0 ? (
        <DataTable
          caption="Invoiced against estimated, per currency"
          captionHidden
          columns={varianceColumns(locale)}
          rows={detail.varianceByCurrency}
          rowKey={(row) => row.currency}
        />
      ) : null}
      <p className="text-xs text-muted-foreground">
        Lines further than {detail.thresholdPercent}% from the estimate recorded when their decision was sent
        are flagged; lines at frozen exchange rates must match exactly.
      </p>
    </div>
  );
}
