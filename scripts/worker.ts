/**
 * `npm run worker`: the background worker as its own process, for dashboards on
 * PostgreSQL (DATABASE_URL) that leave background work to it (WORKER=off on the instances, or not:
 * the queue hands each job to one worker either way).
 *
 * `npm run worker -- --once`: runs every periodic job once (snapshot, batch reconciliation, poll,
 * notifications), sends the emails they produced, prints what ran and exits (1 when a job failed).
 *
 * On the embedded default the dashboard process owns the PGlite data dir and runs the worker
 * itself; two processes must never open one PGlite dir (stack-notes), so this refuses to open it
 * while a dashboard answers on PORT.
 *
 * Which service: ANNUITY_API_URL when set. Without it, `npm start` runs the stand-in service on
 * SANDBOX_PORT with the demo key and hands both to the dashboard; this finds the same stand-in
 * there (asked once with the demo key) and uses it the same way, or says that none answers. It
 * prints the service it uses either way.
 *
 * Which secret (stored API keys, signed links): found as npm start finds it, AUTH_SECRET when set,
 * else the one npm start keeps in DATA_DIR (scripts/lib/local-secret.ts), whichever service is
 * called. With none of these and no KEY_ENCRYPTION_SECRET it refuses to start.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAnnuityClient } from '../lib/annuity/client';
import { setDatabaseForTests } from '../lib/db';
import { openDatabase } from '../lib/db/open';
import { databaseTarget } from '../lib/db/target';
import { resetEnvForTests } from '../lib/env';
import { EnvError, parseEnv } from '../lib/env-schema';
import { runDueJobsOnce, startWorker } from '../lib/server/jobs/worker';
import { DEMO_API_KEY } from '../sandbox/demo';
import { findAuthSecret, MissingSecretError } from './lib/local-secret';

const root = fileURLToPath(new URL('..', import.meta.url));
const once = process.argv.includes('--once');

async function dashboardAnswers(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
      signal: AbortSignal.timeout(1_500),
    });
    return response.status < 500;
  } catch {
    return false;
  }
}

/** Whether the stand-in service answers at `url` and takes the demo key (one call, no retry). */
async function standInAnswers(url: string): Promise<boolean> {
  try {
    const client = createAnnuityClient({ baseUrl: url, apiKey: DEMO_API_KEY, retries: 0, timeoutMs: 3_000 });
    await client.getPatents({ itemsPerPage: 1 });
    return true;
  } catch {
    return false;
  }
}

/**
 * The service this worker calls, set in the environment the way scripts/start.ts hands it to the
 * dashboard. Returns the line to print, or exits saying what is missing.
 */
async function resolveService(env: ReturnType<typeof parseEnv>): Promise<string> {
  if (env.ANNUITY_API_URL) return `Service: ${env.ANNUITY_API_URL} (ANNUITY_API_URL)`;
  const host = process.env.SANDBOX_HOST || '127.0.0.1';
  const url = `http://${host}:${env.SANDBOX_PORT}`;
  if (!(await standInAnswers(url))) {
    console.error(
      `\nNo service to call: ANNUITY_API_URL is not set, and no stand-in service answers at ${url} ` +
        '(SANDBOX_PORT) with the demo key.\nStart the dashboard with `npm start` (it runs the stand-in), ' +
        'or set ANNUITY_API_URL and ANNUITY_API_KEY.\n',
    );
    process.exit(1);
  }
  process.env.ANNUITY_API_URL = url;
  process.env.ANNUITY_API_KEY = DEMO_API_KEY;
  process.env.ANNUITY_UPSTREAM_IS_SANDBOX = '1';
  resetEnvForTests();
  return `Service: the stand-in service at ${url} (demo data, as npm start runs it)`;
}

/**
 * The secret stored keys and signed links are read with, found as npm start finds it (the data
 * dir's when the environment sets none), whichever service is called; exits naming the settings
 * when there is none. Says where it came from, never what it is.
 */
function takeDashboardSecret(env: ReturnType<typeof parseEnv>): void {
  try {
    const { authSecret, source } = findAuthSecret(env, { create: false });
    if (typeof source === 'object' && authSecret) {
      process.env.AUTH_SECRET = authSecret;
      resetEnvForTests();
      console.log(`Secret: AUTH_SECRET from ${source.file} (as npm start uses it)`);
    }
  } catch (error) {
    if (!(error instanceof MissingSecretError)) throw error;
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
}

async function main(): Promise<void> {
  process.chdir(root);
  const dotEnv = path.join(root, '.env');
  if (existsSync(dotEnv)) process.loadEnvFile?.(dotEnv);
  let env: ReturnType<typeof parseEnv>;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  takeDashboardSecret(env);
  if (!env.DATABASE_URL && (await dashboardAnswers(env.PORT))) {
    console.error(
      '\nThe dashboard is running on the embedded database and runs the background jobs itself.\n' +
        'A PGlite data dir can be open in one process only: stop the dashboard first, or set DATABASE_URL.\n',
    );
    process.exit(1);
  }
  console.log(await resolveService(env));
  const handle = await openDatabase(databaseTarget(env));
  // lib/server reaches the database through getDb(): this process's handle is the one it gets.
  setDatabaseForTests(handle);

  if (once) {
    let failed = false;
    try {
      const report = await runDueJobsOnce({ handle, databaseUrl: env.DATABASE_URL });
      for (const job of report.ran) {
        if (!job.ok) failed = true;
        console.log(
          `${job.ok ? 'ok    ' : 'FAILED'} ${job.name} ${job.ok ? JSON.stringify(job.output ?? {}) : job.error}`,
        );
      }
    } finally {
      await handle.close();
    }
    process.exit(failed ? 1 : 0);
  }

  const worker = await startWorker({ handle, databaseUrl: env.DATABASE_URL });
  console.log('Background worker running. Press Ctrl-C to stop.');
  const stop = async () => {
    await worker.stop().catch((error: unknown) => console.error(error));
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
