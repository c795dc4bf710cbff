import 'server-only';
import type PgBoss from 'pg-boss';
import type { Database, DatabaseHandle } from '../../db/open';
import { logger } from '../../log';
import { JOBS, type JobContext, type JobDefinition, type JobName, ONCE_ORDER } from './definitions';
import { createQueue, type QueueTarget, queueTarget } from './queue';

/**
 * The worker: pg-boss queues for every job, cron schedules for the periodic ones, and handlers
 * that call lib/server the way a route handler does. `startWorker` keeps running (inside the
 * dashboard process on PGlite, or in `npm run worker`); `runDueJobsOnce` runs each periodic job
 * once now, drains what they enqueued, and returns (`npm run worker -- --once`, and tests).
 */
export interface WorkerOptions {
  handle: DatabaseHandle;
  databaseUrl?: string;
  /** The worker's clock; tests move it with the stand-in service's clock. */
  now?: () => Date;
  pollingIntervalSeconds?: number;
}

export interface RunningWorker {
  boss: PgBoss;
  stop(): Promise<void>;
}

/** What every job run needs: the queue it came from, our database and the clock. */
interface Runner {
  boss: PgBoss;
  db: Database;
  now: () => Date;
}

function contextFor({ boss, db, now }: Runner, jobId: string): JobContext {
  return {
    db,
    now,
    requestId: `job-${jobId}`,
    enqueue: async (name, data) => {
      await boss.send(name, data, definitionOf(name).retryOptions);
    },
  };
}

function definitionOf(name: JobName): JobDefinition & { retryOptions: PgBoss.SendOptions } {
  const definition = JOBS.find((job) => job.name === name);
  if (!definition) throw new Error(`unknown job ${name}`);
  return {
    ...definition,
    retryOptions: {
      retryLimit: definition.retryLimit,
      retryDelay: definition.retryDelay,
      retryBackoff: true,
    },
  };
}

/**
 * Creating an existing queue is skipped, so every instance may do it at start-up. Two instances
 * creating the same queues on a fresh database at once can deadlock inside pg-boss's
 * create_queue (it adds a partition per queue; seen with two `--once` processes): PostgreSQL
 * aborts one of them, which tries again after a short random pause.
 */
async function createQueues(boss: PgBoss): Promise<void> {
  for (const job of JOBS) {
    const { retryOptions } = definitionOf(job.name);
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await boss.getQueue(job.name)))
          await boss.createQueue(job.name, {
            name: job.name,
            ...retryOptions,
            ...(job.policy ? { policy: job.policy } : {}),
          });
        break;
      } catch (error) {
        const code = (error as { code?: string }).code;
        const retryable = code === '40P01' || code === '23505' || code === '40001';
        if (!retryable || attempt >= 5) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
      }
    }
  }
}

async function openBoss(target: QueueTarget, background: boolean): Promise<PgBoss> {
  const boss = createQueue(target, { background });
  boss.on('error', (error: unknown) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  await createQueues(boss);
  return boss;
}

async function runJob(runner: Runner, definition: JobDefinition, job: PgBoss.Job<unknown>): Promise<unknown> {
  const started = Date.now();
  try {
    const output = await definition.run(
      contextFor(runner, job.id),
      (job.data ?? {}) as Record<string, unknown>,
    );
    logger.debug({ job: definition.name, id: job.id, ms: Date.now() - started }, 'job done');
    return output;
  } catch (error) {
    logger.warn({ err: error, job: definition.name, id: job.id }, 'job failed (the queue retries it)');
    throw error;
  }
}

/** Jobs a running worker takes per fetch (see startWorker). */
const WORK_BATCH_SIZE = 10;

export async function startWorker(options: WorkerOptions): Promise<RunningWorker> {
  const now = options.now ?? (() => new Date());
  const boss = await openBoss(queueTarget(options.handle, options.databaseUrl), true);
  const runner: Runner = { boss, db: options.handle.db, now };
  for (const definition of JOBS) {
    // pg-boss waits a polling interval after every fetch, a full one too: one job per fetch held
    // email to one message per 5 s per instance (e2e/instances.spec.ts showed 50 reminders taking
    // two minutes). Up to WORK_BATCH_SIZE per fetch, each completed or failed on its own, so one
    // failed send is retried alone; pg-boss's own completion afterwards finds none still active.
    await boss.work(
      definition.name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 5, batchSize: WORK_BATCH_SIZE },
      async (jobs) => {
        for (const job of jobs) await settleJob(runner, definition, job);
      },
    );
    // pg-boss enqueues each cron slot once across every instance that runs a scheduler: the
    // timekeeper claims the slot in the database and sends with a singleton key.
    if (definition.cron) await boss.schedule(definition.name, definition.cron(), {}, { tz: 'UTC' });
  }
  // A first poll now rather than at the next cron slot, so a fresh start (the demo) has reminders
  // within minutes. The singleton key makes instances starting together enqueue one.
  const poll = definitionOf('poll-upstream');
  await boss.send(
    'poll-upstream',
    {},
    { ...poll.retryOptions, singletonKey: 'start-up', singletonSeconds: 600 },
  );
  // The copy's first sync now rather than at the next minute's slot (the singleton queue keeps
  // instances starting together to one).
  await boss.send('sync', {}, definitionOf('sync').retryOptions);
  // And a notify run now rather than at the next slot. Every instance sends one at start-up; each
  // run finds taken the keys an earlier run, or another instance, already claimed (a restart sends
  // nothing twice, e2e/instances.spec.ts).
  await boss.send('notify', {}, definitionOf('notify').retryOptions);
  logger.info({ jobs: JOBS.map((job) => job.name) }, 'background worker started');
  return {
    boss,
    stop: async () => {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

export interface OnceReport {
  ran: { name: JobName; id: string; ok: boolean; output?: unknown; error?: string }[];
}

/** At most this many 10 ms waits for a job just sent to become fetchable (`runDueJobsOnce`). */
const SEND_VISIBLE_WAITS = 50;

/**
 * Runs every periodic job once, in ONCE_ORDER, then every job they enqueued (emails), and
 * returns. Jobs are fetched from the queue like any worker fetches them (FOR UPDATE SKIP LOCKED),
 * so a continuous worker running at the same time never runs the same job.
 */
export async function runDueJobsOnce(options: WorkerOptions): Promise<OnceReport> {
  const now = options.now ?? (() => new Date());
  const boss = await openBoss(queueTarget(options.handle, options.databaseUrl), false);
  const runner: Runner = { boss, db: options.handle.db, now };
  const report: OnceReport = { ran: [] };
  try {
    for (const name of ONCE_ORDER) {
      const definition = definitionOf(name);
      const id = await boss.send(name, {}, definition.retryOptions);
      await drain(runner, definition, report);
      // pg-boss makes a job fetchable once the database clock has passed its start (start_after <
      // now()); on PGlite a fetch in the same clock tick as the send does not see it yet, and the
      // run skipped the job (seen on Node 24). Ask again for a moment until our job has run.
      for (
        let wait = 0;
        id && !report.ran.some((job) => job.id === id) && wait < SEND_VISIBLE_WAITS;
        wait++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        await drain(runner, definition, report);
      }
    }
    await drain(runner, definitionOf('send-mail'), report);
    await drain(runner, definitionOf('send-chat'), report);
  } finally {
    await boss.stop({ graceful: false, wait: true, timeout: 5_000 });
  }
  return report;
}

async function drain(runner: Runner, definition: JobDefinition, report: OnceReport): Promise<void> {
  for (;;) {
    const jobs = await runner.boss.fetch<unknown>(definition.name, { batchSize: 10 });
    if (!jobs || jobs.length === 0) return;
    for (const job of jobs) report.ran.push(await settleJob(runner, definition, job));
  }
}

/** Runs one fetched job and completes or fails it by itself (the queue retries a failed one). */
async function settleJob(
  runner: Runner,
  definition: JobDefinition,
  job: PgBoss.Job<unknown>,
): Promise<OnceReport['ran'][number]> {
  try {
    const output = await runJob(runner, definition, job);
    await runner.boss.complete(definition.name, job.id, output && typeof output === 'object' ? output : {});
    return { name: definition.name, id: job.id, ok: true, output };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await runner.boss.fail(definition.name, job.id, { message });
    return { name: definition.name, id: job.id, ok: false, error: message };
  }
}
