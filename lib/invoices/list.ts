import type { CurrencyTotal } from '@/lib/annuity/money';
import { sumByCurrency } from '@/lib/annuity/money';
import type { Invoice } from '@/lib/annuity/schemas';
import type { ClientRef } from '@/lib/clients/chosen-client';
import type { InvoiceFilters, InvoiceSort } from './query';
import type { ReconciliationStatus } from './reconciliation';

/**
 * One row of the invoice list and the list operations the dashboard does itself: filtering by
 * origin, reconciliation status and issue date, sorting and paging (the service has none of them,
 * spec: Endpoints 11). Pure, so the route and its tests share it.
 */
export interface InvoiceListRow {
  id: string;
  reference: string;
  number: string | null;
  issueDate: string | null;
  origin: string;
  currency: string;
  subtotalExcludingTax: string | null;
  vatRate: number | null;
  totalIncludingTax: string | null;
  lineCount: number;
  status: ReconciliationStatus;
  /** The invoice's client, only when the user works for several (lib/server/clients/client-filter.ts). */
  client?: ClientRef;
}

export interface InvoiceListPage {
  rows: InvoiceListRow[];
  page: number;
  size: number;
  totalItems: number;
  totalPages: number;
  /** Of every invoice the filters select, per currency (never added across currencies). */
  totals: { subtotal: CurrencyTotal[]; total: CurrencyTotal[] };
  /** When the dashboard last read the whole list from the service. */
  readAt: string;
}

export function toListRow(
  invoice: Invoice,
  status: ReconciliationStatus,
  client?: ClientRef,
): InvoiceListRow {
  return {
    ...(client ? { client } : {}),
    id: invoice.id,
    reference: invoice.reference,
    number: invoice.number,
    issueDate: invoice.issueDate,
    origin: invoice.origin,
    currency: invoice.currency,
    subtotalExcludingTax: invoice.subtotalExcludingTax,
    vatRate: invoice.vatRate,
    totalIncludingTax: invoice.totalIncludingTax,
    lineCount: invoice.fees.length,
    status,
  };
}

/** An invoice without an issue date cannot fall in a date range: a range leaves it out. */
export function matchesFilters(
  row: Pick<InvoiceListRow, 'origin' | 'status' | 'issueDate'>,
  filters: InvoiceFilters,
): boolean {
  if (filters.origin.length > 0 && !filters.origin.includes(row.origin)) return false;
  if (filters.status.length > 0 && !filters.status.includes(row.status)) return false;
  if (filters.from || filters.to) {
    if (!row.issueDate) return false;
    if (filters.from && row.issueDate < filters.from) return false;
    if (filters.to && row.issueDate > filters.to) return false;
  }
  return true;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** By issue date (undated last either way) or reference; ties keep the reference order. */
export function sortListRows(rows: readonly InvoiceListRow[], sort: InvoiceSort): InvoiceListRow[] {
  const desc = sort.startsWith('-');
  const direction = desc ? -1 : 1;
  const byReference = (a: InvoiceListRow, b: InvoiceListRow) => collator.compare(a.reference, b.reference);
  return [...rows].sort((a, b) => {
    if (sort.endsWith('reference')) return byReference(a, b) * direction;
    if (a.issueDate === b.issueDate) return byReference(a, b) * direction;
    if (a.issueDate === null) return 1;
    if (b.issueDate === null) return -1;
    return a.issueDate.localeCompare(b.issueDate) * direction;
  });
}

export function listPage(
  rows: readonly InvoiceListRow[],
  page: number,
  size: number,
  readAt: string,
): InvoiceListPage {
  const totalPages = Math.max(1, Math.ceil(rows.length / size));
  return {
    rows: rows.slice((page - 1) * size, page * size),
    page,
    size,
    totalItems: rows.length,
    totalPages,
    totals: {
      subtotal: sumByCurrency(rows.map((r) => ({ amount: r.subtotalExcludingTax, currency: r.currency }))),
      total: sumByCurrency(rows.map((r) => ({ amount: r.totalIncludingTax, currency: r.currency }))),
    },
    readAt,
  };
}
