import 'server-only';
import { logger } from '../../log';
import type { RenewalRow } from '../../renewals/rows';
import type { CopyAge } from '../../sync/age';
import { type DueWindow, todayWindows } from '../../today/windows';
import { pageSnapshot } from '../portfolio/join';
import { recordMonthSummaries } from '../renewals/window';
import { copyAge, ensureMonths, monthsOfWindow } from '../sync/copy';
import { copyMonthRows } from '../sync/month-rows';

/**
 * The renewals behind Today: its due-date windows read from the synced copy, joined to the
 * portfolio snapshot, from whole months kept parsed while the copy does not change. A view costs no upstream call;
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
  // Whole months, parsed once per change of the copy (../sync/month-rows.ts), cut to the windows.
  const { byMonth, changed } = await copyMonthRows(months);
  const monthArrays = months.map((month) => byMonth.get(month)?.rows ?? NO_ROWS);
  const rows = rowsInWindows(windows, monthArrays);
  const copy = await copyAge(months);
  // The windows are whole months: their summaries keep the month view's default month current
  // without a read of their own; written once this answer is out, and only when the copy changed
  // (the same rows give the same summaries).
  if (changed)
    setImmediate(() => {
      recordMonthSummaries(null, monthArrays.flat(), months, now).catch((error: unknown) =>
        logger.warn({ err: error, requestId }, 'could not record the month summaries'),
      );
    });
  return {
    windows,
    rows,
    upstreamCalls: snapshot.calls + ensured.calls,
    copy,
  };
}

/**
 * The renewals inside the windows: the same array while neither the windows nor any month's parsed
 * rows changed (the same arrays, ../sync/month-rows.ts), so that what is built from it can be kept
 * too (the buckets, lib/today/buckets.ts).
 */
const NO_ROWS: RenewalRow[] = [];
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
  const rows = windows.flatMap((window) =>
    monthRows.filter((row) => row.dueDate >= window.from && row.dueDate <= window.to),
  );
  lastWindowRows = { key, monthArrays, rows };
  return rows;
}
