import 'server-only';
import { getEnv } from '../env';
import { type Database, type DatabaseHandle, openDatabase } from './open';
import { databaseTarget } from './target';

export type { Database } from './open';

// One instance per process, kept on globalThis because dev reloads modules, and opened on first
// use because `next build` imports route modules (stack-notes: PGlite, one process per data dir).
const globalForDb = globalThis as typeof globalThis & { __annuityDb?: Promise<DatabaseHandle> };

export function getDatabaseHandle(): Promise<DatabaseHandle> {
  globalForDb.__annuityDb ??= openDatabase(databaseTarget(getEnv())).catch((error: unknown) => {
    globalForDb.__annuityDb = undefined;
    throw error;
  });
  return globalForDb.__annuityDb;
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

/** Closes the database so PGlite flushes and releases its directory (called on shutdown). */
export async function closeDb(): Promise<void> {
  const pending = globalForDb.__annuityDb;
  globalForDb.__annuityDb = undefined;
  if (pending) await (await pending).close();
}

/** Tests point the app at a database of their own (an in-memory PGlite or a throwaway PostgreSQL). */
export function setDatabaseForTests(handle: DatabaseHandle | undefined): void {
  globalForDb.__annuityDb = handle ? Promise.resolve(handle) : undefined;
}
