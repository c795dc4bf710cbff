/**
 * `lib/server/sync/`: the synced copy every page reads (tables `sync_*`, keyed by connection):
 * `walk.ts` walks one month of renewals (include=fees) into `sync_event` (follows `hasMore`, keeps
 * each event once, walks again when the list moves, drops what a complete walk no longer lists,
 * marks a month it cannot complete); `copy.ts` answers period pages and a patent's events from the
 * copy (a month or patent never held is read once); `run.ts` the sync job (months due by the plan
 * of `lib/sync/plan.ts`, within `SYNC_QUOTA_PERCENT` of the daily quota and a 20 % reserve,
 * unknown patents, official receipts, frozen months); `open-months.ts` the months the copy keeps
 * open, and where the history begins; `documents.ts` whole answers kept (frozen
 * months, freeze previews); `health.ts` whether the service answers; `after-write.ts` re-reads
 * after a batch or a freeze; `refresh-now.ts` a user's Refresh now within a daily cap.
 */
import 'server-only';
import { and, desc, eq, gt, isNotNull, notExists, or, sql } from 'drizzle-orm';
import type { AnnuityClient } from '../../annuity/client';
import { type Database, getDb } from '../../db';
import { officialReceiptCheck, portfolioPatent, syncEvent, syncWindow } from '../../db/schema';
import { getEnv } from '../../env';
import { currentYearMonth } from '../../format/dates';
import { logger } from '../../log';
import {
  dueMonths,
  planSync,
  type SyncPlan,
  serviceDayStart,
  syncSettingsOf,
  unreadHistory,
} from '../../sync/plan';
import { quotaDay } from '../connection/background-budget';
import { activeConnectionIds } from '../connection/clients';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { readQuota } from '../connection/quota';
import { readShareRefusal, readShareSpent, recordRead } from '../connection/read-budget';
import { serviceDate } from '../connection/service-day';
import { upstreamClient } from '../connection/upstream';
import { officialReceiptsOnFile } from '../documents/official-receipts';
import { lookUpPatents } from '../portfolio/join';
import { currentGeneration, refreshSnapshot, snapshotStatus } from '../portfolio/snapshot';
import { freezesReadAt, readFreezes } from './documents';
import { isNotAnswering } from './health';
import { copiedOpenMonths, earliestDueBound } from './open-months';
import { syncMonth } from './walk';

/**
 * The sync job: the months due by the plan (lib/sync/plan.ts), most urgent first, within the
 * sync's share of the daily quota and a reserve the sync never touches (sending instructions must
 * still work on deadline day, spec: Limits 2). It runs once at a time across every instance (its
 * queue is a singleton, lib/server/jobs), and stops at the first sign that the service does not
 * answer: the next run tries again, and the pages keep showing the copy meanwhile.
 */
const RUN_LIMIT_MS = 4 * 60_000;
/** Above this many unknown patents, one refresh of the snapshot is cheaper than single reads. */
const MAX_SINGLE_PATENT_READS = 20;

const syncSettings = () => syncSettingsOf(getEnv());

interface SyncStatus {
  plan: SyncPlan;
  spentToday: number;
  windows: {
    month: string;
    syncedAt: Date | null;
    attemptedAt: Date | null;
    complete: boolean;
    items: number;
    calls: number;
    lastError: string | null;
  }[];
  /** Months whose copied TOO_EARLY renewals have opened by the service's day, and when it began. */
  opened: { months: string[]; dayStartsAt: Date };
}

/**
 * The plan as it stands for one connection, with today's spend and every month's state: what the
 * worker follows and the administrator's view shows. The months the copy keeps open and the
 * history never read come from the copy itself (./open-months.ts).
 */
async function syncStatus(db: Database, now: Date, connection: string): Promise<SyncStatus> {
  const windows = await db.select().from(syncWindow).where(eq(syncWindow.connection, connection));
  const quota = await readQuota(connection);
  const resetAt = quota?.resetAt ?? null;
  const current = currentYearMonth(now);
  const open = await copiedOpenMonths(db, connection, serviceDate(resetAt, now));
  const read = new Set(windows.filter((row) => row.syncedAt !== null).map((row) => row.month));
  const calls = new Map(windows.map((row) => [row.month, row.calls]));
  const plan = planSync(current, syncSettings(), (month) => calls.get(month) ?? 1, quota?.limit ?? null, {
    moving: open.moving,
    unreadHistory: unreadHistory(await earliestDueBound(db, connection), current, read),
  });
  return {
    plan,
    spentToday: await readShareSpent(db, quotaDay(quota, now), connection),
    windows: windows.map((row) => ({
      month: row.month,
      syncedAt: row.syncedAt,
      attemptedAt: row.attemptedAt,
      complete: row.complete,
      items: row.items,
      calls: row.calls,
      lastError: row.lastError,
    })),
    opened: { months: open.opened, dayStartsAt: serviceDayStart(resetAt, now) },
  };
}

export interface SyncRun {
  walked: { month: string; complete: boolean; items: number; calls: number }[];
  calls: number;
  stopped: null | 'budget' | 'reserve' | 'not-answering' | 'time';
}

/** One client's plan for the administrator's page (components/admin/sync-plan-panel.tsx). */
export async function syncPlanView(connection: string, now = new Date()) {
  const status = await syncStatus(await getDb(), now, connection);
  return {
    connection,
    plan: status.plan,
    spentToday: status.spentToday,
    troubled: status.windows
      .filter((syncWindow) => !syncWindow.complete || syncWindow.lastError)
      .map((syncWindow) => ({
        month: syncWindow.month,
        lastError: syncWindow.lastError,
        syncedAt: syncWindow.syncedAt?.toISOString() ?? null,
      })),
  };
}

/**
 * Every client connection in turn, each with its own key, quota and plan (spec: Authentication 1,
 * one key per client; Limits 2, one quota per key): what one client's service does not answer does
 * not stop the others' copies.
 */
export async function runSyncForEveryClient(
  db: Database,
  options: {
    now: Date;
    requestId: string;
    /** Only these clients (an administrator's run of one client's checks); every active one else. */
    only?: readonly string[];
  },
): Promise<Record<string, SyncRun>> {
  const runs: Record<string, SyncRun> = {};
  const active = await activeConnectionIds();
  for (const connection of options.only ? active.filter((id) => options.only?.includes(id)) : active) {
    try {
      runs[connection] = await runSync(db, { now: options.now, requestId: options.requestId, connection });
    } catch (error) {
      logger.warn({ err: error, requestId: options.requestId, connection }, 'a client could not be synced');
    }
  }
  return runs;
}

export async function runSync(
  db: Database,
  options: { now: Date; requestId: string; months?: string[]; force?: boolean; connection?: string },
): Promise<SyncRun> {
  const { now, requestId } = options;
  const connection = options.connection ?? DEFAULT_CONNECTION;
  const started = Date.now();
  const client = upstreamClient(requestId, connection);
  const run: SyncRun = { walked: [], calls: 0, stopped: null };
  try {
    // Events carry no office (spec: Patent event): the first run reads the portfolio first.
    if (!(await snapshotStatus(now, connection)).refreshedAt) {
      const snapshot = await refreshSnapshot(client, requestId, connection);
      run.calls += snapshot.calls;
    }
    const status = await syncStatus(db, now, connection);
    const months = options.months ?? dueMonths(status.plan, status.windows, now, status.opened);
    for (const month of months) {
      if (Date.now() - started > RUN_LIMIT_MS) {
        run.stopped = 'time';
        break;
      }
      const quota = await readQuota(connection);
      const estimate = Math.max(1, status.windows.find((row) => row.month === month)?.calls ?? 1);
      if (!options.force) {
        // The one daily share every read draws on, users' reads included (../connection/read-budget.ts).
        const spent = (await readShareSpent(db, quotaDay(quota, now), connection)) + run.calls;
        const refusal = readShareRefusal({ quota, spent, estimate, now, fallbackBudget: status.plan.budget });
        if (refusal) {
          run.stopped = refusal;
          break;
        }
      }
      try {
        // Dated on the run's clock when this month's walk begins: the run's time moved on by
        // the walks before it, or a month read minutes into the run reads minutes older than it is.
        const begins = new Date(now.getTime() + (Date.now() - started));
        const walk = await syncMonth(client, db, connection, month, requestId, begins, () => {
          run.calls += 1;
        });
        run.walked.push({ month, complete: walk.complete, items: walk.items, calls: walk.calls });
      } catch (error) {
        if (isNotAnswering(error)) {
          run.stopped = 'not-answering';
          break;
        }
        logger.warn({ err: error, requestId, month, connection }, 'a month could not be synced');
      }
    }
    // Within the budget still: the patents the walks found unknown, receipts, the frozen months.
    if (run.stopped === null) {
      run.calls += await joinUnknownPatents(db, client, requestId, connection);
      run.calls += await refreshFreezes(status, requestId, now, connection);
      run.calls += await checkOfficialReceipts(db, client, requestId, now, connection);
    }
  } finally {
    await recordRead(db, now, run.calls, connection);
  }
  return run;
}

/**
 * Events carry no office (spec: Patent event): patents of the copy's events that the portfolio
 * snapshot does not know are read by the sync, not by a page (a few one by one, many through a
 * refresh of the snapshot, lib/server/portfolio/join.ts). Returns the calls spent.
 */
async function joinUnknownPatents(
  db: Database,
  client: AnnuityClient,
  requestId: string,
  connection: string,
): Promise<number> {
  const generation = await currentGeneration(connection);
  const rows = await db
    .selectDistinct({ id: syncEvent.patentId })
    .from(syncEvent)
    .where(
      and(
        eq(syncEvent.connection, connection),
        generation === null
          ? sql`true`
          : notExists(
              db
                .select({ one: sql`1` })
                .from(portfolioPatent)
                .where(
                  and(eq(portfolioPatent.generation, generation), eq(portfolioPatent.id, syncEvent.patentId)),
                ),
            ),
      ),
    )
    .limit(1000);
  if (rows.length === 0) return 0;
  if (rows.length > MAX_SINGLE_PATENT_READS)
    return (await refreshSnapshot(client, requestId, connection)).calls;
  const joined = await lookUpPatents(
    client,
    rows.map((row) => row.id),
    requestId,
    undefined,
    connection,
  );
  return joined.calls;
}

/** Months of the copy, for a test or a refresh: every month the plan holds. */
export function plannedMonths(now = new Date()): string[] {
  return planSync(currentYearMonth(now), syncSettings(), () => 1, null).tiers.flatMap((tier) => tier.months);
}

/** Receipts checked per run: one call each (spec: Endpoint 8), a renewal at most hourly. */
const RECEIPT_CHECKS_PER_RUN = 20;

/**
 * Whether the official receipts of paid, fulfilled renewals are on file, checked by the sync so the
 * tracking board reads the answer instead of asking the service (spec: Endpoint 8, 404 until the
 * office receipt is recorded).
 */
async function checkOfficialReceipts(
  db: Database,
  client: AnnuityClient,
  requestId: string,
  now: Date,
  connection: string,
): Promise<number> {
  const rows = await db
    .select({ eventId: syncEvent.eventId, patentId: syncEvent.patentId })
    .from(syncEvent)
    .where(
      and(
        eq(syncEvent.connection, connection),
        sql`${syncEvent.body}::jsonb->>'processingStatus' = 'FULFILLED'`,
        sql`${syncEvent.body}::jsonb->>'appliedDecision' = 'PROCEED'`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(officialReceiptCheck)
            .where(
              and(
                eq(officialReceiptCheck.eventId, syncEvent.eventId),
                or(
                  isNotNull(officialReceiptCheck.foundAt),
                  gt(officialReceiptCheck.checkedAt, new Date(now.getTime() - 60 * 60_000)),
                ),
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(syncEvent.dueDate))
    .limit(RECEIPT_CHECKS_PER_RUN);
  if (rows.length === 0) return 0;
  return (await officialReceiptsOnFile(client, rows, requestId, now, RECEIPT_CHECKS_PER_RUN)).calls;
}

/** The frozen months, read again as often as the urgent months (one call, spec: Endpoint 13). */
async function refreshFreezes(
  status: SyncStatus,
  requestId: string,
  now: Date,
  connection: string,
): Promise<number> {
  const urgent = status.plan.tiers.find((tier) => tier.name === 'urgent')?.effectiveMinutes ?? 15;
  const readAt = await freezesReadAt(connection);
  if (readAt && now.getTime() - readAt.getTime() < urgent * 60_000) return 0;
  try {
    await readFreezes(requestId, connection);
  } catch (error) {
    // A key without the freeze scope (spec: Authentication 4) simply has no frozen months to show.
    logger.warn({ err: error, requestId }, 'the frozen months could not be read');
  }
  return 1;
}
