import 'server-only';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { PatentEvent } from '../../annuity/schemas';
import { getDb } from '../../db';
import { syncEvent } from '../../db/schema';
import type { ReviewCandidate } from '../../reviews/review-hold';
import { keepSentence } from '../../signals/keep-score';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { openSnapshotIndex } from '../portfolio/snapshot';
import { loadSignals } from '../signals/signals';
import { listHolds } from './holds';

/**
 * The renewals a manager weighs for review: those due in a window, undecided, from our copy, with
 * the keep score of their signals (lowest first: the weakest case for keeping comes first).
 */

export interface CandidateList {
  total: number;
  candidates: ReviewCandidate[];
}

/** Every renewal of a client's copy due from `from` to `to` (inclusive) with no decision applied. */
async function undecidedDue(connection: string, from: string, to: string): Promise<PatentEvent[]> {
  const db = await getDb();
  const rows = await db
    .select({ body: syncEvent.body })
    .from(syncEvent)
    .where(
      and(eq(syncEvent.connection, connection), gte(syncEvent.dueDate, from), lte(syncEvent.dueDate, to)),
    )
    .orderBy(asc(syncEvent.dueDate), asc(syncEvent.position));
  return rows
    .map((row) => JSON.parse(row.body) as PatentEvent)
    .filter((event) => event.eventType === 'RENEWAL' && event.appliedDecision === null)
    .filter((event) => event.duePeriod !== 'LAPSED');
}

/**
 * The renewals of the clients due in the window, lowest keep score first (then soonest), at most
 * `limit`; each client's scored from its own copy and snapshot (spec: rule 2).
 */
export async function loadCandidates(
  due: { from: string; to: string },
  options: { limit?: number; locale?: string; now?: Date; connections?: readonly string[] } = {},
): Promise<CandidateList> {
  const connections = options.connections ?? [DEFAULT_CONNECTION];
  const each = await Promise.all(connections.map((connection) => candidatesOf(connection, due, options)));
  const candidates = each.flat();
  candidates.sort(
    (a, b) => a.score - b.score || a.dueDate.localeCompare(b.dueDate) || a.eventId.localeCompare(b.eventId),
  );
  return { total: candidates.length, candidates: candidates.slice(0, options.limit ?? candidates.length) };
}

async function candidatesOf(
  connection: string,
  due: { from: string; to: string },
  options: { locale?: string; now?: Date },
): Promise<ReviewCandidate[]> {
  const events = await undecidedDue(connection, due.from, due.to);
  const [signals, holds, index] = await Promise.all([
    loadSignals(
      events.map((event) => ({ patentId: event.patent.id, eventId: event.id })),
      options.now ? { now: options.now, connection } : { connection },
    ),
    listHolds({ eventIds: events.map((event) => event.id), connections: [connection] }, options.now),
    openSnapshotIndex(connection),
  ]);
  const holdOf = new Map(holds.map((hold) => [hold.eventId, hold]));
  return events.map((event, position): ReviewCandidate => {
    const signal = signals[position];
    const patent = index?.patents.get(event.patent.id);
    return {
      eventId: event.id,
      patentId: event.patent.id,
      caseReference: patent?.clientCaseReference ?? patent?.providerId ?? event.patent.providerId ?? null,
      office: patent?.office ?? null,
      title: patent?.title ?? null,
      dueDate: event.dueDate,
      annuityYear: event.renewal?.annuityYear ?? null,
      fee: event.fees?.total ? { amount: event.fees.total, currency: event.fees.currency } : null,
      score: signal?.keep.score ?? 50,
      sentence: signal ? keepSentence(signal, signal.keep, options.locale) : '',
      costToExpiry: signal?.costToExpiry ?? [],
      forecastTo: signal?.forecastTo ?? null,
      hold: holdOf.get(event.id) ?? null,
    };
  });
}
