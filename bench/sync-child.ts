/**
 * One first full sync, in a process of its own so its memory is its own: run by bench/lib/sync.ts
 * with the react-server condition (the server modules import server-only), on a fresh data dir
 * (PGlite runs inside this process, so its memory is counted here too) and the tenant's key. It
 * reads what the worker's first sync reads (lib/sync/plan.ts: every tier's month, then the whole
 * history, from the portfolio's earliest filing date to M−7), with `force` (no budget check: the
 * worker would spread the same reads over its share's days), runs after runs as the worker's
 * minutes would until one ends within its time, and prints one line: `SYNC_RESULT {json}` with the
 * wall time, the calls, each month's walk, the months the copy then keeps open and the peak RSS.
 */
import { closeDb, getDb } from '../lib/db';
import { currentYearMonth } from '../lib/format/dates';
import { DEFAULT_CONNECTION } from '../lib/server/connection/default-connection';
import { serviceToday } from '../lib/server/connection/service-day';
import { copiedOpenMonths } from '../lib/server/sync/open-months';
import { runSync, type SyncRun } from '../lib/server/sync/run';

const MIB = 1024 * 1024;

async function main(): Promise<void> {
  const db = await getDb();
  const now = new Date();
  const months: string[] = [];
  const startRssBytes = process.memoryUsage().rss;
  let sampledPeakBytes = startRssBytes;
  const sampler = setInterval(() => {
    sampledPeakBytes = Math.max(sampledPeakBytes, process.memoryUsage().rss);
  }, 25);
  const started = performance.now();
  const run: SyncRun = { walked: [], calls: 0, stopped: 'time' };
  while (run.stopped === 'time') {
    const part = await runSync(db, { now, requestId: 'bench-first-sync', force: true });
    run.walked.push(...part.walked);
    run.calls += part.calls;
    run.stopped = part.stopped;
  }
  const ms = Math.round(performance.now() - started);
  months.push(...run.walked.map((walk) => walk.month));
  const open = await copiedOpenMonths(db, DEFAULT_CONNECTION, await serviceToday(now));
  clearInterval(sampler);
  // ru_maxrss is in KiB on Linux: the peak over the process's life, start-up included.
  const maxRssBytes = process.resourceUsage().maxRSS * 1024;
  await closeDb();
  console.log(
    `SYNC_RESULT ${JSON.stringify({
      ms,
      calls: run.calls,
      stopped: run.stopped,
      months,
      walked: run.walked,
      currentMonth: currentYearMonth(now),
      openMonths: open.moving,
      startRssMiB: Math.round(startRssBytes / MIB),
      peakRssMiB: Math.round(Math.max(maxRssBytes, sampledPeakBytes) / MIB),
    })}`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
