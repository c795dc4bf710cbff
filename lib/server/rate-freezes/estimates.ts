import 'server-only';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { AnnuityClient } from '../../annuity/client';
import { AnnuityApiError } from '../../annuity/errors';
import { MAX_PAGE_SIZE, walkDistinctPages } from '../../annuity/pagination';
import type { PatentEvent } from '../../annuity/schemas';
import { type Database, getDb } from '../../db';
import { freezeEstimateDay } from '../../db/schema';
import { addDays, calendarToday } from '../../format/dates';
import type { FreezeEstimatesData } from '../../rate-freezes/data';
import { estimatedTotals, estimateMovement, lockedAmounts } from '../../rate-freezes/lock';
import { isRenewalEvent } from '../../renewals/rows';
import { checkBackgroundBudget, recordSpend } from '../connection/background-budget';
import { activeConnectionIds } from '../connection/clients';
import { readShareSpentNotice, recordUserRead, userReadAllowed } from '../connection/read-budget';
import { upstreamClient } from '../connection/upstream';
import { copiedMonthWalk, copyEventsOfMonths } from '../sync/copy';
import { loadFreezeOverview } from './freezes';

/**
 * A month's estimates in the invoice currency, for the freeze decision.
 *
 * The read is the month view's: the period list for the month with `include=fees` (spec:
 * Endpoints 9), 100 a page, following `hasMore` and keeping each renewal once (the list may move
 * while it is read, spec: Pagination envelope), so it costs ceil(renewals / 100) calls like a
 * warm month view (docs/performance.md, budget "calls"). Estimates are live (spec: Fees rule 3)
 * while the client's daily share for reading has room (../connection/read-budget.ts, spec: Limits
 * 2); past it, the page shows the synced copy's estimates of the month and says so. The daily
 * record is made by the worker within the background budget
 * (lib/server/connection/background-budget.ts) and read back here from `freeze_estimate_day`.
 */
/** Recorded days the page shows: about six weeks. */
const HISTORY_DAYS = 42;
/** How many of the next freezable months the worker follows. */
const TRACKED_MONTHS = 3;

async function readMonthEstimates(
  client: AnnuityClient,
  month: string,
  requestId: string,
  /** Told of every call as it is made, a failed read's too (spec: Limits 2, every request counts). */
  onCall: () => void,
) {
  const events: PatentEvent[] = [];
  for await (const { items } of walkDistinctPages<PatentEvent>(
    (currentPage, itemsPerPage) =>
      client.getPatentEventsByPeriod(
        // Pinned to renewals (spec: Endpoints 9); other kinds are dropped below as well.
        { dueMonth: month, include: ['fees'], eventTypes: ['RENEWAL'], currentPage, itemsPerPage },
        { requestId },
      ),
    { itemsPerPage: MAX_PAGE_SIZE, onCall },
  ))
    events.push(...items.filter(isRenewalEvent));
  return events;
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
  const [movement, known] = await Promise.all([
    recordedMovement(db, month, now, connection),
    copiedMonthWalk(db, month, connection),
  ]);
  if (!(await userReadAllowed(connection, known.calls, now)).ok) {
    // No room in today's share: the copy's estimates, as old as the month's last walk.
    const events = (await copyEventsOfMonths(db, [month], connection)).filter(isRenewalEvent);
    return {
      month,
      locked: lockedAmounts(events),
      events: events.length,
      movement,
      upstreamCalls: 0,
      fetchedAt: (known.syncedAt ?? now).toISOString(),
      notice: readShareSpentNotice(known.syncedAt),
    };
  }
  let calls = 0;
  let events: PatentEvent[];
  try {
    events = await readMonthEstimates(upstreamClient(requestId, connection), month, requestId, () => {
      calls += 1;
    });
  } finally {
    await recordUserRead(connection, calls, now);
  }
  return {
    month,
    locked: lockedAmounts(events),
    events: events.length,
    movement,
    upstreamCalls: calls,
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
    let read = 0;
    let events: PatentEvent[];
    try {
      events = await readMonthEstimates(client, month, requestId, () => {
        read += 1;
      });
    } finally {
      calls += read;
      // Background calls all draw on one budget, these included, a failed read's too.
      await recordSpend(db, now, read, 0, connection);
    }
    await recordMonthEstimate(db, month, events, now, connection);
    recorded.push(month);
  }
  return { recorded, calls };
}
