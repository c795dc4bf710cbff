import Big from 'big.js';
import { addAmounts } from '@/lib/annuity/money';
import type { Invoice } from '@/lib/annuity/schemas';
import { decimalCell, type ExportValue } from '@/lib/renewals/columns';
import { decisionLabel } from '@/lib/renewals/labels';
import { CHECK_TITLES, countChecks } from './check-types';
import type { InvoiceLineView } from './detail';
import { originLabel } from './labels';
import type { MarkView, ReconciliationStatus } from './reconciliation';

/**
 * The columns of the accounting export, one row per invoice line (case reference, event,
 * due date, components, currency, VAT, frozen flag, variance, mark). Amounts are DecimalCells:
 * text in CSV, numbers with the currency's decimals in XLSX. Components of types the dashboard
 * does not know are summed into "Other components" and named beside it (spec: Fees, open enum).
 */
export interface ExportLine {
  invoice: Invoice;
  line: InvoiceLineView;
  mark: MarkView | null;
  invoiceStatus: ReconciliationStatus;
}

interface ExportColumn {
  header: string;
  value: (row: ExportLine) => ExportValue;
}

const KNOWN_COMPONENTS = ['OFFICE', 'AGENT', 'SERVICE', 'GRACE_PERIOD'] as const;
const COMPONENT_HEADERS: Record<(typeof KNOWN_COMPONENTS)[number], string> = {
  OFFICE: 'Office fee',
  AGENT: 'Agent fee',
  SERVICE: 'Service fee',
  GRACE_PERIOD: 'Grace surcharge',
};

const currencyOf = (row: ExportLine) => row.line.fees.currency;
const money = (row: ExportLine, amount: string | null | undefined) => decimalCell(amount, currencyOf(row));

function componentAmount(row: ExportLine, type: string): ExportValue {
  const matching = row.line.fees.components.filter((c) => c.type === type);
  return matching.length === 0
    ? null
    : money(
        row,
        addAmounts(
          matching.map((c) => c.amount),
          currencyOf(row),
        ),
      );
}

const unknownComponents = (row: ExportLine) =>
  row.line.fees.components.filter((c) => !(KNOWN_COMPONENTS as readonly string[]).includes(c.type));

function varianceCell(row: ExportLine, pick: 'difference' | 'percent' | 'estimated'): ExportValue {
  const v = row.line.variance;
  if (v.kind !== 'compared') return null;
  if (pick === 'percent') return v.percent === null ? null : { decimal: v.percent, digits: 2 };
  return money(row, v[pick]);
}

const varianceCheck = (row: ExportLine) => row.line.checks.find((c) => c.id === 'estimate-variance');

const INVOICE_EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: 'Invoice reference', value: (r) => r.invoice.reference },
  // spec: Invoice — null for IMPORTED invoices: an empty cell, the reference identifies them.
  { header: 'Invoice number', value: (r) => r.invoice.number },
  { header: 'Issue date', value: (r) => r.invoice.issueDate },
  { header: 'Origin', value: (r) => originLabel(r.invoice.origin).label },
  { header: 'Line', value: (r) => r.line.index + 1 },
  { header: 'Case reference', value: (r) => r.line.patent?.caseReference ?? null },
  {
    header: 'Provider ID',
    value: (r) => r.line.patent?.providerId ?? r.line.fees.patent?.providerId ?? null,
  },
  { header: 'Patent ID', value: (r) => r.line.patentId },
  { header: 'Event ID', value: (r) => r.line.fees.eventId },
  { header: 'Annuity year', value: (r) => r.line.event?.annuityYear ?? null },
  { header: 'Due date', value: (r) => r.line.event?.dueDate ?? null },
  {
    header: 'Decision',
    value: (r) =>
      r.line.decision ? (decisionLabel(r.line.decision.decision)?.label ?? r.line.decision.decision) : null,
  },
  ...KNOWN_COMPONENTS.map((type) => ({
    header: COMPONENT_HEADERS[type],
    value: (r: ExportLine) => componentAmount(r, type),
  })),
  {
    header: 'Other components',
    value: (r) => {
      const other = unknownComponents(r);
      return other.length === 0
        ? null
        : money(
            r,
            addAmounts(
              other.map((c) => c.amount),
              currencyOf(r),
            ),
          );
    },
  },
  {
    header: 'Other component types',
    value: (r) =>
      unknownComponents(r)
        .map((c) => c.type)
        .join(', ') || null,
  },
  { header: 'Line total', value: (r) => money(r, r.line.fees.total) },
  { header: 'Currency', value: (r) => currencyOf(r) },
  {
    header: 'VAT rate %',
    value: (r) =>
      r.invoice.vatRate === null
        ? null
        : { decimal: new Big(String(r.invoice.vatRate)).times(100).toFixed(), digits: 2 },
  },
  { header: 'FX frozen', value: (r) => (r.line.fees.isFxRateFrozen ? 'yes' : 'no') },
  { header: 'Estimate when sent', value: (r) => varianceCell(r, 'estimated') },
  { header: 'Variance', value: (r) => varianceCell(r, 'difference') },
  { header: 'Variance %', value: (r) => varianceCell(r, 'percent') },
  { header: 'Variance check', value: (r) => varianceCheck(r)?.status ?? null },
  {
    header: 'Failed checks',
    value: (r) =>
      r.line.checks
        .filter((c) => c.status === 'fail')
        .map((c) => CHECK_TITLES[c.id])
        .join('; ') || null,
  },
  { header: 'Warnings', value: (r) => countChecks(r.line.checks).warning },
  { header: 'Mark', value: (r) => r.mark?.status ?? null },
  { header: 'Mark note', value: (r) => r.mark?.note ?? null },
  { header: 'Marked by', value: (r) => r.mark?.markedByEmail ?? null },
  { header: 'Marked at', value: (r) => r.mark?.markedAt ?? null },
  { header: 'Invoice status', value: (r) => r.invoiceStatus },
  {
    header: 'Invoice subtotal',
    value: (r) => decimalCell(r.invoice.subtotalExcludingTax, r.invoice.currency),
  },
  {
    header: 'Invoice total incl. VAT',
    value: (r) => decimalCell(r.invoice.totalIncludingTax, r.invoice.currency),
  },
];

export const INVOICE_EXPORT_HEADERS = INVOICE_EXPORT_COLUMNS.map((column) => column.header);

export function exportRow(row: ExportLine): ExportValue[] {
  return INVOICE_EXPORT_COLUMNS.map((column) => column.value(row));
}
