import 'server-only';
import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../../db/open';

/**
 * The job queue: pg-boss 10 (the last major line for Node 20; 11+ needs Node 22) on the
 * dashboard's own database, in its own schema `pgboss` that pg-boss creates and migrates itself.
 *
 * On PostgreSQL pg-boss opens its own small pool. On the embedded default a PGlite data dir may be
 * open in one process only (stack-notes), so pg-boss is handed the dashboard's PGlite instance
 * through its `db` adapter: every statement runs on the one connection PGlite has, queued behind
 * the dashboard's own queries. pg-boss's guarantees come from SQL (FOR UPDATE SKIP LOCKED when
 * fetching, a unique index on singleton keys for cron slots), so they hold on either driver.
 */
const QUEUE_SCHEMA = 'pgboss';

export type QueueTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };

export function queueTarget(handle: DatabaseHandle, url?: string): QueueTarget {
  // drizzle keeps the driver's client on `$client`; the handle does not expose it otherwise.
  const client = (handle.db as unknown as { $client?: unknown }).$client;
  if (handle.driver === 'postgres') {
    // pg-boss opens a pool of its own on the same database the handle's pool reaches.
    const fromPool = (client as { options?: { connectionString?: string } } | undefined)?.options
      ?.connectionString;
    const target = url ?? fromPool;
    if (!target) throw new Error('The PostgreSQL job queue needs DATABASE_URL');
    return { kind: 'postgres', url: target };
  }
  if (!client) throw new Error('The PGlite database handle has no client');
  return { kind: 'pglite', client: client as PGlite };
}

/**
 * pg-boss's `db` adapter over PGlite. Statements with parameters use the extended protocol
 * (`query`); its schema scripts are several statements without parameters, which only the simple
 * protocol (`exec`) runs: pg-boss reads no rows from those but the last.
 */
function pgliteExecutor(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await client.query(text, values as unknown[]);
      return { rows: result.rows as unknown[] };
    },
  };
}

export interface QueueOptions {
  /** How often each worker looks for new jobs, in seconds (pg-boss polls; nothing is pushed). */
  pollingIntervalSeconds?: number;
  /** Start pg-boss's cron and maintenance loops (off for `--once`, which enqueues what is due itself). */
  background?: boolean;
}

export function createQueue(target: QueueTarget, options: QueueOptions = {}): PgBoss {
  const background = options.background ?? true;
  const common = {
    schema: QUEUE_SCHEMA,
    supervise: background,
    schedule: background,
    migrate: true,
    // Cron slots are checked every 30 s; the timekeeper's singleton keys make one instance enqueue each.
    cronMonitorIntervalSeconds: 30,
  } satisfies PgBoss.ConstructorOptions;
  if (target.kind === 'postgres')
    return new PgBoss({
      ...common,
      connectionString: target.url,
      max: 4,
      application_name: 'annuity-worker',
    });
  return new PgBoss({ ...common, db: pgliteExecutor(target.client) });
}
