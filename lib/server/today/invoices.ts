import 'server-only';
import { sumByCurrency } from '../../annuity/money';
import type { Invoice } from '../../annuity/schemas';
import type { RenewalRow } from '../../renewals/rows';
import { addDays } from '../../today/calendar';
import type { FinanceSection } from '../../today/data';
import { todayLink } from '../../today/links';
import {
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
 * the shared copy of the invoice list (lib/server/invoices/catalog.ts); only recent invoices not
 * yet reconciled are checked, newest first and at most CHECKED_INVOICES, which bounds the event
 * reads the checks need.
 */
const CHECK_WITHIN_DAYS = 90;
const CHECKED_INVOICES = 40;

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
  const recentFrom = addDays(today, -CHECK_WITHIN_DAYS);
  const toCheck = open
    .filter((invoice) => (invoice.issueDate ?? '') >= recentFrom)
    .sort((a, b) => (b.issueDate ?? '').localeCompare(a.issueDate ?? ''))
    .slice(0, CHECKED_INVOICES);
  const checked = await checkInvoices(client, toCheck, catalog.invoices, requestId);
  const counts = new Map(checked.map((report) => [report.invoice.id, report.counts]));
  const facts: InvoiceFacts[] = open.map((invoice: Invoice) => ({
    invoice,
    status: statuses.get(invoice.id) ?? 'unmarked',
    counts: counts.get(invoice.id) ?? null,
  }));
  const invoices = invoicesNeedingAttention(facts, today);
  return {
    invoices,
    totals: sumByCurrency(invoices.map((item) => ({ amount: item.total, currency: item.currency }))),
    unreconciledAfterDays: UNRECONCILED_AFTER_DAYS,
    invoicesHref: todayLink({ kind: 'invoices', status: ['unmarked', 'in-progress', 'disputed'] }),
    fulfilledWithoutInvoice: rows ? fulfilledWithoutInvoice(rows).map(renewalRef) : [],
  };
}
