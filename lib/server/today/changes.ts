import 'server-only';
import { and, desc, gt, inArray, ne } from 'drizzle-orm';
import { getDb } from '../../db';
import { instructionBatch } from '../../db/schema';
import type { RenewalRow } from '../../renewals/rows';
import type { ChangeSummary } from '../../today/data';
import { todayLink } from '../../today/links';
import { renewalRef, statusMovesSince } from '../../today/sections';
import type { CatalogWithStatuses } from './invoices';

/**
 * What changed since the user's previous visit: processing-status moves among the renewals Today
 * read, invoices issued since (for those who read invoices), and batches colleagues sent.
 */
const SHOWN = 20;

export async function loadChanges(input: {
  userId: string;
  since: Date | null;
  rows: readonly RenewalRow[] | null;
  invoices: CatalogWithStatuses | null;
  showBatches: boolean;
  /** The viewer's clients: only their batches are told (spec: rule 2). */
  connections: readonly string[];
}): Promise<ChangeSummary> {
  const { since } = input;
  if (!since)
    return { since: null, statusMoves: [], newInvoices: input.invoices ? [] : null, colleagueBatches: [] };
  const sinceIso = since.toISOString();
  const batches =
    input.showBatches && input.connections.length > 0
      ? await (await getDb())
          .select({
            id: instructionBatch.id,
            by: instructionBatch.createdByEmail,
            at: instructionBatch.createdAt,
            decisions: instructionBatch.eventCount,
          })
          .from(instructionBatch)
          .where(
            and(
              gt(instructionBatch.createdAt, since),
              ne(instructionBatch.createdByUserId, input.userId),
              inArray(instructionBatch.state, ['executed', 'reconciled']),
              inArray(instructionBatch.connection, [...input.connections]),
            ),
          )
          .orderBy(desc(instructionBatch.createdAt))
          .limit(SHOWN)
      : [];
  const sinceDay = sinceIso.slice(0, 10);
  return {
    since: sinceIso,
    statusMoves: input.rows ? statusMovesSince(input.rows, sinceIso).slice(0, SHOWN).map(renewalRef) : [],
    newInvoices: input.invoices
      ? input.invoices.catalog.invoices
          .filter((invoice) =>
            invoice.createdAt
              ? Date.parse(invoice.createdAt) > since.getTime()
              : (invoice.issueDate ?? '') >= sinceDay,
          )
          .slice(0, SHOWN)
          .map((invoice) => {
            // References repeat across clients: a line names its client when the user has several.
            const client = input.invoices?.clientOf.get(invoice.id);
            return {
              id: invoice.id,
              reference: invoice.reference,
              issueDate: invoice.issueDate,
              href: todayLink({ kind: 'invoice', invoiceId: invoice.id }),
              ...(client ? { client } : {}),
            };
          })
      : null,
    colleagueBatches: batches.map((batch) => ({
      id: batch.id,
      by: batch.by ?? 'a colleague',
      at: batch.at.toISOString(),
      decisions: batch.decisions,
      href: todayLink({ kind: 'batch', batchId: batch.id }),
    })),
  };
}
