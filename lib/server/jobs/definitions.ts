/**
 * `lib/server/jobs/`: the worker: the pg-boss queue on our own database (`queue.ts`), every job
 * with its schedule and retries (`definitions.ts`), the running worker and `--once` (`worker.ts`),
 * the worker inside the dashboard process (`embedded.ts`).
 */
import 'server-only';
import type { Database } from '../../db';
import { getEnv } from '../../env';
import { logger } from '../../log';
import { checkBackgroundBudget, recordSpend } from '../connection/background-budget';
import { activeConnectionIds } from '../connection/clients';
import { upstreamClient } from '../connection/upstream';
import { reconcileOpenBatches } from '../decisions/reconcile';
import { buildForecastFromCopy, refreshForecastForEveryClient } from '../forecast/refresh';
import { deliverPost, strandedPostIds } from '../notifications/channels';
import { evaluateNotifications } from '../notifications/evaluate';
import { deliverMessage, markUnknownDeliveries, strandedMessageIds } from '../notifications/mail';
import { pollUpstream } from '../notifications/poll';
import { refreshSnapshot, snapshotStatus } from '../portfolio/snapshot';
import { recordFreezeEstimates } from '../rate-freezes/estimates';
import { runSyncForEveryClient } from '../sync/run';

/**
 * Every background job: its queue, its schedule (cron, UTC) and its retry policy. Retries back off
 * exponentially from `retryDelay` seconds (pg-boss `retryBackoff`). A handler may enqueue
 * follow-up jobs through `enqueue` (the notify job hands each claimed email to send-mail).
 */
export interface JobContext {
  db: Database;
  now: () => Date;
  requestId: string;
  enqueue: (name: JobName, data: Record<string, unknown>) => Promise<void>;
}

const JOB_NAMES = [
  'sync',
  'poll-upstream',
  'refresh-snapshot',
  'reconcile-batches',
  'notify',
  'send-mail',
  'send-chat',
  'record-freeze-estimates',
  'refresh-forecast',
] as const;
export type JobName = (typeof JOB_NAMES)[number];

export interface JobDefinition {
  name: JobName;
  /** Cron in UTC; null for jobs only other jobs enqueue. */
  cron: (() => string) | null;
  retryLimit: number;
  retryDelay: number;
  /** pg-boss queue policy: 'singleton' lets one job of the queue be active at a time. */
  policy?: 'singleton';
  run: (context: JobContext, data: Record<string, unknown>) => Promise<unknown>;
}

/**
 * A job that delivers one outbox row another job claimed (an email, a chat post), whose id the
 * job's data carries under `idField`: up to five tries, backing off from 30 s. A job without an id
 * has nothing to send.
 */
function deliveryJob(
  name: JobName,
  idField: string,
  deliver: (db: Database, id: string, now: Date) => Promise<unknown>,
): JobDefinition {
  return {
    name,
    cron: null,
    retryLimit: 5,
    retryDelay: 30,
    run: async (context, data) => {
      const id = data[idField];
      if (typeof id !== 'string' || !id) return { result: 'missing' };
      return { result: await deliver(context.db, id, context.now()) };
    },
  };
}

/** One client's snapshot, when stale and no refresh is under way, within its background budget. */
async function refreshClientSnapshot(context: JobContext, connection: string) {
  const status = await snapshotStatus(context.now(), connection);
  if (!status.isStale || status.refreshing) return { refreshed: false };
  const budget = await checkBackgroundBudget(context.db, context.now(), connection);
  if (!budget.ok) return { refreshed: false, budget };
  const result = await refreshSnapshot(
    upstreamClient(context.requestId, connection),
    context.requestId,
    connection,
  );
  // Background calls all draw on one budget per client, the snapshot's included.
  await recordSpend(context.db, context.now(), result.calls, 0, connection);
  return result;
}

export const JOBS: readonly JobDefinition[] = [
  {
    // The synced copy every page reads (lib/server/sync): each minute, the months the plan says
    // are due. One sync at a time across every instance: the queue is a singleton. Then each
    // client without a forecast of this month gets one as soon as the copy holds all its months
    // (no call: lib/server/forecast/refresh.ts buildForecastFromCopy), not at the next 05:41.
    name: 'sync',
    cron: () => '* * * * *',
    retryLimit: 0,
    retryDelay: 60,
    policy: 'singleton',
    run: async (context) => {
      const runs = await runSyncForEveryClient(context.db, {
        now: context.now(),
        requestId: context.requestId,
      });
      for (const connection of Object.keys(runs)) {
        try {
          await buildForecastFromCopy(context.db, {
            now: context.now(),
            requestId: context.requestId,
            connection,
          });
        } catch (error) {
          logger.warn(
            { err: error, requestId: context.requestId, connection },
            'the forecast could not be built from the copy',
          );
        }
      }
      return runs;
    },
  },
  {
    // Reads Today's renewal windows and the invoice list within the background budget; records each
    // renewal in `renewal_watch` and what changed in `upstream_change` (lib/server/notifications/poll.ts).
    name: 'poll-upstream',
    cron: () => `*/${getEnv().POLL_INTERVAL_MINUTES} * * * *`,
    retryLimit: 2,
    retryDelay: 60,
    run: async (context) => {
      const result = await pollUpstream(context.db, { now: context.now(), requestId: context.requestId });
      // What the poll recorded is evaluated now, not at the next notify slot (up to 5 minutes on):
      // one poll job runs per slot across instances, so this adds one notify run, not one each.
      if (result.ran) await context.enqueue('notify', {});
      return result;
    },
  },
  {
    // The portfolio snapshots behind the office join (lib/server/portfolio): every active client's,
    // each with its own key and within its own background budget (spec: Authentication 1, a key
    // is one client's; Limits 2, one quota per key), refreshed here when stale so the first visitor
    // of the day does not wait for it. One client's failure leaves the others refreshed; the job
    // then fails so it is retried (a client refreshed meanwhile is no longer stale).
    name: 'refresh-snapshot',
    cron: () => '17 * * * *',
    retryLimit: 2,
    retryDelay: 120,
    run: async (context) => {
      const results: Record<string, unknown> = {};
      let failure: unknown = null;
      for (const connection of await activeConnectionIds()) {
        try {
          results[connection] = await refreshClientSnapshot(context, connection);
        } catch (error) {
          failure ??= error;
          logger.warn(
            { err: error, requestId: context.requestId, connection },
            'a client’s portfolio snapshot could not be refreshed',
          );
        }
      }
      if (failure) throw failure;
      return results;
    },
  },
  {
    // Batches whose outcome is unknown (lib/server/decisions/reconcile.ts): each renewal settles when
    // the service shows it; one still undecided goes back to the draft after
    // UNKNOWN_OUTCOME_WAIT_HOURS (default 24).
    name: 'reconcile-batches',
    cron: () => '*/10 * * * *',
    retryLimit: 3,
    retryDelay: 30,
    run: async (context) => ({ settled: await reconcileOpenBatches(context.requestId, context.now()) }),
  },
  {
    // For every active user, from `renewal_watch` (no upstream call): at most one message per class
    // and run and three in all, across all of the person's clients (about to lapse, a manager's
    // escalations, needs attention, due soon or the digest that carries it), and the chat posts,
    // each claimed with its renewals in `reminder_told` before `send-mail` / `send-chat` is
    // enqueued (lib/server/notifications/evaluate.ts).
    name: 'notify',
    cron: () => '*/5 * * * *',
    retryLimit: 3,
    retryDelay: 30,
    run: async (context) => {
      const result = await evaluateNotifications(context.db, { now: context.now() });
      for (const id of result.messages) await context.enqueue('send-mail', { messageId: id });
      for (const id of result.posts) await context.enqueue('send-chat', { postId: id });
      // Claimed before a stop but never handed over: real time, not the (possibly moved) clock.
      for (const id of await strandedMessageIds(context.db, new Date(Date.now() - 10 * 60_000)))
        await context.enqueue('send-mail', { messageId: id });
      for (const id of await strandedPostIds(context.db, new Date(Date.now() - 10 * 60_000)))
        await context.enqueue('send-chat', { postId: id });
      // Sends whose lease is over: marked "delivery unknown", never resent from here.
      const unknown = await markUnknownDeliveries(context.db);
      if (unknown.length > 0)
        logger.warn({ messages: unknown }, 'messages marked delivery unknown (a send did not finish)');
      if (result.notifications > 0 || result.messages.length > 0)
        logger.info(
          { notifications: result.notifications, emails: result.messages.length },
          'notifications created',
        );
      return {
        notifications: result.notifications,
        emails: result.messages.length,
        chatPosts: result.posts.length,
      };
    },
  },
  {
    // The next three freezable months' estimated totals per invoice currency, once a day, into
    // `freeze_estimate_day` (ceil(renewals / 100) calls a month, within the background budget), so
    // the freeze page can show how they moved (the service keeps no history of live estimates).
    name: 'record-freeze-estimates',
    cron: () => '23 6 * * *',
    retryLimit: 2,
    retryDelay: 300,
    run: (context) => recordFreezeEstimates(context.db, { now: context.now(), requestId: context.requestId }),
  },
  {
    // The coming FORECAST_MONTHS' renewals with their estimates, once a day, after the
    // snapshot's hourly refresh (for office, owner and family), within the background budget:
    // every active client's, each with its own key and budget. Half-year dueFrom/dueTo windows
    // (ceil(renewals / 100) calls a window; none for a window the synced copy holds complete and
    // fresh) replace `forecast_event` from the window's start in one transaction; a run the budget
    // would exceed is recorded as a skipped `forecast_run` saying why.
    name: 'refresh-forecast',
    cron: () => '41 5 * * *',
    retryLimit: 2,
    retryDelay: 600,
    run: (context) =>
      refreshForecastForEveryClient(context.db, { now: context.now(), requestId: context.requestId }),
  },
  deliveryJob('send-mail', 'messageId', deliverMessage),
  // A grouped post to a team's chat channel (notifications/channels.ts): at most once, retried
  // with backoff while the webhook fails.
  deliveryJob('send-chat', 'postId', deliverPost),
];

/** The order `--once` runs scheduled jobs in: read first, then decide, then send. */
export const ONCE_ORDER: readonly JobName[] = [
  'refresh-snapshot',
  'sync',
  'reconcile-batches',
  'poll-upstream',
  'record-freeze-estimates',
  'refresh-forecast',
  'notify',
];
