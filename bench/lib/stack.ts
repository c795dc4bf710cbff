import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { SCOPES } from '../../lib/annuity/schemas';
import { parseEnv } from '../../lib/env-schema';
import { freePort } from '../../sandbox/process-group';
import { type StartedSandbox, startSandbox } from '../../sandbox/testing';
import { type Child, spawnChild, stopChild, waitForLine } from '../../scripts/lib/children';
import { prepareDatabase } from '../../scripts/lib/prepare-database';

/**
 * The processes the bench measures: the real stand-in service with one large tenant, and the
 * dashboard in production mode (`next start`) on free ports, each with data dirs of its own under
 * the bench's temporary dir. Everything started here is stopped by `stop()`, and killed if the
 * bench process exits without it.
 */
const BENCH_TENANT = 'bench';
/** Far more than a day of bench calls, so quota never shapes a figure. */
export const BENCH_KEY_DAILY_LIMIT = 10_000_000;

export interface Upstream {
  sandbox: StartedSandbox;
  tenant: string;
  key: string;
  createMs: number;
}

export interface Dashboard {
  baseUrl: string;
  stop(): Promise<void>;
}

const started = new Set<Child>();
process.once('exit', () => {
  for (const child of started) {
    try {
      if (child.process.pid) process.kill(-child.process.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

export async function startUpstream(workDir: string, patents: number, seed: number): Promise<Upstream> {
  const sandbox = await startSandbox({ dataDir: path.join(workDir, 'sandbox'), timeoutMs: 180_000 });
  try {
    const begun = performance.now();
    await sandbox.operator.createTenant({ name: BENCH_TENANT, patents, seed });
    const createMs = Math.round(performance.now() - begun);
    const { key } = await sandbox.operator.createKey({
      tenant: BENCH_TENANT,
      scopes: [...SCOPES],
      dailyLimit: BENCH_KEY_DAILY_LIMIT,
    });
    return { sandbox, tenant: BENCH_TENANT, key, createMs };
  } catch (error) {
    await sandbox.stop();
    throw error;
  }
}

async function waitForHealth(baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the dashboard at ${baseUrl} did not answer /api/health in ${timeoutMs / 1000} s`);
}

/**
 * A dashboard on a fresh data dir: migrated and given the demo users before it starts (PGlite allows
 * one process per data dir, and prepareDatabase closes it before `next start` opens it).
 */
export async function startDashboard(options: {
  root: string;
  dataDir: string;
  upstream: Upstream;
  name: string;
}): Promise<Dashboard> {
  mkdirSync(options.dataDir, { recursive: true });
  const port = await freePort();
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_MANUAL_SIG_HANDLE: 'true',
    PORT: String(port),
    DATA_DIR: options.dataDir,
    DATABASE_URL: '',
    PUBLIC_URL: '',
    AUTH_SECRET: randomBytes(32).toString('hex'),
    ANNUITY_API_URL: options.upstream.sandbox.baseUrl,
    ANNUITY_API_KEY: options.upstream.key,
    ANNUITY_UPSTREAM_IS_SANDBOX: '1',
    LOG_LEVEL: 'warn',
    // Calls per user action are counted at the service between two resets: the background poller
    // would add its own reads to them (its daily budget is a share of the quota, measured apart).
    WORKER: 'off',
  };
  await prepareDatabase(parseEnv(environment), { demo: true });
  const child = spawnChild(
    options.name,
    process.execPath,
    ['node_modules/next/dist/bin/next', 'start', '--port', String(port)],
    environment,
  );
  started.add(child);
  const stop = async () => {
    await stopChild(child);
    started.delete(child);
  };
  try {
    await waitForLine(child, /Ready in|started server on|Local:/i, 120_000);
    const baseUrl = `http://localhost:${port}`;
    await waitForHealth(baseUrl, 60_000);
    return { baseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
