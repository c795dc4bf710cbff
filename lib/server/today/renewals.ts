import 'server-only';
import { logger } from '../../log';
import type { RenewalRow } from '../../renewals/rows';
import { NO_SERVER_FILTERS } from '../../renewals/window-data';
import type { CopyAge } from '../../sync/age';
import { type DueWindow, todayWindows } from '../../today/windows';
import { pageSnapshot } from '../portfolio/join';
import { readWindowPages } from '../renewals/pages';
import { recordMonthSummaries } from '../renewals/window';
import { copyAge, copyReader, ensureMonths, monthsOfWindow } from '../sync/copy';

/**
 * The renewals behind Today: its due-date windows read from the synced copy the month view's way
 * (lib/server/renewals/pages.ts), joined to the portfolio snapshot. A view costs no upstream call;
 * the copy's age travels with the rows (the worker keeps the urgent months fresh, lib/server/sync).
 */
export interface TodayRenewals {
  windows: DueWindow[];
  rows: RenewalRow[];
  upstreamCalls: number;
  copy: CopyAge;
}

export async function readTodayRenewals(
  today: string,
  requestId: string,
  now = new Date(),
): Promise<TodayRenewals> {
  const windows = todayWindows(today);
  const months = [...new Set(windows.flatMap((window) => monthsOfWindow(window.from, window.to)))];
  const [snapshot, ensured] = await Promise.all([pageSnapshot(requestId), ensureMonths(months, requestId)]);
  const reader = copyReader();
  const read = await Promise.all(
    windows.map((window) =>
      readWindowPages(reader, { kind: 'range', ...window }, NO_SERVER_FILTERS, requestId, (rows) => rows),
    ),
  );
  const copy = await copyAge(months);
  // The windows are whole months: their summaries keep the month view's default month and page
  // counts current without a read of their own; written once this answer is out.
  const summary = read.flatMap((pages) => pages.summary);
  setImmediate(() => {
    recordMonthSummaries(null, summary, months, now).catch((error: unknown) =>
      logger.warn({ err: error, requestId }, 'could not record the month summaries'),
    );
  });
  return {
    windows,
    rows: read.flatMap((pages) => pages.outputs.flat()),
    upstreamCalls: snapshot.calls + ensured.calls,
    copy,
  };
}
