import 'server-only';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { AnnuityClient } from '../../annuity/client';
import { AnnuityApiError } from '../../annuity/errors';
import { listAll, MAX_PAGE_SIZE } from '../../annuity/pagination';
import type { PatentEvent } from '../../annuity/schemas';
import { type Database, getDb } from '../../db';
import { freezeEstimateDay } from '../../db/schema';
import { addDays, calendarToday } from '../../format/dates';
import type { FreezeEstimatesData } from '../../rate-freezes/data';
import { estimatedTotals, estimateMovement, lockedAmounts } from '../../rate-freezes/lock';
import { isRenewalEvent } from '../../renewals/rows';
import { checkBackgroundBudget, recordSpend } from '../connection/background-budget';
import { activeConnectionIds } from '../connection/clients';
import { upstreamClient } from '../connection/upstream';
import { loadFreezeOverview } from './freezes';

/**
 * A month's estimates in the invoice currency, for the freeze decision.
 *
 * The read is the month view's: the period list for the month with `include=fees` (spec:
 * Endpoints 9), 100 a page, four pages at a time, so it costs ceil(renewals / 100) calls like a
 * warm month view (docs/performance.md, budget "calls"). Nothing is cached: estimates are live
 * (spec: Fees rule 3). The daily record is made by the worker within the background budget
 * (lib/server/connection/background-budget.ts) and read back here from `freeze_estimate_day`.
 */
const PAGE_CONCURRENCY = 4;
/** Recorded days the page shows: about six weeks. */
const HISTORY_DAYS = 42;
/** How many of the next freezable months the worker follows. */
const TRACKED_MONTHS = 3;

async function readMonthEstimates(client: AnnuityClient, month: string, requestId: string) {
  const listed = await listAll<PatentEvent>(
    (currentPage, itemsPerPage) =>
      client.getPatentEventsByPeriod(
        // Pinned to renewals (spec: Endpoints 9); other kinds are dropped below as well.
        { dueMonth: month, include: ['fees'], eventTypes: ['RENEWAL'], currentPage, itemsPerPage },
        { requestId },
      ),
    { itemsPerPage: MAX_PAGE_SIZE, concurrency: PAGE_CONCURRENCY },
  );
  return { events: listed.items.filter(isRenewalEvent), calls: listed.pages };
}

async function recordedMovement(db: Database, month: string, now: Date, connection: string) {
  const since = addDays(calendarToday(now), -HISTORY_DAYS);
  const rows = await db
    .select()
    .from(freezeEstimateDay)
    .where(
      and(
        eq(freezeEstimateDay.connection, connection),
        eq(freezeEstimateDay.month, month),
        gte(freezeEstimateDay.day, since),
      ),
    )
    .orderBy(asc(freezeEstimateDay.day));
  return estimateMovement(rows);
}

/**
 * One client's estimates of a month, read with its key, and the movement the worker recorded for
 * that client (`freeze_estimate_day`, kept per client).
 */
export async function loadFreezeEstimates(
  month: string,
  requestId: string,
  connection: string,
  now = new Date(),
): Promise<FreezeEstimatesData> {
  const db = await getDb();
  const [read, movement] = await Promise.all([
    readMonthEstimates(upstreamClient(requestId, connection), month, requestId),
    recordedMovement(db, month, now, connection),
  ]);
  return {
    month,
    locked: lockedAmounts(read.events),
    events: read.events.length,
    movement,
    upstreamCalls: read.calls,
    fetchedAt: new Date().toISOString(),
  };
}

/** Writes (or, on a second run the same day, overwrites) a month's estimate for the day. */
async function recordMonthEstimate(
  db: Database,
  month: string,
  events: readonly PatentEvent[],
  now: Date,
  connection: string,
): Promise<number> {
  const totals = estimatedTotals(events);
  if (totals.length === 0) return 0;
  const day = calendarToday(now);
  for (const total of totals) {
    await db
      .insert(freezeEstimateDay)
      .values({
        connection,
        month,
        day,
        currency: total.currency,
        total: total.total,
        events: total.count,
        missing: total.missing,
        recordedAt: now,
      })
      .onConflictDoUpdate({
        target: [
          freezeEstimateDay.connection,
          freezeEstimateDay.month,
          freezeEstimateDay.day,
          freezeEstimateDay.currency,
        ],
        set: { total: total.total, events: total.count, missing: total.missing, recordedAt: now },
      });
  }
  return totals.length;
}

export type RecordEstimatesResult =
  | { recorded: string[]; calls: number; stopped?: string }
  | { recorded: []; calls: number; skipped: 'freeze-not-available' };

/**
 * The daily job: the next TRACKED_MONTHS freezable months (not past, not frozen, within the horizon
 * learned so far, lib/rate-freezes/horizon.ts), each read once, each read only while the background
 * budget allows. A frozen month is no longer followed: its estimate moves only with fee schedules.
 */
export async function recordFreezeEstimates(
  db: Database,
  { now, requestId }: { now: Date; requestId: string },
): Promise<Record<string, RecordEstimatesResult>> {
  // Each client in turn, with its own key and its own background budget (spec: Limits 2).
  const results: Record<string, RecordEstimatesResult> = {};
  for (const connection of await activeConnectionIds())
    results[connection] = await recordClientEstimates(db, { now, requestId, connection });
  return results;
}

async function recordClientEstimates(
  db: Database,
  { now, requestId, connection }: { now: Date; requestId: string; connection: string },
): Promise<RecordEstimatesResult> {
  const first = await checkBackgroundBudget(db, now, connection);
  if (!first.ok) return { recorded: [], calls: 0, stopped: first.reason };
  let calls = 0;
  let months: string[];
  try {
    const overview = await loadFreezeOverview(requestId, now, connection);
    calls += 1;
    months = overview.months
      .filter((row) => row.state === 'freezable')
      .slice(0, TRACKED_MONTHS)
      .map((row) => row.month);
  } catch (error) {
    // No freeze scope, or freezing not enabled for the account (spec: Endpoints 13, 403): nothing
    // to decide, so nothing to record; retrying would only spend quota.
    if (error instanceof AnnuityApiError && (error.status === 403 || error.status === 401)) {
      await recordSpend(db, now, 1, 0, connection);
      return { recorded: [], calls: 1, skipped: 'freeze-not-available' };
    }
    throw error;
  }
  await recordSpend(db, now, 1, 0, connection);
  const client = upstreamClient(requestId, connection);
  const recorded: string[] = [];
  for (const month of months) {
    const budget = await checkBackgroundBudget(db, now, connection);
    if (!budget.ok) return { recorded, calls, stopped: budget.reason };
    const read = await readMonthEstimates(client, month, requestId);
    calls += read.calls;
    // Background calls all draw on one budget, these included.
    await recordSpend(db, now, read.calls, 0, connection);
    await recordMonthEstimate(db, month, read.events, now, connection);
    recorded.push(month);
  }
  return { recorded, calls };
}
