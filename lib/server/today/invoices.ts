import 'server-only';
import { sumByCurrency } from '../../annuity/money';
import type { Invoice } from '../../annuity/schemas';
import type { ClientRef } from '../../clients/chosen-client';
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
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { readClientCatalogs } from '../invoices/catalog';
import { checkInvoices, invoiceStatuses, oldestRead } from '../invoices/invoices';

/**
 * Finance's Today: invoices needing attention, checked the way the invoice page checks them
 * (lib/invoices/checks.ts), and FULFILLED renewals still lacking an invoice line. The catalog is
 * the shared copy of the invoice list (lib/server/invoices/catalog.ts). Every invoice not yet
 * reconciled is checked, as the export checks them, so "Warnings" and "Failed checks" count them
 * all; the event reads this needs are shared with the invoice pages through the event cache
 * (lib/server/invoices/events.ts), read by due-date window rather than one patent at a time.
 * Each count comes with the invoice list filtered to the same invoices (financeCounts). The
 * invoices are those of the request's clients, each client's checked with its own key.
 */
export async function readCatalogWithStatuses(
  requestId: string,
  /** The request's clients (its scope's connections): each copy is read with its own key. */
  connections: readonly string[] = [DEFAULT_CONNECTION],
  /** A client's label when the user works for several (WindowClients.labelOf), else none. */
  labelOf: (connection: string) => ClientRef | undefined = () => undefined,
) {
  const reads = await readClientCatalogs(connections, requestId);
  const perClient = await Promise.all(
    reads.map(async (read) => ({
      ...read,
      statuses: await invoiceStatuses(read.catalog.invoices, read.connection),
    })),
  );
  // Every client's invoices together (ids are the service's, unique across clients).
  const catalog = {
    invoices: reads.flatMap((read) => read.catalog.invoices),
    readAt: reads.length > 0 ? oldestRead(reads) : new Date(),
  };
  const statuses = new Map(perClient.flatMap((read) => [...read.statuses]));
  // A reference is its client's own: two clients' invoices may share one, so a line says whose.
  const clientOf = new Map(
    reads.flatMap((read) => {
      const client = labelOf(read.connection);
      return client ? read.catalog.invoices.map((invoice) => [invoice.id, client] as const) : [];
    }),
  );
  return { perClient, catalog, statuses, clientOf };
}

export type CatalogWithStatuses = Awaited<ReturnType<typeof readCatalogWithStatuses>>;

export async function loadFinanceSection(
  read: CatalogWithStatuses,
  rows: readonly RenewalRow[] | null,
  today: string,
  requestId: string,
): Promise<FinanceSection> {
  const { perClient, catalog, statuses, clientOf } = read;
  const open = catalog.invoices.filter((invoice) => statuses.get(invoice.id) !== 'reconciled');
  // Each client's open invoices are checked against its own copy, with its own key.
  const checked = await Promise.all(
    perClient.map(({ client, connection, catalog: own }) =>
      checkInvoices(
        client,
        own.invoices.filter((invoice) => statuses.get(invoice.id) !== 'reconciled'),
        own.invoices,
        requestId,
        undefined,
        connection,
      ),
    ),
  );
  const counts = new Map(checked.flat().map((report) => [report.invoice.id, report.counts]));
  const facts: InvoiceFacts[] = open.map((invoice: Invoice) => ({
    invoice,
    client: clientOf.get(invoice.id),
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
