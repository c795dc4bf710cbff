/**
 * `lib/server/renewals/`: the month view read from the synced copy (`window.ts`: the copy's period
 * pages joined to the snapshot, the spliced JSON answer, the default month); what a page read but
 * sent only the first screen of, kept per process for that page's browser (`handoff.ts`:
 * `/api/renewals/rest`, `/api/today/items`; a miss reads again).
 */
import 'server-only';
import { and, eq, gte, inArray } from 'drizzle-orm';
import { listAll } from '../../annuity/pagination';
import type { PatentEvent } from '../../annuity/schemas';
import type { ClientRef } from '../../clients/chosen-client';
import { getDb } from '../../db';
import { renewalMonthSummary } from '../../db/schema';
import { fromExcluded } from '../../db/upsert';
import { getEnv } from '../../env';
import { calendarToday, currentYearMonth, monthOf } from '../../format/dates';
import { logger } from '../../log';
import { badgeKind } from '../../renewals/instructability';
import { isRenewalEvent, type RenewalRow } from '../../renewals/rows';
import { openableMonths, type RenewalWindow, windowBounds } from '../../renewals/window';
import { NO_SERVER_FILTERS, type RenewalWindowData, type ServerFilters } from '../../renewals/window-data';
import { decisionDeadline } from '../../today/deadline';
import { clientLabel, connectionsToRead } from '../clients/client-filter';
import type { ClientScope } from '../clients/scope';
import { activeConnectionIds } from '../connection/clients';
import { DEFAULT_CONNECTION } from '../connection/default-connection';
import { pageSnapshot } from '../portfolio/join';
import { snapshotStatus } from '../portfolio/snapshot';
import { holdSentencesOf } from '../reviews/holds';
import { keepScoresOf } from '../signals/keep-scores';
import { copyAge, copyReader, ensureMonths, monthsOfWindow } from '../sync/copy';
import { periodQuery, readWindowPages, type SummaryRow } from './pages';

/**
 * The month view's data: every renewal due in a window, with estimated fees, joined to the
 * portfolio snapshot for office, title and owner. A warm view costs ceil(events / 100) upstream
 * calls (issue: "the office join without burning quota"); nothing is cached between views
 * because instructability and estimates are live (spec: Fees rule 3). The pages are read and
 * joined one by one as they arrive (./renewal-pages.ts).
 */
type WindowMeta = Omit<RenewalWindowData, 'rows'>;

/**
 * The clients a read covers (spec: Authentication 1 and rule 2, each client's renewals are its
 * own), and the label each one's rows carry: a client's name only when the user works for
 * several, so a single-client console reads and shows exactly what it did before.
 */
export interface WindowClients {
  connections: readonly string[];
  labelOf: (connection: string) => ClientRef | undefined;
}

/** Readers outside a user's request (the board, standing instructions): the first client. */
const FIRST_CLIENT: WindowClients = { connections: [DEFAULT_CONNECTION], labelOf: () => undefined };

/** A request's clients: its scope, narrowed to one of them by a list's `client` filter. */
export function windowClients(scope: ClientScope, client?: string | null): WindowClients {
  return {
    connections: connectionsToRead(scope, client),
    labelOf: (connection) => clientLabel(scope, connection),
  };
}

/**
 * The clients' portfolio snapshots for a page view: the oldest refresh among them. No upstream call
 * while a snapshot exists; only the first client's, on a first start without any, is read once
 * (lib/server/portfolio/join.ts); the worker keeps every client's (runSyncForEveryClient).
 */
export async function clientSnapshots(
  connections: readonly string[],
  requestId: string,
): Promise<{ refreshedAt: Date | null; calls: number }> {
  const each = await Promise.all(
    connections.map((connection) =>
      connection === DEFAULT_CONNECTION
        ? pageSnapshot(requestId)
        : snapshotStatus(new Date(), connection).then((status) => ({
            refreshedAt: status.refreshedAt,
            calls: 0,
          })),
    ),
  );
  const times = each.flatMap((snapshot) => (snapshot.refreshedAt ? [snapshot.refreshedAt] : []));
  return {
    refreshedAt: times.sort((a, b) => a.getTime() - b.getTime())[0] ?? null,
    calls: each.reduce((sum, snapshot) => sum + snapshot.calls, 0),
  };
}

/**
 * Whether a read covers every client of the console: the month summaries (one row per month, of
 * the whole console) are written only from such reads, never from one client's rows.
 */
export async function coversEveryClient(connections: readonly string[]): Promise<boolean> {
  const active = await activeConnectionIds();
  return active.every((connection) => connections.includes(connection));
}

/**
 * Reads a window from the synced copy and renders its rows page by page; everything but the rows
 * in `meta`. A month the copy never held is read from the service once (./sync/copy.ts); anything
 * else costs no upstream call, so the view renders while the service does not answer, saying how
 * old what it shows is.
 */
async function readWindow<Out>(
  renewalWindow: RenewalWindow,
  filters: ServerFilters,
  requestId: string,
  render: (rows: RenewalRow[]) => Out,
  clients: WindowClients,
  reuse?: string,
): Promise<{ outputs: Out[]; meta: WindowMeta }> {
  const bounds = windowBounds(renewalWindow);
  const months = monthsOfWindow(bounds.from, bounds.to);
  const { connections } = clients;
  const [snapshot, read] = await Promise.all([
    clientSnapshots(connections, requestId),
    ensureMonths(months, requestId, connections),
  ]);
  // Each client's copy joined to its own snapshot, clients in the scope's order (oldest first).
  const each = await Promise.all(
    connections.map((connection) => {
      const client = clients.labelOf(connection);
      return readWindowPages(
        copyReader(connection),
        renewalWindow,
        filters,
        requestId,
        client ? (rows) => render(rows.map((row) => ({ ...row, client }))) : render,
        { connection, reuse: reuse && client ? `${reuse}:${client.id}:${client.name}` : reuse },
      );
    }),
  );
  const age = await copyAge(months, connections);
  const summary = each.flatMap((pages) => pages.summary);
  if (isWholeUnfilteredMonth(renewalWindow, filters)) {
    // Bookkeeping for the next visit (default month), done once this answer is out.
    setImmediate(() => {
      coversEveryClient(connections)
        .then((whole) => (whole ? recordMonthSummaries(renewalWindow.month, summary) : undefined))
        .catch((error: unknown) =>
          logger.warn({ err: error, requestId }, 'could not record the month summary'),
        );
    });
  }
  return {
    outputs: each.flatMap((pages) => pages.outputs),
    meta: {
      window: renewalWindow,
      filters,
      skippedOtherKinds: each.reduce((sum, pages) => sum + pages.otherKinds, 0),
      fetchedAt: age.asOf ?? new Date().toISOString(),
      copy: age,
      upstreamCalls: snapshot.calls + read.calls,
      upstreamRequestIds: [],
      snapshot: {
        refreshedAt: snapshot.refreshedAt?.toISOString() ?? null,
        unknownPatents: each.reduce((sum, pages) => sum + pages.unknownPatents, 0),
      },
    },
  };
}

/** The window's data as objects (the server page hands them to the browser's query cache). */
export async function loadRenewalWindow(
  renewalWindow: RenewalWindow,
  filters: ServerFilters,
  requestId: string,
  options: { keepScores?: boolean; clients?: WindowClients } = {},
): Promise<RenewalWindowData> {
  const clients = options.clients ?? FIRST_CLIENT;
  const { outputs, meta } = await readWindow(renewalWindow, filters, requestId, (rows) => rows, clients);
  const rows = outputs.flat();
  if (!options.keepScores) return { ...meta, rows };
  const [scores, holds] = await Promise.all([
    keepScoresOf(rows, { connections: clients.connections }),
    holdSentencesOf(new Date(), clients.connections),
  ]);
  return {
    ...meta,
    rows: rows.map((row) => ({
      ...row,
      keepScore: scores.get(row.eventId)?.keep.score ?? null,
      underReview: holds.get(row.eventId) ?? null,
      tags: scores.get(row.eventId)?.signals.tags ?? [],
    })),
  };
}

/**
 * The same data as a JSON document, for /api/renewals: each page's rows are serialised and
 * encoded as the page arrives, so the answer is ready when the last page is; nothing is sent
 * before the whole walk has succeeded (a failure is still answered as a problem, with its status).
 */
export async function renewalWindowJson(
  renewalWindow: RenewalWindow,
  filters: ServerFilters,
  requestId: string,
  clients: WindowClients,
): Promise<Blob> {
  const { outputs, meta } = await readWindow(
    renewalWindow,
    filters,
    requestId,
    // Each row's JSON without its opening brace, kept to reuse for identical pages; the keep score,
    // a review hold and the tags, which change without the page changing (a tag, the forecast, a
    // hold), are put in front of it below.
    (rows) => ({ rows, json: rows.map((row) => JSON.stringify(row).slice(1)) }),
    clients,
    'json',
  );
  const [scores, holds] = await Promise.all([
    keepScoresOf(
      outputs.flatMap((page) => page.rows),
      { connections: clients.connections },
    ),
    holdSentencesOf(new Date(), clients.connections),
  ]);
  // A hold and tags are said only where there are some (most rows have neither).
  const underReview = (eventId: string) => {
    const sentence = holds.get(eventId);
    const tags = scores.get(eventId)?.signals.tags ?? [];
    return `${sentence ? `"underReview":${JSON.stringify(sentence)},` : ''}${tags.length > 0 ? `"tags":${JSON.stringify(tags)},` : ''}`;
  };
  const pages = outputs.map((page) =>
    page.rows
      .map(
        (row, at) =>
          `{"keepScore":${scores.get(row.eventId)?.keep.score ?? null},${underReview(row.eventId)}${page.json[at]}`,
      )
      .join(','),
  );
  const rows = pages.flatMap((chunk, at) => (at === 0 ? [chunk] : [',', chunk]));
  return new Blob([`${JSON.stringify(meta).slice(0, -1)},"rows":[`, ...rows, ']}'], {
    type: 'application/json',
  });
}

function isWholeUnfilteredMonth(
  renewalWindow: RenewalWindow,
  filters: ServerFilters,
): renewalWindow is { kind: 'month'; month: string } {
  return (
    renewalWindow.kind === 'month' &&
    filters.offices.length === 0 &&
    filters.owners.length === 0 &&
    filters.family.length === 0
  );
}

/**
 * Records what a read of whole months showed: per month, its renewals, those open for a decision,
 * and the earliest deadline among them on this calendar day (./window.ts defaultRenewalMonth).
 * Exported for Today, whose read covers most openable months (lib/server/today/renewals.ts).
 */
export async function recordMonthSummaries(
  month: string | null,
  rows: readonly SummaryRow[],
  months?: readonly string[],
  now = new Date(),
) {
  const values = monthSummaries(rows, months ?? (month ? [month] : []), now);
  if (values.length === 0) return;
  const db = await getDb();
  await db
    .insert(renewalMonthSummary)
    .values(values)
    .onConflictDoUpdate({
      target: renewalMonthSummary.month,
      set: fromExcluded(renewalMonthSummary, [
        'eventCount',
        'openCount',
        'earliestDeadline',
        'deadlineDay',
        'observedAt',
      ]),
    });
}

/** Per month: its renewals, those open for a decision, the earliest deadline on this day. */
function monthSummaries(rows: readonly SummaryRow[], months: readonly string[], now: Date) {
  const today = calendarToday(now);
  const counts = new Map<string, { events: number; open: number; deadline: string | null }>();
  for (const name of months) counts.set(name, { events: 0, open: 0, deadline: null });
  for (const row of rows) {
    const entry = counts.get(monthOf(row.dueDate));
    if (!entry) continue;
    entry.events += 1;
    if (badgeKind(row.instructability) === 'allowed') entry.open += 1;
    const deadline = decisionDeadline(row, today);
    if (deadline !== null && (entry.deadline === null || deadline < entry.deadline))
      entry.deadline = deadline;
  }
  return [...counts.entries()].map(([name, entry]) => ({
    month: name,
    eventCount: entry.events,
    openCount: entry.open,
    earliestDeadline: entry.deadline,
    deadlineDay: today,
    observedAt: now,
  }));
}

/**
 * The month view's default: the month of the renewal with the earliest deadline among those that
 * can be decided now: the due date until it passes, then the grace end. A month holding
 * only lapsed renewals (skip or drop only) has no deadline left and is not chosen. Known from the
 * month summaries of this calendar day; months whose summary is missing or old are read again in
 * one walk over their range (without fees, so pages are small). With no deadline anywhere, the
 * current month. The summaries are the whole console's: a user working for some of its clients
 * gets the month from their clients' renewals alone, read the same way without being recorded.
 */
export async function defaultRenewalMonth(
  requestId: string,
  now = new Date(),
  connections: readonly string[] = [DEFAULT_CONNECTION],
): Promise<string> {
  const months = openableMonths(now);
  const current = currentYearMonth(now);
  const today = calendarToday(now);
  const db = await getDb();
  const freshSince = new Date(now.getTime() - getEnv().SNAPSHOT_MAX_AGE_MINUTES * 60_000);
  const readKnown = () =>
    db
      .select()
      .from(renewalMonthSummary)
      .where(
        and(
          inArray(renewalMonthSummary.month, months),
          gte(renewalMonthSummary.observedAt, freshSince),
          eq(renewalMonthSummary.deadlineDay, today),
        ),
      );
  const whole = await coversEveryClient(connections);
  let known: { month: string; earliestDeadline: string | null }[] = whole ? await readKnown() : [];
  const missing = months.filter((month) => !known.some((row) => row.month === month));
  if (missing.length > 0) {
    const first = missing[0] as string;
    const last = missing[missing.length - 1] as string;
    const monthWindow: RenewalWindow = {
      kind: 'range',
      from: windowBounds({ kind: 'month', month: first }).from,
      to: windowBounds({ kind: 'month', month: last }).to,
    };
    const bounds = windowBounds(monthWindow);
    await ensureMonths(monthsOfWindow(bounds.from, bounds.to), requestId, connections);
    const listed = await Promise.all(
      connections.map((connection) => {
        const reader = copyReader(connection);
        return listAll<PatentEvent>((currentPage, itemsPerPage) =>
          reader.getPatentEventsByPeriod(
            { ...periodQuery(monthWindow, NO_SERVER_FILTERS, []), currentPage, itemsPerPage },
            { requestId },
          ),
        );
      }),
    );
    const rows = listed
      .flatMap((list) => list.items)
      .filter(isRenewalEvent)
      .map((event) => ({
        dueDate: event.dueDate,
        gracePeriodEndDate: event.gracePeriodEndDate,
        instructability: event.instructability ?? null,
      }));
    const walked = months.filter((month) => month >= first && month <= last);
    if (whole) {
      await recordMonthSummaries(null, rows, walked, now);
      known = await readKnown();
    } else known = monthSummaries(rows, walked, now);
  }
  const soonest = known
    .filter((row) => row.earliestDeadline !== null && row.earliestDeadline >= today)
    .sort(
      (a, b) =>
        (a.earliestDeadline as string).localeCompare(b.earliestDeadline as string) ||
        a.month.localeCompare(b.month),
    )[0];
  return soonest?.month ?? current;
}
