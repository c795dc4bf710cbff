/**
 * `lib/server/runtime/`: what runs once when a server process starts (`instrumentation.ts` calls
 * it).
 */
import 'server-only';
import { closeDb } from '../../db';
import { getEnv } from '../../env';
import { logger } from '../../log';
import { registerSecret } from '../../redact';
import { runConnectionCheck } from '../connection/connection';
import { reconcileOpenBatches } from '../decisions/reconcile';
import { startEmbeddedWorker, stopEmbeddedWorker } from '../jobs/embedded';

let started = false;

export async function startServerProcess(): Promise<void> {
  if (started) return;
  started = true;
  const env = getEnv();
  registerSecret(env.ANNUITY_API_KEY);
  registerSecret(env.AUTH_SECRET);

  // With NEXT_MANUAL_SIG_HANDLE set (scripts/start.ts sets it), Next leaves signals to us.
  if (process.env.NEXT_MANUAL_SIG_HANDLE) {
    const shutdown = (signal: NodeJS.Signals) => {
      logger.info({ signal }, 'shutting down');
      const forceExit = setTimeout(() => process.exit(1), 10_000);
      forceExit.unref();
      stopEmbeddedWorker()
        .catch((error: unknown) => logger.error({ err: error }, 'stopping the worker failed'))
        .then(() => closeDb())
        .catch((error: unknown) => logger.error({ err: error }, 'closing the database failed'))
        .finally(() => process.exit(0));
    };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  }
  logger.info(
    { port: env.PORT, database: env.DATABASE_URL ? 'postgres' : 'pglite' },
    'dashboard process started',
  );
  // The header's connection badge and the admin page start from a fresh check; it runs in the
  // background so a slow or absent service never delays start-up.
  void runConnectionCheck(`startup-${crypto.randomUUID()}`, env.ANNUITY_API_URL ?? null).catch(
    (error: unknown) => logger.warn({ err: error }, 'start-up connection check failed'),
  );
  // A batch left open by a stopped process (posted, answer never recorded) is settled against the
  // service now, so no decision stays in doubt.
  void reconcileOpenBatches(`startup-${crypto.randomUUID()}`)
    .then((settled) => {
      if (settled > 0) logger.info({ settled }, 'open instruction batches reconciled');
    })
    .catch((error: unknown) => logger.warn({ err: error }, 'start-up batch reconciliation failed'));
  // Background jobs: polling, reminders, mail. In this process on the embedded default,
  // which owns the PGlite data dir; see lib/server/jobs/embedded.ts.
  startEmbeddedWorker();
}
