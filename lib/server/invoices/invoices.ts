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
import { upstreamClient } from '../connection/upstream';
import { readInvoiceCatalog } from './catalog';
import type { ResolveProgress } from './events';
import { type Evidence, gatherEvidence } from './evidence';
import { marksOfInvoices } from './reconciliation-marks';

/**
 * The invoices finance works through: the list (filtered and paged here, over the whole catalog,
 * lib/server/invoices/catalog.ts), one invoice with its checks, and the checked invoices of an
 * export.
 */
export async function invoiceStatuses(
  invoices: readonly Invoice[],
): Promise<Map<string, ReconciliationStatus>> {
  const marks = await marksOfInvoices(invoices.map((invoice) => invoice.id));
  return new Map(
    invoices.map((invoice) => [
      invoice.id,
      reconciliationStatus(lineKeys(invoice.fees), marks.get(invoice.id) ?? []),
    ]),
  );
}

export async function selectInvoices(
  client: AnnuityClient,
  filters: InvoiceFilters,
  requestId: string,
  reload = false,
) {
  const catalog = await readInvoiceCatalog(client, requestId, { reload });
  const statuses = await invoiceStatuses(catalog.invoices);
  const selected = catalog.invoices.filter((invoice) =>
    matchesFilters(
      {
        origin: invoice.origin,
        issueDate: invoice.issueDate,
        status: statuses.get(invoice.id) ?? 'unmarked',
      },
      filters,
    ),
  );
  return { catalog, statuses, selected };
}

export async function loadInvoiceList(query: InvoiceListQuery, requestId: string): Promise<InvoiceListPage> {
  const client = upstreamClient(requestId);
  const { catalog, statuses, selected } = await selectInvoices(client, query, requestId, query.fresh === '1');
  const rows = sortListRows(
    selected.map((invoice) => toListRow(invoice, statuses.get(invoice.id) ?? 'unmarked')),
    query.sort,
  );
  return listPage(rows, query.page, query.size, catalog.readAt.toISOString());
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
  locale?: string,
): Promise<InvoiceDetailData> {
  const client = upstreamClient(requestId);
  const catalog = await readInvoiceCatalog(client, requestId);
  // The list carries every invoice with all its lines (spec: Endpoint 11): the copy's invoice is
  // the one shown; one the copy does not hold yet (issued since the last read) is read once.
  const invoice =
    catalog.invoices.find((candidate) => candidate.id === invoiceId) ??
    (await client.getInvoice(invoiceId, { requestId })).data;
  const evidence = await gatherEvidence(client, [invoice], requestId);
  const billings = billingIndex([
    ...catalog.invoices.filter((candidate) => candidate.id !== invoice.id),
    invoice,
  ]);
  return checkedInvoice(invoice, evidence, billings, thresholdPercent(), new Date(), locale);
}

/** Many invoices checked at once: one evidence gathering for all their lines. */
export async function checkInvoices(
  client: AnnuityClient,
  invoices: readonly Invoice[],
  catalog: readonly Invoice[],
  requestId: string,
  onProgress?: (progress: ResolveProgress) => void,
): Promise<InvoiceDetailData[]> {
  const evidence = await gatherEvidence(client, invoices, requestId, onProgress);
  const billings = billingIndex([...catalog, ...invoices]);
  const threshold = thresholdPercent();
  const now = new Date();
  return invoices.map((invoice) => checkedInvoice(invoice, evidence, billings, threshold, now));
}
