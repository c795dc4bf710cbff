import 'server-only';
import { addMonths, monthOf } from '../../format/dates';
import { logger } from '../../log';
import type { RenewalRow } from '../../renewals/rows';
import { NO_SERVER_FILTERS } from '../../renewals/window-data';
import { type DueWindow, todayWindows } from '../../today/windows';
import { upstreamClient } from '../connection/upstream';
import { ensureSnapshot } from '../portfolio/join';
import { readWindowPages } from '../renewals/pages';
import { recordMonthSummaries } from '../renewals/window';

function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let month = first; month <= last; month = addMonths(month, 1)) months.push(month);
  return months;
}

/**
 * The renewals behind Today: its due-date windows read the month view's way (period pages with
 * include=fees, 100 per page, each joined to the portfolio snapshot as it arrives,
 * lib/server/renewals/pages.ts). Nothing is kept between visits: instructability and estimates
 * are live (spec: Fees rule 3), so a warm Today costs exactly the pages of its windows.
 */
export interface TodayRenewals {
  windows: DueWindow[];
  rows: RenewalRow[];
  upstreamCalls: number;
}

export async function readTodayRenewals(
  today: string,
  requestId: string,
  now = new Date(),
): Promise<TodayRenewals> {
  const client = upstreamClient(requestId);
  const windows = todayWindows(today);
  const snapshot = await ensureSnapshot(client, requestId);
  const read = await Promise.all(
    windows.map((window) =>
      readWindowPages(client, { kind: 'range', ...window }, NO_SERVER_FILTERS, requestId, (rows) => rows),
    ),
  );
  // The windows are whole months: their summaries keep the month view's default month and page
  // counts current without a read of their own; written once this answer is out.
  const months = windows.flatMap((window) => monthsBetween(monthOf(window.from), monthOf(window.to)));
  const summary = read.flatMap((pages) => pages.summary);
  setImmediate(() => {
    recordMonthSummaries(null, summary, months, now).catch((error: unknown) =>
      logger.warn({ err: error, requestId }, 'could not record the month summaries'),
    );
  });
  return {
    windows,
    rows: read.flatMap((pages) => pages.outputs.flat()),
    upstreamCalls: snapshot.calls + read.reduce((sum, pages) => sum + pages.calls, 0),
  };
}
