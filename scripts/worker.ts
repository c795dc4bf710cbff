/**
 * `npm run worker`: the background worker as its own process (issue 15), for dashboards on
 * PostgreSQL (DATABASE_URL) that leave background work to it (WORKER=off on the instances, or not:
 * the queue hands each job to one worker either way).
 *
 * `npm run worker -- --once`: runs every periodic job once (snapshot, batch reconciliation, poll,
 * notifications), sends the emails they produced, prints what ran and exits (1 when a job failed).
 *
 * On the embedded default the dashboard process owns the PGlite data dir and runs the worker
 * itself; two processes must never open one PGlite dir (stack-notes), so this refuses to open it
 * while a dashboard answers on PORT.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setDatabaseForTests } from '../lib/db';
import { openDatabase } from '../lib/db/open';
import { databaseTarget } from '../lib/db/target';
import { EnvError, parseEnv } from '../lib/env-schema';
import { runDueJobsOnce, startWorker } from '../lib/server/jobs/worker';

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
  if (!env.DATABASE_URL && (await dashboardAnswers(env.PORT))) {
    console.error(
      '\nThe dashboard is running on the embedded database and runs the background jobs itself.\n' +
        'A PGlite data dir can be open in one process only: stop the dashboard first, or set DATABASE_URL.\n',
    );
    process.exit(1);
  }
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
