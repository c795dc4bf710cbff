/**
 * `lib/server/forecast/`: the renewal forecast: the refresh that reads the coming
 * `FORECAST_MONTHS` (default 24) of period lists with `include=fees` into `forecast_event` (a
 * half-year window whose every month the synced copy read completely within two far-tier cadences
 * is taken from the copy, at no call) and records each run in `forecast_run` (`refresh.ts`, cost
 * and budget in `cost.ts`; built from the copy at no call by the sync job as soon as the copy holds
 * every month of a window no finished forecast covers yet, `buildForecastFromCopy`), the page's
 * data from the database only (`load.ts`), a manager's "Refresh now" (`refresh-now.ts`, one per
 * client the page shows, under "All clients" too); `monthly.ts` sums it by month for budgets;
 * what-if scenarios over the stored forecast (`scenario.ts`, each client's patents scored from its
 * own copy; rules in `lib/forecast/scenario.ts`, page
 * `/analytics/scenarios`, the rule in the address); two scenarios compared (`scenario-compare.ts`,
 * arithmetic in `lib/forecast/scenario-compare.ts`: per year and currency each saving and the
 * difference as decimal strings, and the renewals one stops and the other does not; page
 * `/analytics/scenarios/compare`, `GET /api/analytics/scenario/compare?left=&right=`,
 * `analytics:read`: `right` a saved scenario, `left` another or the rule in the address; a saved
 * scenario the viewer may not open, another user's private one included, answers 404,
 * `views/saved-views.ts` `readSavedView`).
 */
import 'server-only';
import { type AnnuityClient, type ApiResult, renewalsDueQuery } from '../../annuity/client';
import { AnnuityApiError } from '../../annuity/errors';
import { listAll, MAX_PAGE_SIZE } from '../../annuity/pagination';
import type { Page, PatentEvent } from '../../annuity/schemas';
import type { Database } from '../../db';
import { getEnv } from '../../env';
import { type DueWindow, type ForecastWindow, forecastWindow, windowMonths } from '../../forecast/window';
import { currentYearMonth, monthOf } from '../../format/dates';
import { plural } from '../../format/plural';
import { logger } from '../../log';
import { isRenewalEvent } from '../../renewals/rows';
import { activeConnectionIds } from '../connection/clients';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { upstreamClient } from '../connection/upstream';
import { openSnapshotIndex, type SnapshotPatent, snapshotPatents } from '../portfolio/snapshot';
import { completeCopyMonths, copyEventsOfMonths } from '../sync/copy';
import { type BudgetRefusal, forecastBudget, recordForecastSpend, refreshEstimate } from './cost';
import { type Claim, claimRun, finishRun, runClock, runHistory } from './runs';
import { type ForecastEventRow, replaceForecastRows } from './store';

/**
 * The forecast refresh: every renewal due in the coming FORECAST_MONTHS, with its live
 * estimate, read from the period list (spec: Endpoints 9: `dueFrom`/`dueTo`, `include=fees`,
 * `eventTypes=RENEWAL`, 100 a page, the cap of Limits 1) and stored whole in `forecast_event`, so
 * the forecast page costs no upstream call. A refresh costs ceil(renewals / 100) calls per window
 * (at least one) and stays within the background budget (lib/server/connection/background-budget.ts):
 *
 * 1. before any call, the cost estimated from the stored forecast must fit the budget;
 * 2. the first page of every window is read: the service then tells exactly how many pages remain;
 * 3. those must fit too, or the refresh stops there, having spent one call per window.
 *
 * A refresh that does not fit is recorded as `skipped` with why; nothing stored changes.
 *
 * A window whose every month the synced copy read completely within COPY_FRESH_FARS far-tier
 * cadences is taken from the copy instead (lib/server/sync: the same period list with fees, walked
 * on the sync's own share of the quota), so the quota is not spent twice on the same months; only
 * the other windows are read, estimated and budgeted.
 */
const COPY_FRESH_FARS = 2;
const PAGE_CONCURRENCY = 4;

type RunRow = Extract<Claim, { claimed: true }>['run'];

export type RefreshResult =
  | { status: 'done'; runId: string; calls: number; events: number; window: { from: string; to: string } }
  | { status: 'skipped'; runId: string; calls: number; reason: string; detail: string }
  | { status: 'busy'; runningSince: string };

export type PreparedRefresh =
  | { kind: 'busy'; running: RunRow }
  | { kind: 'skipped'; run: RunRow; refusal: BudgetRefusal }
  | {
      kind: 'ready';
      run: RunRow;
      window: ForecastWindow;
      estimate: number;
      /** The run's clock, from the `now` it was claimed at: its end is stamped on it. */
      clock: () => Date;
      /** The windows read from the service; the others are taken from the synced copy. */
      walked: DueWindow[];
      fromCopy: DueWindow[];
    };

interface RefreshOptions {
  now: Date;
  requestId: string;
}

/** Splits the windows into those the client's synced copy holds fresh and complete and those to read. */
async function splitByCopy(
  db: Database,
  windows: readonly DueWindow[],
  now: Date,
  connection: string,
): Promise<{ walked: DueWindow[]; fromCopy: DueWindow[] }> {
  const since = new Date(now.getTime() - COPY_FRESH_FARS * getEnv().SYNC_FAR_MINUTES * 60_000);
  const fresh = await completeCopyMonths(db, windows.flatMap(windowMonths), since, connection);
  const walked: DueWindow[] = [];
  const fromCopy: DueWindow[] = [];
  for (const dueWindow of windows)
    (windowMonths(dueWindow).every((month) => fresh.has(month)) ? fromCopy : walked).push(dueWindow);
  return { walked, fromCopy };
}

/**
 * Claims one client's refresh and checks its budget against the estimated cost; makes no upstream
 * call. Each client's forecast is its own: its key, its quota, its rows (spec: Authentication 1).
 */
export async function prepareRefresh(
  db: Database,
  now: Date,
  connection: string = DEFAULT_CONNECTION,
): Promise<PreparedRefresh> {
  const span = forecastWindow(currentYearMonth(now), getEnv().FORECAST_MONTHS);
  const clock = runClock(now);
  const claim = await claimRun(db, span, now, connection);
  if (!claim.claimed) return { kind: 'busy', running: claim.running };
  const { walked, fromCopy } = await splitByCopy(db, span.windows, now, connection);
  if (walked.length === 0)
    return { kind: 'ready', run: claim.run, window: span, estimate: 0, clock, walked, fromCopy };
  const estimate = await refreshEstimate(db, walked, connection);
  const budget = await forecastBudget(db, now, estimate.calls, connection);
  if (!budget.ok) {
    const run = await finishRun(
      db,
      claim.run.id,
      { status: 'skipped', calls: 0, events: 0, detail: budget.refusal.detail },
      clock(),
    );
    logger.info({ runId: run.id, ...budget.refusal }, 'forecast refresh skipped');
    return { kind: 'skipped', run, refusal: budget.refusal };
  }
  return {
    kind: 'ready',
    run: claim.run,
    window: span,
    estimate: estimate.calls,
    clock,
    walked,
    fromCopy,
  };
}

function periodReader(client: AnnuityClient, requestId: string, count: () => void) {
  return (dueWindow: DueWindow) =>
    (currentPage: number, itemsPerPage: number): Promise<ApiResult<Page<PatentEvent>>> => {
      count();
      return client.getPatentEventsByPeriod(renewalsDueQuery(dueWindow, { currentPage, itemsPerPage }), {
        requestId,
      });
    };
}

/** Pages a window's walk reads, from its first page (a page even when the window is empty). */
function pagesOf(first: Page<PatentEvent>): number {
  return first.pagination.hasMore ? Math.max(1, first.pagination.totalPages) : 1;
}

function toRow(connection: string, event: PatentEvent, patent: SnapshotPatent | undefined): ForecastEventRow {
  const fees = event.fees;
  // No fees object, or one without a total: stored without currency or total ("no estimate").
  const priced = fees && fees.total !== null;
  return {
    connection,
    eventId: event.id,
    patentId: event.patent.id,
    dueDate: event.dueDate,
    month: monthOf(event.dueDate),
    annuityYear: event.renewal?.annuityYear ?? null,
    office: patent?.office ?? null,
    owner: patent?.owner ?? null,
    family: patent?.clientFamilyReference ?? null,
    caseReference: patent?.clientCaseReference ?? null,
    currency: priced ? fees.currency : null,
    total: priced ? fees.total : null,
    // Every component is kept, unknown types included (spec: Fees, an open enum).
    components: (fees?.components ?? []).map((component) => ({
      type: component.type,
      amount: component.amount,
    })),
    appliedDecision: event.appliedDecision,
    isFxRateFrozen: fees?.isFxRateFrozen ?? event.isFxRateFrozen,
    feesStatus: fees?.feesStatus ?? event.feesStatus ?? null,
  };
}

function failureDetail(error: unknown): string {
  if (error instanceof AnnuityApiError) return `The service answered ${error.status} ${error.code}.`;
  return error instanceof Error ? error.message : String(error);
}

/** Reads the window and replaces the stored forecast; the run row says how it ended. */
export async function executeRefresh(
  db: Database,
  ready: Extract<PreparedRefresh, { kind: 'ready' }>,
  { now, requestId }: RefreshOptions,
): Promise<RefreshResult> {
  const { run, window: span, walked, fromCopy, clock } = ready;
  const { connection } = run;
  let calls = 0;
  let recorded = 0;
  const record = async () => {
    // The client's background calls all draw on its one budget, these included; counted as they happen.
    if (calls > recorded) await recordForecastSpend(db, now, calls - recorded, connection);
    recorded = calls;
  };
  try {
    const read = periodReader(upstreamClient(requestId, connection), requestId, () => {
      calls += 1;
    });
    const firsts = await Promise.all(walked.map((due) => read(due)(1, MAX_PAGE_SIZE)));
    await record();
    const remaining = firsts.reduce((sum, first) => sum + pagesOf(first.data) - 1, 0);
    if (remaining > 0) {
      const budget = await forecastBudget(db, now, remaining, connection);
      if (!budget.ok) {
        const detail = `${budget.refusal.detail} (Stopped after the first page of each window: ${calls} calls.)`;
        await finishRun(db, run.id, { status: 'skipped', calls, events: 0, detail }, clock());
        return { status: 'skipped', runId: run.id, calls, reason: budget.refusal.reason, detail };
      }
    }
    // The join fields of the portfolio copy, opened while the pages arrive (as the month view does).
    const opened = openSnapshotIndex(connection);
    opened.catch(() => undefined);
    // Rows, not events, are kept across windows: a large portfolio's events with fees are big.
    const byEvent = new Map<string, ForecastEventRow>();
    const copied = (await copyEventsOfMonths(db, fromCopy.flatMap(windowMonths), connection)).filter(
      isRenewalEvent,
    );
    const copiedPatents = await snapshotPatents(
      copied.map((event) => event.patent.id),
      opened,
    );
    for (const event of copied)
      byEvent.set(event.id, toRow(connection, event, copiedPatents.get(event.patent.id)));
    for (const [index, due] of walked.entries()) {
      const first = firsts[index] as ApiResult<Page<PatentEvent>>;
      const fetchPage = read(due);
      // The walk is the shared one (lib/annuity/pagination.ts); its first page is the one read above.
      const listed = await listAll<PatentEvent>(
        (currentPage, itemsPerPage) =>
          currentPage === 1 ? Promise.resolve(first) : fetchPage(currentPage, itemsPerPage),
        { itemsPerPage: MAX_PAGE_SIZE, concurrency: PAGE_CONCURRENCY },
      );
      const renewals = listed.items.filter(isRenewalEvent);
      const patents = await snapshotPatents(
        renewals.map((event) => event.patent.id),
        opened,
      );
      // A renewal seen twice (pages shifted under the walk) is kept once.
      for (const event of renewals)
        byEvent.set(event.id, toRow(connection, event, patents.get(event.patent.id)));
    }
    await record();
    const rows = [...byEvent.values()];
    await replaceForecastRows(db, connection, span.from, rows);
    const unjoined = rows.filter((row) => row.office === null).length;
    const lastMonth = rows.reduce<string | null>(
      (last, row) => (last && last > row.month ? last : row.month),
      null,
    );
    const detail = [
      lastMonth
        ? `The service lists renewals through ${lastMonth}.`
        : 'The service lists no renewal in the window.',
      fromCopy.length > 0
        ? `${fromCopy.flatMap(windowMonths).length} of ${span.months} months taken from the synced copy.`
        : '',
      unjoined > 0
        ? `${plural(unjoined, 'renewal')} of patents not in the portfolio copy (no office, owner or family).`
        : '',
    ]
      .filter(Boolean)
      .join(' ');
    await finishRun(db, run.id, { status: 'done', calls, events: rows.length, detail }, clock());
    return {
      status: 'done',
      runId: run.id,
      calls,
      events: rows.length,
      window: { from: span.from, to: span.to },
    };
  } catch (error) {
    await finishRun(
      db,
      run.id,
      { status: 'failed', calls, events: 0, detail: failureDetail(error) },
      clock(),
    ).catch((finishError: unknown) =>
      logger.warn({ err: finishError, runId: run.id }, 'could not record the failed refresh'),
    );
    throw error;
  } finally {
    await record().catch((recordError: unknown) =>
      logger.warn({ err: recordError, runId: run.id }, 'could not record the forecast’s quota spend'),
    );
  }
}

/** One client's refresh (the first client's by default): prepare, then read, in one go. */
export async function refreshForecast(
  db: Database,
  options: RefreshOptions & { connection?: string },
): Promise<RefreshResult> {
  const prepared = await prepareRefresh(db, options.now, options.connection);
  switch (prepared.kind) {
    case 'busy':
      return { status: 'busy', runningSince: prepared.running.startedAt.toISOString() };
    case 'skipped':
      return {
        status: 'skipped',
        runId: prepared.run.id,
        calls: 0,
        reason: prepared.refusal.reason,
        detail: prepared.refusal.detail,
      };
    default:
      return executeRefresh(db, prepared, options);
  }
}

/**
 * A client's forecast built from the synced copy as soon as the copy holds every month of the
 * window complete and fresh, instead of waiting for the daily refresh (05:41 UTC): until then
 * nothing is known of the renewals ahead and no page can say what keeping a patent costs. Only
 * while the client has no finished forecast of the current window (a fresh start, a new month),
 * and only when it costs no call: every window is then taken from the copy. Null when not built.
 */
export async function buildForecastFromCopy(
  db: Database,
  options: RefreshOptions & { connection: string },
): Promise<RefreshResult | null> {
  const { now, connection } = options;
  const span = forecastWindow(currentYearMonth(now), getEnv().FORECAST_MONTHS);
  const history = await runHistory(db, connection, now);
  if (history.running || (history.lastRefresh && history.lastRefresh.windowFrom >= span.from)) return null;
  const { walked } = await splitByCopy(db, span.windows, now, connection);
  if (walked.length > 0) return null;
  return refreshForecast(db, options);
}

/**
 * The worker's daily job: every active client's forecast, one after the other, each with its own
 * key and budget (a client whose refresh fails does not stop the others; the failure is recorded
 * on its run and logged).
 */
export async function refreshForecastForEveryClient(
  db: Database,
  options: RefreshOptions,
): Promise<Record<string, RefreshResult | { status: 'failed'; detail: string }>> {
  const results: Record<string, RefreshResult | { status: 'failed'; detail: string }> = {};
  for (const connection of await activeConnectionIds()) {
    try {
      results[connection] = await refreshForecast(db, { ...options, connection });
    } catch (error) {
      logger.warn({ err: error, requestId: options.requestId, connection }, 'forecast refresh failed');
      results[connection] = { status: 'failed', detail: failureDetail(error) };
    }
  }
  return results;
}
