import 'server-only';
import { sumByCurrency } from '../../annuity/money';
import type { Invoice } from '../../annuity/schemas';
import type { RenewalRow } from '../../renewals/rows';
import type { FinanceSection } from '../../today/data';
import {
  financeCounts,
  fulfilledWithoutInvoice,
  type InvoiceFacts,
  invoicesNeedingAttention,
  renewalRef,
  UNRECONCILED_AFTER_DAYS,
} from '../../today/sections';
import { upstreamClient } from '../connection/upstream';
import { readInvoiceCatalog } from '../invoices/catalog';
import { checkInvoices, invoiceStatuses } from '../invoices/invoices';

/**
 * Finance's Today: invoices needing attention, checked the way the invoice page checks them
 * (lib/invoices/checks.ts), and FULFILLED renewals still lacking an invoice line. The catalog is
 * the shared copy of the invoice list (lib/server/invoices/catalog.ts). Every invoice not yet
 * reconciled is checked, as the export checks them, so "Warnings" and "Failed checks" count them
 * all; the event reads this needs are shared with the invoice pages through the event cache
 * (lib/server/invoices/events.ts), read by due-date window rather than one patent at a time.
 * Each count comes with the invoice list filtered to the same invoices (financeCounts).
 */
export async function readCatalogWithStatuses(requestId: string) {
  const client = upstreamClient(requestId);
  const catalog = await readInvoiceCatalog(client, requestId);
  const statuses = await invoiceStatuses(catalog.invoices);
  return { client, catalog, statuses };
}

export type CatalogWithStatuses = Awaited<ReturnType<typeof readCatalogWithStatuses>>;

export async function loadFinanceSection(
  read: CatalogWithStatuses,
  rows: readonly RenewalRow[] | null,
  today: string,
  requestId: string,
): Promise<FinanceSection> {
  const { client, catalog, statuses } = read;
  const open = catalog.invoices.filter((invoice) => statuses.get(invoice.id) !== 'reconciled');
  const checked = await checkInvoices(client, open, catalog.invoices, requestId);
  const counts = new Map(checked.map((report) => [report.invoice.id, report.counts]));
  const facts: InvoiceFacts[] = open.map((invoice: Invoice) => ({
    invoice,
    status: statuses.get(invoice.id) ?? 'unmarked',
    counts: counts.get(invoice.id) ?? null,
  }));
  const invoices = invoicesNeedingAttention(facts, today);
  const { notReconciled, overdue, disputed } = financeCounts(facts, today);
  return {
    invoices,
    totals: sumByCurrency(invoices.map((item) => ({ amount: item.total, currency: item.currency }))),
    unreconciledAfterDays: UNRECONCILED_AFTER_DAYS,
    invoicesHref: notReconciled.href,
    notReconciled,
    overdue,
    disputed,
    fulfilledWithoutInvoice: rows ? fulfilledWithoutInvoice(rows).map(renewalRef) : [],
  };
}
