import 'server-only';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { forecastRun } from '../../db/schema';
import type { ForecastRunView } from '../../forecast/data';
import { DEFAULT_CONNECTION } from '../connection/default-connection';

/**
 * One `forecast_run` row per refresh: the window read, its cost in calls, how it ended.
 * At most one refresh runs at a time across instances and the worker: the claim takes a
 * transaction-scoped advisory lock, so two claims never both see "none running".
 */

/** A refresh still "running" after this long died with its process; a new one may start. */
const STALE_RUN_MS = 30 * 60_000;
/** Any stable number: the lock names the forecast refresh, nothing else takes it. */
const CLAIM_LOCK = 190_019;

export type RunRow = typeof forecastRun.$inferSelect;

export function runView(row: RunRow): ForecastRunView {
  return {
    id: row.id,
    status: row.status,
    windowFrom: row.windowFrom,
    windowTo: row.windowTo,
    calls: row.calls,
    events: row.events,
    detail: row.detail,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** `db` or a transaction of it: what reading the runs needs. */
type RunReader = Pick<Database, 'select'>;

/** The client's run started last among those in one of `statuses`, or null. */
async function lastStarted(
  db: RunReader,
  statuses: readonly RunRow['status'][],
  connection: string = DEFAULT_CONNECTION,
): Promise<RunRow | null> {
  const [row] = await db
    .select()
    .from(forecastRun)
    .where(and(eq(forecastRun.connection, connection), inArray(forecastRun.status, statuses)))
    .orderBy(desc(forecastRun.startedAt))
    .limit(1);
  return row ?? null;
}

export type Claim = { claimed: true; run: RunRow } | { claimed: false; running: RunRow };

/** Claims one client's refresh: at most one runs per client at a time (the lock names the client). */
export async function claimRun(
  db: Database,
  span: { from: string; to: string },
  now: Date,
  connection: string = DEFAULT_CONNECTION,
): Promise<Claim> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK}, hashtext(${connection}))`);
    const staleBefore = new Date(now.getTime() - STALE_RUN_MS);
    await tx
      .update(forecastRun)
      .set({ status: 'failed', detail: 'Did not finish (its process stopped).', finishedAt: now })
      .where(
        and(
          eq(forecastRun.connection, connection),
          eq(forecastRun.status, 'running'),
          lt(forecastRun.startedAt, staleBefore),
        ),
      );
    const running = await lastStarted(tx, ['running'], connection);
    if (running) return { claimed: false, running };
    const [run] = await tx
      .insert(forecastRun)
      .values({ connection, windowFrom: span.from, windowTo: span.to, status: 'running', startedAt: now })
      .returning();
    if (!run) throw new Error('forecast run not recorded');
    return { claimed: true, run };
  });
}

/**
 * A run's clock: the `now` it was claimed at (the worker's time, a test's pinned day), moved on by
 * the real time the run has taken since. A run is started and finished on this one clock, so one
 * started at a pinned time never ends at the real one: its `finishedAt` is never before its
 * `startedAt`, and runs ordered by when they finished (the scenario's "forecast read at") are
 * ordered as they ran.
 */
export function runClock(now: Date): () => Date {
  const began = performance.now();
  return () => new Date(now.getTime() + Math.round(performance.now() - began));
}

/** Records how a run ended, at `finishedAt` on the run's clock (`runClock`). */
export async function finishRun(
  db: Database,
  id: string,
  outcome: { status: 'done' | 'failed' | 'skipped'; calls: number; events: number; detail: string | null },
  finishedAt: Date,
): Promise<RunRow> {
  const [row] = await db
    .update(forecastRun)
    .set({ ...outcome, finishedAt })
    .where(eq(forecastRun.id, id))
    .returning();
  if (!row) throw new Error(`forecast run ${id} vanished`);
  return row;
}

export interface RunHistory {
  lastRefresh: RunRow | null;
  lastAttempt: RunRow | null;
  running: RunRow | null;
}

/** One client's last finished refresh, last attempt of any outcome, and one running now. */
export async function runHistory(db: Database, connection: string, now = new Date()): Promise<RunHistory> {
  const lastRefresh = await lastStarted(db, ['done'], connection);
  const lastAttempt = await lastStarted(db, ['done', 'failed', 'skipped'], connection);
  const running = await lastStarted(db, ['running'], connection);
  const alive = running && now.getTime() - running.startedAt.getTime() < STALE_RUN_MS ? running : null;
  return { lastRefresh, lastAttempt, running: alive };
}
