import 'server-only';
import { getDatabaseHandle } from '../../db';
import { getEnv } from '../../env';
import { logger } from '../../log';
import { type RunningWorker, startWorker } from './worker';

/**
 * The worker inside the dashboard process (`npm start`). On the embedded default this is the only
 * way: the dashboard owns the PGlite data dir, which one process alone may open. With PostgreSQL
 * every instance may run it too (pg-boss hands each job to one of them), or WORKER=off leaves the
 * work to `npm run worker`.
 */
const globalForWorker = globalThis as typeof globalThis & { __annuityWorker?: Promise<RunningWorker | null> };

export function startEmbeddedWorker(): void {
  const env = getEnv();
  if (env.WORKER === 'off' || globalForWorker.__annuityWorker) return;
  globalForWorker.__annuityWorker = getDatabaseHandle()
    // PGlite has one connection, shared with every page: the queues are looked at less often.
    .then((handle) =>
      startWorker({
        handle,
        databaseUrl: env.DATABASE_URL,
        pollingIntervalSeconds: handle.driver === 'pglite' ? 10 : 5,
      }),
    )
    .catch((error: unknown) => {
      logger.error({ err: error }, 'the background worker did not start');
      return null;
    });
}

/** Stops taking jobs and waits (briefly) for running ones, before the database closes. */
export async function stopEmbeddedWorker(): Promise<void> {
  const pending = globalForWorker.__annuityWorker;
  globalForWorker.__annuityWorker = undefined;
  const worker = pending ? await pending : null;
  await worker?.stop();
}
