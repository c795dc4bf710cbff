import 'server-only';
import type { AnnuityClient } from '../../annuity/client';
import type { Invoice } from '../../annuity/schemas';
import type { LinePatent } from '../../invoices/detail';
import type { LineEvidence, RecordedDecision } from '../../invoices/evidence';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { executedItemsForEvents } from '../decisions/batch-records';
import { ensureSnapshot, lookUpPatents } from '../portfolio/join';
import { type EventTarget, type ResolveProgress, resolveEvents } from './events';

/**
 * What the checks need beyond the invoices, for a set of invoices at once: our batch records (the
 * decision and the estimate recorded when it was sent), the events (due date and the
 * service's `appliedDecision`, lib/server/invoices/events.ts) and the patents' case references
 * (portfolio snapshot, no call when it is fresh).
 */
export interface Evidence {
  byEvent: Map<string, LineEvidence>;
  patents: Map<string, LinePatent>;
  calls: number;
}

const RECORD_CHUNK = 1_000;

/** The latest executed decision per event (an event is executed once; a retry record is the same). */
async function recordedDecisions(eventIds: readonly string[]): Promise<Map<string, RecordedDecision>> {
  const recorded = new Map<string, RecordedDecision>();
  for (let start = 0; start < eventIds.length; start += RECORD_CHUNK) {
    const rows = await executedItemsForEvents(eventIds.slice(start, start + RECORD_CHUNK));
    for (const row of rows) {
      const earlier = recorded.get(row.eventId);
      if (earlier?.executedAt && row.executedAt && earlier.executedAt > row.executedAt) continue;
      recorded.set(row.eventId, {
        decision: row.decision,
        executedAt: row.executedAt,
        estimate: row.estimateCurrency
          ? {
              amount: row.estimateAmount,
              currency: row.estimateCurrency,
              fxFrozen: Boolean(row.estimateFxFrozen),
            }
          : null,
      });
    }
  }
  return recorded;
}

function eventTargets(invoices: readonly Invoice[]): EventTarget[] {
  return invoices.flatMap((invoice) =>
    invoice.fees.flatMap((line) =>
      line.eventId
        ? [{ eventId: line.eventId, patentId: line.patent?.id ?? null, anchorDate: invoice.issueDate }]
        : [],
    ),
  );
}

/** The evidence of one client's invoices: `client` is that connection's (its key only). */
export async function gatherEvidence(
  client: AnnuityClient,
  invoices: readonly Invoice[],
  requestId: string,
  onProgress?: (progress: ResolveProgress) => void,
  connection: string = DEFAULT_CONNECTION,
): Promise<Evidence> {
  const targets = eventTargets(invoices);
  const eventIds = [...new Set(targets.map((target) => target.eventId))];
  const patentIds = [...new Set(targets.flatMap((target) => (target.patentId ? [target.patentId] : [])))];
  // The client's own snapshot, refreshed with its key when it has none yet.
  const snapshot = await ensureSnapshot(client, requestId, connection);
  const [recorded, events, joined] = await Promise.all([
    recordedDecisions(eventIds),
    resolveEvents(client, targets, requestId, onProgress, connection),
    lookUpPatents(client, patentIds, requestId, undefined, connection),
  ]);
  const byEvent = new Map<string, LineEvidence>();
  for (const eventId of eventIds) {
    byEvent.set(eventId, {
      recorded: recorded.get(eventId) ?? null,
      event: events.events.get(eventId) ?? { state: 'unknown' },
    });
  }
  const patents = new Map<string, LinePatent>();
  for (const [id, patent] of joined.patents) {
    patents.set(id, {
      caseReference: patent.clientCaseReference,
      providerId: patent.providerId,
      title: patent.title,
      office: patent.office,
    });
  }
  return { byEvent, patents, calls: snapshot.calls + events.calls + joined.calls };
}
