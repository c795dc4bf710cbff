import 'server-only';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { PatentEvent } from '../../annuity/schemas';
import { getDb } from '../../db';
import { syncEvent } from '../../db/schema';
import type { ReviewCandidate } from '../../reviews/review-hold';
import { keepSentence } from '../../signals/keep-score';
import { openSnapshotIndex } from '../portfolio/snapshot';
import { loadSignals } from '../signals/signals';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { listHolds } from './holds';

/**
 * The renewals a manager weighs for review: those due in a window, undecided, from our copy, with
 * the keep score of their signals (lowest first: the weakest case for keeping comes first).
 */

export interface CandidateList {
  total: number;
  candidates: ReviewCandidate[];
}

/** Every renewal of the copy due from `from` to `to` (inclusive) with no decision applied. */
async function undecidedDue(from: string, to: string): Promise<PatentEvent[]> {
  const db = await getDb();
  const rows = await db
    .select({ body: syncEvent.body })
    .from(syncEvent)
    .where(
      and(
        eq(syncEvent.connection, DEFAULT_CONNECTION),
        gte(syncEvent.dueDate, from),
        lte(syncEvent.dueDate, to),
      ),
    )
    .orderBy(asc(syncEvent.dueDate), asc(syncEvent.position));
  return rows
    .map((row) => JSON.parse(row.body) as PatentEvent)
    .filter((event) => event.eventType === 'RENEWAL' && event.appliedDecision === null)
    .filter((event) => event.duePeriod !== 'LAPSED');
}

/** The renewals due in the window, lowest keep score first (then soonest), at most `limit`. */
export async function loadCandidates(
  window: { from: string; to: string },
  options: { limit?: number; locale?: string; now?: Date } = {},
): Promise<CandidateList> {
  const events = await undecidedDue(window.from, window.to);
  const [signals, holds, index] = await Promise.all([
    loadSignals(
      events.map((event) => ({ patentId: event.patent.id, eventId: event.id })),
      options.now ? { now: options.now } : {},
    ),
    listHolds({ eventIds: events.map((event) => event.id) }, options.now),
    openSnapshotIndex(),
  ]);
  const holdOf = new Map(holds.map((hold) => [hold.eventId, hold]));
  const candidates = events.map((event, position): ReviewCandidate => {
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
      hold: holdOf.get(event.id) ?? null,
    };
  });
  candidates.sort(
    (a, b) => a.score - b.score || a.dueDate.localeCompare(b.dueDate) || a.eventId.localeCompare(b.eventId),
  );
  return { total: candidates.length, candidates: candidates.slice(0, options.limit ?? candidates.length) };
}
