import { formatMoney, subtract } from '@/lib/annuity/money';
import type { Invoice } from '@/lib/annuity/schemas';
import { formatDate, formatTimestamp } from '@/lib/format/dates';
import { formatVatRate } from '@/lib/invoices/arithmetic-checks';
import { invoiceNumberText, originLabel } from '@/lib/invoices/labels';

type Field = [label: string, value: string | null];

/** Every field of the invoice (spec: Invoice), in words; null shows as a dash, never hidden. */
function invoiceFields(invoice: Invoice, locale: string): Field[] {
  const amount = (value: string | null) =>
    value === null ? null : formatMoney(value, invoice.currency, locale);
  const vat =
    invoice.subtotalExcludingTax !== null && invoice.totalIncludingTax !== null
      ? subtract(invoice.totalIncludingTax, invoice.subtotalExcludingTax, invoice.currency)
      : null;
  return [
    ['Reference', invoice.reference],
    ['Number', invoiceNumberText(invoice.number)],
    ['Issue date', invoice.issueDate ? formatDate(invoice.issueDate, locale) : null],
    [
      'Origin',
      invoice.origin === 'REGULARIZATION'
        ? 'Correction (regularization) of earlier billing'
        : originLabel(invoice.origin).label,
    ],
    ['IP right type', invoice.ipRightType],
    ['Currency', invoice.currency],
    ['Subtotal excluding tax', amount(invoice.subtotalExcludingTax)],
    ['VAT rate', invoice.vatRate === null ? null : formatVatRate(invoice.vatRate)],
    ['VAT (total − subtotal)', amount(vat)],
    ['Total including tax', amount(invoice.totalIncludingTax)],
    ['VAT number', invoice.vatNumber],
    ['Lines', String(invoice.fees.length)],
    ['PDF document', invoice.hasPdfDocument ? 'Yes, per line below' : 'No'],
    // spec: Endpoints 6-8 — an XLSX download endpoint is not shown, so there is nothing to link.
    ['XLSX document', invoice.hasXlsxDocument ? 'Yes (the service offers no download for it)' : 'No'],
    ['Created', invoice.createdAt ? formatTimestamp(invoice.createdAt, locale) : null],
    ['Updated', invoice.updatedAt ? formatTimestamp(invoice.updatedAt, locale) : null],
    ['Service ID', invoice.id],
  ];
}

export function InvoiceFields({ invoice, locale }: { invoice: Invoice; locale: string }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
      {invoiceFields(invoice, locale).map(([label, value]) => (
        <div key={label} className="flex justify-between gap-3 border-b border-dashed py-1">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="text-right break-all">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
