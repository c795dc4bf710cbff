/**
 * `lib/server/invoices/`: the invoice list copy, checks, evidence from events and batches, marks,
 * exports.
 */
import 'server-only';
import type { AnnuityClient } from '../../annuity/client';
import type { Invoice } from '../../annuity/schemas';
import { getEnv } from '../../env';
import { checkInvoice } from '../../invoices/checks';
import type { InvoiceDetailData, InvoiceLineView } from '../../invoices/detail';
import { billingIndex } from '../../invoices/duplicate-billing';
import { lineKeys } from '../../invoices/line-keys';
import { type InvoiceListPage, listPage, matchesFilters, sortListRows, toListRow } from '../../invoices/list';
import type { InvoiceFilters, InvoiceListQuery } from '../../invoices/query';
import { type ReconciliationStatus, reconciliationStatus } from '../../invoices/reconciliation';
import { clientLabel, connectionsToRead } from '../clients/client-filter';
import type { ClientScope } from '../clients/scope';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { type ClientCatalog, findInvoice, readClientCatalogs } from './catalog';
import type { ResolveProgress } from './events';
import { type Evidence, gatherEvidence } from './evidence';
import { marksOfInvoices } from './reconciliation-marks';

/**
 * The invoices finance works through: the list (filtered and paged here, over the whole catalog
 * of each of the user's clients, lib/server/invoices/catalog.ts; rows labelled with their client
 * when there are several), one invoice with its checks, and the checked invoices of an export.
 */
export async function invoiceStatuses(
  invoices: readonly Invoice[],
  connection: string = DEFAULT_CONNECTION,
): Promise<Map<string, ReconciliationStatus>> {
  const marks = await marksOfInvoices(
    connection,
    invoices.map((invoice) => invoice.id),
  );
  return new Map(
    invoices.map((invoice) => [
      invoice.id,
      reconciliationStatus(lineKeys(invoice.fees), marks.get(invoice.id) ?? []),
    ]),
  );
}

/** One client's invoices the filters select, with its copy, its statuses and its own client. */
export interface ClientSelection extends ClientCatalog {
  statuses: Map<string, ReconciliationStatus>;
  selected: Invoice[];
}

/** The filters' selection in each client's copy (the scope's clients, or the `client` filter's). */
export async function selectInvoices(
  scope: ClientScope,
  filters: InvoiceFilters & { client?: string },
  requestId: string,
  reload = false,
): Promise<ClientSelection[]> {
  const catalogs = await readClientCatalogs(connectionsToRead(scope, filters.client), requestId, { reload });
  return Promise.all(
    catalogs.map(async (read) => {
      const statuses = await invoiceStatuses(read.catalog.invoices, read.connection);
      const selected = read.catalog.invoices.filter((invoice) =>
        matchesFilters(
          {
            origin: invoice.origin,
            issueDate: invoice.issueDate,
            status: statuses.get(invoice.id) ?? 'unmarked',
          },
          filters,
        ),
      );
      return { ...read, statuses, selected };
    }),
  );
}

/** The oldest read among the copies shown: the list is at least that fresh. */
export function oldestRead(reads: readonly ClientCatalog[]): Date {
  return new Date(Math.min(...reads.map((read) => read.catalog.readAt.getTime())));
}

export async function loadInvoiceList(
  query: InvoiceListQuery,
  requestId: string,
  scope: ClientScope,
): Promise<InvoiceListPage> {
  const selections = await selectInvoices(scope, query, requestId, query.fresh === '1');
  const rows = sortListRows(
    selections.flatMap(({ connection, statuses, selected }) =>
      selected.map((invoice) =>
        toListRow(invoice, statuses.get(invoice.id) ?? 'unmarked', clientLabel(scope, connection)),
      ),
    ),
    query.sort,
  );
  return listPage(rows, query.page, query.size, oldestRead(selections).toISOString());
}

export function thresholdPercent(): string {
  return getEnv().VARIANCE_THRESHOLD_PERCENT;
}

/** The checks of invoices whose evidence is gathered, against every billing of the catalog. */
export function checkedInvoice(
  invoice: Invoice,
  evidence: Evidence,
  billings: ReturnType<typeof billingIndex>,
  threshold: string,
  checkedAt: Date,
  locale?: string,
): InvoiceDetailData {
  const report = checkInvoice(invoice, {
    thresholdPercent: threshold,
    evidence: evidence.byEvent,
    billings,
    locale,
  });
  const lines = report.lines.map((line): InvoiceLineView => {
    const fees = invoice.fees[line.index] as Invoice['fees'][number];
    const patentId = fees.patent?.id ?? null;
    const event = line.evidence.event;
    return {
      index: line.index,
      lineKey: line.lineKey,
      fees,
      patentId,
      patent: patentId ? (evidence.patents.get(patentId) ?? null) : null,
      event:
        event.state === 'found'
          ? {
              dueDate: event.dueDate,
              gracePeriodEndDate: event.gracePeriodEndDate,
              annuityYear: event.annuityYear,
              paymentSequence: event.paymentSequence ?? null,
            }
          : null,
      decision: line.decision,
      estimate: line.evidence.recorded?.estimate ?? null,
      variance: line.variance,
      checks: line.checks,
    };
  });
  return {
    invoice,
    lines,
    invoiceChecks: report.invoiceChecks,
    varianceByCurrency: report.varianceByCurrency,
    counts: report.counts,
    thresholdPercent: threshold,
    checkedAt: checkedAt.toISOString(),
  };
}

/**
 * One invoice from the catalog copy (read from the service only when the copy lacks it, spec:
 * Endpoints 12; a 404 reaches the page as not-found), checked against the catalog for billings
 * elsewhere.
 */
export async function loadInvoiceDetail(
  invoiceId: string,
  requestId: string,
  scope: ClientScope,
  locale?: string,
): Promise<InvoiceDetailData> {
  // The list carries every invoice with all its lines (spec: Endpoint 11): the copy's invoice is
  // the one shown.
  const { invoice, catalog, client, connection } = await findInvoice(scope, invoiceId, requestId);
  const evidence = await gatherEvidence(client, [invoice], requestId, undefined, connection);
  const billings = billingIndex([
    ...catalog.invoices.filter((candidate) => candidate.id !== invoice.id),
    invoice,
  ]);
  const detail = checkedInvoice(invoice, evidence, billings, thresholdPercent(), new Date(), locale);
  const label = clientLabel(scope, connection);
  return label ? { ...detail, client: label } : detail;
}

/** Many invoices of one client (`client` is its) checked at once: one evidence gathering for all their lines. */
export async function checkInvoices(
  client: AnnuityClient,
  invoices: readonly Invoice[],
  catalog: readonly Invoice[],
  requestId: string,
  onProgress?: (progress: ResolveProgress) => void,
  connection: string = DEFAULT_CONNECTION,
): Promise<InvoiceDetailData[]> {
  const evidence = await gatherEvidence(client, invoices, requestId, onProgress, connection);
  const billings = billingIndex([...catalog, ...invoices]);
  const threshold = thresholdPercent();
  const now = new Date();
  return invoices.map((invoice) => checkedInvoice(invoice, evidence, billings, threshold, now));
}
