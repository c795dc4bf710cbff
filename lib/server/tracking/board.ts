/**
 * `lib/server/tracking/`: the processing board, from the copy (official receipts as the sync last
 * checked them).
 */
import 'server-only';
import { isQuotaLow } from '../../policy/quota';
import { NO_SERVER_FILTERS } from '../../renewals/window-data';
import { buildStages, fulfilledGaps, isInstructed, PROBLEM_STAGE } from '../../tracking/board';
import type { ScheduledRow, TrackingData } from '../../tracking/data';
import type { ClientScope } from '../clients/scope';
import { readQuota } from '../connection/quota';
import { upstreamClient } from '../connection/upstream';
import { scheduledDecisions } from '../decisions/batch-records';
import { officialReceiptsOnFile } from '../documents/official-receipts';
import { loadRenewalWindow, windowClients } from '../renewals/window';

/**
 * The month-close board of one due month: the month's renewals of the user's clients (or of the
 * one the client filter names; rows labelled with their client when several), then the receipts
 * on file.
 */
export async function loadTrackingMonth(
  month: string,
  requestId: string,
  scope: ClientScope,
  client?: string,
): Promise<TrackingData> {
  const clients = windowClients(scope, client);
  const [renewals, held] = await Promise.all([
    loadRenewalWindow({ kind: 'month', month }, NO_SERVER_FILTERS, requestId, { clients }),
    scheduledDecisions(),
  ]);
  // Scheduled by the service's receipt and not applied yet in the copy: shown as scheduled, never
  // as instructed (spec: Instruction, `scheduledForExecutionAt`); once applied, it is instructed.
  const scheduled: ScheduledRow[] = renewals.rows.flatMap((row) => {
    const decision = row.appliedDecision === null ? held.get(row.eventId) : undefined;
    return decision
      ? [
          {
            row,
            decision: decision.decision,
            scheduledFor: decision.scheduledFor,
            batchId: decision.batchId,
          },
        ]
      : [];
  });
  const scheduledIds = new Set(scheduled.map((entry) => entry.row.eventId));
  const rows = renewals.rows.filter((row) => isInstructed(row) && !scheduledIds.has(row.eventId));
  // Only paid renewals get an office receipt; skips and drops have none to look for.
  const fulfilled = rows.filter(
    (row) => row.processingStatus === 'FULFILLED' && row.appliedDecision === 'PROCEED',
  );
  // A page view checks nothing upstream (no check allowed: no key is used): the sync checks
  // receipts of fulfilled renewals, each client's with its key (lib/server/sync/run.ts); what it
  // has not checked yet is said as such.
  const receipts = await officialReceiptsOnFile(
    upstreamClient(requestId, clients.connections[0]),
    fulfilled,
    requestId,
    new Date(),
    0,
  );
  return {
    month,
    stages: buildStages(rows),
    rows,
    scheduled,
    unprocessable: rows.filter((row) => row.processingStatus === PROBLEM_STAGE),
    // A receipt not checked yet is not reported as missing; the count says how many wait.
    gaps: fulfilledGaps(rows, new Set([...receipts.found, ...receipts.unchecked, ...receipts.failed.keys()])),
    uncheckedReceipts: receipts.unchecked.size,
    // One receipt the service would not give shows on its renewal, never fails the board.
    receiptCheckFailures: [...receipts.failed].map(([eventId, reason]) => ({ eventId, reason })),
    fetchedAt: renewals.fetchedAt,
    copy: renewals.copy,
    upstreamCalls: renewals.upstreamCalls + receipts.calls,
    // Low when any of the clients' quotas is low (each client has its own, spec: Limits 2).
    quotaLow: (await Promise.all(clients.connections.map((connection) => readQuota(connection)))).some(
      (quota) => isQuotaLow(quota),
    ),
  };
}
