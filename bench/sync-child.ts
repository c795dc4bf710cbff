/**
 * One first full sync, in a process of its own so its memory is its own: run by bench/lib/sync.ts
 * with the react-server condition (the server modules import server-only), on a fresh data dir
 * (PGlite runs inside this process, so its memory is counted here too) and the tenant's key. It
 * reads every month of the plan (lib/sync/plan.ts) with `force` (no budget check: the first sync
 * of a tenant reads everything once), as `runSync` does for the worker, and prints one line:
 * `SYNC_RESULT {json}` with the wall time, the calls, each month's walk and the peak RSS.
 */
import { closeDb, getDb } from '../lib/db';
import { plannedMonths, runSync } from '../lib/server/sync/run';

const MIB = 1024 * 1024;

async function main(): Promise<void> {
  const db = await getDb();
  const now = new Date();
  const months = plannedMonths(now);
  const startRssBytes = process.memoryUsage().rss;
  let sampledPeakBytes = startRssBytes;
  const sampler = setInterval(() => {
    sampledPeakBytes = Math.max(sampledPeakBytes, process.memoryUsage().rss);
  }, 25);
  const started = performance.now();
  const run = await runSync(db, { now, requestId: 'bench-first-sync', months, force: true });
  const ms = Math.round(performance.now() - started);
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
