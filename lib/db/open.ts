import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { logger } from '../log';
import * as schema from './schema';

type Schema = typeof schema;
/** What the rest of the app sees: the query builder, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** `dataDir` null means in memory (tests). */
  | { kind: 'pglite'; dataDir: string | null };

const MIGRATIONS_FOLDER = path.join(process.cwd(), 'lib/db/migrations');

// Any constant works; it only has to be the same for every instance sharing one database.
const MIGRATION_LOCK_KEY = 72_616_001;

/** Opens the database and applies every pending migration before anything can query it. */
export async function openDatabase(
  target: DatabaseTarget,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target.url, migrationsFolder);
  return openPglite(target.dataDir, migrationsFolder);
}

async function openPglite(dataDir: string | null, migrationsFolder: string): Promise<DatabaseHandle> {
  // PGlite's own mkdir is not recursive (stack-notes).
  if (dataDir) await mkdir(path.dirname(path.resolve(dataDir)), { recursive: true });
  const { dump: _dump, ...handle } = await openPgliteClient({ dataDir }, migrationsFolder);
  return handle;
}

/**
 * PGlite opened and migrated, from a data dir, in memory, or in memory from a dump of another
 * (`loadDataDir`: a new cluster is the slow part, so tests start from one dump of a migrated one,
 * lib/db/testing.ts). `dump` writes the whole data dir as a tar.
 */
export async function openPgliteClient(
  target: { dataDir: string | null; loadDataDir?: Blob },
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<DatabaseHandle & { dump(): Promise<Blob> }> {
  // pg_trgm for the portfolio search's indexes (migration 0015): PGlite loads an extension only
  // when it is named here, before CREATE EXTENSION can find it.
  const options = {
    extensions: { pg_trgm },
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
  };
  const client = target.dataDir ? new PGlite(target.dataDir, options) : new PGlite(options);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

async function openPostgres(url: string, migrationsFolder: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server ends (a restart, a failover, an administrator's command) is
  // reported here and left out of the pool; the next query opens a new one. Without a listener
  // node-postgres throws it as an uncaught exception, and the dashboard or the worker would exit.
  pool.on('error', (error) =>
    logger.warn({ err: error }, 'an idle database connection was closed by the server'),
  );
  // Several dashboard instances may start at once against one database: the advisory lock makes
  // exactly one of them apply the migrations while the others wait, then find nothing to do.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(lockClient), { migrationsFolder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lockClient.release();
  }
  const db = drizzlePg(pool, { schema });
  return { db: db as unknown as Database, driver: 'postgres', close: () => pool.end() };
}

/** Raw SQL rows on either driver (both return `{ rows }`; the shared type cannot say so). */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
