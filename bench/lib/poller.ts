import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { parseEnv } from '../../lib/env-schema';
import { prepareDatabase } from '../../scripts/lib/prepare-database';
import type { Upstream } from './stack';
import { countCalls } from './upstream-calls';

/**
 * The background poller's upstream calls per day on the bench tenant, against its
 * budget: BACKGROUND_QUOTA_PERCENT (default 10) of the key's daily limit.
 *
 * Method: a measured cycle, extrapolated to a day. `npm run worker -- --once` runs every periodic
 * job once on a fresh database (the snapshot refresh, batch reconciliation, the poll, the rules),
 * the way the worker runs them; a second `--once` on the same database is a cycle in the steady
 * state (the snapshot is fresh, so only the poll reads the service). The calls of each run are
 * counted at the service, and each job's own count is read from what `--once` prints. A day is
 * 1440 / POLL_INTERVAL_MINUTES polls plus 1440 / SNAPSHOT_MAX_AGE_MINUTES snapshot refreshes (the
 * hourly refresh job reads only when the snapshot is older than that), plus what any other job
 * reported reading, as often as its cron runs it; reconciliation reads only batches of unknown
 * outcome (none here) and the rules read nothing.
 *
 * Budgets are shown for the bench key's limit and for the stand-in service's default key limit
 * (10,000 a day): the real service's numeric quota is not shown (spec: Limits 2).
 */
const run = promisify(execFile);

const STAND_IN_DEFAULT_DAILY_LIMIT = 10_000;

/**
 * Runs a day of the other periodic jobs that may read the service (their crons in
 * lib/server/jobs/definitions.ts). A job not listed here is counted as often as the poll: an
 * over-estimate rather than a call left out.
 */
const OTHER_JOB_RUNS_PER_DAY: Readonly<Record<string, number>> = {
  'reconcile-batches': 144,
  'record-freeze-estimates': 1,
};

interface OnceRun {
  calls: number;
  operations: Record<string, number>;
  /** Calls each job reported (poll-upstream, refresh-snapshot), from the worker's own output. */
  jobCalls: Record<string, number>;
}

export interface PollerMeasures {
  pollIntervalMinutes: number;
  snapshotMaxAgeMinutes: number;
  sharePercent: number;
  first: OnceRun;
  steady: OnceRun;
  pollCalls: number;
  snapshotCalls: number;
  /** Calls of the other jobs in a steady cycle, and their runs per day. */
  otherJobs: { job: string; calls: number; runsPerDay: number }[];
  pollsPerDay: number;
  snapshotsPerDay: number;
  callsPerDay: number;
  budgets: { key: string; dailyLimit: number; budget: number; fits: boolean; pollsTheBudgetAllows: number }[];
}

function jobCalls(stdout: string): Record<string, number> {
  const calls: Record<string, number> = {};
  for (const line of stdout.split('\n')) {
    const match = line.match(/^ok\s+(\S+)\s+(\{.*\})\s*$/);
    if (!match?.[1] || !match[2]) continue;
    const output = JSON.parse(match[2]) as { calls?: unknown };
    if (typeof output.calls === 'number') calls[match[1]] = (calls[match[1]] ?? 0) + output.calls;
  }
  return calls;
}

export async function measurePoller(
  root: string,
  dataDir: string,
  upstream: Upstream,
  keyDailyLimit: number,
): Promise<PollerMeasures> {
  mkdirSync(dataDir, { recursive: true });
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    // A port nothing answers on: `--once` refuses to open a PGlite dir a dashboard owns.
    PORT: '1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    AUTH_SECRET: 'bench-poller-secret-0123456789abcdef0123456789',
    ANNUITY_API_URL: upstream.sandbox.baseUrl,
    ANNUITY_API_KEY: upstream.key,
    ANNUITY_UPSTREAM_IS_SANDBOX: '1',
    LOG_LEVEL: 'warn',
  };
  const env = parseEnv(environment);
  // The demo users: the rules run for real users (they read nothing upstream either way).
  await prepareDatabase(env, { demo: true });
  const once = async (): Promise<OnceRun> => {
    let stdout = '';
    const counted = await countCalls(upstream, async () => {
      const result = await run(
        process.execPath,
        ['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts', '--once'],
        { cwd: root, env: environment, maxBuffer: 16 * 1024 * 1024 },
      );
      stdout = result.stdout;
    });
    return { ...counted, jobCalls: jobCalls(stdout) };
  };
  const first = await once();
  const steady = await once();
  const pollCalls = steady.jobCalls['poll-upstream'] ?? steady.calls;
  const snapshotCalls = first.jobCalls['refresh-snapshot'] ?? 0;
  const pollsPerDay = Math.floor(1440 / env.POLL_INTERVAL_MINUTES);
  const snapshotsPerDay = Math.ceil(1440 / env.SNAPSHOT_MAX_AGE_MINUTES);
  const otherJobs = Object.entries(steady.jobCalls)
    .filter(([job]) => job !== 'poll-upstream' && job !== 'refresh-snapshot')
    .map(([job, calls]) => ({ job, calls, runsPerDay: OTHER_JOB_RUNS_PER_DAY[job] ?? pollsPerDay }));
  const otherPerDay = otherJobs.reduce((sum, job) => sum + job.calls * job.runsPerDay, 0);
  const callsPerDay = pollsPerDay * pollCalls + snapshotsPerDay * snapshotCalls + otherPerDay;
  const budgets = [
    { key: 'bench key', dailyLimit: keyDailyLimit },
    { key: 'stand-in default key', dailyLimit: STAND_IN_DEFAULT_DAILY_LIMIT },
  ].map(({ key, dailyLimit }) => {
    const budget = Math.floor((dailyLimit * env.BACKGROUND_QUOTA_PERCENT) / 100);
    const left = budget - snapshotsPerDay * snapshotCalls - otherPerDay;
    return {
      key,
      dailyLimit,
      budget,
      fits: callsPerDay <= budget,
      // Beyond this the budget check skips polls until the service's quota day resets.
      pollsTheBudgetAllows: pollCalls > 0 ? Math.max(0, Math.floor(left / pollCalls)) : pollsPerDay,
    };
  });
  return {
    pollIntervalMinutes: env.POLL_INTERVAL_MINUTES,
    snapshotMaxAgeMinutes: env.SNAPSHOT_MAX_AGE_MINUTES,
    sharePercent: env.BACKGROUND_QUOTA_PERCENT,
    first,
    steady,
    pollCalls,
    snapshotCalls,
    otherJobs,
    pollsPerDay,
    snapshotsPerDay,
    callsPerDay,
    budgets,
  };
}

/** The poller's table, for the bench's printout. */
export function pollerRows(poller: PollerMeasures): string[][] {
  return [
    ['first cycle (snapshot refresh + poll), calls', `${poller.first.calls}`],
    ['steady cycle (snapshot fresh), calls', `${poller.steady.calls}`],
    ['  of which the poll (Today windows + invoice list)', `${poller.pollCalls}`],
    ...poller.otherJobs.map((job) => [`  of which ${job.job} (${job.runsPerDay} a day)`, `${job.calls}`]),
    ['snapshot refresh, calls', `${poller.snapshotCalls}`],
    [
      `per day: ${poller.pollsPerDay} polls (every ${poller.pollIntervalMinutes} min) + ${poller.snapshotsPerDay} refreshes (max age ${poller.snapshotMaxAgeMinutes} min)${poller.otherJobs.length > 0 ? ' + other jobs' : ''}`,
      `${poller.callsPerDay}`,
    ],
    ...poller.budgets.map((budget) => [
      `budget: ${poller.sharePercent} % of ${budget.dailyLimit.toLocaleString('en')} (${budget.key})`,
      `${budget.budget} — ${budget.fits ? 'fits' : `does not fit: ${budget.pollsTheBudgetAllows} poll${budget.pollsTheBudgetAllows === 1 ? '' : 's'} a day`}`,
    ]),
  ];
}
