import 'server-only';
import type { PatentEvent } from '../../annuity/schemas';
import type { ClientRef } from '../../clients/chosen-client';
import { logger } from '../../log';
import { type RenewalRow, toRenewalRow } from '../../renewals/rows';
import type { CopyAge } from '../../sync/age';
import { type DueWindow, todayWindows } from '../../today/windows';
import { openSnapshotIndex } from '../portfolio/snapshot';
import type { SnapshotIndex } from '../portfolio/snapshot-index';
import {
  clientSnapshots,
  coversEveryClient,
  recordMonthSummaries,
  type WindowClients,
} from '../renewals/window';
import { copyAge, ensureMonths, monthsOfWindow } from '../sync/copy';
import { copyMonthRows } from '../sync/month-rows';
import { type OpenEvent, readOpenEvents } from '../sync/open-events';

/**
 * The renewals behind Today: its due-date windows read from the synced copy, joined to the
 * portfolio snapshot, from whole months kept parsed while the copy does not change. A view costs no upstream call;
 * the copy's age travels with the rows (the worker keeps the urgent months fresh, lib/server/sync).
 * The rows are those of the user's clients together (spec: Authentication 1 and rule 2), each
 * client's read from its own copy and labelled with its client when the user works for several.
 */
export interface TodayRenewals {
  windows: DueWindow[];
  /** The windows' renewals, then the renewals still open that are due outside them (`openOutside`). */
  rows: RenewalRow[];
  /**
   * Renewals the service still leaves open that are due outside the windows: lapsed ones nobody
   * decided, which it keeps open (SKIP_THIS_TIME or DROP) and which block their patent's next
   * renewal until then (spec: Instruction rules). Read from whatever months the copy holds
   * (../sync/open-events.ts), so Today shows every open renewal whatever its due date.
   */
  openOutside: number;
  upstreamCalls: number;
  /**
   * Of those, the months' first reads: already counted on the client's share for reading
   * (../connection/read-budget.ts), so a caller that keeps a ledger of its own must not count them
   * again.
   */
  callsOnShare: number;
  copy: CopyAge;
}

export async function readTodayRenewals(
  today: string,
  requestId: string,
  clients: WindowClients,
  now = new Date(),
  /**
   * The page's read: months still being read for the first time (a fresh start) leave the rows
   * read so far and say how far the read is (`copy.firstRead`), never a failure; Today renders
   * itself again until the rest is in (components/shell/copy-age-notice.tsx). Without it (the
   * poll, which must not take part of the renewals for all of them) such a read is a 503.
   */
  options: { partial?: boolean } = {},
): Promise<TodayRenewals> {
  const windows = todayWindows(today);
  const months = [...new Set(windows.flatMap((span) => monthsOfWindow(span.from, span.to)))];
  const { connections } = clients;
  const [snapshot, ensured, open] = await Promise.all([
    clientSnapshots(connections, requestId),
    ensureMonths(months, requestId, connections, options),
    readOpenEvents(connections),
  ]);
  // Whole months, parsed once per change of the copy (../sync/month-rows.ts), cut to the windows.
  const reads = await Promise.all(connections.map((connection) => copyMonthRows(months, connection)));
  const monthArrays = reads.flatMap(({ byMonth }, at) => {
    const client = clients.labelOf(connections[at] as string);
    return months.map((month) => withClient(byMonth.get(month)?.rows ?? NO_ROWS, client));
  });
  const inWindows = rowsInWindows(windows, monthArrays);
  const outside = await openRowsOutside(windows, open, clients);
  const rows = withOutside(inWindows, outside);
  const copy = {
    ...(await copyAge(months, connections, undefined, ensured.reading)),
    ...(ensured.shareSpent ? { shareSpent: true } : {}),
  };
  // The windows are whole months: their summaries keep the month view's default month current
  // without a read of their own; written once this answer is out, only when the copy changed
  // (the same rows give the same summaries) and the read covers the whole console's clients.
  if (reads.some((read) => read.changed))
    setImmediate(() => {
      coversEveryClient(connections)
        .then((whole) => (whole ? recordMonthSummaries(null, monthArrays.flat(), months, now) : undefined))
        .catch((error: unknown) =>
          logger.warn({ err: error, requestId }, 'could not record the month summaries'),
        );
    });
  return {
    windows,
    rows,
    openOutside: outside.length,
    upstreamCalls: snapshot.calls + ensured.calls,
    callsOnShare: ensured.calls,
    copy,
  };
}

/**
 * The renewals inside the windows: the same array while neither the windows nor any month's parsed
 * rows changed (the same arrays, ../sync/month-rows.ts), so that what is built from it can be kept
 * too (the buckets, lib/today/buckets.ts).
 */
const NO_ROWS: RenewalRow[] = [];

/** A month's rows with their client, the same array while the month and the label stay the same. */
const labelled = new WeakMap<RenewalRow[], { key: string; rows: RenewalRow[] }>();

function withClient(rows: RenewalRow[], client: ClientRef | undefined): RenewalRow[] {
  if (!client || rows.length === 0) return rows;
  const key = `${client.id}\n${client.name}`;
  const kept = labelled.get(rows);
  if (kept?.key === key) return kept.rows;
  const stamped = rows.map((row) => ({ ...row, client }));
  labelled.set(rows, { key, rows: stamped });
  return stamped;
}
let lastWindowRows: { key: string; monthArrays: RenewalRow[][]; rows: RenewalRow[] } | null = null;

function rowsInWindows(windows: readonly DueWindow[], monthArrays: RenewalRow[][]): RenewalRow[] {
  const key = JSON.stringify(windows);
  const last = lastWindowRows;
  if (
    last &&
    last.key === key &&
    last.monthArrays.length === monthArrays.length &&
    last.monthArrays.every((array, index) => array === monthArrays[index])
  )
    return last.rows;
  const monthRows = monthArrays.flat();
  const rows = windows.flatMap((span) =>
    monthRows.filter((row) => row.dueDate >= span.from && row.dueDate <= span.to),
  );
  lastWindowRows = { key, monthArrays, rows };
  return rows;
}

/** An open renewal's row, the same object while its event, its patent's snapshot and its label stay. */
const openRows = new WeakMap<PatentEvent, { index: SnapshotIndex | null; key: string; row: RenewalRow }>();

/**
 * The open renewals due outside the windows, as rows like the windows' own: joined to their
 * client's portfolio snapshot and labelled with their client as `readTodayRenewals` labels the
 * windows' rows. The same array while nothing in it changed, so the buckets built from the rows
 * are kept (lib/today/buckets.ts).
 */
let lastOutside: RenewalRow[] = [];

async function openRowsOutside(
  windows: readonly DueWindow[],
  open: readonly OpenEvent[],
  clients: WindowClients,
): Promise<RenewalRow[]> {
  const outside = open.filter(
    ({ event }) => !windows.some((span) => event.dueDate >= span.from && event.dueDate <= span.to),
  );
  const connections = [...new Set(outside.map(({ connection }) => connection))];
  const indexes = new Map(
    await Promise.all(
      connections.map(async (connection) => [connection, await openSnapshotIndex(connection)] as const),
    ),
  );
  const rows = outside.map(({ connection, event }) => {
    const index = indexes.get(connection) ?? null;
    const client = clients.labelOf(connection);
    const key = client ? `${client.id}\n${client.name}` : '';
    const kept = openRows.get(event);
    if (kept && kept.index === index && kept.key === key) return kept.row;
    const plain = toRenewalRow(event, index?.patents.get(event.patent.id));
    const row = client ? { ...plain, client } : plain;
    openRows.set(event, { index, key, row });
    return row;
  });
  if (rows.length === lastOutside.length && rows.every((row, at) => row === lastOutside[at]))
    return lastOutside;
  lastOutside = rows;
  return rows;
}

/** The windows' rows and the open ones outside them: the same array while both stay the same. */
let lastMerged: { inWindows: RenewalRow[]; outside: RenewalRow[]; rows: RenewalRow[] } | null = null;

function withOutside(inWindows: RenewalRow[], outside: RenewalRow[]): RenewalRow[] {
  if (outside.length === 0) return inWindows;
  if (lastMerged && lastMerged.inWindows === inWindows && lastMerged.outside === outside)
    return lastMerged.rows;
  const rows = [...inWindows, ...outside];
  lastMerged = { inWindows, outside, rows };
  return rows;
}
