'use client';

import { columnVisibilityFeature, createColumnHelper, tableFeatures } from '@tanstack/react-table';
import Link from 'next/link';
import { RowDetails } from '@/components/data-table/row-details';
import { OriginBadge, ReconciliationBadge } from '@/components/invoices/status-badges';
import { useLocale } from '@/components/shell/locale';
import { formatMoney } from '@/lib/annuity/money';
import { formatDate } from '@/lib/format/dates';
import { formatVatRate } from '@/lib/invoices/arithmetic-checks';
import type { InvoiceListRow } from '@/lib/invoices/list';

/** Module scope, as TanStack Table 9 requires: stable features and columns (stack-notes). */
export const invoiceFeatures = tableFeatures({ columnVisibilityFeature });
const helper = createColumnHelper<typeof invoiceFeatures, InvoiceListRow>();

function DateCell({ value }: { value: string | null }) {
  const locale = useLocale();
  return value ? <span className="tabular-nums">{formatDate(value, locale)}</span> : <span>—</span>;
}

function MoneyCell({ amount, currency }: { amount: string | null; currency: string }) {
  const locale = useLocale();
  return amount === null ? (
    <span className="text-muted-foreground">—</span>
  ) : (
    <span className="block text-right font-mono tabular-nums">{formatMoney(amount, currency, locale)}</span>
  );
}

/** Ids and headers for the column menu (the reference always stays; the client only with several). */
export const INVOICE_COLUMNS = [
  { id: 'reference', header: 'Reference' },
  { id: 'client', header: 'Client' },
  { id: 'number', header: 'Number' },
  { id: 'issueDate', header: 'Issue date' },
  { id: 'origin', header: 'Origin' },
  { id: 'currency', header: 'Currency' },
  { id: 'subtotalExcludingTax', header: 'Subtotal' },
  { id: 'vatRate', header: 'VAT rate' },
  { id: 'totalIncludingTax', header: 'Total' },
  { id: 'lineCount', header: 'Lines' },
  { id: 'status', header: 'Reconciliation' },
] as const;

/**
 * At 1280 px the reference, issue date, amounts and reconciliation stay on screen; these
 * columns are hidden below 1536 px and shown in the row's details (components/data-table/priority.ts).
 */
export const LOW_PRIORITY_INVOICE_COLUMNS: ReadonlySet<string> = new Set([
  'number',
  'origin',
  'currency',
  'vatRate',
  'lineCount',
]);

// spec: Invoice — the number is null for IMPORTED invoices.
const numberOf = (row: InvoiceListRow) => row.number ?? <span className="text-muted-foreground">None</span>;

const vatRateOf = (row: InvoiceListRow) =>
  row.vatRate === null ? (
    <span className="text-muted-foreground">—</span>
  ) : (
    <span className="tabular-nums">{formatVatRate(row.vatRate)}</span>
  );

export const invoiceColumns = helper.columns([
  helper.accessor('reference', {
    header: 'Reference',
    cell: ({ row }) => (
      <>
        <Link
          href={`/invoices/${encodeURIComponent(row.original.id)}`}
          className="font-medium text-primary underline-offset-2 hover:underline"
        >
          {row.original.reference}
        </Link>
        <RowDetails
          name={`invoice ${row.original.reference}`}
          details={[
            { label: 'Number', value: numberOf(row.original) },
            { label: 'Origin', value: <OriginBadge origin={row.original.origin} /> },
            { label: 'Currency', value: row.original.currency },
            { label: 'VAT rate', value: vatRateOf(row.original) },
            { label: 'Lines', value: row.original.lineCount },
          ]}
        />
      </>
    ),
  }),
  // Shown only when the user works for several clients (the table hides it otherwise).
  helper.accessor((row) => row.client?.name ?? '', {
    id: 'client',
    header: 'Client',
  }),
  helper.accessor('number', {
    header: 'Number',
    cell: ({ row }) => numberOf(row.original),
  }),
  helper.accessor('issueDate', {
    header: 'Issue date',
    cell: ({ getValue }) => <DateCell value={getValue()} />,
  }),
  helper.accessor('origin', {
    header: 'Origin',
    cell: ({ getValue }) => <OriginBadge origin={getValue()} />,
  }),
  helper.accessor('currency', { header: 'Currency' }),
  helper.accessor('subtotalExcludingTax', {
    header: 'Subtotal',
    cell: ({ row }) => (
      <MoneyCell amount={row.original.subtotalExcludingTax} currency={row.original.currency} />
    ),
  }),
  helper.accessor('vatRate', {
    header: 'VAT rate',
    cell: ({ row }) => vatRateOf(row.original),
  }),
  helper.accessor('totalIncludingTax', {
    header: 'Total',
    cell: ({ row }) => <MoneyCell amount={row.original.totalIncludingTax} currency={row.original.currency} />,
  }),
  helper.accessor('lineCount', {
    header: 'Lines',
    cell: ({ getValue }) => <span className="block text-right tabular-nums">{getValue()}</span>,
  }),
  helper.accessor('status', {
    header: 'Reconciliation',
    cell: ({ getValue }) => <ReconciliationBadge status={getValue()} />,
  }),
]);
