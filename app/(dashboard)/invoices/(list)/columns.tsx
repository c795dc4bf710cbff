import Link from 'next/link';
import { OriginBadge, ReconciliationBadge } from '@/components/invoices/status-badges';
import { formatMoney } from '@/lib/annuity/money';
import { formatDate } from '@/lib/format/dates';
import { formatVatRate } from '@/lib/invoices/arithmetic-checks';
import type { InvoiceListRow } from '@/lib/invoices/list';
import type { TableColumn } from '@/lib/table/columns';

const muted = (text: string) => <span className="text-muted-foreground">{text}</span>;

const money = (amount: string | null, currency: string, locale: string) =>
  amount === null ? muted('—') : <span className="font-mono">{formatMoney(amount, currency, locale)}</span>;

/** The column that names the invoice: never hidden, so the column menu does not offer it. */
export const REFERENCE_COLUMN_ID = 'reference';
/** Shown only when the user works for several clients (the rows then name their client). */
export const CLIENT_COLUMN_ID = 'client';

/**
 * The invoice list's columns. At 1280 px the reference, issue date, amounts and reconciliation
 * stay on screen; the low-priority ones are hidden below 1536 px and shown in the row's details
 * (components/data-table/priority.ts).
 */
export function invoiceColumns(locale: string): TableColumn<InvoiceListRow>[] {
  return [
    {
      id: REFERENCE_COLUMN_ID,
      header: 'Reference',
      cell: (invoice) => (
        <Link
          href={`/invoices/${encodeURIComponent(invoice.id)}`}
          className="font-medium text-primary underline-offset-2 hover:underline"
        >
          {invoice.reference}
        </Link>
      ),
    },
    { id: CLIENT_COLUMN_ID, header: 'Client', cell: (invoice) => invoice.client?.name ?? '' },
    // spec: Invoice — the number is null for IMPORTED invoices.
    { id: 'number', header: 'Number', priority: 'low', cell: (invoice) => invoice.number ?? muted('None') },
    {
      id: 'issueDate',
      header: 'Issue date',
      className: 'tabular-nums',
      cell: (invoice) => (invoice.issueDate ? formatDate(invoice.issueDate, locale) : '—'),
    },
    {
      id: 'origin',
      header: 'Origin',
      priority: 'low',
      cell: (invoice) => <OriginBadge origin={invoice.origin} />,
    },
    { id: 'currency', header: 'Currency', priority: 'low', cell: (invoice) => invoice.currency },
    {
      id: 'subtotalExcludingTax',
      header: 'Subtotal',
      align: 'end',
      cell: (invoice) => money(invoice.subtotalExcludingTax, invoice.currency, locale),
    },
    {
      id: 'vatRate',
      header: 'VAT rate',
      priority: 'low',
      className: 'tabular-nums',
      cell: (invoice) => (invoice.vatRate === null ? muted('—') : formatVatRate(invoice.vatRate)),
    },
    {
      id: 'totalIncludingTax',
      header: 'Total',
      align: 'end',
      cell: (invoice) => money(invoice.totalIncludingTax, invoice.currency, locale),
    },
    { id: 'lineCount', header: 'Lines', align: 'end', priority: 'low', cell: (invoice) => invoice.lineCount },
    {
      id: 'status',
      header: 'Reconciliation',
      cell: (invoice) => <ReconciliationBadge status={invoice.status} />,
    },
  ];
}

/** The fields the list sorts on (`sortListRows`, lib/invoices/list.ts), by column id. */
export const INVOICE_SORT_BY_COLUMN: ReadonlyMap<string, string> = new Map([
  ['reference', 'reference'],
  ['issueDate', 'issueDate'],
]);
