/**
 * `lib/server/analytics/`: spend analytics: invoiced amounts by month, office and fee component,
 * grace surcharges and their causes, FX variance; from the invoice catalog and evidence of
 * `invoices/`, no upstream read of its own. The monthly management report (`report.ts` gathers one
 * issue month and the next 12 months' forecast, `report-pdf.ts` draws it with pdfkit; `GET
 * /api/analytics/report?month=`). Renewal budgets (`budget.ts`, table `renewal_budget`, managers'
 * `budgets:write`, audited): budget against forecast (`forecast/monthly.ts`, the one reader of
 * `forecast_event` summed by month and currency) against invoiced, by month (a renewal already
 * invoiced counts in the actuals only, never again in the forecast), with the variance split into
 * FX, surcharges, dropped patents and the rest (`lib/analytics/budget.ts`).
 */
import 'server-only';
import { type SpendAnalyticsData, type SurchargeLine, spendAnalyticsOf } from '../../analytics/data';
import { type ComparedLine, type SpendLine, surchargeCause, surchargeOf } from '../../analytics/spend';
import { monthOf } from '../../format/dates';
import { knownDecision, NO_EVIDENCE } from '../../invoices/evidence';
import { lineVariance } from '../../invoices/variance';
import { clientLabel, connectionsToRead } from '../clients/client-filter';
import type { ClientScope } from '../clients/scope';
import { readClientCatalogs } from '../invoices/catalog';
import { gatherEvidence } from '../invoices/evidence';
import { oldestRead } from '../invoices/invoices';

/**
 * Spend analytics from what the invoice pages already keep: the invoice list copy in our
 * database (`invoice_catalog`, shared for 30 s, lib/server/invoices/catalog.ts) and the evidence
 * behind each line (our batch records with the estimate recorded at decision time, the events'
 * due dates through the invoice line events copy, offices from the portfolio snapshot;
 * lib/server/invoices/evidence.ts). No upstream read of its own: a warm page costs nothing, a cold
 * one what the invoice checks cost. The invoices are those of the clients asked for, each client's
 * read with its own key; totals add amounts of one currency only (clients together, never
 * currencies).
 */
export async function loadSpendAnalytics(
  requestId: string,
  scope: ClientScope,
  /** The client filter: one of the scope's clients, or all of them. */
  clientFilter?: string,
): Promise<SpendAnalyticsData> {
  const reads = await readClientCatalogs(connectionsToRead(scope, clientFilter), requestId);
  // Each client's invoices with the evidence its own key reads.
  const perClient = await Promise.all(
    reads.map(async (read) => ({
      ...read,
      evidence: await gatherEvidence(
        read.client,
        read.catalog.invoices,
        requestId,
        undefined,
        read.connection,
      ),
    })),
  );

  const spend: SpendLine[] = [];
  const surcharges: SurchargeLine[] = [];
  const compared: ComparedLine[] = [];
  let varianceNotCompared = 0;
  let invoiceCount = 0;
  for (const { connection, catalog, evidence } of perClient) {
    const client = clientLabel(scope, connection);
    invoiceCount += catalog.invoices.length;
    for (const invoice of catalog.invoices) {
      const month = invoice.issueDate ? monthOf(invoice.issueDate) : null;
      invoice.fees.forEach((line, lineIndex) => {
        const patentId = line.patent?.id ?? null;
        const patent = patentId ? (evidence.patents.get(patentId) ?? null) : null;
        const office = patent?.office ?? null;
        const lineEvidence = (line.eventId && evidence.byEvent.get(line.eventId)) || NO_EVIDENCE;
        spend.push({
          month,
          office,
          currency: line.currency,
          total: line.total,
          components: line.components,
        });

        const surcharge = surchargeOf(line.components, line.currency);
        if (surcharge !== null) {
          const decision = knownDecision(invoice, lineEvidence);
          const event = lineEvidence.event.state === 'found' ? lineEvidence.event : null;
          surcharges.push({
            ...(client ? { client } : {}),
            invoiceId: invoice.id,
            invoiceReference: invoice.reference,
            issueDate: invoice.issueDate,
            lineIndex,
            patentId,
            caseReference: patent?.caseReference ?? null,
            providerId: patent?.providerId ?? line.patent?.providerId ?? null,
            office,
            currency: line.currency,
            surcharge,
            dueDate: event?.dueDate ?? null,
            gracePeriodEndDate: event?.gracePeriodEndDate ?? null,
            decision: decision?.decision ?? null,
            decidedOn: decision?.decidedOn ?? null,
            cause: surchargeCause(
              decision?.decidedOn ?? null,
              event?.dueDate ?? null,
              event?.gracePeriodEndDate ?? null,
            ),
          });
        }

        const variance = lineVariance(invoice, line, lineEvidence);
        if (variance.kind === 'compared') {
          compared.push({
            month,
            currency: variance.currency,
            invoiced: variance.invoiced,
            estimated: variance.estimated,
            frozen: variance.frozen,
          });
        } else if (variance.reason !== 'correction' && variance.reason !== 'not-proceed') {
          varianceNotCompared += 1;
        }
      });
    }
  }
  surcharges.sort(
    (a, b) =>
      (a.issueDate ?? '9999').localeCompare(b.issueDate ?? '9999') ||
      a.invoiceReference.localeCompare(b.invoiceReference) ||
      a.lineIndex - b.lineIndex,
  );
  return spendAnalyticsOf({
    spend,
    surcharges,
    compared,
    varianceNotCompared,
    invoices: invoiceCount,
    catalogReadAt: (reads.length > 0 ? oldestRead(reads) : new Date()).toISOString(),
    computedAt: new Date().toISOString(),
  });
}
