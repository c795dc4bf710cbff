import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { SCOPES } from '../../lib/annuity/schemas';
import { parseEnv } from '../../lib/env-schema';
import { addMonths } from '../../lib/format/dates';
import { planSync, type SyncPlan, type SyncSettings, syncSettingsOf } from '../../lib/sync/plan';
import { prepareDatabase } from '../../scripts/lib/prepare-database';
import { markdownTable } from './report';
import { BENCH_KEY_DAILY_LIMIT, type Upstream } from './stack';
import { countCalls } from './upstream-calls';

/**
 * The synced copy's cost: for each tenant (the bench's 29,000 patents, and one
 * of 100,000 made through the stand-in's operator API), the first full sync (`runSync` as the
 * worker's first runs: every month of the plan and the whole history once, `force`, in a process
 * of its own: bench/sync-child.ts) timed, with its calls counted at the service and the peak RSS
 * of the process doing it (PGlite runs inside it); then the sync's calls per day at the default
 * cadences (lib/sync/plan.ts `planSync`, each month costing the pages its walk took, the months
 * the copy then keeps open read as often as the urgent ones) against the sync's share
 * (SYNC_QUOTA_PERCENT) of the tenant key's daily limit, and of the stand-in's default for a new key
 * (10,000 a day) beside it.
 */
const run = promisify(execFile);

/** What the stand-in gives a new key (sandbox/service.ts): a small key's daily limit. */
const STAND_IN_DEFAULT_DAILY_LIMIT = 10_000;

interface ChildResult {
  ms: number;
  calls: number;
  stopped: string | null;
  months: string[];
  walked: { month: string; complete: boolean; items: number; calls: number }[];
  currentMonth: string;
  /** Months the copy keeps reading after the first sync: something in them is open or moving. */
  openMonths: string[];
  startRssMiB: number;
  peakRssMiB: number;
}

interface PlanFigures {
  limit: number | null;
  budget: number | null;
  callsPerDay: number;
  stretch: number;
  tiers: {
    name: string;
    months: number;
    callsPerRefresh: number;
    cadenceMinutes: number | null;
    effectiveMinutes: number | null;
    callsPerDay: number;
  }[];
}

export interface SyncTenantMeasures {
  tenant: string;
  patents: number;
  /** Creating the tenant at the stand-in (0 for the bench's own, timed elsewhere). */
  createMs: number;
  firstSync: {
    ms: number;
    /** Calls the sync counted, and those the service counted (they should agree). */
    calls: number;
    serviceCalls: number;
    operations: Record<string, number>;
    months: number;
    /** Months of the history (before M−6) the first sync read once. */
    historyMonths: number;
    /** Of them, months holding something open or moving: read at the urgent cadence after. */
    openMonths: number;
    renewals: number;
    busiest: { month: string; renewals: number } | null;
    incomplete: string[];
    stopped: string | null;
    startRssMiB: number;
    peakRssMiB: number;
  };
  sharePercent: number;
  /** At the default cadences, before any stretching. */
  defaultCadence: PlanFigures;
  /** Against the tenant key's daily limit, and the stand-in's default key. */
  keyLimit: PlanFigures;
  standInDefaultKey: PlanFigures;
}

/** The cadences and share the dashboards the bench starts run with (their env is this process's). */
export function benchSyncSettings(): SyncSettings {
  return syncSettingsOf(
    parseEnv({
      ...process.env,
      DATABASE_URL: '',
      AUTH_SECRET: 'bench-sync-secret-0123456789abcdef0123456789abcdef',
    }),
  );
}

function planFigures(plan: SyncPlan): PlanFigures {
  return {
    limit: plan.limit,
    budget: plan.budget,
    callsPerDay: plan.callsPerDay,
    stretch: Number(plan.stretch.toFixed(2)),
    tiers: plan.tiers.map((tier) => ({
      name: tier.name,
      months: tier.months.length,
      callsPerRefresh: tier.callsPerRefresh,
      cadenceMinutes: tier.cadenceMinutes,
      effectiveMinutes: tier.effectiveMinutes,
      callsPerDay: tier.callsPerDay,
    })),
  };
}

function childEnvironment(dataDir: string, upstream: Upstream): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    // A port nothing answers on: nothing here serves pages.
    PORT: '1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    AUTH_SECRET: 'bench-sync-secret-0123456789abcdef0123456789abcdef',
    ANNUITY_API_URL: upstream.sandbox.baseUrl,
    ANNUITY_API_KEY: upstream.key,
    ANNUITY_UPSTREAM_IS_SANDBOX: '1',
    LOG_LEVEL: 'warn',
    WORKER: 'off',
  };
}

async function firstSync(root: string, dataDir: string, upstream: Upstream) {
  mkdirSync(dataDir, { recursive: true });
  const environment = childEnvironment(dataDir, upstream);
  const env = parseEnv(environment);
  await prepareDatabase(env, { demo: true });
  let result: ChildResult | null = null;
  const counted = await countCalls(upstream, async () => {
    const { stdout } = await run(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', 'bench/sync-child.ts'],
      { cwd: root, env: environment, maxBuffer: 64 * 1024 * 1024 },
    );
    const line = stdout.split('\n').find((candidate) => candidate.startsWith('SYNC_RESULT '));
    if (!line) throw new Error(`the sync child printed no result:\n${stdout.slice(-2000)}`);
    result = JSON.parse(line.slice('SYNC_RESULT '.length)) as ChildResult;
  });
  if (!result) throw new Error('no sync result');
  return { result: result as ChildResult, counted, env };
}

/** One tenant's first full sync and its plan. */
async function measureTenant(
  root: string,
  dataDir: string,
  upstream: Upstream,
  patents: number,
  createMs: number,
): Promise<SyncTenantMeasures> {
  const { result, counted, env } = await firstSync(root, dataDir, upstream);
  const callsOf = (month: string) => result.walked.find((walk) => walk.month === month)?.calls ?? 1;
  const settings = syncSettingsOf(env);
  const current = result.currentMonth;
  const copy = { moving: result.openMonths, unreadHistory: [] };
  const busiest = [...result.walked].sort((a, b) => b.items - a.items)[0] ?? null;
  return {
    tenant: upstream.tenant,
    patents,
    createMs,
    firstSync: {
      ms: result.ms,
      calls: result.calls,
      serviceCalls: counted.calls,
      operations: counted.operations,
      months: result.walked.length,
      historyMonths: result.walked.filter((walk) => walk.month < addMonths(current, -6)).length,
      openMonths: result.openMonths.filter((month) => month < addMonths(current, -6)).length,
      renewals: result.walked.reduce((sum, walk) => sum + walk.items, 0),
      busiest: busiest ? { month: busiest.month, renewals: busiest.items } : null,
      incomplete: result.walked.filter((walk) => !walk.complete).map((walk) => walk.month),
      stopped: result.stopped,
      startRssMiB: result.startRssMiB,
      peakRssMiB: result.peakRssMiB,
    },
    sharePercent: settings.sharePercent,
    defaultCadence: planFigures(planSync(current, settings, callsOf, null, copy)),
    keyLimit: planFigures(planSync(current, settings, callsOf, BENCH_KEY_DAILY_LIMIT, copy)),
    standInDefaultKey: planFigures(planSync(current, settings, callsOf, STAND_IN_DEFAULT_DAILY_LIMIT, copy)),
  };
}

/**
 * The bench tenant, then a tenant of `largePatents` made through the operator API on the same
 * stand-in (skipped when 0). Each first sync runs on a fresh data dir under `workDir`.
 */
export async function measureSync(options: {
  root: string;
  workDir: string;
  upstream: Upstream;
  patents: number;
  largePatents: number;
  seed: number;
  log: (message: string) => void;
}): Promise<SyncTenantMeasures[]> {
  const { root, workDir, upstream } = options;
  const measures: SyncTenantMeasures[] = [];
  options.log(`First full sync of the ${options.patents}-patent tenant`);
  measures.push(
    await measureTenant(root, path.join(workDir, 'sync-bench'), upstream, options.patents, upstream.createMs),
  );
  if (options.largePatents > 0) {
    const name = `bench-${options.largePatents}`;
    options.log(`Creating a ${options.largePatents}-patent tenant through the operator API`);
    const begun = performance.now();
    await upstream.sandbox.operator.createTenant({ name, patents: options.largePatents, seed: options.seed });
    const createMs = Math.round(performance.now() - begun);
    const { key } = await upstream.sandbox.operator.createKey({
      tenant: name,
      scopes: [...SCOPES],
      dailyLimit: BENCH_KEY_DAILY_LIMIT,
    });
    const large: Upstream = { sandbox: upstream.sandbox, tenant: name, key, createMs };
    options.log(`First full sync of the ${options.largePatents}-patent tenant`);
    measures.push(
      await measureTenant(root, path.join(workDir, `sync-${name}`), large, options.largePatents, createMs),
    );
  }
  return measures;
}

const thousands = (value: number | null) => (value === null ? '—' : value.toLocaleString('en'));

/** The tables the bench prints. */
export function syncTables(measures: readonly SyncTenantMeasures[]): { title: string; table: string }[] {
  const first = markdownTable(
    [
      'tenant',
      'months',
      'history (open after)',
      'renewals',
      'busiest month',
      'calls (service)',
      'time s',
      'peak RSS MiB (at start)',
      'incomplete',
    ],
    measures.map((tenant) => [
      `${thousands(tenant.patents)} patents`,
      `${tenant.firstSync.months}`,
      `${tenant.firstSync.historyMonths} (${tenant.firstSync.openMonths})`,
      thousands(tenant.firstSync.renewals),
      tenant.firstSync.busiest
        ? `${tenant.firstSync.busiest.month}: ${thousands(tenant.firstSync.busiest.renewals)}`
        : '—',
      `${thousands(tenant.firstSync.calls)} (${thousands(tenant.firstSync.serviceCalls)})`,
      (tenant.firstSync.ms / 1000).toFixed(1),
      `${tenant.firstSync.peakRssMiB} (${tenant.firstSync.startRssMiB})`,
      tenant.firstSync.incomplete.length === 0 ? 'none' : tenant.firstSync.incomplete.join(', '),
    ]),
  );
  const perDay = markdownTable(
    ['tenant', 'tier', 'months', 'calls a refresh', 'default cadence min', 'calls a day'],
    measures.flatMap((tenant) =>
      tenant.defaultCadence.tiers.map((tier) => [
        `${thousands(tenant.patents)} patents`,
        tier.name,
        `${tier.months}`,
        thousands(tier.callsPerRefresh),
        tier.cadenceMinutes === null ? 'once' : `${tier.cadenceMinutes}`,
        thousands(tier.callsPerDay),
      ]),
    ),
  );
  const quota = markdownTable(
    ['tenant', 'calls a day at the default cadence', 'key', `sync's share`, 'fits', 'cadence stretched ×'],
    measures.flatMap((tenant) =>
      [
        { key: `tenant key, ${thousands(tenant.keyLimit.limit)} a day`, plan: tenant.keyLimit },
        {
          key: `stand-in default key, ${thousands(tenant.standInDefaultKey.limit)} a day`,
          plan: tenant.standInDefaultKey,
        },
      ].map(({ key, plan }) => [
        `${thousands(tenant.patents)} patents`,
        thousands(tenant.defaultCadence.callsPerDay),
        key,
        `${tenant.sharePercent} % = ${thousands(plan.budget)}`,
        plan.budget !== null && tenant.defaultCadence.callsPerDay <= plan.budget ? 'yes' : 'no',
        `${plan.stretch}`,
      ]),
    ),
  );
  return [
    {
      title:
        'First full sync (runSync as the first runs: every planned month and the whole history, force), one process each',
      table: first,
    },
    { title: 'The sync plan at the default cadences, each month at the pages its walk took', table: perDay },
    { title: 'Sync calls a day against the quota', table: quota },
  ];
}
